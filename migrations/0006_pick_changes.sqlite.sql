-- 0006: "Change my pick" (7 Wonders). Until a round's reveal a player may replace their pick.
-- The new pick takes the old one's place in the move log (same seq): picks of one round are
-- order-independent, so the log still replays - from scratch or from any snapshot before
-- the round - to exactly the game everyone sees. Moves that were revealed are never touched.

-- History of replaced picks (bug reports, audits): the log itself keeps only the newest pick.
CREATE TABLE pick_changes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,                 -- the move that was replaced in place
    seat       INTEGER NOT NULL,
    old_move   TEXT    NOT NULL,
    new_move   TEXT    NOT NULL,
    created_at REAL    NOT NULL
);
CREATE INDEX pick_changes_game ON pick_changes (game_id, seq);

-- Moves the bot made for a human seat (time ran out): never changeable by that player.
CREATE TABLE forced_moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
