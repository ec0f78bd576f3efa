-- 0008: the open hand messages (a player's ephemeral cards), so that they follow their table
-- again after a restart: the token of the interaction whose message each one is edits it
-- until the token expires (15 minutes after the click). One row per table and player: his
-- newest hand. Expired rows are deleted when the bot reads them back; never logged.

CREATE TABLE hand_tokens (
    table_id        INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    application_id  INTEGER NOT NULL,
    token           TEXT    NOT NULL,
    message_id      INTEGER,                   -- the message his click was on (NULL: a command)
    opened_at       TEXT    NOT NULL,          -- the click
    expires_at      TEXT    NOT NULL,          -- no edit through the token from then on
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;

CREATE INDEX hand_tokens_expiry ON hand_tokens (expires_at);
