-- 0011: which message an open hand is (``hand_id``), saved with its token: the message his
-- click was on (``message_id``) is the table's when "Moje karty" sent the hand as a new
-- message. After a restart a click on any other, older hand message of his is stale as it
-- was before (review 66: it came back as a second live hand). NULL in the rows saved
-- before: not known, as then.

ALTER TABLE hand_tokens ADD COLUMN hand_id INTEGER;
