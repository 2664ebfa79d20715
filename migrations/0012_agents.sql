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
