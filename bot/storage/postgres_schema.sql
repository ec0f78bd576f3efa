-- The schema of PostgresStore (bot/storage/postgres.py): the same tables as the SQLite
-- schemas 4 and 7 (tournaments), for deployments whose shards share one database. JSON as
-- text (as in SQLite); times as ISO 8601 UTC text written by the application.

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
    ai_played    BOOLEAN NOT NULL DEFAULT FALSE,  -- an AI played it, as archived (upgrade 0013)
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

CREATE TABLE IF NOT EXISTS hand_tokens (
    table_id        BIGINT  NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    user_id         BIGINT  NOT NULL,
    application_id  BIGINT  NOT NULL,
    token           TEXT    NOT NULL,
    message_id      BIGINT,
    opened_at       TEXT    NOT NULL,
    expires_at      TEXT    NOT NULL,
    hand_id         BIGINT,
    PRIMARY KEY (table_id, user_id)
);
-- (the hand's own message, as SQLite's migration 11: added to a database created before it)
ALTER TABLE hand_tokens ADD COLUMN IF NOT EXISTS hand_id BIGINT;

CREATE TABLE IF NOT EXISTS user_settings (
    user_id     BIGINT  NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (user_id, key)
);

CREATE TABLE IF NOT EXISTS guild_settings (
    guild_id    BIGINT  NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);

-- The outbox (SQLite migration 0006): what the channel must see, written in the change's
-- transaction and delivered by bot/delivery.
CREATE TABLE IF NOT EXISTS outbox (
    entry_id     BIGSERIAL PRIMARY KEY,
    channel_id   BIGINT  NOT NULL,
    table_id     BIGINT,
    kind         TEXT    NOT NULL,
    key          TEXT,
    payload      TEXT    NOT NULL,
    created_at   TEXT    NOT NULL,
    attempted_at TEXT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    watermark    BIGINT,
    state        TEXT    NOT NULL DEFAULT 'pending'
                 CHECK (state IN ('pending', 'delivered', 'superseded', 'dropped')),
    message_id   BIGINT,
    done_at      TEXT
);
CREATE INDEX IF NOT EXISTS outbox_pending ON outbox (entry_id) WHERE state = 'pending';
CREATE INDEX IF NOT EXISTS outbox_channel_posted ON outbox (channel_id, message_id)
    WHERE message_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS outbox_done ON outbox (done_at) WHERE state != 'pending';
-- Tournaments (SQLite schema 7).
CREATE TABLE IF NOT EXISTS tournaments (
    tournament_id BIGSERIAL PRIMARY KEY,
    guild_id      BIGINT  NOT NULL,
    channel_id    BIGINT  NOT NULL,
    organiser_id  BIGINT,
    game_kind     TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'registration'
                  CHECK (status IN ('registration', 'playing', 'finished', 'cancelled')),
    settings      TEXT    NOT NULL,
    round_no      INTEGER NOT NULL DEFAULT 0,
    message_id    BIGINT,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments (status);

CREATE TABLE IF NOT EXISTS tournament_entrants (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    entrant_no    INTEGER NOT NULL CHECK (entrant_no >= 1),
    user_id       BIGINT,
    name          TEXT    NOT NULL,
    ai_level      TEXT,
    replaced_from INTEGER,
    joined_at     TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, entrant_no)
);
CREATE UNIQUE INDEX IF NOT EXISTS tournament_entrants_user
    ON tournament_entrants (tournament_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS tournament_entrants_user_id
    ON tournament_entrants (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS tournament_rounds (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    round_no      INTEGER NOT NULL CHECK (round_no >= 1),
    status        TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished')),
    standings     TEXT,
    started_at    TEXT    NOT NULL,
    finished_at   TEXT,
    PRIMARY KEY (tournament_id, round_no)
);

CREATE TABLE IF NOT EXISTS tournament_tables (
    tournament_id BIGINT  NOT NULL,
    round_no      INTEGER NOT NULL,
    table_no      INTEGER NOT NULL CHECK (table_no >= 1),
    seats         TEXT    NOT NULL,
    thread_id     BIGINT,
    table_id      BIGINT,
    game_id       BIGINT,
    result        TEXT,
    finished_at   TEXT,
    PRIMARY KEY (tournament_id, round_no, table_no),
    FOREIGN KEY (tournament_id, round_no)
        REFERENCES tournament_rounds (tournament_id, round_no) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS tournament_tables_table ON tournament_tables (table_id);

CREATE TABLE IF NOT EXISTS tournament_substitutions (
    tournament_id BIGINT  NOT NULL,
    round_no      INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    entrant_no    INTEGER NOT NULL,
    reason        TEXT    NOT NULL CHECK (reason IN ('left', 'withdrawn', 'busy', 'absent')),
    created_at    TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, round_no, table_no, seat),
    FOREIGN KEY (tournament_id, round_no, table_no)
        REFERENCES tournament_tables (tournament_id, round_no, table_no) ON DELETE CASCADE
);
-- (as SQLite migration 0012: a database created before takes "absent" too)
ALTER TABLE tournament_substitutions DROP CONSTRAINT IF EXISTS tournament_substitutions_reason_check;
ALTER TABLE tournament_substitutions ADD CONSTRAINT tournament_substitutions_reason_check
    CHECK (reason IN ('left', 'withdrawn', 'busy', 'absent'));

-- Changes of stored data the statements above cannot make (they only create what is
-- missing): each is done once, by name, when a store opens (postgres.py ``UPGRADES``, under
-- the creator's lock and in its transaction), like the Python steps of SQLite migrations.
CREATE TABLE IF NOT EXISTS upgrades (
    name        TEXT    PRIMARY KEY,
    applied_at  TEXT    NOT NULL
);
