-- 0002: per-guild settings (ai_share_limit, …) and the indexes of the per-guild queries.

CREATE TABLE guild_settings (
    guild_id    INTEGER NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL CHECK (json_valid(value)),
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;

CREATE INDEX tables_status ON tables (status);
CREATE INDEX games_guild_finished ON games (guild_id, finished_at, game_id);
CREATE INDEX game_players_guild_user ON game_players (guild_id, user_id);
CREATE INDEX game_players_user ON game_players (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX ratings_guild_ordinal ON ratings (guild_id, (mu - 3 * sigma));
