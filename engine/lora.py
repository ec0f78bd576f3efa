"""A whole lóra: 4 tálie of 8 partial games, maturita, čistá stovka, final order, harakiri.

``Lora`` is the one object every caller drives: ``to_act``, ``legal_actions()``, ``apply()``,
``view(seat)``, ``public_view()``, ``to_json()``/``from_json()``. Deals come from an injected
``random.Random`` (through a seed drawn from it once) or from given hands, never from the
global RNG.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.actions import ACTION_TYPES, Action, Choose, Declare, Lay, Lead, Play, action_from_json
from engine.cards import cards_of, deal_str, parse_deal, shuffled_deal
from engine.contracts import (
    CERVENY_KRAL_GAME,
    GAMES_PER_TALIE,
    MATURITA_ATTEMPTS,
    MATURITA_GAME,
    STOVKA_TALIE,
    TALIE_ORDER,
    TALIE_PER_LORA,
    Contract,
    Options,
    maturita_choices,
)
from engine.errors import BadInput, GameOver, LoraError, NotYourTurn, WrongPhase
from engine.events import (
    Event,
    GameEnded,
    GameStarted,
    HarakiriNeeded,
    LoraFinished,
    MaturitaChosen,
    MaturitaDealt,
    MaturitaFailed,
    MaturitaPassed,
    StovkaAnswered,
    StovkaAsked,
)
from engine.families import new_partial_game, partial_game_from_json
from engine.game import GameAction, Outcome
from engine.log_json import LogJSON
from engine.partial import PartialGame
from engine.phase import Phase
from engine.views import PublicView, SeatView, public_view, seat_view

Deal = tuple[int, int, int, int]

PHASE_STOVKA = Phase.STOVKA
PHASE_CHOOSE = Phase.CHOOSE
PHASE_PLAY = Phase.PLAY
PHASE_FINISHED = Phase.FINISHED
SEATS = 4


@dataclass(frozen=True, slots=True)
class ProtocolRow:
    """One line of the score sheet: a partial game, a maturita attempt or a harakiri game."""

    tali: int | None  # 1–4, None for harakiri
    game: int | None  # 1–8, None for harakiri
    contract: Contract
    points: tuple[int, int, int, int]
    attempt: int | None = None  # maturita attempt 1–3
    maturant: int | None = None
    failed: bool = False  # a failed maturita attempt
    knocks: tuple[int, int, int, int] = (0, 0, 0, 0)
    red_king: int | None = None  # who took K♥ (circled on the sheet)
    # harakiri (R-HARAKIRI): the tied seats this play-off decides between, and which of its
    # games this row is (``playoff_game`` of ``playoff_games``); only their points count
    tied: tuple[int, ...] = ()
    playoff_game: int | None = None
    playoff_games: int | None = None
    # kvarty (R-KVARTY-FIRST, R-KVARTY-ROYAL): the first leader's divoká karta and královská
    # kvarta, as the game recorded them
    wild: bool = False
    royal: bool = False

    def counts_for(self, seat: int) -> bool:
        """Whether this harakiri row's points are ``seat``'s (he was in the play-off). A row
        saved before the tied seats were kept counts for every seat."""
        return self.contract is Contract.HARAKIRI and (not self.tied or seat in self.tied)

    def replay_json(self) -> dict[str, Any]:
        """The row exactly as REPLAY.md prints it."""
        data: dict[str, Any] = {
            "tali": self.tali,
            "game": self.game,
            "contract": self.contract.value,
            "points": list(self.points),
        }
        if self.attempt is not None:
            data["attempt"] = self.attempt
        return data

    def to_json(self) -> dict[str, Any]:
        data = self.replay_json()
        data.update(
            maturant=self.maturant,
            failed=self.failed,
            knocks=list(self.knocks),
            red_king=self.red_king,
        )
        if self.tied:
            data.update(
                tied=list(self.tied),
                playoff_game=self.playoff_game,
                playoff_games=self.playoff_games,
            )
        if self.wild:  # (only when set: the other rows are saved as they were)
            data["wild"] = True
        if self.royal:
            data["royal"] = True
        return data

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ProtocolRow:
        p = d["points"]
        k = d.get("knocks", [0, 0, 0, 0])
        return cls(
            d["tali"],
            d["game"],
            Contract(d["contract"]),
            (p[0], p[1], p[2], p[3]),
            d.get("attempt"),
            d.get("maturant"),
            bool(d.get("failed", False)),
            (k[0], k[1], k[2], k[3]),
            d.get("red_king"),
            tuple(int(x) for x in d.get("tied", ())),
            d.get("playoff_game"),
            d.get("playoff_games"),
            bool(d.get("wild", False)),
            bool(d.get("royal", False)),
        )


@dataclass(slots=True)
class HarakiriRound:
    """A play-off of one tied group (R-HARAKIRI): one game for two, four for three or four."""

    seats: tuple[int, ...]
    games: int
    played: int = 0
    sums: list[int] = field(default_factory=lambda: [0, 0, 0, 0])


__all__ = [
    "Lora",
    "ProtocolRow",
    "harakiri_playoffs",
    "new_partial_game",
    "parse_deals",
    "partial_game_from_json",
    "playoff_round",
]


def harakiri_playoffs(protocol: Sequence[ProtocolRow], seat: int) -> list[list[int]]:
    """R-HARAKIRI: ``seat``'s harakiri points, one list per play-off he was in (the points of
    its games in order; summed, they decide his place in that tie). Play-offs he was not in
    are left out: their points are not his."""
    out: list[list[int]] = []
    for row in protocol:
        if not row.counts_for(seat):
            continue
        if row.playoff_game is None or row.playoff_game == 1 or not out:
            out.append([])
        out[-1].append(row.points[seat])
    return out


def playoff_round(protocol: Sequence[ProtocolRow], seats: Sequence[int]) -> int:
    """R-HARAKIRI: which play-off of the tie of ``seats`` this is: 1, or more when they were
    all in a play-off already played out that left them tied again ("played off again")."""
    done = sum(
        1
        for row in protocol
        if row.contract is Contract.HARAKIRI
        and row.playoff_game is not None
        and row.playoff_game == row.playoff_games
        and set(seats) <= set(row.tied)
    )
    return done + 1


def rank_slots(totals: list[int], declared: list[bool]) -> list[list[int]]:
    """R-RANK: the seats grouped by rank, best first; a group of two or more is a tie.

    Declarers who made exactly 100 come first, then the others by points (fewer is better),
    then the declarers who missed, by points."""
    seats = range(len(totals))
    made = [s for s in seats if declared[s] and totals[s] == 100]
    slots: list[list[int]] = [made] if made else []
    for group in (
        [s for s in seats if not declared[s]],
        [s for s in seats if declared[s] and totals[s] != 100],
    ):
        for value in sorted({totals[s] for s in group}):
            slots.append([s for s in group if totals[s] == value])
    return slots


class Lora:
    """The state of one whole lóra. Build with ``Lora(rng=…)`` or ``Lora(deals=[…])``."""

    def __init__(
        self,
        *,
        options: Options | None = None,
        first_leader: int = 0,
        rng: random.Random | None = None,
        deals: list[Deal] | None = None,
        start: bool = True,
    ) -> None:
        if (rng is None) == (deals is None):
            raise BadInput("deal_source")
        if not 0 <= first_leader <= 3:
            raise BadInput("bad_seat", value=first_leader)
        self.options = options or Options()
        self.first_leader = first_leader
        self.deal_seed: int | None = rng.getrandbits(64) if rng is not None else None
        self.given_deals: list[Deal] | None = list(deals) if deals is not None else None
        self.deals: list[Deal] = []  # every deal used so far, in order
        self.phase: Phase = PHASE_PLAY
        self.tali = 1
        self.game_no = 1
        self.attempt: int | None = None
        self.game: PartialGame | None = None
        self.pending_deal: Deal | None = None  # a maturita deal before the choice
        self.stovka: list[bool | None] = [None, None, None, None]
        self.stovka_next: int | None = None
        self.protocol: list[ProtocolRow] = []
        self.totals = [0, 0, 0, 0]
        self.slots: list[list[int]] = []  # the final order being resolved (R-RANK)
        self.harakiri: HarakiriRound | None = None
        self.order: list[int] | None = None
        self.log: list[Action] = []
        self._log_json = LogJSON()
        self.start_events: list[Event] = []
        if start:
            self.start_events = self._begin_game()

    # -- roles -------------------------------------------------------------------------
    def leader_of_tali(self, tali: int) -> int:
        """R-LORA: seat (first_leader + t - 1) leads tálie t."""
        return (self.first_leader + tali - 1) % 4

    def leader_of_row(self, row: ProtocolRow) -> int:
        """Who led the partial game of a protocol row (not a harakiri's): R-LORA, the
        tálie's leader — in maturita the maturant, who is he."""
        return row.maturant if row.maturant is not None else self.leader_of_tali(row.tali or 1)

    @property
    def leader(self) -> int:
        if self.game is not None and self.phase == PHASE_PLAY:
            return self.game.leader
        return self.leader_of_tali(self.tali)

    @property
    def dealer(self) -> int:
        return (self.leader + 3) % 4

    @property
    def contract(self) -> Contract | None:
        """The partial game being played (the chosen one in maturita, harakiri in play-offs)."""
        if self.phase == PHASE_FINISHED:
            return None
        if self.harakiri is not None:
            return Contract.HARAKIRI
        if self.phase == PHASE_PLAY and self.game is not None:
            return self.game.contract
        return TALIE_ORDER[self.game_no - 1]

    @property
    def is_maturita(self) -> bool:
        return (
            self.harakiri is None
            and self.game_no == MATURITA_GAME
            and self.phase != PHASE_FINISHED
        )

    @property
    def harakiri_playoff(self) -> int | None:
        """Which play-off of its tie the harakiri in play is (``playoff_round``; the one place
        it is computed: the ``HarakiriNeeded`` and ``GameStarted`` of a harakiri and the
        views read it here); None when none is."""
        h = self.harakiri
        return None if h is None else playoff_round(self.protocol, h.seats)

    @property
    def finished(self) -> bool:
        return self.phase == PHASE_FINISHED

    @property
    def to_act(self) -> int | None:
        if self.phase == PHASE_STOVKA:
            return self.stovka_next
        if self.phase == PHASE_CHOOSE:
            return self.leader_of_tali(self.tali)
        if self.phase == PHASE_PLAY and self.game is not None:
            return self.game.to_act
        return None

    # -- the uniform API ---------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == PHASE_STOVKA:
            return [Declare(seat, False), Declare(seat, True)]
        if self.phase == PHASE_CHOOSE:
            assert self.attempt is not None
            return [Choose(seat, c) for c in maturita_choices(self.attempt)]
        assert self.game is not None
        return self.game.legal_actions()

    def verify(self, action: GameAction) -> None:
        """Raise what ``apply`` would raise for this action; change nothing."""
        if self.phase == PHASE_FINISHED:
            raise GameOver()
        if not isinstance(action, ACTION_TYPES):
            raise BadInput("action_shape")  # an action of another game
        if self.phase == PHASE_STOVKA:
            self._verify_kind(action, Declare)
        elif self.phase == PHASE_CHOOSE:
            self._verify_kind(action, Choose)
            assert isinstance(action, Choose) and self.attempt is not None
            if action.contract not in maturita_choices(self.attempt):
                raise WrongPhase(
                    "choice_not_allowed",
                    rule="R-MATURITA",
                    contract=action.contract.value,
                    attempt=self.attempt,
                )
        else:
            if isinstance(action, Choose | Declare):
                raise WrongPhase("wrong_action_kind", contract=str(self.contract))
            assert self.game is not None
            self.game.verify(action)

    def _verify_kind(self, action: Action, kind: type) -> None:
        if not isinstance(action, kind):
            raise WrongPhase(
                "expected_stovka" if kind is Declare else "expected_choice",
            )
        if action.seat != self.to_act:
            raise NotYourTurn(action.seat, self.to_act)

    def is_legal(self, action: GameAction) -> bool:
        try:
            self.verify(action)
        except LoraError:
            return False
        return True

    def apply(self, action: GameAction) -> list[Event]:
        """Apply one action after verifying it; on any refusal nothing has changed."""
        self.verify(action)
        assert isinstance(action, ACTION_TYPES)
        if self.given_deals is not None and len(self.deals) >= len(self.given_deals) - 1:
            # Running out of given deals is found only while dealing: keep a snapshot.
            snapshot, game, start_events = self.to_json(), self.game, self.start_events
            try:
                return self._apply(action)
            except BadInput:
                restored = Lora.from_json(snapshot)
                if game is not None and restored.game is not None:
                    game.__dict__.update(restored.game.__dict__)  # the same object, as it was
                    restored.game = game
                self.__dict__.update(restored.__dict__)
                self.start_events = start_events
                raise
        return self._apply(action)

    def apply_json(self, data: object) -> list[Event]:
        return self.apply(action_from_json(data))

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Declare):
            events += self._answer_stovka(action)
        elif isinstance(action, Choose):
            events += self._choose(action)
        else:
            assert self.game is not None
            events += self.game.apply(action)
            if self.game.finished:
                events += self._after_game(events)
        self.log.append(action)
        return events

    # -- dealing -----------------------------------------------------------------------
    def _next_deal(self) -> Deal:
        index = len(self.deals)
        if self.given_deals is not None:
            if index >= len(self.given_deals):
                raise BadInput("out_of_deals", count=len(self.given_deals))
            deal = self.given_deals[index]
        else:
            deal = shuffled_deal(random.Random(f"lora-deal/{self.deal_seed}/{index}"))
        self.deals.append(deal)
        return deal

    # -- the course of a lóra ----------------------------------------------------------
    def _begin_game(self) -> list[Event]:
        """Start partial game ``game_no`` of tálie ``tali`` (after the stovka question)."""
        events: list[Event] = []
        leader = self.leader_of_tali(self.tali)
        if (
            self.tali == STOVKA_TALIE
            and self.game_no == CERVENY_KRAL_GAME
            and self.options.cista_stovka
            and self.stovka_next is None
            and all(a is None for a in self.stovka)
        ):
            self.phase = PHASE_STOVKA
            self.stovka_next = leader
            events.append(StovkaAsked(leader))
            return events
        if self.game_no == MATURITA_GAME:
            self.attempt = 1 if self.attempt is None else self.attempt
            self.pending_deal = self._next_deal()
            self.phase = PHASE_CHOOSE
            self.game = None
            events.append(MaturitaDealt(leader, self.tali, self.attempt))
            return events
        contract = TALIE_ORDER[self.game_no - 1]
        events += self._start_partial(contract, self._next_deal(), leader, None)
        return events

    def _start_partial(
        self, contract: Contract, deal: Deal, leader: int, maturant: int | None
    ) -> list[Event]:
        self.phase = PHASE_PLAY
        h = self.harakiri if contract is Contract.HARAKIRI else None
        events: list[Event] = [
            GameStarted(
                contract,
                None if h is not None else self.tali,
                None if h is not None else self.game_no,
                leader,
                (leader + 3) % 4,
                self.attempt if maturant is not None else None,
                None if h is None else h.played + 1,
                None if h is None else h.games,
                self.harakiri_playoff,
            )
        ]
        self.game = new_partial_game(contract, deal, leader, self.options, maturant)
        events += self.game.start()
        if self.game.finished:
            events += self._after_game(events)
        return events

    def _answer_stovka(self, action: Declare) -> list[Event]:
        self.stovka[action.seat] = action.declare
        events: list[Event] = [StovkaAnswered(action.seat, action.declare)]
        nxt = (action.seat + 1) % 4
        if self.stovka[nxt] is None:
            self.stovka_next = nxt
            return events
        self.stovka_next = None
        events += self._start_partial(
            Contract.CERVENY_KRAL, self._next_deal(), self.leader_of_tali(self.tali), None
        )
        return events

    def _choose(self, action: Choose) -> list[Event]:
        assert self.pending_deal is not None and self.attempt is not None
        deal, self.pending_deal = self.pending_deal, None
        events: list[Event] = [MaturitaChosen(action.seat, action.contract, self.attempt)]
        events += self._start_partial(action.contract, deal, action.seat, action.seat)
        return events

    def _after_game(self, ended: list[Event]) -> list[Event]:
        """What follows a finished partial game; ``ended`` holds its events (its
        ``GameEnded`` last), told which play-off a harakiri game belonged to."""
        game = self.game
        assert game is not None and game.finished
        if self.harakiri is not None:
            return self._after_harakiri(game, ended)
        points = game.recorded_points()
        red_king = game.red_king_taker()
        knocks = list(game.knock_counts())
        if game.maturant is not None:
            # R-MATURITA: the other seats' points (their knocks, their K♥) are never recorded
            knocks = [k if s == game.maturant else 0 for s, k in enumerate(knocks)]
            red_king = red_king if red_king == game.maturant else None
        maturita = self.is_maturita
        wild, royal = game.first_leader_marks()
        self.protocol.append(
            ProtocolRow(
                self.tali,
                self.game_no,
                game.contract,
                points,
                self.attempt if maturita else None,
                game.maturant,
                game.maturita_failed,
                (knocks[0], knocks[1], knocks[2], knocks[3]),
                red_king,
                wild=wild,
                royal=royal,
            )
        )
        for s in range(4):
            self.totals[s] += points[s]
        events: list[Event] = []
        if maturita:
            assert game.maturant is not None and self.attempt is not None
            if game.maturita_failed:
                events.append(MaturitaFailed(game.maturant, self.attempt))
                if self.attempt < MATURITA_ATTEMPTS:
                    self.attempt += 1
                    return events + self._begin_game()
            else:
                events.append(MaturitaPassed(game.maturant, self.attempt))
            self.attempt = None
        self.game_no += 1
        if self.game_no > GAMES_PER_TALIE:
            self.game_no = 1
            self.tali += 1
            if self.tali > TALIE_PER_LORA:
                self.tali = TALIE_PER_LORA
                self.game_no = GAMES_PER_TALIE
                return events + self._begin_final_order()
        return events + self._begin_game()

    def _marked(self, row: ProtocolRow, index: int, data: dict[str, Any]) -> ProtocolRow:
        """A kvarty row saved without the first leader's marks (``wild``/``royal`` are
        written only when set; saves before them never had them): recorded again as the
        game records them, from its deal (the lóra's ``index``-th, one per protocol row)."""
        if row.contract is not Contract.KVARTY or "wild" in data or index >= len(self.deals):
            return row
        game = new_partial_game(row.contract, self.deals[index], self.leader_of_row(row),
                                self.options)
        wild, royal = game.first_leader_marks()
        return replace(row, wild=wild, royal=royal) if wild else row

    # -- R-RANK and R-HARAKIRI ---------------------------------------------------------
    def _declared(self) -> list[bool]:
        return [self.options.cista_stovka and self.stovka[s] is True for s in range(4)]

    def _begin_final_order(self) -> list[Event]:
        self.slots = rank_slots(self.totals, self._declared())
        return self._resolve_order()

    def _resolve_order(self) -> list[Event]:
        tied = next((slot for slot in self.slots if len(slot) > 1), None)
        if tied is None:
            self.order = [s for slot in self.slots for s in slot]
            self.phase = PHASE_FINISHED
            self.game = None
            self.harakiri = None
            return [LoraFinished(tuple(self.order), self._totals())]
        games = 1 if len(tied) == 2 else 4
        self.harakiri = HarakiriRound(tuple(tied), games)
        again = self.harakiri_playoff  # the tie about to play it: the harakiri just set
        assert again is not None
        return [HarakiriNeeded(tuple(tied), games, again), *self._start_harakiri()]

    def _harakiri_leader(self) -> int:
        h = self.harakiri
        assert h is not None
        if h.games == 1:  # R-HARAKIRI: a seat not in the tie leads
            return next(
                (self.first_leader + k) % 4
                for k in range(4)
                if (self.first_leader + k) % 4 not in h.seats
            )
        return (self.first_leader + h.played) % 4

    def _start_harakiri(self) -> list[Event]:
        return self._start_partial(
            Contract.HARAKIRI, self._next_deal(), self._harakiri_leader(), None
        )

    def _after_harakiri(self, game: PartialGame, ended: list[Event]) -> list[Event]:
        h = self.harakiri
        assert h is not None
        points = game.recorded_points()
        self.protocol.append(
            ProtocolRow(
                None,
                None,
                Contract.HARAKIRI,
                points,
                tied=h.seats,
                playoff_game=h.played + 1,
                playoff_games=h.games,
            )
        )
        for s in range(4):
            h.sums[s] += points[s]
        h.played += 1
        at = max(i for i, e in enumerate(ended) if isinstance(e, GameEnded))
        last = ended[at]
        assert isinstance(last, GameEnded)
        ended[at] = replace(
            last,
            tied=h.seats,
            playoff_game=h.played,
            playoff_games=h.games,
            sums=tuple(h.sums[s] for s in h.seats),
        )
        if h.played < h.games:
            return self._start_harakiri()
        index = next(i for i, slot in enumerate(self.slots) if list(h.seats) == slot)
        split = [
            [s for s in h.seats if h.sums[s] == value]
            for value in sorted({h.sums[s] for s in h.seats})
        ]
        self.slots[index : index + 1] = split
        self.harakiri = None
        return self._resolve_order()

    def _totals(self) -> tuple[int, int, int, int]:
        t = self.totals
        return (t[0], t[1], t[2], t[3])

    # -- the result --------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The final order as data (R-RANK, harakiri included), None until the lóra ends.

        ``scores`` are the lóra totals (penalty points, fewer is better). Per seat,
        ``extras``: ``cista_stovka`` the seat's answer (None when not asked),
        ``cista_stovka_made`` whether a declarer ended on exactly 100, ``harakiri`` the seat's
        points in each harakiri game of the play-offs it was in (empty when it was in none),
        ``harakiri_sums`` its summed points per play-off it was in (what ordered its tie).
        ``details``: ``ties`` the tied groups that played harakiri, ``protocol`` the score
        sheet (``ProtocolRow.to_json`` rows)."""
        if self.phase != PHASE_FINISHED or self.order is None:
            return None
        declared = self._declared()
        ties = [slot for slot in rank_slots(self.totals, declared) if len(slot) > 1]
        playoffs = [harakiri_playoffs(self.protocol, s) for s in range(4)]
        places = [0, 0, 0, 0]
        for place, seat in enumerate(self.order, 1):
            places[seat] = place
        extras = tuple(
            {
                "cista_stovka": self.stovka[s] if self.options.cista_stovka else None,
                "cista_stovka_made": declared[s] and self.totals[s] == 100,
                "harakiri": [p for playoff in playoffs[s] for p in playoff],
                "harakiri_sums": [sum(playoff) for playoff in playoffs[s]],
            }
            for s in range(4)
        )
        return Outcome(
            places=tuple(places),
            scores=self._totals(),
            unit="points",
            lower_is_better=True,
            extras=extras,
            details={"ties": ties, "protocol": [row.to_json() for row in self.protocol]},
        )

    # -- views -------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        return seat_view(self, seat)

    def public_view(self) -> PublicView:
        return public_view(self)

    # -- serialization -----------------------------------------------------------------
    def to_json_text(self) -> str:
        """``to_json()`` as the stored text (``json_text``): the log's text is kept from the
        saves before, not serialized again."""
        return self._log_json.state_text(self.to_json(), self.log)

    def to_json(self) -> dict[str, Any]:
        h = self.harakiri
        return {
            "version": 1,
            "options": self.options.to_json(),
            "first_leader": self.first_leader,
            "deal_seed": self.deal_seed,
            "given_deals": None
            if self.given_deals is None
            else [list(d) for d in self.given_deals],
            "deals": [list(d) for d in self.deals],
            "phase": self.phase,
            "tali": self.tali,
            "game_no": self.game_no,
            "attempt": self.attempt,
            "game": None if self.game is None else self.game.to_json(),
            "pending_deal": None if self.pending_deal is None else list(self.pending_deal),
            "stovka": list(self.stovka),
            "stovka_next": self.stovka_next,
            "protocol": [row.to_json() for row in self.protocol],
            "totals": list(self.totals),
            "slots": [list(s) for s in self.slots],
            "harakiri": None
            if h is None
            else {
                "seats": list(h.seats),
                "games": h.games,
                "played": h.played,
                "sums": list(h.sums),
            },
            "order": None if self.order is None else list(self.order),
            "log": self._log_json.of(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Lora:
        """Rebuild a state saved by ``to_json`` (lossless: same legal actions, same future)."""
        try:
            return cls._from_json(data)
        except LoraError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise BadInput("bad_state", value=type(exc).__name__) from None

    @classmethod
    def _from_json(cls, data: dict[str, Any]) -> Lora:
        def deal(d: list[int]) -> Deal:
            return (int(d[0]), int(d[1]), int(d[2]), int(d[3]))

        options = Options.from_json(data["options"])
        given = data["given_deals"]
        lora = cls(
            options=options,
            first_leader=int(data["first_leader"]),
            deals=[deal(d) for d in given] if given is not None else [],
            start=False,
        )
        if given is None:
            lora.given_deals = None
        lora.deal_seed = data["deal_seed"]
        lora.deals = [deal(d) for d in data["deals"]]
        lora.phase = Phase(data["phase"])
        lora.tali = int(data["tali"])
        lora.game_no = int(data["game_no"])
        lora.attempt = data["attempt"]
        lora.game = None if data["game"] is None else partial_game_from_json(data["game"], options)
        pd = data["pending_deal"]
        lora.pending_deal = None if pd is None else deal(pd)
        lora.stovka = list(data["stovka"])
        lora.stovka_next = data["stovka_next"]
        lora.protocol = [
            lora._marked(ProtocolRow.from_json(r), i, r) for i, r in enumerate(data["protocol"])
        ]
        lora.totals = [int(t) for t in data["totals"]]
        lora.slots = [list(s) for s in data["slots"]]
        h = data["harakiri"]
        lora.harakiri = (
            None
            if h is None
            else HarakiriRound(
                tuple(h["seats"]), int(h["games"]), int(h["played"]), list(h["sums"])
            )
        )
        lora.order = None if data["order"] is None else [int(s) for s in data["order"]]
        lora.log = [action_from_json(a) for a in data["log"]]
        return lora

    @classmethod
    def from_sheet(
        cls,
        *,
        options: Options,
        first_leader: int,
        protocol: list[ProtocolRow],
        totals: list[int],
        stovka: list[bool | None],
        order: list[int],
    ) -> Lora:
        """A finished lóra rebuilt from its score sheet alone (no deals, no actions): its
        outcome and public view are those the game ended with. For archives whose actions
        no longer replay (a rule of the engine was corrected since they were played)."""
        lora = cls(options=options, first_leader=first_leader, deals=[], start=False)
        lora.given_deals = None
        lora.protocol = list(protocol)
        lora.totals = list(totals)
        lora.stovka = list(stovka)
        lora.order = list(order)
        lora.tali, lora.game_no = TALIE_PER_LORA, GAMES_PER_TALIE
        lora.phase = PHASE_FINISHED
        return lora

    @classmethod
    def replay(
        cls,
        actions: list[Action],
        *,
        options: Options | None = None,
        first_leader: int = 0,
        rng: random.Random | None = None,
        deals: list[Deal] | None = None,
    ) -> Lora:
        """The state reached by applying an action log to a new lóra (errors propagate)."""
        lora = cls(options=options, first_leader=first_leader, rng=rng, deals=deals)
        for action in actions:
            lora.apply(action)
        return lora

    def deals_text(self) -> list[list[str]]:
        """The deals used so far in RULES.md notation (for archives and replay files)."""
        return [deal_str(d) for d in self.deals]


def refused_cards(lora: Lora, view: SeatView) -> dict[str, list[int]]:
    """The cards of ``view``'s hand that cannot be played now, by the engine's refusal
    (``verify``, the one legality path: each card is tried as the kind of action the seat
    takes now — a card to the trick, a kvarta lead, a desítky card), keyed by its detail: the
    code, or its case where a rule has several (``kvarty_first_lead_wild``); empty when the
    seat is not to play a card. The bot's hand and the terminal game say why from these."""
    cards = {a.card: a for a in view.legal if isinstance(a, (Play, Lead, Lay))}
    if not cards:
        return {}
    kind = type(next(iter(cards.values())))
    found: dict[str, list[int]] = {}
    for card in cards_of(view.hand):
        if card in cards:
            continue
        try:
            lora.verify(kind(view.seat, card))
        except LoraError as exc:
            found.setdefault(exc.detail, []).append(card)
    return found


def parse_deals(data: object) -> list[Deal]:
    if not isinstance(data, list):
        raise BadInput("deals_not_list")
    return [parse_deal(d) for d in data]
