-- 0001: tables in play with their action logs; archived games, their players; ratings.
-- Ids from Discord are INTEGER; JSON columns are TEXT checked by json_valid; times are
-- ISO 8601 UTC text written by the application.

CREATE TABLE tables (
    table_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,
    creator_id  INTEGER,                      -- NULL once the creator is forgotten
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'playing', 'finished', 'aborted')),
    settings    TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    seats       TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(seats)),
    state       TEXT             CHECK (state IS NULL OR json_valid(state)),  -- Lora.to_json()
    version     INTEGER NOT NULL DEFAULT 0,
    extra       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(extra)),
    created_at  TEXT    NOT NULL,
    started_at  TEXT,                         -- first time the status became 'playing'
    updated_at  TEXT    NOT NULL
);

-- Every accepted action of a table, in order; written in the same transaction as the state.
CREATE TABLE table_actions (
    table_id    INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    seat        INTEGER CHECK (seat BETWEEN 0 AND 3),
    action      TEXT    NOT NULL CHECK (json_valid(action)),   -- the engine's action JSON
    actor       TEXT    CHECK (actor IN ('user', 'ai', 'autoplay')),
    user_id     INTEGER,                      -- who clicked when actor = 'user'
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

CREATE TABLE games (
    game_id     INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    table_id    INTEGER UNIQUE,               -- the table it was played at (no FK: tables go)
    started_at  TEXT    NOT NULL,
    finished_at TEXT    NOT NULL,
    options     TEXT    NOT NULL CHECK (json_valid(options)),    -- the table's settings
    replay      TEXT    NOT NULL CHECK (json_valid(replay)),     -- REPLAY.md, a whole lóra
    protocol    TEXT    NOT NULL CHECK (json_valid(protocol)),   -- ProtocolRow.to_json() list
    totals      TEXT    NOT NULL CHECK (json_valid(totals)),
    final_order TEXT    NOT NULL CHECK (json_valid(final_order)),
    stovka      TEXT    NOT NULL CHECK (json_valid(stovka)),     -- čistá stovka answers
    rated       INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    unrated_reason TEXT
);

CREATE TABLE game_players (
    game_id      INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    guild_id     INTEGER NOT NULL,
    human        INTEGER NOT NULL CHECK (human IN (0, 1)),
    user_id      INTEGER,                     -- NULL: an AI seat, or a forgotten human
    name         TEXT    NOT NULL,
    ai_level     TEXT,                        -- the level of an AI seat
    ai_moves     INTEGER NOT NULL DEFAULT 0,  -- moves an AI made for this human
    moves        INTEGER NOT NULL DEFAULT 0,
    place        INTEGER NOT NULL CHECK (place BETWEEN 1 AND 4),
    points       INTEGER NOT NULL,            -- the lóra total
    mu_before    REAL,                        -- rating change, NULL when not rated
    sigma_before REAL,
    mu_after     REAL,
    sigma_after  REAL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- OpenSkill Plackett–Luce per guild and user.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,             -- the latest display name
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    rated_games INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
