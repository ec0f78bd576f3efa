"""The Taroky Protokol button by pages a phone reads: mid-round it opens on the page of the
latest deal, its pages' buttons (the deals they hold, then "Součet") edit that same
ephemeral answer; at the round's end it opens on the summary, which the final post attaches
too."""

from __future__ import annotations

import random

from bot.games.taroky import UI
from engine.taroky import TarokyRound
from engine.taroky.actions import Announce
from tests.botkit import button_labels, open_table, reply, table_message


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
    assert labels == ["1.–5.", "6.–9.", "Součet"]
    first = 1  # the page of deal 9, the latest
    res = await users[1].click(table_message(ch, table), custom_id=f"lora:t:{tid}:sheet")
    message = reply(res)
    assert res.ephemeral and button_labels(message) == [(label, i == first)
                                                   for i, label in enumerate(labels)]
    [picture] = message.attachments
    assert picture.filename == "protokol.png"
    assert await picture.read() == UI.sheet_book(table, "cs").pictures[first]()
    assert message.content.startswith("**Protokol – 6.–9.**\nPeníze a výsledek:\n• Ann: ")
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
