"""Helpers for Taroky through the real bot in SimCord: a table with constructed deals, and
players who act only by clicking the controls of their hand messages."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.taroky import TarokyRound
from engine.taroky.actions import (
    Announce,
    Bid,
    Call,
    Choose,
    DealAction,
    Discard,
    Play,
    Trojka,
)
from engine.taroky.cards import PAGAT, cards_of, parse_cards, parse_hand, tarok
from engine.taroky.deal import random_deal
from engine.taroky.options import TarokyOptions
from tests.botkit import BotHarness, enabled_controls, open_table, reply

Deal = tuple[tuple[int, int, int, int], tuple[int, ...]]
XIX = tarok(19)


def given(hands: Sequence[str], talon: str) -> Deal:
    h = [parse_hand(x) for x in hands]
    return (h[0], h[1], h[2], h[3]), tuple(parse_cards(talon))


def find_deal(dealer: int, ok: Callable[[Deal, int], bool], seed: int = 0) -> Deal:
    """The first shuffled deal (from ``seed`` on) that ``ok(deal, předák)`` accepts."""
    predak = (dealer + 1) % 4
    for k in range(seed, seed + 10000):
        deal = random_deal(random.Random(f"kit/{k}"), dealer)
        if ok(deal, predak):
            return deal
    raise LookupError("no such deal")


def holds(deal: Deal, seat: int, card: int) -> bool:
    return bool(deal[0][seat] >> card & 1)


def dealer_of(deal_no: int) -> int:
    """T-SEATS: seat 3 deals first, then the deal passes to the previous předák."""
    return (3 + deal_no - 1) % 4


async def open_taroky(harness: BotHarness, names: list[str], deals: Sequence[Deal] | None,
                      ai_levels: tuple[str, ...] = (), **options: Any
                      ) -> tuple[Any, Any, list[Any], int]:
    """A guild and users; /taroky new by the first (seats by joining order), the others join,
    AIs fill, start. With ``deals`` the table plays those deals (the service's test seam)."""
    if deals is not None:
        harness.service.new_game = lambda table, rng: TarokyRound(
            options=TarokyOptions.from_json(table.settings.options), deals=list(deals))
    return await open_table(harness, names, ai_levels, game="taroky", **options)


Policy = Callable[[TarokyRound], "DealAction | list[DealAction]"]


def default_policy(rnd: TarokyRound) -> DealAction | list[DealAction]:
    """Pass, take the first game, call XIX, take the trojka, lay the first cards away,
    say nothing, play the first legal card."""
    legal = rnd.legal_actions()
    seat = rnd.to_act
    assert seat is not None
    match legal[0]:
        case Bid():
            return next((a for a in legal if isinstance(a, Bid) and a.bid == "dobra"),
                        legal[0])
        case Call():
            return Call(seat, XIX) if Call(seat, XIX) in legal else legal[-1]
        case Trojka():
            return Trojka(seat, True)
        case Discard():
            view = rnd.view(seat)
            chosen = [Discard(seat, c) for c in discard_choice(view.hand, view.discardable,
                                                               view.discard_left)]
            return chosen if len(chosen) > 1 else chosen[0]
        case Announce():
            return Announce(seat, "done")
        case _:
            return legal[0]


def discard_choice(hand: int, options: int, n: int) -> list[int]:
    """A legal whole discard: suit cards first (they are always among the options then)."""
    cards = cards_of(options)
    suits = [c for c in cards if c >= 22]
    return (suits + [c for c in cards if c < 22])[:n]


class Clickers:
    """The four players of a table, each acting only through his hand message's controls."""

    def __init__(self, harness: BotHarness, ch: Any, tid: int, users: list[Any]) -> None:
        self.h = harness
        self.ch = ch
        self.tid = tid
        self.users = {u.id: u for u in users}
        self.hands: dict[int, Any] = {}
        self.clicks = 0

    @property
    def table(self) -> Any:
        return self.h.service.tables[self.tid]

    def table_message(self) -> Any:
        return next(m for m in self.ch.history() if m.id == self.table.message_id)

    async def open_hand(self, user: Any) -> Any:
        res = await user.click(self.table_message(), custom_id=f"lora:t:{self.tid}:hand")
        msg = reply(res)
        self.hands[user.id] = msg
        return msg

    async def hand_of_actor(self) -> tuple[Any, Any, list[dict[str, Any]]]:
        table = self.table
        seat = table.state.to_act
        user = self.users[table.seats[seat].user_id]
        msg = self.hands.get(user.id)
        controls = enabled_controls(msg) if msg is not None else []
        if not controls or f":{table.version}" not in controls[0]["custom_id"]:
            msg = await self.open_hand(user)
            controls = enabled_controls(msg)
        return user, msg, controls

    async def act(self, action: DealAction | list[DealAction]) -> None:
        """Click the control of ``action`` (a list: the cards chosen in the discard select)."""
        user, msg, controls = await self.hand_of_actor()
        table = self.table
        self.clicks += 1
        if isinstance(action, list):
            [select] = [c for c in controls if c["custom_id"].startswith(f"lora:m:{self.tid}:")]
            values = [json.dumps(a.to_json(), separators=(",", ":")) for a in action]
            offered = {o["value"] for o in select["options"]}
            assert set(values) <= offered, (values, offered)
            assert select["min_values"] == select["max_values"] == len(values)
            await user.select(msg, values, custom_id=select["custom_id"])
            return
        legal = table.state.legal_actions()
        cid = f"lora:a:{self.tid}:{table.version}:{legal.index(action)}"
        assert cid in {c["custom_id"] for c in controls}, (action, controls)
        await user.click(msg, custom_id=cid)

    async def play_deal(self, policy: Policy = default_policy,
                        stop: Callable[[TarokyRound], bool] | None = None) -> None:
        """Act by ``policy`` until the deal in progress is over (or ``stop`` holds)."""
        rnd = self.table.state
        deal_no = rnd.deal.deal_no
        for _ in range(400):
            rnd = self.table.state
            if rnd.finished or rnd.deal.deal_no != deal_no:
                return
            if stop is not None and stop(rnd):
                return
            await self.act(policy(rnd))
        raise AssertionError("the deal did not end")


def scripted(script: dict[str, Any]) -> Policy:
    """A policy with fixed answers by seat for some phases (``{"bid": {0: "3P"}, ...}``),
    the default policy elsewhere. Announcements: a list of items per seat, said in its first
    turn (then ``done``)."""
    said: dict[int, list[str]] = {}

    def policy(rnd: TarokyRound) -> DealAction | list[DealAction]:
        seat = rnd.to_act
        assert seat is not None
        phase = rnd.deal.phase
        table = script.get(phase, {})
        if phase == "bid" and seat in table:
            return Bid(seat, table[seat])
        if phase == "choose" and seat in table:
            return Choose(seat, table[seat])
        if phase == "call" and seat in table:
            return Call(seat, parse_cards(table[seat])[0])
        if phase == "trojka" and table:
            answers = table[seat]
            return Trojka(seat, answers[rnd.deal.trojka_step])
        if phase == "announce" and seat in table:
            todo = said.setdefault(seat, list(table[seat]))
            if todo:
                return Announce(seat, todo.pop(0))
        return default_policy(rnd)

    return policy


__all__ = ["PAGAT", "Clickers", "Play", "dealer_of", "find_deal", "given", "holds",
           "open_taroky", "scripted"]
