"""Whole loras through the bot, played by simulated users with slash commands and clicks only."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from tests.botkit import Players, open_table


class StovkaPlayers(Players):
    """Random clicks, except that the first user declares čistá stovka when asked."""

    def __init__(self, *args, declarer: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.declarer = declarer
        self.choices: list[str] = []

    def pick(self, user, controls):
        labels = [c.get("label") for c in controls]
        if user.id == self.declarer and "Hlásím čistou stovku" in labels:
            return controls[labels.index("Hlásím čistou stovku")]
        return super().pick(user, controls)


async def _play_to_the_end(players: Players, limit: int = 3000) -> None:
    table = players.table
    for _ in range(limit):
        if table.state.finished:
            return
        await players.move()
    raise AssertionError("the lóra did not end")


async def test_four_humans_play_a_whole_lora_by_clicks(harness):
    _guild, ch, users, tid = await open_table(harness, ["alice", "bob", "cyril", "dana"])
    players = StovkaPlayers(harness, ch, tid, users, random.Random(5), declarer=users[0].id)
    await _play_to_the_end(players)
    table = players.table
    lora = table.state
    # čistá stovka was asked and answered by clicks, alice declared
    alice_seat = table.seat_of(users[0].id)
    assert lora.stovka[alice_seat] is True
    assert all(answer is not None for answer in lora.stovka)
    # every maturita was chosen by a click of its maturant
    chosen = [row for row in lora.protocol if row.game == 8]
    assert len({row.tali for row in chosen}) == 4
    # the public messages: announcements of every game, the final message with the order
    public = [m for m in ch.history() if not m.flags.ephemeral]
    # (a line each: announcements that waited together arrive folded into one post)
    texts = [line for m in public for line in m.content.splitlines()]
    assert sum(t.startswith("▶ **Červené**") for t in texts) == 4
    assert sum(t.startswith("▶ **Maturita**") for t in texts) >= 4
    assert any(t.startswith("Stav před hrou Červený král:") for t in texts)
    final = next(m for m in public if m.embeds and m.embeds[0].title == "Konec lóry – stůl č. 1")
    order_lines = final.embeds[0].fields[0].value.splitlines()
    names = table.names()
    expected = []
    for place, seat in enumerate(lora.order, 1):
        line = f"{place}\\. {names[seat]} – {lora.totals[seat]} b."
        if lora.stovka[seat]:
            line += " (čistá stovka!)" if lora.totals[seat] == 100 else " (čistá stovka nevyšla)"
        expected.append(line)
    assert order_lines == expected
    assert final.attachments[0].filename == "protokol.png"
    sheet = await final.attachments[0].read()
    assert sheet.startswith(b"\x89PNG")
    # the sheet's overview page, the one a phone reads (the tall sheet was shown ~194 px
    # wide there; the tálie's pages are on the Protokol button), attached beside the embed,
    # not inside (Discord fits an embed's image into a landscape box)
    from bot.games.lora import UI
    from bot.render import sheet_pages

    assert sheet == UI.sheet_book(table, "cs").pictures[sheet_pages.OVERVIEW]()
    width, height = Image.open(io.BytesIO(sheet)).size
    assert width == sheet_pages.PAGE_W == 684 and width < height <= 2 * 656
    assert final.embeds[0].image.url is None
    assert [f.name for f in final.embeds[0].fields] == ["Konečné pořadí", "Protokol", "Hrát znovu"]
    # ephemeral hands are visible only to their owners
    for user in users:
        others = [u for u in users if u is not user]
        mine = {m.id for m in ch.history(viewer=user) if m.flags.ephemeral}
        assert mine, f"{user.name} never saw a hand"
        for other in others:
            theirs = {m.id for m in ch.history(viewer=other) if m.flags.ephemeral}
            assert not mine & theirs
    # the table message now shows the end, with the score sheet button
    last = players.table_message()
    assert last.embeds[0].description.startswith("**Konec lóry.**")
    assert table.status == "finished"
    assert players.clicks > 300


@pytest.mark.parametrize("ai_levels", [("easy",), ("medium", "easy"), ("hard", "medium", "easy")])
async def test_humans_and_ai_players_finish_a_lora(harness, ai_levels):
    humans = ["alice", "bob", "cyril"][: 4 - len(ai_levels)]
    guild, ch, users, tid = await open_table(harness, humans, ai_levels)
    players = Players(harness, ch, tid, users, random.Random(len(ai_levels)))
    await _play_to_the_end(players)
    table = players.table
    assert table.status == "finished"
    ai_seats = [s for s in table.seats if s.is_ai]
    assert sorted(s.ai for s in ai_seats) == sorted(ai_levels)
    assert all(s.moves > 0 for s in table.seats)
    assert all(s.ai_moves == 0 for s in table.seats if not s.is_ai)  # nobody was absent
    assert any(m.embeds and m.embeds[0].title == "Konec lóry – stůl č. 1" for m in ch.history())
    # the game is archived and rated for the humans (2+ humans) in this guild only
    store = harness.bot.store
    games = await store.recent_games(guild.id)
    assert len(games) == 1
    assert [p.name for p in games[0].players] == [table.names()[s] for s in table.state.order]
    _rows, total = await store.leaderboard(guild.id, "lora")
    assert total == (len(humans) if len(humans) >= 2 else 0)
