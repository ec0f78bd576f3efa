-- 0010: a table's move log and snapshot are kept only while they are needed. From this
-- version the archive deletes a finished table's move log and its snapshot (its game's
-- record replays to the final state: ``TableRecord.replay``) and an abort deletes the log
-- (nothing reads it afterwards). Here the same for the tables that ended before. No table
-- changes.
DELETE FROM table_actions WHERE table_id IN (
    SELECT table_id FROM tables WHERE status = 'aborted'
    UNION SELECT table_id FROM games WHERE table_id IS NOT NULL
);
UPDATE tables SET state = NULL
    WHERE status = 'finished' AND state IS NOT NULL
    AND EXISTS (SELECT 1 FROM games WHERE games.table_id = tables.table_id);
