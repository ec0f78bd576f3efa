"""Helpers of the Taroky tests: hand-made deals, scripted actions, the worked example.

They only build positions and push actions; every expected number in the tests is worked
out by hand from TAROKY.md.
"""

from __future__ import annotations

from engine.taroky.actions import DealAction, action_from_json
from engine.taroky.cards import FULL_DECK, cards_of, parse_cards, parse_hand
from engine.taroky.deal import TarokyDeal
from engine.taroky.errors import TarokyError
from engine.taroky.events import Event
from engine.taroky.options import TarokyOptions

WORKED_HANDS = [
    "I VIII XII XIV XV XVII XX Jh Qh Kh Cx 8p",
    "II IV VI XXI Sk 4h Ah 2k Ak Kx Qp Kp",
    "VII IX X XI XVI XIX Ck Qk Kk 9x 10x 7p",
    "III V 3h 2h 4k Jk 8x Jx Qx 9p 10p Cp",
]
WORKED_TALON = "XVIII Ch 3k Jp 7x XIII"
WORKED_BIDDING = "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra; 0 choose 1P; 0 call XIX"
WORKED_DISCARDS = (
    "0 discard Cx; 0 discard Jp; 0 discard 3k; 0 discard 8p; 1 discard 2k; 2 discard 7p"
)
WORKED_ANNOUNCE = (
    "0 announce pagat; 0 announce done; 1 announce flek:pagat; 1 announce done; "
    "2 announce done; 3 announce done; 0 announce done; 1 announce done"
)
WORKED_TRICKS = [
    "0 XX, 1 II, 2 VII, 3 III",
    "0 XVIII, 1 XXI, 2 IX, 3 V",
    "1 IV, 2 X, 3 9p, 0 XII",
    "0 XVII, 1 VI, 2 XI, 3 10p",
    "0 XV, 1 Sk, 2 XIII, 3 4k",
    "1 Ah, 2 XVI, 3 2h, 0 Jh",
    "2 XIX, 3 8x, 0 VIII, 1 7x",
    "2 Kk, 3 Jk, 0 XIV, 1 Ak",
    "0 Kh, 1 4h, 2 Qk, 3 3h",
    "0 Qh, 1 Qp, 2 Ck, 3 Qx",
    "0 Ch, 1 Kp, 2 10x, 3 Jx",
    "0 I, 1 Kx, 2 9x, 3 Cp",
]


def tricks_script(tricks: list[str]) -> str:
    return "; ".join(
        f"{p.split()[0]} play {p.split()[1]}" for t in tricks for p in t.split(",")
    )


WORKED_SCRIPT = "; ".join(
    [WORKED_BIDDING, WORKED_DISCARDS, WORKED_ANNOUNCE, tricks_script(WORKED_TRICKS)]
)


def fill(hands: list[str], talon: str = "") -> tuple[list[int], list[int]]:
    """Complete partial hands and talon: the cards not given go, in canonical order, to the
    first seat (0, 1, 2, 3) that still has room, then to the talon."""
    masks = [parse_hand(h) for h in [*hands, "", "", "", ""][:4]]
    talon_cards = parse_cards(talon)
    used = 0
    for m in masks:
        used |= m
    for c in talon_cards:
        used |= 1 << c
    for c in cards_of(FULL_DECK & ~used):
        for s in range(4):
            if masks[s].bit_count() < 12:
                masks[s] |= 1 << c
                break
        else:
            talon_cards.append(c)
    return masks, talon_cards


def deal(
    hands: list[str], talon: str = "", dealer: int = 3, options: TarokyOptions | None = None
) -> TarokyDeal:
    masks, talon_cards = fill(hands, talon)
    return TarokyDeal(masks, talon_cards, dealer, options)


def worked_deal() -> TarokyDeal:
    return deal(WORKED_HANDS, WORKED_TALON)


def step(text: str) -> DealAction:
    """``"0 bid 1P"`` -> the action."""
    seat, key, value = text.split()
    return action_from_json({"seat": int(seat), key: value})


def run(d: TarokyDeal, script: str) -> list[Event]:
    events: list[Event] = []
    for part in script.split(";"):
        if part.strip():
            events += d.apply(step(part.strip()))
    return events


def refusal(d: TarokyDeal, text: str) -> str:
    """The code of the refusal of one step (and the deal unchanged)."""
    before = d.to_json()
    try:
        d.apply(step(text))
    except TarokyError as exc:
        assert d.to_json() == before
        return exc.code
    raise AssertionError(f"{text!r} was accepted")


def legal(d: TarokyDeal) -> list[str]:
    """The legal actions as ``"seat key value"`` strings."""
    out = []
    for a in d.legal_actions():
        data = a.to_json()
        key = next(k for k in data if k != "seat")
        out.append(f"{data['seat']} {key} {data[key]}")
    return out


def values(d: TarokyDeal) -> list[str]:
    """Only the values of the legal actions (``["1P", "3P", ...]``)."""
    return [x.split()[2] for x in legal(d)]
