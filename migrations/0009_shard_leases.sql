-- 0009 (every backend): who runs the background work (deadlines, reminders, AI turns) of each
-- shard. A process renews the leases of its own shards every tick; a lease that expires (its
-- process died) is claimed by another process - FOR UPDATE SKIP LOCKED on PostgreSQL, so
-- exactly one - until the shard's own process is back and takes it again.
-- DOUBLE PRECISION: epoch seconds (SQLite reads it as REAL).

CREATE TABLE shard_leases (
    shard_id   INTEGER PRIMARY KEY,
    owner      TEXT    NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL
);
