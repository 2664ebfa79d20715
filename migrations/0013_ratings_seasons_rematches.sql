-- 0013 (every backend): ratings derived from finished games, seasons and rematches.
--
-- Ratings (bot.rating, OpenSkill Plackett-Luce) are a cache of the games: ``rating_events``
-- holds each rated seat's rating before and after one finished game, ``ratings`` the current
-- rating of each player per server, game family and season. Both are rebuilt from the
-- finished games by /wonders-admin ratings recompute (bot.store.ratings).

-- A server's seasons, numbered 1, 2, … (season 0: the games before the first one started).
CREATE TABLE seasons (
    guild_id   BIGINT  NOT NULL,
    number     INTEGER NOT NULL CHECK (number >= 1),
    name       TEXT    NOT NULL,
    started_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, number),
    UNIQUE (guild_id, name)
);

CREATE TABLE rating_events (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    guild_id     BIGINT  NOT NULL,
    family       TEXT    NOT NULL,                 -- "classic" (any expansion) or "duel"
    season       INTEGER NOT NULL,
    player       TEXT    NOT NULL,                 -- "u:<user id>" or "ai:<level>"
    user_id      BIGINT,                           -- NULL for an AI level
    place        INTEGER NOT NULL,                 -- the place rated (a resign: last)
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    games_after  INTEGER NOT NULL,                 -- rated games of the player after this one
    rated_at     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_events_board ON rating_events (guild_id, family, season, player);

CREATE TABLE ratings (
    guild_id   BIGINT  NOT NULL,
    family     TEXT    NOT NULL,
    season     INTEGER NOT NULL,
    player     TEXT    NOT NULL,
    user_id    BIGINT,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, family, season, player)
);

-- One rematch table per finished game: the UNIQUE keys make a second one impossible, even
-- from two processes clicking at once.
CREATE TABLE rematches (
    game_id    BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    rematch_id BIGINT NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    created_at DOUBLE PRECISION NOT NULL
);
