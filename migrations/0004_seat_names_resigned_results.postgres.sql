-- 0004 (PostgreSQL): seat display names and resigned results (nothing to back-fill here).

ALTER TABLE seats ADD COLUMN display_name TEXT;
ALTER TABLE results ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1));
