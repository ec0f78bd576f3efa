-- 0013: whether an AI played a human's seat (more than the guild's ai_share_limit of his
-- moves) is stored on his archived seat as the archive decided it when the game finished
-- (review 95: the history's "nehodnoceno" came from the stored game, its "hrála AI" and the
-- stats from the limit of today — after an admin changed it they disagreed, and old stats
-- changed). The Python step of this version (bot/storage/upgrades.py,
-- bot.storage.ai_played_fill) fills the rows archived before it.

ALTER TABLE game_players ADD COLUMN ai_played INTEGER NOT NULL DEFAULT 0
    CHECK (ai_played IN (0, 1));
