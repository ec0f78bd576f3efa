"""The permissions the bot names when it may not show a table: the same list for a refused
command (``refuse_unpostable``) and a running table's notice (``Blocked``)."""

from __future__ import annotations

import discord

from bot.permissions import missing_to_post, permission_names


def test_who_may_not_post_is_not_told_to_allow_embeds_and_attachments_besides():
    perms = discord.Permissions(view_channel=True, read_message_history=True)
    assert missing_to_post(perms) == ["send_messages"]
    assert missing_to_post(perms, in_thread=True) == ["send_messages_in_threads"]
    assert permission_names(missing_to_post(perms), "cs") == "Odesílat zprávy"


def test_who_may_post_is_told_each_permission_the_table_needs_besides():
    perms = discord.Permissions(view_channel=True, send_messages=True,
                                create_public_threads=True)
    assert missing_to_post(perms, threads=True) == [
        "embed_links", "attach_files", "read_message_history", "send_messages_in_threads"]
    assert permission_names(["embed_links", "attach_files"], "en") == \
        "Embed Links, Attach Files"
