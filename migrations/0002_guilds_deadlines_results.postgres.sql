-- 0002 (PostgreSQL): per-guild settings, deadlines and per-user results (as the SQLite file).

CREATE TABLE guild_settings (
    guild_id              BIGINT  PRIMARY KEY,
    turn_timer_s          INTEGER NOT NULL DEFAULT 86400,
    reminder_interval_s   INTEGER NOT NULL DEFAULT 21600,
    max_reminders         INTEGER NOT NULL DEFAULT 3,
    timeout_policy        TEXT    NOT NULL DEFAULT 'ai'
                                  CHECK (timeout_policy IN ('ai', 'skip', 'abandon')),
    default_ai_level      TEXT    NOT NULL DEFAULT 'heuristic',
    allowed_channel_ids   TEXT    NOT NULL DEFAULT '[]',
    show_live_scores      INTEGER NOT NULL DEFAULT 1,
    ai_match_delay_s      DOUBLE PRECISION NOT NULL DEFAULT 2.0,
    updated_at            DOUBLE PRECISION NOT NULL
);

CREATE TABLE deadlines (
    game_id           BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat              INTEGER NOT NULL,
    due_at            DOUBLE PRECISION NOT NULL,
    next_reminder_at  DOUBLE PRECISION,
    reminders_sent    INTEGER NOT NULL DEFAULT 0,
    stalled           INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX deadlines_due ON deadlines (due_at);
CREATE INDEX deadlines_reminder ON deadlines (next_reminder_at);

CREATE TABLE results (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     BIGINT,
    ai_level    TEXT,
    guild_id    BIGINT,
    kind        TEXT    NOT NULL,
    rank        INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_user ON results (user_id, kind);
CREATE INDEX results_guild ON results (guild_id, kind, user_id);
