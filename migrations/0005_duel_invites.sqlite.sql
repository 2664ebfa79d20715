-- 0005: a Duel challenge reserves the lobby's free seat for one member (/wonders duel
-- opponent:@Bo): only that member may join; NULL = anyone may.

ALTER TABLE games ADD COLUMN invited_id INTEGER;  -- the challenged member's user id
