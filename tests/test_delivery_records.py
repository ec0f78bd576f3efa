"""A deal start's record (the old table message edited to its lines) holds one message's
text: lines that would not fit in one are not merged into it, so that no line is posted
after the table message posted anew (review 54's harakiri end: a whole game's lines landed
after a tournament's sheet post of the finished table)."""

from __future__ import annotations

from bot.delivery import items
from bot.storage.models import OutboxItem


def _refresh(*lines: str) -> OutboxItem:
    return items.table_refresh(5, 1, repost=True, record=lines)


def test_lines_make_one_record_up_to_a_messages_length() -> None:
    assert items.record_fits(["a" * 999, "b" * 1000])
    assert not items.record_fits(["a" * 1000, "b" * 1000])
    assert items.record_fits([])


def test_a_refresh_merges_an_older_record_only_while_both_fit_in_one() -> None:
    old, new = _refresh("a" * 1000), _refresh("b" * 999)
    assert items.merges(old, new)
    items.carry(old, new)
    assert new.payload["record"] == ["a" * 1000, "b" * 999]  # (the older lines first)
    assert not items.merges(_refresh("a" * 1000), _refresh("b" * 1000))
    # a refresh without lines of its own merges any older one (its lines stay one record)
    assert items.merges(_refresh("a" * 2000), items.table_refresh(5, 1))
    assert items.merges(items.table_refresh(5, 1), _refresh("b" * 2000))


def test_a_record_does_not_merge_into_a_repost_whose_lines_went_ahead() -> None:
    """Review 56: a deal start whose lines were posted ahead (too long for a record) posts
    the table anew with no record; a newer record merged into it would edit the old message,
    above those lines, so the older refresh goes first."""
    ahead = items.table_refresh(5, 1, repost=True)
    assert not items.merges(ahead, _refresh("b" * 10))
    assert items.merges(ahead, items.table_refresh(5, 1, repost=True))
    assert items.merges(ahead, items.table_refresh(5, 1))
