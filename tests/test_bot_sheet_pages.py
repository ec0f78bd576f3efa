"""The Protokol button's sheet by pages a phone reads: it opens on the tálie being played
(the overview once the lóra is over), a page's button edits that same ephemeral answer to
the page, and the buttons still work after a restart (their ids carry table and page)."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.games.lora import UI
from bot.i18n import t, tn
from bot.render import sheet_pages
from tests.botkit import button_labels, enabled_controls, open_table, reply, table_message
from tests.test_bot_restart import _advance


def _totals(table, page: str = "2. tálie") -> str:
    """The sheet's text: which page it is beside (review 66: every page's read the same),
    then the totals."""
    names, totals = table.names(), table.state.public_view().totals
    return "\n".join([f"**Protokol – {page}**", "Body celkem:", *(
        f"• {n}: {p} b." for n, p in zip(names, totals, strict=True))])


async def _running(harness):
    _guild, ch, users, tid = await open_table(harness, ["alice", "bob", "cyril", "dana"])
    table = harness.service.tables[tid]
    # (the 2nd tálie's 2nd game: with its first scored, the sheet opens on its page)
    await _advance(harness, table, lambda lora: (lora.tali, lora.game_no) == (2, 2)
                   and lora.phase == "play", random.Random(3))
    await harness.bot.controller.presenter.table_changed(table, [])
    return ch, users, tid, table


async def test_protokol_opens_the_talie_in_play_and_a_page_button_edits_it(harness):
    ch, users, tid, table = await _running(harness)
    res = await users[1].click(table_message(ch, table), custom_id=f"lora:t:{tid}:sheet")
    assert res.ephemeral
    message = reply(res)
    assert message.content == _totals(table)
    labels = ["1. tálie", "2. tálie", "3. tálie", "4. tálie", "Celkem"]
    assert button_labels(message) == [(label, label == "2. tálie") for label in labels]
    [picture] = message.attachments
    assert picture.filename == "protokol.png"
    assert await picture.read() == UI.sheet_book(table, "cs").pictures[1]()
    totals = " ".join(["Body celkem:", *(  # (its points in words: "17 bodů", review 92)
        f"{n}: {tn('core.alt_points', 'cs', p)}." for n, p in zip(
            table.names(), table.state.public_view().totals, strict=True))])
    # each page's alt text says which page it is and what it shows (review 61: all alike),
    # its games' rows too (review 92)
    assert picture.description == (
        "Protokol – 2. tálie, vynáší Bob. Body v tálii: Alice 2, Bob 2, Cyril 4, Dana 0. Hry"
        f" (body: Alice, Bob, Cyril, Dana): Červené 2, 2, 4, 0. {totals}")
    # another page: the same message, edited to it (its totals' text stays, its title is
    # the page's)
    await users[1].click(message, custom_id=f"lora:sp:{tid}:4")
    assert message.content == _totals(table, "Celkem")
    assert button_labels(message) == [(label, label == "Celkem") for label in labels]
    [picture] = message.attachments
    assert (picture.filename, picture.description) == (
        "protokol.png", "Protokol – Celkem: součty tálií. 1. tálie: Alice 15, Bob 25, Cyril 12,"
        f" Dana 7; 2. tálie: Alice 2, Bob 2, Cyril 4, Dana 0. {totals}")
    drawn = await picture.read()
    assert drawn == UI.sheet_book(table, "cs").pictures[4]()
    width, height = Image.open(io.BytesIO(drawn)).size
    assert (width, height) == Image.open(io.BytesIO(sheet_pages.render_sheet_page(
        table.state.public_view(), table.names(), "cs", 4))).size
    await users[1].click(message, label="1. tálie")
    assert message.content == _totals(table, "1. tálie")
    assert await message.attachments[0].read() == UI.sheet_book(table, "cs").pictures[0]()
    assert message.attachments[0].description == (
        "Protokol – 1. tálie, vynáší Alice. Body v tálii: Alice 15, Bob 25, Cyril 12, Dana 7."
        " Hry (body: Alice, Bob, Cyril, Dana): Červené 4, 3, 1, 0; Filky 2, 4, 0, 2; První –"
        " poslední 4, 4, 0, 0; Všechny 0, 1, 5, 2; Červený král 0, 8, 0, 0; Kvarty 5, 3, 3, 0;"
        f" Desítky 0, 2, 3, 3; Maturita – Červené, 1. pokus 0, 0, 0, 0. {totals}")
    assert [label for label, off in button_labels(message) if off] == ["1. tálie"]
    # in English (the page named as its button, whatever the catalog calls a tálie there)
    second, total = t("lora.btn_page_tali", "en", n=2), t("lora.btn_page_total", "en")
    assert UI.sheet_page_alt(table, "en", 1) == [
        f"Score sheet – {second}, Bob leads. Its points: Alice 2, Bob 2, Cyril 4, Dana 0."
        " Games (points: Alice, Bob, Cyril, Dana): Hearts 2, 2, 4, 0."]
    assert UI.sheet_page_alt(table, "en", 2)[0].endswith(", Cyril leads. Not played yet.")
    assert UI.sheet_page_alt(table, "en", 4) == [
        f"Score sheet – {total}: the sums. {t('lora.btn_page_tali', 'en', n=1)}: Alice 15,"
        f" Bob 25, Cyril 12, Dana 7; {second}: Alice 2, Bob 2, Cyril 4, Dana 0."]


async def test_a_page_button_works_after_a_restart_and_a_forged_page_is_refused(harness):
    ch, users, tid, table = await _running(harness)
    message = reply(await users[2].click(table_message(ch, table),
                                         custom_id=f"lora:t:{tid}:sheet"))
    await harness.restart()
    table = harness.service.tables[tid]
    await users[2].click(message, custom_id=f"lora:sp:{tid}:3")
    assert [label for label, off in button_labels(message) if off] == ["4. tálie"]
    assert await message.attachments[0].read() == UI.sheet_book(table, "cs").pictures[3]()
    from tests.botkit import raw_click

    res = await raw_click(users[2], message, f"lora:sp:{tid}:9")
    assert reply(res).content == ("Tohle tlačítko už neplatí – zpráva se mezitím změnila. "
                                  "Použij tu aktuální.")


async def test_an_english_table_s_sheet_names_its_pages_in_english(harness):
    _guild, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"),
                                              language="en")
    table = harness.service.tables[tid]
    message = reply(await users[0].click(table_message(ch, table),
                                         custom_id=f"lora:t:{tid}:sheet"))
    assert button_labels(message) == [("1st round of eight", True), ("2nd round of eight", False),
                                 ("3rd round of eight", False), ("4th round of eight", False),
                                 ("Total", False)]
    assert len(enabled_controls(message)) == 4
    assert message.content.splitlines()[:2] == ["**Score sheet – 1st round of eight**",
                                                "Total points:"]
    await users[0].click(message, label="Total")
    assert message.content.splitlines()[:2] == ["**Score sheet – Total**", "Total points:"]


def test_a_game_without_pages_keeps_its_one_sheet_and_no_buttons() -> None:
    """``BaseUI``'s default (a game without pages): the sheet button's own answer, no page
    buttons under it; a game with pages gets a button per page, the shown one disabled."""
    from types import SimpleNamespace

    from bot.games.base import BaseUI, Reply
    from bot.ui.components import sheet_view

    class OneSheet(BaseUI):
        def table_op(self, table, op, lang):
            return Reply(picture=(lambda: b"sheet") if op == "sheet" else None)

    ui = OneSheet(SimpleNamespace(name="toy"))
    table = SimpleNamespace()
    assert ui.sheet_book(table, "cs") == ([], [], ()) and ui.sheet_first_page(table) == 0
    page = ui.table_op(table, "sheet", "cs").picture
    assert page is not None and page() == b"sheet"
    assert sheet_view(7, [], 0, ()) is None and sheet_view(7, ["Jediná"], 0, ["0"]) is None
    view = sheet_view(7, ["A", "B", "C", "D", "E"], 2, [str(i) for i in range(5)])
    assert view is not None
    assert [(b.item.custom_id, b.item.label, b.item.disabled) for b in view.children] == [
        (f"lora:sp:7:{i}", label, i == 2) for i, label in enumerate("ABCDE")]


async def test_after_the_end_the_score_command_opens_the_overview_and_pages_still_turn(harness):
    from tests.test_bot_records import _finished_game

    _guild, ch, users, table = await _finished_game(harness)
    message = reply(await users[1].slash(ch, "lora score"))
    assert message.content.splitlines()[:2] == ["**Protokol – Celkem**", "Konečné pořadí:"]
    assert [label for label, off in button_labels(message) if off] == ["Celkem"]
    assert await message.attachments[0].read() == UI.sheet_book(table, "cs").pictures[4]()
    await users[1].click(message, custom_id=f"lora:sp:{table.table_id}:2")
    assert message.content.splitlines()[:2] == ["**Protokol – 3. tálie**", "Konečné pořadí:"]
    assert [label for label, off in button_labels(message) if off] == ["3. tálie"]
    assert await message.attachments[0].read() == UI.sheet_book(table, "cs").pictures[2]()


async def test_the_sheet_s_pages_are_drawn_by_the_render_pool_not_in_the_click(harness,
                                                                              monkeypatch):
    """The sheet button, a page's button and ``/lora score`` hand the render pool a
    picklable recipe of the page (a worker draws it, off the event loop); ``table_op`` itself
    draws nothing."""
    import functools
    import pickle

    import bot.games.lora
    from bot.games.taroky import UI as TAROKY

    ch, users, tid, table = await _running(harness)
    pool = harness.bot.controller.pools.render
    asked: list[tuple[object, str]] = []
    real = pool.render

    async def spy(picture, what):
        asked.append((picture, what))
        return await real(picture, what)

    monkeypatch.setattr(pool, "render", spy)
    message = reply(await users[1].click(table_message(ch, table),
                                         custom_id=f"lora:t:{tid}:sheet"))
    await users[1].click(message, custom_id=f"lora:sp:{tid}:4")
    await users[1].slash(ch, "lora score")
    sheets = [(p, what) for p, what in asked if "score sheet" in what]
    assert [(p.func, p.args[3]) for p, _what in sheets] == [
        (bot.games.lora.render_sheet_page, 1), (bot.games.lora.render_sheet_page, 4),
        (bot.games.lora.render_sheet_page, 1)]
    assert all(isinstance(p, functools.partial) for p, _what in sheets)
    assert {what for _p, what in sheets} == {f"the score sheet of table {tid}"}
    assert pickle.loads(pickle.dumps(sheets[1][0]))() == UI.sheet_book(table,
                                                                       "cs").pictures[4]()

    def unreachable(*args, **kwargs):
        raise AssertionError("drawn in the click's handler")

    monkeypatch.setattr(bot.games.lora, "render_sheet_page", unreachable)
    answer = UI.table_op(table, "sheet", "cs")
    assert answer.content == _totals(table) and answer.picture is not None
    # Taroky's protocol pages too: picklable recipes of ``render_sheet``
    _g, _ch, _users, ttid = await open_table(harness, ["ann", "ben", "cyril", "dana"], (),
                                             game="taroky")
    taroky = harness.service.tables[ttid]
    book = TAROKY.sheet_book(taroky, "cs")
    assert book.labels == ["Součet"]  # (no deal over yet: the summary alone)
    for page in book.pictures:
        assert isinstance(page, functools.partial) and page.func.__name__ == "render_sheet"
        assert pickle.loads(pickle.dumps(page))() == page()
    # each recipe carries its page's deals: the render pool does not split the protocol again
    from bot.games.taroky.pictures import pages as taroky_pages

    whole = TAROKY.sheet_book(taroky, "cs").pictures[0]()
    assert whole == book.pictures[0]()
    monkeypatch.setattr(taroky_pages, "parts", unreachable)
    assert [p.args[-1] for p in book.pictures] == [taroky_pages.Part(range(0), True)]
    assert book.pictures[0]() == whole


async def test_a_sheet_page_that_fails_to_draw_still_answers_with_the_totals(harness,
                                                                             monkeypatch,
                                                                             caplog):
    """As every picture: a page the render pool fails to draw is left out, its totals in
    words go (and its pages' buttons, for another try); the failure is logged."""
    import bot.games.lora

    ch, users, tid, table = await _running(harness)
    good = reply(await users[1].click(table_message(ch, table),
                                      custom_id=f"lora:t:{tid}:sheet"))

    def broken(*args, **kwargs):
        raise RuntimeError("injected")

    monkeypatch.setattr(bot.games.lora, "render_sheet_page", broken)
    labels = ["1. tálie", "2. tálie", "3. tálie", "4. tálie", "Celkem"]
    res = await users[1].click(table_message(ch, table), custom_id=f"lora:t:{tid}:sheet")
    message = reply(res)
    assert res.ephemeral and message.content == _totals(table)
    assert message.attachments == []
    assert button_labels(message) == [(label, label == "2. tálie") for label in labels]
    command = reply(await users[1].slash(ch, "lora score"))
    assert command.ephemeral and command.content == _totals(table)
    assert command.attachments == []
    # a page's button of the sheet shown before: its text, the old page's picture gone
    await users[1].click(good, custom_id=f"lora:sp:{tid}:4")
    assert good.content == _totals(table, "Celkem") and good.attachments == []
    assert [label for label, off in button_labels(good) if off] == ["Celkem"]
    assert caplog.text.count(f"rendering the score sheet of table {tid} failed") == 3
