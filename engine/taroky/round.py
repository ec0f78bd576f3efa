"""A round at one table (T-ROUND): deals with the rotating dealer, money, dokup, the protocol.

``TarokyRound`` is the object the bot drives; it implements ``engine.game.GameState``. The
round ends after ``round_limit`` deals, after the last given deal, or — when the bot's clock
says time is up — after the deal in progress: the bot applies ``EndRound()`` (any time, not a
seat's move; it is logged like every action, so replaying the log reproduces the round).

Deals come from an injected ``random.Random`` (one seed drawn from it, then one derived RNG
per deal) or are given. ``to_json`` stores the source of the deals, the options and the log;
``from_json`` replays the log and checks the stored summary against the replayed state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.game import GameAction, Outcome, TimeLimit
from engine.log_json import LogJSON
from engine.taroky.actions import ACTION_TYPES, Action, DealAction, EndRound, action_from_json
from engine.taroky.cards import cards_str, hand_str, parse_cards, parse_hand
from engine.taroky.deal import TarokyDeal, random_deal
from engine.taroky.errors import BadInput, GameOver, TarokyError, WrongPhase
from engine.taroky.events import DokupAdded, Event, RoundEnding, RoundFinished
from engine.taroky.options import TarokyOptions
from engine.taroky.protocol import DealRecord, record_of
from engine.taroky.views import PublicView, SeatView, TableView, deal_public_view, deal_seat_view

GivenDeal = tuple[tuple[int, int, int, int], tuple[int, ...]]  # (hands, talon)
FIRST_DEALER = 3  # T-SEATS Decision 2: seat 3 deals first, seat 0 is the first předák


def places_of(results: Sequence[int]) -> tuple[int, ...]:
    """1 = best; equal results share the better place (two firsts, then third)."""
    return tuple(1 + sum(1 for r in results if r > mine) for mine in results)


class TarokyRound:
    def __init__(
        self,
        *,
        options: TarokyOptions | None = None,
        rng: random.Random | None = None,
        deals: Sequence[GivenDeal] | None = None,
        round_no: int = 1,
        first_dealer: int = FIRST_DEALER,
    ) -> None:
        if (rng is None) == (deals is None) or (deals is not None and not deals):
            raise BadInput("deal_source")
        if not 0 <= first_dealer <= 3:
            raise BadInput("bad_field", name="first_dealer", value=repr(first_dealer))
        self.options = options or TarokyOptions()
        self.round_no = round_no
        self.first_dealer = first_dealer
        self.deal_seed: int | None = rng.getrandbits(64) if rng is not None else None
        self.given_deals: list[GivenDeal] | None = list(deals) if deals is not None else None
        stake = self.options.stake
        self.money = [stake, stake, stake, stake]
        self.dokup = [0, 0, 0, 0]
        self.protocol: list[DealRecord] = []
        self.ending = False
        self.over = False
        self.log: list[Action] = []
        self._log_json = LogJSON()
        self.last_deal: TarokyDeal | None = None
        self.deal = self._new_deal(1, first_dealer)
        self.start_events: list[Event] = list(self.deal.start_events)

    @classmethod
    def new(cls, options: dict[str, Any] | None, rng: random.Random) -> TarokyRound:
        """``GameSpec.new``: a round with options JSON and random deals; a tournament's
        table plays the round its options name (``TarokyOptions.round``)."""
        parsed = TarokyOptions.from_json(options)
        return cls(options=parsed, rng=rng, round_no=parsed.round)

    def _new_deal(self, deal_no: int, dealer: int) -> TarokyDeal:
        if self.given_deals is not None:
            hands, talon = self.given_deals[deal_no - 1]
        else:
            rng = random.Random(f"taroky-deal/{self.deal_seed}/{deal_no}")
            hands, talon = random_deal(rng, dealer)
        return TarokyDeal(hands, talon, dealer, self.options, deal_no)

    # -- the GameState API -------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.over

    @property
    def to_act(self) -> int | None:
        return None if self.over else self.deal.to_act

    @property
    def results(self) -> tuple[int, int, int, int]:
        """Per seat: money − stake − dokup (T-ROUND)."""
        r = [self.money[s] - self.options.stake - self.dokup[s] for s in range(4)]
        return (r[0], r[1], r[2], r[3])

    def legal_actions(self) -> list[DealAction]:
        """The seat's legal moves (``EndRound`` is the table's, never listed)."""
        return [] if self.over else self.deal.legal_actions()

    def verify(self, action: object) -> None:
        if self.over:
            raise GameOver()
        if isinstance(action, EndRound):
            if self.ending:
                raise WrongPhase("round_ending")
            return
        self.deal.verify(action)

    @property
    def deal_began(self) -> int:
        """The index in ``log`` of the deal in progress's first action (``len(log)`` before
        it has one): the deal's own actions are the last ones of the log, the table's
        ``EndRound`` requests among them."""
        left, i = len(self.deal.log), len(self.log)
        while left > 0:
            i -= 1
            if not isinstance(self.log[i], EndRound):
                left -= 1
        return i

    def is_legal(self, action: object) -> bool:
        try:
            self.verify(action)
        except TarokyError:
            return False
        return True

    def apply(self, action: GameAction) -> list[Event]:
        """Apply one action after verifying it; on any refusal nothing has changed."""
        self.verify(action)
        assert isinstance(action, ACTION_TYPES)  # verify refuses another game's actions
        if isinstance(action, EndRound):
            self.ending = True
            self.log.append(action)
            return [RoundEnding()]
        events = self.deal.apply(action)
        if self.deal.finished:
            events += self._after_deal()
        self.log.append(action)
        return events

    def apply_json(self, data: object) -> list[Event]:
        return self.apply(action_from_json(data))

    def _after_deal(self) -> list[Event]:
        deal = self.deal
        assert deal.score is not None
        events: list[Event] = []
        added = [0, 0, 0, 0]
        step = self.options.dokup_step
        for s, change in enumerate(deal.score.money):
            short = -(self.money[s] + change)
            if short > 0:  # dokup: the smallest multiple of the step that avoids going below 0
                added[s] = -(-short // step) * step
                self.money[s] += added[s]
                self.dokup[s] += added[s]
                events.append(DokupAdded(s, added[s]))
            self.money[s] += change
        m = self.money
        self.protocol.append(
            record_of(
                deal,
                self.round_no,
                (added[0], added[1], added[2], added[3]),
                (m[0], m[1], m[2], m[3]),
                self.results,
            )
        )
        n = deal.deal_no
        last_given = self.given_deals is not None and n >= len(self.given_deals)
        limit = self.options.round_deals
        if self.ending or last_given or (limit is not None and n >= limit):
            self.over = True
            return [*events, RoundFinished(self.results)]
        self.last_deal = deal
        self.deal = self._new_deal(n + 1, deal.predak)  # the předák deals next (T-SEATS)
        return events + self.deal.start_events

    # -- views -------------------------------------------------------------------------
    def public_view(self) -> TableView:
        m, d = self.money, self.dokup
        return TableView(
            round_no=self.round_no,
            deal_no=self.deal.deal_no,
            options=self.options,
            money=(m[0], m[1], m[2], m[3]),
            dokup=(d[0], d[1], d[2], d[3]),
            results=self.results,
            protocol=tuple(self.protocol),
            ending=self.ending,
            finished=self.over,
            deal=deal_public_view(self.deal),
            last_deal=None if self.last_deal is None else deal_public_view(self.last_deal),
        )

    def view(self, seat: int) -> SeatView:
        return deal_seat_view(self.deal, seat, self.public_view())

    def deal_view(self) -> PublicView:
        return deal_public_view(self.deal)

    def outcome(self) -> Outcome | None:
        """Places by round result (ties share), scores = results in hal."""
        if not self.over:
            return None
        results = self.results
        return Outcome(
            places=places_of(results),
            scores=results,
            unit="hal",
            lower_is_better=False,
            extras=tuple({"money": self.money[s], "dokup": self.dokup[s]} for s in range(4)),
            details={
                "deals": len(self.protocol),
                "round": self.round_no,
                "protocol": [r.to_json() for r in self.protocol],
            },
        )

    def time_limit(self) -> TimeLimit | None:
        """T-ROUND by the clock: ``round_limit`` minutes, then ``EndRound()`` (None with a
        limit in deals, or once the end is requested)."""
        minutes = self.options.round_minutes
        if minutes is None or self.ending or self.over:
            return None
        return TimeLimit(seconds=60.0 * minutes, action=EndRound())

    # -- serialization -----------------------------------------------------------------
    def _summary(self) -> dict[str, Any]:
        return {
            "deals": len(self.protocol),
            "deal_phase": self.deal.phase,
            "money": list(self.money),
            "dokup": list(self.dokup),
            "ending": self.ending,
            "finished": self.over,
        }

    def to_json_text(self) -> str:
        """``to_json()`` as the stored text (``json_text``): the log's text is kept from the
        saves before, not serialized again."""
        return self._log_json.state_text(self.to_json(), self.log)

    def to_json(self) -> dict[str, Any]:
        given = None
        if self.given_deals is not None:
            given = [
                {"hands": [hand_str(h) for h in hs], "talon": cards_str(t)}
                for hs, t in self.given_deals
            ]
        return {
            "game": "taroky",
            "version": 1,
            "options": self.options.to_json(),
            "round_no": self.round_no,
            "first_dealer": self.first_dealer,
            "deal_seed": self.deal_seed,
            "given_deals": given,
            "log": self._log_json.of(self.log),
            "summary": self._summary(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TarokyRound:
        """Rebuild a round saved by ``to_json``: replay its log, check its summary."""
        try:
            rnd = cls._from_json(data)
        except BadInput:
            raise
        except TarokyError as exc:
            raise BadInput("bad_state", value=exc.code) from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise BadInput("bad_state", value=type(exc).__name__) from None
        if "summary" in data and data["summary"] != rnd._summary():
            raise BadInput("bad_state", value="summary")
        return rnd

    @classmethod
    def _from_json(cls, data: dict[str, Any]) -> TarokyRound:
        options = TarokyOptions.from_json(data["options"])
        given = data["given_deals"]
        deals: list[GivenDeal] | None = None
        rng = None
        if given is not None:
            deals = []
            for g in given:
                hs = [parse_hand(h) for h in g["hands"]]
                deals.append(((hs[0], hs[1], hs[2], hs[3]), tuple(parse_cards(g["talon"]))))
        else:
            rng = random.Random(0)  # replaced by the stored seed below
        rnd = cls(
            options=options,
            rng=rng,
            deals=deals,
            round_no=int(data["round_no"]),
            first_dealer=int(data["first_dealer"]),
        )
        if given is None:
            rnd.deal_seed = int(data["deal_seed"])
            rnd.deal = rnd._new_deal(1, rnd.first_dealer)
            rnd.start_events = list(rnd.deal.start_events)
        for raw in data["log"]:
            rnd.apply(action_from_json(raw))
        return rnd

    @classmethod
    def replay(
        cls,
        actions: Sequence[Action],
        *,
        options: TarokyOptions | None = None,
        rng: random.Random | None = None,
        deals: Sequence[GivenDeal] | None = None,
        round_no: int = 1,
        first_dealer: int = FIRST_DEALER,
    ) -> TarokyRound:
        """The state reached by applying an action log to a new round (errors propagate)."""
        rnd = cls(
            options=options, rng=rng, deals=deals, round_no=round_no, first_dealer=first_dealer
        )
        for a in actions:
            rnd.apply(a)
        return rnd
