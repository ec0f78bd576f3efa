-- 0007: tournaments of any game (issue 16). A tournament has entrants (registered players
-- and AI players), rounds, and per round its tables: which entrant sits at which seat, the
-- thread and the table it plays at, and the result when it is done (the engine's Outcome and
-- the archived game). A substitution notes a seat an AI played for an entrant (Čl. 18).
-- The tables in play themselves are ordinary tables (their extra names the tournament).

CREATE TABLE tournaments (
    tournament_id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    organiser_id  INTEGER,                     -- NULL once forgotten
    game_kind     TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'registration'
                  CHECK (status IN ('registration', 'playing', 'finished', 'cancelled')),
    settings      TEXT    NOT NULL CHECK (json_valid(settings)),  -- rounds, length, options, …
    round_no      INTEGER NOT NULL DEFAULT 0,  -- the round being played (0 before the start)
    message_id    INTEGER,                     -- the tournament's message in its channel
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    entrant_no    INTEGER NOT NULL CHECK (entrant_no >= 1),  -- the sheet's "player number"
    user_id       INTEGER,                     -- NULL: an AI entrant, or a forgotten player
    name          TEXT    NOT NULL,
    ai_level      TEXT,                        -- an AI entrant's level
    replaced_from INTEGER,                     -- an AI plays for him from this round on
    joined_at     TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, entrant_no)
) WITHOUT ROWID;
CREATE UNIQUE INDEX tournament_entrants_user
    ON tournament_entrants (tournament_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX tournament_entrants_user_id
    ON tournament_entrants (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    round_no      INTEGER NOT NULL CHECK (round_no >= 1),
    status        TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished')),
    standings     TEXT    CHECK (standings IS NULL OR json_valid(standings)),  -- after it
    started_at    TEXT    NOT NULL,
    finished_at   TEXT,
    PRIMARY KEY (tournament_id, round_no)
) WITHOUT ROWID;

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL,
    round_no      INTEGER NOT NULL,
    table_no      INTEGER NOT NULL CHECK (table_no >= 1),
    seats         TEXT    NOT NULL CHECK (json_valid(seats)),   -- entrant numbers by seat
    thread_id     INTEGER,                     -- the thread it plays in
    table_id      INTEGER,                     -- the table (no FK: tables go, games stay)
    game_id       INTEGER,                     -- the archived game
    result        TEXT    CHECK (result IS NULL OR json_valid(result)),  -- Outcome.to_json()
    finished_at   TEXT,
    PRIMARY KEY (tournament_id, round_no, table_no),
    FOREIGN KEY (tournament_id, round_no)
        REFERENCES tournament_rounds (tournament_id, round_no) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX tournament_tables_table ON tournament_tables (table_id);

CREATE TABLE tournament_substitutions (
    tournament_id INTEGER NOT NULL,
    round_no      INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    entrant_no    INTEGER NOT NULL,
    reason        TEXT    NOT NULL CHECK (reason IN ('left', 'withdrawn', 'busy')),
    created_at    TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, round_no, table_no, seat),
    FOREIGN KEY (tournament_id, round_no, table_no)
        REFERENCES tournament_tables (tournament_id, round_no, table_no) ON DELETE CASCADE
) WITHOUT ROWID;
