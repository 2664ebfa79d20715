-- 0001: games, seats, the append-only move log, snapshots (cache) and the bot's messages.
-- Times are Unix epoch seconds (REAL, UTC); Discord ids are INTEGER (snowflakes fit in 64 bits).

CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,                       -- NULL for DMs / local tools
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    kind          TEXT    NOT NULL CHECK (kind IN ('classic', 'duel')),
    config        TEXT    NOT NULL,              -- JSON text of the engine Config
    seed          INTEGER NOT NULL,
    rules_version TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'lobby'
                          CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    creator_id    INTEGER,
    version       INTEGER NOT NULL DEFAULT 0,    -- number of moves in the log
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    started_at    REAL,
    ended_at      REAL,
    end_reason    TEXT
);
CREATE INDEX games_guild_status ON games (guild_id, status);
CREATE INDEX games_channel ON games (channel_id, status);
CREATE INDEX games_status ON games (status);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   INTEGER,
    ai_level  TEXT,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (ai_level IS NULL))
) WITHOUT ROWID;
CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- Append-only: the primary key makes a second writer of the same sequence number fail.
CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    seat       INTEGER NOT NULL,
    move_text  TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN SELECT RAISE(ABORT, 'moves are append-only'); END;

CREATE TABLE snapshots (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    state      TEXT    NOT NULL,                 -- engine dump() text; only a cache
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;

CREATE TABLE bot_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,                -- lobby, board, prompt, reminder, result, ...
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    seat        INTEGER,                         -- set for per-seat messages (prompts)
    created_at  REAL    NOT NULL
);
CREATE INDEX bot_messages_game_kind ON bot_messages (game_id, kind, id);
