"""Divoká karta and královská kvarta as the players see them (R-KVARTY-FIRST, R-KVARTY-ROYAL):
the kvarty leader's hand tells him from the deal on (his first kvarta may start at a filek),
a raw click on a card he may not lead is told why in his case, and the kvarty game's result,
kept in the channel, notes it. The texts read what the engine recorded (``KvartyView``,
``ProtocolRow``), not the rule again."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.lora.hand import disabled_reason, hand
from bot.games.lora.texts import game_result
from bot.model import Seat, Table, TableSettings
from bot.ui.components import DISABLED
from engine.actions import Lead
from engine.contracts import Contract
from engine.events import GameEnded
from engine.lora import Lora
from tests.botkit import enabled_controls, open_table, put_state, raw_click, reply, table_message
from tests.helpers import c, first_legal, lora_at_kvarty, lora_deals
from tests.test_rules_kvarty import ROYAL, WILD  # divoká karta; královská kvarta

NAMES = ["ann", "bob", "cyril", "dana"]


def _public(ch: Any) -> str:
    """Every public message's text, its embeds' too."""
    out = []
    for m in ch.history():
        if m.flags.ephemeral:
            continue
        out.append(m.content)
        for embed in m.embeds:
            out += [embed.title or "", embed.description or ""]
            out += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(out)


async def _hand(ch: Any, table: Any, user: Any) -> Any:
    return reply(await user.click(table_message(ch, table),
                                  custom_id=f"lora:t:{table.table_id}:hand"))


async def test_R_KVARTY_FIRST_the_leader_with_divoka_karta_is_told_clicked_and_noted(harness):
    _g, ch, users, tid = await open_table(harness, NAMES)
    table = harness.service.tables[tid]
    await put_state(harness, table, lora_at_kvarty(WILD))
    ann, bob = (next(u for u in users if table.seat_of(u.id) == s) for s in (0, 1))
    # the leader's hand, from the deal on: his divoká karta, and why the kings cannot go
    own = await _hand(ch, table, ann)
    lines = own.content.splitlines()
    assert ("Máš divokou kartu (žádnou kartu pod filkem): první kvartu začneš filkem, bez"
            " filka králem.") in lines
    assert ("Ostatní karty teď nejdou: s divokou kartou začíná první kvarta filkem, bez filka"
            " králem.") in lines
    # nobody else learns that he holds no card below the filek
    other = await _hand(ch, table, bob)
    assert "divok" not in other.content
    assert "divok" not in _public(ch)
    # a raw click on a king (the button is greyed out) is told his case, and changes nothing
    custom_id = f"lora:a:{tid}:{table.version}:{DISABLED + c('Kh')}"
    button = next(x for row in own.components for x in row["components"]
                  if x["custom_id"] == custom_id)
    assert button.get("disabled")
    before = table.state.to_json()
    res = await raw_click(ann, own, custom_id)
    assert [f.content for f in res.followups] == [
        "Tenhle tah pravidla nedovolují: s divokou kartou začíná první kvarta filkem, bez"
        " filka králem."]
    assert table.state.to_json() == before
    # he leads: his hand's line gives way to the announcement's; the game is played out
    index = table.state.legal_actions().index(Lead(0, c("Fh")))
    await ann.click(own, custom_id=f"lora:a:{tid}:{table.version}:{index}")
    assert "• Máš divokou kartu." in (await _hand(ch, table, ann)).content.splitlines()
    assert "Ann má divokou kartu." in _public(ch)
    kvarty = table.message_id
    while table.state.contract is Contract.KVARTY:
        seat = table.state.to_act
        user = next(u for u in users if table.seat_of(u.id) == seat)
        msg = await _hand(ch, table, user)
        wanted = f"lora:a:{tid}:{table.version}:" + str(
            table.state.legal_actions().index(first_legal(table.state)))
        assert wanted in [x["custom_id"] for x in enabled_controls(msg)]
        await user.click(msg, custom_id=wanted)
    # the kvarty game's record (its old table message) keeps its result with the note
    record = next(m for m in ch.history() if m.id == kvarty).content.splitlines()
    assert record[0] == ("■ **Kvarty** – 1. tálie, 6. hra. Body: Ann 4 · Bob 0 · Cyril 4 ·"
                         " Dana 8 (Ann: divoká karta)")


def _table(lora: Lora, lang: str) -> Table:
    seats: list[Seat | None] = [Seat(i + 1, name) for i, name in enumerate(
        ("Ann", "Bob", "Cyril", "Dana"))]
    return Table(1, 1, 1, 1, TableSettings(lang=lang), seats, "lora", state=lora)


@pytest.mark.parametrize(("lang", "told", "why", "note"), [
    ("cs", "Máš královskou kvartu! Začni filkem, bez filka králem: výnos ti zůstane do"
           " poslední karty.",
     "s divokou kartou začíná první kvarta filkem, bez filka králem",
     " (Ann: královská kvarta)"),
    ("en", "You hold a royal quart! Start at an Ober (F), without one at a King (K): you keep"
           " the lead to your last card.",
     "with a wild card the first quart starts at an Ober (F), without one at a King (K)",
     " (Ann: royal quart)"),
])
def test_R_KVARTY_ROYAL_the_leaders_hand_and_the_result_say_kralovska_kvarta(lang, told, why,
                                                                           note):
    lora = lora_at_kvarty(ROYAL)
    table = _table(lora, lang)
    lines = hand(table, lora.view(0), lang).lines
    assert told in lines
    assert not any(told in line for line in hand(table, lora.view(2), lang).lines)
    assert disabled_reason(table, 0, DISABLED + c("Kb"), lang) == why
    events: list[Any] = []
    while lora.contract is Contract.KVARTY:
        events += lora.apply(first_legal(lora))
    ended = next(e for e in events if isinstance(e, GameEnded))
    row = lora.protocol[-1]
    assert (row.contract, row.wild, row.royal) == (Contract.KVARTY, True, True)
    assert game_result(table, row, ended).endswith(note)


def test_R_KVARTY_FIRST_a_plain_first_lead_is_told_without_divoka_karta():
    """Without divoká karta the first lead's reason speaks of the spodek only, and the
    result has no note."""
    lora = lora_at_kvarty(lora_deals(0, [0, 1, 2, 3])[5])
    table = _table(lora, "cs")
    assert not any("divok" in line for line in hand(table, lora.view(0), "cs").lines)
    refused = next(x for x in range(32) if lora.view(0).hand >> x & 1
                   and Lead(0, x) not in lora.legal_actions())
    assert disabled_reason(table, 0, DISABLED + refused, "cs") == (
        "první kvarta začíná nejvýš spodkem")
    events: list[Any] = []
    while lora.contract is Contract.KVARTY:
        events += lora.apply(first_legal(lora))
    ended = next(e for e in events if isinstance(e, GameEnded))
    assert game_result(table, lora.protocol[-1], ended).endswith("Dana 8")
