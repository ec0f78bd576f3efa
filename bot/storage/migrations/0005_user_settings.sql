-- 0005: a player's own settings, by user id (today: "lang", the language of his private
-- messages, chosen with /lora settings; unset = the table's language, else his client's).

CREATE TABLE user_settings (
    user_id     INTEGER NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL CHECK (json_valid(value)),
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
