-- The schema of PostgresStore (bot/storage/postgres.py): the same tables as the SQLite
-- schema 4, for deployments whose shards share one database. JSON as text (as in SQLite);
-- times as ISO 8601 UTC text written by the application.

CREATE TABLE IF NOT EXISTS tables (
    table_id    BIGSERIAL PRIMARY KEY,
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT,
    creator_id  BIGINT,
    game_kind   TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'playing', 'finished', 'aborted')),
    settings    TEXT    NOT NULL DEFAULT '{}',
    seats       TEXT    NOT NULL DEFAULT '[]',
    state       TEXT,
    version     INTEGER NOT NULL DEFAULT 0,
    extra       TEXT    NOT NULL DEFAULT '{}',
    created_at  TEXT    NOT NULL,
    started_at  TEXT,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_status ON tables (status);

CREATE TABLE IF NOT EXISTS table_actions (
    table_id    BIGINT  NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    seat        INTEGER CHECK (seat >= 0),
    action      TEXT    NOT NULL,
    actor       TEXT    CHECK (actor IN ('user', 'ai', 'autoplay')),
    user_id     BIGINT,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE IF NOT EXISTS seated (
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    table_id    BIGINT  NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE IF NOT EXISTS games (
    game_id     BIGSERIAL PRIMARY KEY,
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    table_id    BIGINT  UNIQUE,
    game_kind   TEXT    NOT NULL,
    started_at  TEXT    NOT NULL,
    finished_at TEXT    NOT NULL,
    options     TEXT    NOT NULL,
    replay      TEXT    NOT NULL,
    outcome     TEXT    NOT NULL,
    rated       BOOLEAN NOT NULL DEFAULT FALSE,
    unrated_reason TEXT
);
CREATE INDEX IF NOT EXISTS games_guild_kind_finished
    ON games (guild_id, game_kind, finished_at, game_id);

CREATE TABLE IF NOT EXISTS game_players (
    game_id      BIGINT  NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    guild_id     BIGINT  NOT NULL,
    game_kind    TEXT    NOT NULL,
    human        BOOLEAN NOT NULL,
    user_id      BIGINT,
    name         TEXT    NOT NULL,
    ai_level     TEXT,
    ai_moves     INTEGER NOT NULL DEFAULT 0,
    moves        INTEGER NOT NULL DEFAULT 0,
    place        INTEGER NOT NULL CHECK (place >= 1),
    points       INTEGER NOT NULL,
    mu_before    DOUBLE PRECISION,
    sigma_before DOUBLE PRECISION,
    mu_after     DOUBLE PRECISION,
    sigma_after  DOUBLE PRECISION,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS game_players_guild_kind_user
    ON game_players (guild_id, game_kind, user_id);

CREATE TABLE IF NOT EXISTS ratings (
    guild_id    BIGINT  NOT NULL,
    game_kind   TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    rated_games INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game_kind, user_id)
);

CREATE TABLE IF NOT EXISTS guild_settings (
    guild_id    BIGINT  NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);
