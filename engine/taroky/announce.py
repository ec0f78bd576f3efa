"""T-ANNOUNCE and T-FLEK: what a seat may say in its speaking turn, as one function.

Sides are ``"D"`` (the declarer's side) and ``"O"`` (the opponents). The owner side of the
game is ``"D"``; of an announced pagát or valát the side of the seat that announced it (in 2P
the declarer's automatic pagát). A level ``L + 1`` is given by the side opposing the owner
when odd (flek, sup, …) and by the owner side when even (re, …); never by a seat for an item
of its own side at an odd level (Decision 15).
"""

from __future__ import annotations

from collections.abc import Mapping

ITEMS = ("pagat", "valat", "flek:game", "flek:pagat", "flek:valat", "done")  # ``legal`` order
FLEK_ITEMS = {"flek:game": "game", "flek:pagat": "pagat", "flek:valat": "valat"}
DECLARER_SIDE = "D"
OPPONENTS = "O"


def other(side: str) -> str:
    return OPPONENTS if side == DECLARER_SIDE else DECLARER_SIDE


def entitled_side(owner: str, next_level: int) -> str:
    """Who gives level ``next_level`` of an item owned by ``owner``."""
    return other(owner) if next_level % 2 else owner


AnnounceRefusal = tuple[str, str, str]
"""(code, rule id, case) of a refused announcement: the case says which of the rule's
conditions refused it — the hand tells a player why he can only pass (review 85)."""


def announce_refusal(
    item: str,
    *,
    side: str,
    first_turn: bool,
    own_pagat: bool,
    said: frozenset[str],
    holds_pagat: bool,
    game: str,
    owners: Mapping[str, str | None],
    levels: Mapping[str, int],
    flek_max: int | None,
) -> AnnounceRefusal | None:
    """Why ``item`` may not be said now by a seat of ``side`` (None: it may), with the case
    (``said_this_turn``, ``pagat_own``, ``first_turn_only``, ``pagat_announced``,
    ``pagat_not_held``, ``valat_announced``, ``flek_unannounced``, ``flek_other_side``,
    ``flek_limit``): a flek past the table's highest is ``flek_limit`` only when the seat's
    side could give it otherwise.

    ``own_pagat``: the announced pagát is this seat's (checked first: the reason its
    announcer understands — review 88); ``said``: the items this seat already said in this
    turn; ``owners``: the owner side of ``game``, ``pagat`` and ``valat`` (None: not
    announced); ``levels``: their flek levels.
    """
    if item == "done":
        return None
    if item in said:
        code = "flek_not_allowed" if item in FLEK_ITEMS else "announce_not_allowed"
        return (code, "T-ANNOUNCE", "said_this_turn")
    if item == "pagat":
        if own_pagat:
            return ("announce_not_allowed", "T-HLASKY-PAGAT", "pagat_own")
        if not first_turn:
            return ("announce_not_allowed", "T-HLASKY-PAGAT", "first_turn_only")
        if game == "2P" or owners["pagat"] is not None:
            return ("announce_not_allowed", "T-HLASKY-PAGAT", "pagat_announced")
        if not holds_pagat:
            return ("announce_not_allowed", "T-HLASKY-PAGAT", "pagat_not_held")
        return None
    if item == "valat":
        if not first_turn:
            return ("announce_not_allowed", "T-HLASKY-VALAT", "first_turn_only")
        if owners["valat"] is not None:
            return ("announce_not_allowed", "T-HLASKY-VALAT", "valat_announced")
        return None
    key = FLEK_ITEMS[item]
    owner = owners[key]
    if owner is None:
        return ("flek_not_allowed", "T-FLEK", "flek_unannounced")
    nxt = levels[key] + 1
    if side != entitled_side(owner, nxt):
        return ("flek_not_allowed", "T-FLEK", "flek_other_side")
    if flek_max is not None and nxt > flek_max:
        return ("flek_not_allowed", "T-FLEK", "flek_limit")
    return None
