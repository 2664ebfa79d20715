-- 0005 (PostgreSQL): the member a Duel challenge keeps the free seat for.

ALTER TABLE games ADD COLUMN invited_id BIGINT;
