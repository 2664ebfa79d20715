-- 0002: per-guild settings, deadlines (reminders / timeouts) and per-user results.

CREATE TABLE guild_settings (
    guild_id              INTEGER PRIMARY KEY,
    turn_timer_s          INTEGER NOT NULL DEFAULT 86400,
    reminder_interval_s   INTEGER NOT NULL DEFAULT 21600,
    max_reminders         INTEGER NOT NULL DEFAULT 3,
    timeout_policy        TEXT    NOT NULL DEFAULT 'ai'
                                  CHECK (timeout_policy IN ('ai', 'skip', 'abandon')),
    default_ai_level      TEXT    NOT NULL DEFAULT 'heuristic',
    allowed_channel_ids   TEXT    NOT NULL DEFAULT '[]',   -- JSON list; empty = every channel
    show_live_scores      INTEGER NOT NULL DEFAULT 1,
    ai_match_delay_s      REAL    NOT NULL DEFAULT 2.0,
    updated_at            REAL    NOT NULL
);

-- seat = -1 is a game-wide deadline (e.g. a lobby that never starts).
CREATE TABLE deadlines (
    game_id           INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat              INTEGER NOT NULL,
    due_at            REAL    NOT NULL,
    next_reminder_at  REAL,
    reminders_sent    INTEGER NOT NULL DEFAULT 0,
    stalled           INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX deadlines_due ON deadlines (due_at);
CREATE INDEX deadlines_reminder ON deadlines (next_reminder_at);

CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,                 -- NULL for AI seats
    ai_level    TEXT,
    guild_id    INTEGER,
    kind        TEXT    NOT NULL,
    rank        INTEGER NOT NULL,        -- 1 = winner (ties share a rank)
    points      INTEGER NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX results_user ON results (user_id, kind);
CREATE INDEX results_guild ON results (guild_id, kind, user_id);
