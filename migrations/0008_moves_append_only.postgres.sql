-- 0008 (PostgreSQL): the move log is append-only, enforced by the database (see the SQLite
-- file): UPDATE, DELETE and TRUNCATE of moves are refused.

CREATE FUNCTION moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'moves are append-only' USING ERRCODE = 'integrity_constraint_violation';
END
$$;

CREATE TRIGGER moves_no_update_delete BEFORE UPDATE OR DELETE ON moves
    FOR EACH ROW EXECUTE FUNCTION moves_append_only();
CREATE TRIGGER moves_no_truncate BEFORE TRUNCATE ON moves
    FOR EACH STATEMENT EXECUTE FUNCTION moves_append_only();
