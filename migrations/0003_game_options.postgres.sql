-- 0003 (PostgreSQL): per-game options as columns. The SQLite file also moves marker rows of
-- older databases into them; a PostgreSQL database never had such rows.

ALTER TABLE games ADD COLUMN turn_timer_s INTEGER NOT NULL DEFAULT 0 CHECK (turn_timer_s >= 0);
ALTER TABLE seats ADD COLUMN resigned_at DOUBLE PRECISION;
