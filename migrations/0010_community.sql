-- 0010: a table a community keeps (issue 18): one thread per game, pings only for people
-- who are away, opt-in DMs. One file for every backend (BIGINT and DOUBLE PRECISION read as
-- INTEGER and REAL in SQLite).

-- 1 = each started game gets a public thread (needs Create Public Threads); 0 = the channel.
ALTER TABLE guild_settings ADD COLUMN game_threads INTEGER NOT NULL DEFAULT 1;
-- A player is pinged for their turn only after this many seconds without touching the game.
ALTER TABLE guild_settings ADD COLUMN ping_after_s INTEGER NOT NULL DEFAULT 600;
-- 1 once an admin was told that the bot lacks a thread permission (said once per server).
ALTER TABLE guild_settings ADD COLUMN thread_warning_sent INTEGER NOT NULL DEFAULT 0;

-- How each person wants to hear that it is their turn: 'ping' (default), 'dm' or 'off'.
CREATE TABLE user_notify (
    user_id          BIGINT  PRIMARY KEY,
    mode             TEXT    NOT NULL DEFAULT 'ping' CHECK (mode IN ('dm', 'ping', 'off')),
    dm_closed_noted  INTEGER NOT NULL DEFAULT 0,  -- 1: told once that DMs fail, so pings
    updated_at       DOUBLE PRECISION NOT NULL
);
