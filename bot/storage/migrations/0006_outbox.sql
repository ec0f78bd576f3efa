-- 0006: the outbox. Every message the channel or a player must see because of a change (an
-- announcement, a standings line, the final order, a ping, the table message refresh) is
-- written here in the change's own transaction, and bot/delivery delivers it: retried on
-- 5xx/429, superseded by a later entry with the same key (one table message refresh, the
-- latest ping), posted at most once (attempted_at is committed before a POST; a restart looks
-- for an attempted entry's message in the channel before posting it again).

CREATE TABLE outbox (
    entry_id     INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id   INTEGER NOT NULL,
    table_id     INTEGER,                      -- the table it belongs to (NULL: none)
    kind         TEXT    NOT NULL,             -- 'post', 'table', 'ping', 'delete'
    key          TEXT,                         -- a later pending entry with the same key supersedes it
    payload      TEXT    NOT NULL CHECK (json_valid(payload)),
    created_at   TEXT    NOT NULL,
    attempted_at TEXT,                         -- a POST of it was sent (maybe not received)
    attempts     INTEGER NOT NULL DEFAULT 0,
    watermark    INTEGER,                      -- the newest message of the channel known then
    state        TEXT    NOT NULL DEFAULT 'pending'
                 CHECK (state IN ('pending', 'delivered', 'superseded', 'dropped')),
    message_id   INTEGER,                      -- the message it posted
    done_at      TEXT
);

CREATE INDEX outbox_pending ON outbox (entry_id) WHERE state = 'pending';
CREATE INDEX outbox_channel_posted ON outbox (channel_id, message_id) WHERE message_id IS NOT NULL;
CREATE INDEX outbox_done ON outbox (done_at) WHERE state != 'pending';
