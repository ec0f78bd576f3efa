"""Review 57: a new deal's table message opened with the last deal's tricks under "Poslední
události" — under the new deal's heading they read as its own. Through the real bot in
SimCord: a new deal (Taroky) and a new partial game (Lóra) start the recent events anew;
the last one's lines are its record's (its result is posted)."""

from __future__ import annotations

from bot.games.lora.texts import deal_lines_from as lora_lines_from
from bot.games.taroky.texts import deal_lines_from as taroky_lines_from
from engine.contracts import Contract
from engine.events import CardPlayed, GameEnded, GameStarted, StovkaAnswered, StovkaAsked
from engine.lora import Lora
from engine.taroky.events import DealEnded, DealStarted
from tests.botkit import open_table, put_state, reply, table_message
from tests.helpers import at_game, drive, first_legal, lora_deals
from tests.taroky_kit import Clickers, open_taroky

RECENT = "__Poslední události__\n"


def _recent(message: object) -> list[str]:
    """The table message's recent event lines (none: the message has no such part)."""
    text = message.embeds[0].description  # type: ignore[attr-defined]
    return text.split(RECENT)[1].split("\n") if RECENT in text else []


async def test_a_new_taroky_deal_starts_its_recent_events_anew(harness):
    _g, ch, users, tid = await open_taroky(harness, ["ann", "bob", "cyril", "dana"], None,
                                           round_deals=2)
    players = Clickers(harness, ch, tid, users)
    await players.play_deal(stop=lambda r: len(r.deal.tricks) == 10)
    assert any(" bere 10. štych " in line for line in _recent(players.table_message()))
    await players.play_deal()  # (trick 11, then 12 by itself: deal 2 starts)
    table = players.table
    assert table.state.deal.deal_no == 2 and table.state.deal.phase == "bid"
    assert _recent(players.table_message()) == []
    # (the last deal's result is posted: its tricks are in its record and its picture)
    assert any(m.content.startswith("■ **1. rozdání: ") for m in ch.history())
    predak = table.names()[table.state.to_act]
    await players.act(next(a for a in table.state.legal_actions() if a.bid == "1P"))
    assert _recent(players.table_message()) == [f"• {predak}: první povinnost."]


async def test_a_new_lora_game_starts_its_recent_events_anew(harness):
    names = ["alice", "bob", "cyril", "dana"]
    _g, ch, users, tid = await open_table(harness, names)
    table = harness.service.tables[tid]
    deals = lora_deals(0, [0, 1, 2, 3])
    probe = Lora(first_leader=0, deals=deals)
    drive(probe, at_game(1, 2))
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, lambda lo: len(lo.log) == len(probe.log) - 5)  # game 1's last trick to come
    await put_state(harness, table, lora)
    for _ in range(4):  # the last trick, card by card
        seat = table.state.to_act
        user = next(u for u in users if table.seat_of(u.id) == seat)
        index = table.state.legal_actions().index(first_legal(table.state))
        res = await user.click(table_message(ch, table),
                               custom_id=f"lora:t:{table.table_id}:hand")
        await user.click(reply(res),
                         custom_id=f"lora:a:{table.table_id}:{table.version}:{index}")
        if table.state.game_no == 1:
            assert any("štych" in line for line in _recent(table_message(ch, table)))
    assert (table.state.tali, table.state.game_no) == (1, 2)
    shown = _recent(table_message(ch, table))
    assert not any("štych" in line or "Konec hry" in line for line in shown), shown


def test_where_a_new_deal_s_lines_start() -> None:
    """Just after the last deal's result, when a new one starts in the same batch: Lóra's
    čistá stovka question (before červený král's deal) is the new game's already, and its
    answers, in later batches, start nothing anew (the question stays above them)."""
    card = CardPlayed(0, 5)
    started = GameStarted(Contract.CERVENE, 1, 1, 0, 3)
    ended = GameEnded(Contract.CERVENE, (8, 0, 0, 0))
    assert lora_lines_from([card, ended, started, card]) == 2
    assert lora_lines_from([card, ended, StovkaAsked(1)]) == 2
    assert lora_lines_from([StovkaAnswered(3, False), started]) is None
    assert lora_lines_from([card, ended]) is None  # (the lóra's end: its lines stay)
    assert lora_lines_from([card, card]) is None
    deal_ended = DealEnded("1P", 0, 2, (40, 30), (50, -50, 50, -50))
    assert taroky_lines_from([card, deal_ended, DealStarted(2, 0, 1), card]) == 2
    assert taroky_lines_from([card, deal_ended]) is None  # (the round's end)


def test_a_fading_line_reads_brief_once_the_next_comes_and_undo_restores_it() -> None:
    """``Fading`` (a Taroky trick's cards, T-VIEW): the last one reads in full, an earlier
    one brief; a refused change is undone with it, and a new deal forgets it."""
    from bot.recent import Fading, RecentLines

    recent = RecentLines()
    recent.add(["Ann: pass.", Fading("Bob takes trick 1 (K♥ 7♥ 8♥ XXI).", "Bob takes trick 1.")])
    recent.keep()
    recent.add([Fading("Ann takes trick 2 (I II III IV).", "Ann takes trick 2.")])
    assert recent.lines == ["Ann: pass.", "Bob takes trick 1.",
                            "Ann takes trick 2 (I II III IV)."]
    recent.undo()
    assert recent.lines == ["Ann: pass.", "Bob takes trick 1 (K♥ 7♥ 8♥ XXI)."]
    recent.add([Fading("Ann takes trick 2 (I II III IV).", "Ann takes trick 2.")])
    recent.cut()
    recent.add([Fading("Cyril takes trick 1 (V VI VII VIII).", "Cyril takes trick 1.")])
    assert recent.lines == ["Cyril takes trick 1 (V VI VII VIII)."]
