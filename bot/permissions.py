"""Who may do what beyond their own seat: a manager of the server (Discord's *Manage
Server* permission) may close any table and tournament and change the server's settings."""

from __future__ import annotations

from typing import Any

from bot.i18n import t


def manages_server(user: Any) -> bool:
    """The user (a guild member) holds *Manage Server*; a user outside a guild does not."""
    perms = getattr(user, "guild_permissions", None)
    return perms is not None and bool(perms.manage_guild)


# what the bot needs where a table or a tournament shows itself: to see the channel, post
# there (in a thread: post in threads), its picture as an embed's image (an attachment the
# embed links), and the channel's history (a post that may have arrived before a crash or a
# failed answer is looked for there, not made twice: ``bot.delivery``) — in the order
# Discord's settings list them
POSTING = ("view_channel", "send_messages", "embed_links", "attach_files",
           "read_message_history")
IN_THREADS = "send_messages_in_threads"


def missing_to_post(perms: Any, *, in_thread: bool = False,
                    threads: bool = False) -> list[str]:
    """The permissions (their discord.py names, ``POSTING``) the bot lacks for its messages in
    a channel where its own are ``perms`` (``Interaction.app_permissions``): in a thread
    (``in_thread``) it posts with *Send Messages in Threads*; ``threads``: it may also make
    threads of the channel for what it opens there (a tournament's tables), and where it is
    allowed to make them it must be allowed to post in them (where it is not, they play in
    the channel). Where it may not post at all, embedding and attaching are not named
    besides (one thing to fix; a refused command and a running table's notice say the same)."""
    needed = [IN_THREADS if in_thread and name == "send_messages" else name
              for name in POSTING]
    if threads and not in_thread and perms.create_public_threads:
        needed.append(IN_THREADS)
    missing = [name for name in needed if not getattr(perms, name)]
    if (IN_THREADS if in_thread else "send_messages") in missing:
        # (who may not post there may not embed or attach either: not named besides)
        missing = [x for x in missing if x not in ("embed_links", "attach_files")]
    return missing


def missing_key(key: str, missing: list[str], *, in_thread: bool = False) -> str:
    """``key`` (its text: "I may not post here") where ``missing`` (``missing_to_post``)
    keeps the bot from posting at all — it may not see the channel or send messages there —
    else ``key_perm`` ("I lack a permission here"): one lacking only Attach Files was told it
    may not post (review 54)."""
    send = IN_THREADS if in_thread else "send_messages"
    return key if "view_channel" in missing or send in missing else key + "_perm"


def permission_names(missing: list[str], lang: str) -> str:
    """The permissions (discord.py names) as Discord's settings call them (``core.perm.…``),
    for a message that says which the bot lacks."""
    return ", ".join(t(f"core.perm.{name}", lang) for name in missing)


# what the bot needs to give a table a thread of its own: to make it, and to post in it
THREAD_PERMISSIONS = ("create_public_threads", IN_THREADS)


def may_open_threads(perms: Any) -> bool:
    """The bot may make a public thread of the channel and post in it."""
    return all(getattr(perms, name) for name in THREAD_PERMISSIONS)
