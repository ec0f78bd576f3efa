-- 0003: who sits where. A user sits at one active table per guild (the primary key); rows
-- exist only while the table is 'lobby' or 'playing'. Backfilled from the seats JSON of the
-- active tables (the earliest table wins if old data had a user at two tables).

CREATE TABLE seated (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    table_id    INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX seated_table ON seated (table_id);

INSERT OR IGNORE INTO seated (guild_id, user_id, table_id)
SELECT t.guild_id, json_extract(s.value, '$.user_id'), t.table_id
FROM tables AS t, json_each(t.seats) AS s
WHERE t.status IN ('lobby', 'playing')
  AND s.type = 'object'
  AND json_type(s.value, '$.user_id') = 'integer'
ORDER BY t.table_id;
