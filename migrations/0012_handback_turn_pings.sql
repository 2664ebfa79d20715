-- 0012 (every backend): a shard's own process asks for its lease back (``wanted_by`` until
-- ``wanted_until``) instead of overwriting it, so the process that took the shard over stops
-- its work for that shard first and hands the lease over (bot.store.leases); and who was told
-- of which turn (bot.services.notify), so a restart never pings anyone twice for one turn.

ALTER TABLE shard_leases ADD COLUMN wanted_by TEXT;
ALTER TABLE shard_leases ADD COLUMN wanted_until DOUBLE PRECISION;

-- One row per (game, person) the bot tracks: ``told_turn`` is the turn (the table's
-- round_start) they were told of, ``watch_turn`` the turn they still may be told of once away.
CREATE TABLE turn_pings (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    BIGINT  NOT NULL,
    told_turn  INTEGER,
    watch_turn INTEGER,
    PRIMARY KEY (game_id, user_id)
);
