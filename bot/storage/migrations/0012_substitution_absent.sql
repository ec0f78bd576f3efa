-- 0012: a tournament's substitution may be "absent": the AI made every move of an entrant's
-- seat in a round (he never clicked), and he is withdrawn from the next round on (review 75:
-- an absent entrant won a tournament and nothing marked him). SQLite cannot change a CHECK:
-- the table is built anew with the rows it had.

CREATE TABLE tournament_substitutions_new (
    tournament_id INTEGER NOT NULL,
    round_no      INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    entrant_no    INTEGER NOT NULL,
    reason        TEXT    NOT NULL CHECK (reason IN ('left', 'withdrawn', 'busy', 'absent')),
    created_at    TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, round_no, table_no, seat),
    FOREIGN KEY (tournament_id, round_no, table_no)
        REFERENCES tournament_tables (tournament_id, round_no, table_no) ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO tournament_substitutions_new
    SELECT tournament_id, round_no, table_no, seat, entrant_no, reason, created_at
    FROM tournament_substitutions;
DROP TABLE tournament_substitutions;
ALTER TABLE tournament_substitutions_new RENAME TO tournament_substitutions;
