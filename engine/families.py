"""The families of partial games (R-LORA): which contracts each plays and how it is built.

Every family shares ``PartialGame``'s API and overrides a few hooks (``public_part``,
``knock_counts``, ``red_king_taker``), so the lóra, the views, the replay CLI and the bot never
ask which class a game is: they look the family up here, or call the hook.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.contracts import TRICK_CONTRACTS, Contract, Options
from engine.desitky import DesitkyGame
from engine.errors import BadInput
from engine.kvarty import KvartyGame
from engine.partial import PartialGame
from engine.tricks import TrickGame

Deal = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Family:
    name: str  # "trick", "harakiri", "kvarty", "desitky"
    contracts: frozenset[Contract]
    new: Callable[[Contract, Deal, int, Options, int | None], PartialGame]
    load: Callable[[dict[str, Any], Options], PartialGame]


FAMILIES: tuple[Family, ...] = (
    Family("trick", TRICK_CONTRACTS - {Contract.HARAKIRI}, TrickGame, TrickGame.from_json),
    Family("harakiri", frozenset({Contract.HARAKIRI}), TrickGame, TrickGame.from_json),
    Family(
        "kvarty",
        frozenset({Contract.KVARTY}),
        lambda _c, hands, leader, options, maturant: KvartyGame(hands, leader, options, maturant),
        KvartyGame.from_json,
    ),
    Family(
        "desitky",
        frozenset({Contract.DESITKY}),
        lambda _c, hands, leader, options, maturant: DesitkyGame(hands, leader, options, maturant),
        DesitkyGame.from_json,
    ),
)
_BY_CONTRACT: dict[Contract, Family] = {c: f for f in FAMILIES for c in f.contracts}


def family_of(contract: Contract) -> Family:
    family = _BY_CONTRACT.get(contract)
    if family is None:
        raise BadInput("unknown_contract", value=contract.value)
    return family


def new_partial_game(
    contract: Contract, hands: Deal, leader: int, options: Options, maturant: int | None = None
) -> PartialGame:
    """The partial game object for a contract (every family shares one API)."""
    if maturant is not None and maturant != leader:
        raise BadInput("maturant_leads", seat=maturant)  # R-MATURITA: the maturant leads
    return family_of(contract).new(contract, hands, leader, options, maturant)


def partial_game_from_json(data: dict[str, Any], options: Options) -> PartialGame:
    return family_of(Contract(data["contract"])).load(data, options)
