"""``Bounded``: what the bot holds beside the database (a player's language, his last table
on a server, the messages the sender posted) keeps its last keys set, not every one since
the start of a process that runs for months."""

from __future__ import annotations

from bot.bounded import Bounded
from bot.tables.limits import LAST_TABLES_HELD
from bot.ui.languages import USERS_HELD
from bot.ui.replies import USERS_NOTED


def test_it_keeps_the_keys_set_last() -> None:
    held: Bounded[int, str | None] = Bounded(3)
    for key in (1, 2, 3):
        held[key] = "cs"
    held[1] = "en"  # (set again: the newest now)
    held.setdefault(4, None)
    held.update({5: "cs"})
    assert list(held.items()) == [(1, "en"), (4, None), (5, "cs")]
    assert held.pop(4) is None and len(held) == 2


async def test_the_players_languages_and_last_tables_are_held_bounded(harness) -> None:
    languages = harness.bot.controller.languages
    assert isinstance(languages.chosen, Bounded) and languages.chosen.size == USERS_HELD
    last = harness.service.last_tables
    assert isinstance(last, Bounded) and last.size == LAST_TABLES_HELD
    languages.chosen.size = 2
    for user_id in (11, 12, 13):
        await languages.set_lang(user_id, "en")
    assert list(languages.chosen) == [12, 13]
    assert await languages.chosen_lang(11) == "en"  # (read again from his settings)


async def test_news_for_players_who_never_come_back_is_held_bounded(harness) -> None:
    """``notify`` with no command of his to answer: held for his next interaction — for the
    last ``USERS_NOTED`` players noted, not for every one who never came back."""
    replies = harness.bot.controller.replies
    assert replies.missed.size == replies.notes.size == USERS_NOTED
    replies.notes.size = 2
    for user_id in (21, 22, 23):
        await replies.notify(user_id, f"news for {user_id}", ("table", 99))
    assert dict(replies.notes) == {22: ["news for 22"], 23: ["news for 23"]}
