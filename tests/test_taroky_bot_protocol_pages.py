"""The Taroky Protokol button by pages a phone reads: mid-round it opens on the page of the
latest deal, its pages' buttons (the deals they hold, then "Součet") edit that same
ephemeral answer; at the round's end it opens on the summary, which the final post attaches
too."""

from __future__ import annotations

import random

from bot.games.taroky import UI
from engine.taroky import TarokyRound
from engine.taroky.actions import Announce
from tests.botkit import button_labels, controls, open_table, reply, table_message


async def _play(harness, table, done, seed: int = 4, limit: int = 6000) -> None:
    """Random legal moves through the service (saved like real ones) until ``done``; an
    announcing player says he is done (random fleks would go on for long)."""
    rng = random.Random(seed)
    for _ in range(limit):
        rnd = table.state
        assert isinstance(rnd, TarokyRound)
        if done(rnd):
            await harness.service._save(table)
            await harness.bot.controller.presenter.table_changed(table, [])
            return
        legal = rnd.legal_actions()
        action = next((a for a in legal if isinstance(a, Announce) and a.item == "done"),
                      rng.choice(legal))
        harness.service._apply(table, action, by=table.seats[action.seat].user_id)
    raise AssertionError("the wanted position was not reached")


async def test_the_protokol_opens_on_the_latest_deal_s_page_and_turns_to_the_summary(harness):
    _g, ch, users, tid = await open_table(harness, ["ann", "ben", "cyril", "dana"], (),
                                          game="taroky")
    table = harness.service.tables[tid]
    await _play(harness, table, lambda r: len(r.protocol) == 9 and r.deal.phase == "bid")
    labels = UI.sheet_book(table, "cs").labels
    # (the deals shared evenly: filled in turn, a page took 1–7 and the next 8–9)
    assert labels == ["Rozdání 1.–5.", "Rozdání 6.–9.", "Součet"]
    first = 1  # the page of deal 9, the latest
    res = await users[1].click(table_message(ch, table), custom_id=f"lora:t:{tid}:sheet")
    message = reply(res)
    assert res.ephemeral and button_labels(message) == [(label, i == first)
                                                   for i, label in enumerate(labels)]
    [picture] = message.attachments
    assert picture.filename == "protokol.png"
    assert await picture.read() == UI.sheet_book(table, "cs").pictures[first]()
    assert message.content.startswith("**Protokol – Rozdání 6.–9.**\nPeníze a výsledek:\n• Ann: ")
    await users[1].click(message, label="Součet")
    assert message.content.startswith("**Protokol – Součet**\nPeníze a výsledek:\n• Ann: ")
    assert [label for label, off in button_labels(message) if off] == ["Součet"]
    assert await message.attachments[0].read() == UI.sheet_book(table, "cs").pictures[-1]()
    await users[1].click(message, label=labels[0])
    assert await message.attachments[0].read() == UI.sheet_book(table, "cs").pictures[0]()


async def test_the_protokol_pages_recipes_carry_their_deals_split_once(harness, monkeypatch):
    """The pages are split once, when the labels are (the split measures every deal's
    text in every language): each page's recipe carries its part, drawn without a split."""
    import bot.games.taroky
    from bot.games.taroky.pictures import pages

    _g, _ch, _users, tid = await open_table(harness, ["ann", "ben", "cyril", "dana"], (),
                                            game="taroky")
    table = harness.service.tables[tid]
    await _play(harness, table, lambda r: len(r.protocol) == 9 and r.deal.phase == "bid")
    splits = []
    real = pages.parts
    for module in (pages, bot.games.taroky):
        monkeypatch.setattr(module, "parts", lambda *a: splits.append(a) or real(*a))
    book = UI.sheet_book(table, "en")
    assert len(splits) == 1 and book.labels == ["Deals 1–5", "Deals 6–9", "Total"]
    assert [p.args[-1] for p in book.pictures] == [
        pages.Part(range(0, 5), False), pages.Part(range(5, 9), False),
        pages.Part(range(0), True)]
    drawn = [p() for p in book.pictures]
    assert len(splits) == 1  # (none in the drawing)
    assert drawn == [pages.render_sheet(*book.pictures[0].args[:-1], page=k)
                     for k in range(3)]


async def test_after_the_round_the_protokol_opens_on_the_summary(harness):
    _g, ch, users, tid = await open_table(harness, ["ann", "ben", "cyril", "dana"], (),
                                          game="taroky", language="en", round_deals=2)
    table = harness.service.tables[tid]
    await _play(harness, table, lambda r: len(r.protocol) == 1 and r.deal.phase == "bid")
    assert UI.sheet_book(table, "en").labels == ["Deal 1", "Total"]
    assert UI.sheet_first_page(table) == 0
    await _play(harness, table, lambda r: r.finished)
    assert UI.sheet_book(table, "en").labels == ["Deals 1–2", "Total"]
    assert UI.sheet_first_page(table) == 1
    final = UI.final_picture(table, "en")
    assert final is not None and final() == UI.sheet_book(table, "en").pictures[1]()


async def test_a_page_button_opens_what_it_says_after_the_pages_were_split_anew(harness):
    """Review 72: the pages are shared out anew as deals are added, so a button by index
    opened another range ("Součet" asked after deal 5 opened "7.–12." after deal 12). A
    button names its page by the first deal it holds (the summary by itself): a click
    opens the page that holds that deal now, titled with its range, under today's buttons."""
    _g, ch, users, tid = await open_table(harness, ["ann", "ben", "cyril", "dana"], (),
                                          game="taroky", round_deals=12)
    table = harness.service.tables[tid]

    async def protokol(user):
        return reply(await user.click(table_message(ch, table), custom_id=f"lora:t:{tid}:sheet"))

    await _play(harness, table, lambda r: len(r.protocol) == 5 and r.deal.phase == "bid")
    old = await protokol(users[1])
    assert [c["custom_id"] for c in controls(old)] == [f"lora:sp:{tid}:d1", f"lora:sp:{tid}:s"]
    await _play(harness, table, lambda r: len(r.protocol) == 9 and r.deal.phase == "bid")
    mid = await protokol(users[2])
    assert [(c["label"], c["custom_id"]) for c in controls(mid)] == [
        ("Rozdání 1.–5.", f"lora:sp:{tid}:d1"), ("Rozdání 6.–9.", f"lora:sp:{tid}:d6"),
        ("Součet", f"lora:sp:{tid}:s")]
    await users[2].click(mid, label="Součet")
    await _play(harness, table, lambda r: r.finished)
    book = UI.sheet_book(table, "cs")
    assert book.labels == ["Rozdání 1.–6.", "Rozdání 7.–12.", "Součet"]
    await users[1].click(old, label="Součet")
    assert old.content.startswith("**Protokol – Součet**\n")
    assert await old.attachments[0].read() == book.pictures[2]()
    assert button_labels(old) == [("Rozdání 1.–6.", False), ("Rozdání 7.–12.", False),
                                  ("Součet", True)]
    await users[2].click(mid, label="Rozdání 6.–9.")  # (deal 6 is on the first page now)
    assert mid.content.startswith("**Protokol – Rozdání 1.–6.**\n")
    assert await mid.attachments[0].read() == book.pictures[0]()
    # its alt text says its deals, a sentence each with their money (review 92: it had the
    # summary's), whole in Discord's 1024 characters (its totals are the message's text)
    alt = mid.attachments[0].description
    assert alt.startswith("Protokol – Rozdání 1.–6. 1. rozdání: ")
    assert [f"{n}. rozdání: " in alt for n in range(1, 8)] == [True] * 6 + [False]
    assert alt.count("Za rozdání v Kč: ") == 6 and len(alt) <= 1024 and "…" not in alt
    assert "■" not in alt and "**" not in alt and "♠" not in alt
    assert [c["custom_id"] for c in controls(mid)] == [
        f"lora:sp:{tid}:d1", f"lora:sp:{tid}:d7", f"lora:sp:{tid}:s"]


def test_a_page_key_finds_its_page_and_an_old_index_id_still_opens_one() -> None:
    """``page_index``: a key opens the page that holds it; the digits of a button posted
    before the pages had keys open that index (beyond the pages: a stale button)."""
    from bot.games.base import SheetBook, page_index, page_keys

    book = SheetBook(["Rozdání 1.–6.", "Rozdání 7.–12.", "Součet"], [],
                     (tuple(f"d{n}" for n in range(1, 7)),
                      tuple(f"d{n}" for n in range(7, 13)), ("s",)))
    assert page_keys(book) == ("d1", "d7", "s")
    assert [page_index(book, key) for key in ("d1", "d6", "d9", "s", "d13", "0", "2", "3")
            ] == [0, 0, 1, 2, None, 0, 2, None]
    assert page_keys(SheetBook(["A", "B"], [])) == ("0", "1")
