-- 0011: agent seats for 7 Wonders Duel (docs/agents.md) and the Hint button's log. One file for
-- every backend (BIGINT and DOUBLE PRECISION read as INTEGER and REAL in SQLite).

-- Agents an admin registered in a guild. ``key_env`` is the NAME of an environment variable
-- holding the API key: the key itself is never stored.
CREATE TABLE agents (
    guild_id   BIGINT  NOT NULL,
    name       TEXT    NOT NULL,
    url        TEXT,
    model      TEXT,
    key_env    TEXT,
    command    TEXT,
    created_by BIGINT  NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, name)
);

-- Agent turns used per guild and UTC day (the daily budget).
CREATE TABLE agent_usage (
    guild_id BIGINT  NOT NULL,
    day      TEXT    NOT NULL,                  -- YYYY-MM-DD, UTC
    used     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, day)
);

-- Hints a player asked for (the Hint button): only ever inserted (bot.store.agents.HintRepo),
-- like the move log, so the final post's "used N hints" is never rewritten.
CREATE TABLE hint_uses (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    version    INTEGER NOT NULL,                -- the game version the hint was for
    move       TEXT    NOT NULL,                -- the move the hint suggested
    created_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX hint_uses_game ON hint_uses (game_id, seat);

-- Per-table Hint mode: 0 off, 1 the button, 2 the button and a coaching tip in every prompt;
-- no row = the default (on with an Easy/Normal AI beside a person).
CREATE TABLE game_hints (
    game_id BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    enabled INTEGER NOT NULL
);
