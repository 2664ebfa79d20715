-- 0012: agent seats for 7 Wonders Duel (docs/agents.md). Numbered 0012 because 0008-0011 are
-- reserved by parallel branches; the migration runner applies a gap filled later.

-- Agents an admin registered in a guild. ``key_env`` is the NAME of an environment variable
-- holding the API key: the key itself is never stored.
CREATE TABLE agents (
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL COLLATE NOCASE,
    url        TEXT,
    model      TEXT,
    key_env    TEXT,
    command    TEXT,
    created_by INTEGER NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, name)
) WITHOUT ROWID;

-- Agent turns used per guild and UTC day (the daily budget).
CREATE TABLE agent_usage (
    guild_id INTEGER NOT NULL,
    day      TEXT    NOT NULL,                  -- YYYY-MM-DD, UTC
    used     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, day)
) WITHOUT ROWID;

-- Hints a player asked for (the Hint button): append-only, like the move log, so the final
-- score sheet's "used N hints" can never be rewritten.
CREATE TABLE hint_uses (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    version    INTEGER NOT NULL,                -- the game version the hint was for
    move       TEXT    NOT NULL,                -- the move the hint suggested
    created_at REAL    NOT NULL
);
CREATE INDEX hint_uses_game ON hint_uses (game_id, seat);
CREATE TRIGGER hint_uses_no_update BEFORE UPDATE ON hint_uses
BEGIN SELECT RAISE(ABORT, 'hint uses are append-only'); END;

-- Per-table Hint option; no row = the default (on with an Easy/Normal AI and a human seat).
CREATE TABLE game_hints (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    enabled INTEGER NOT NULL
);
