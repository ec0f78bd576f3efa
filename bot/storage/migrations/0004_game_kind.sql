-- 0004: any game. Tables and archived games name their game (game_kind); an archived game
-- keeps the engine's Outcome (places, scores, extras, details) and its replayable log
-- (replay) instead of Lóra's columns (protocol, totals, final_order, stovka); ratings and
-- leaderboards are per guild and game; seats are not bounded to four.
-- The new tables are filled by the Python step of this version (bot/storage/upgrades.py,
-- which replays each archived lóra through the engine for its outcome) and then take the
-- old tables' names.

ALTER TABLE tables ADD COLUMN game_kind TEXT NOT NULL DEFAULT 'lora';

CREATE TABLE games_v4 (
    game_id     INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    table_id    INTEGER UNIQUE,               -- the table it was played at (no FK: tables go)
    game_kind   TEXT    NOT NULL,             -- engine.games name: "lora", …
    started_at  TEXT    NOT NULL,
    finished_at TEXT    NOT NULL,
    options     TEXT    NOT NULL CHECK (json_valid(options)),    -- the table's settings
    replay      TEXT    NOT NULL CHECK (json_valid(replay)),     -- the replayable log (GameSpec.record)
    outcome     TEXT    NOT NULL CHECK (json_valid(outcome)),    -- engine Outcome.to_json()
    rated       INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    unrated_reason TEXT
);

CREATE TABLE game_players_v4 (
    game_id      INTEGER NOT NULL REFERENCES games_v4 (game_id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    guild_id     INTEGER NOT NULL,
    game_kind    TEXT    NOT NULL,
    human        INTEGER NOT NULL CHECK (human IN (0, 1)),
    user_id      INTEGER,                     -- NULL: an AI seat, or a forgotten human
    name         TEXT    NOT NULL,
    ai_level     TEXT,                        -- the level of an AI seat
    ai_moves     INTEGER NOT NULL DEFAULT 0,  -- moves an AI made for this human
    moves        INTEGER NOT NULL DEFAULT 0,
    place        INTEGER NOT NULL CHECK (place >= 1),
    points       INTEGER NOT NULL,            -- the seat's score (Outcome.scores)
    mu_before    REAL,                        -- rating change, NULL when not rated
    sigma_before REAL,
    mu_after     REAL,
    sigma_after  REAL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- OpenSkill Plackett–Luce per guild, game and user.
CREATE TABLE ratings_v4 (
    guild_id    INTEGER NOT NULL,
    game_kind   TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,             -- the latest display name
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    rated_games INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game_kind, user_id)
) WITHOUT ROWID;

CREATE TABLE table_actions_v4 (
    table_id    INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    seat        INTEGER CHECK (seat >= 0),
    action      TEXT    NOT NULL CHECK (json_valid(action)),   -- the engine's action JSON
    actor       TEXT    CHECK (actor IN ('user', 'ai', 'autoplay')),
    user_id     INTEGER,                      -- who clicked when actor = 'user'
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
