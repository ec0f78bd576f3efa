"""The protocol row of a finished deal ("Protocol (what the bot records)" of TAROKY.md).

A row exists only once its deal is over, when everything may be shown (T-VIEW), so it holds
the partner, the talon and the discards. The round keeps one row per deal; the public view
of the table carries them for the bot to draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.taroky.cards import card_str
from engine.taroky.scoring import HALF_EYES, PagatResult, ValatResult, hlaska_money
from engine.taroky.talon import silent_solo

if TYPE_CHECKING:
    from engine.taroky.deal import TarokyDeal

Four = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class DealRecord:
    round_no: int
    deal_no: int
    dealer: int
    predak: int
    bids: tuple[tuple[int, str], ...]  # in order
    game: str  # 1P 2P 3P1 3P2 3P3 6P W
    zduch: bool  # Varšava žďuchaná
    declarer: int
    called: int | None  # 1P/2P
    partner: int | None
    alone: bool | None  # None in Varšava
    tiche_solo: bool  # the declarer called a tarok he held
    talon: tuple[int, ...]
    taken: tuple[tuple[int, ...], ...]  # talon cards taken per seat
    discards: tuple[tuple[int, ...], ...]
    shown: tuple[int, ...]  # 3P: rejected trojkas
    hlasky: tuple[tuple[tuple[str, bool], ...], ...]  # per seat: (hláška, counted)
    pagat: PagatResult | None
    valats: tuple[ValatResult, ...]
    flek: tuple[int, int, int]  # game, pagát, valát
    tricks: Four
    eyes: tuple[int, int] | None  # (declarer side, opponents)
    eyes_by_seat: Four | None  # Varšava
    blana: tuple[bool, bool, bool, bool] | None  # Varšava
    components: dict[str, int] | None  # G H P V S A
    payments: tuple[tuple[int, int, int], ...]  # (payer, receiver, hal)
    money: Four  # this deal's change per seat
    dokup: Four  # dokup added before this deal's payments
    running: Four  # money after the deal
    results: Four  # money − stake − dokup after the deal
    valat_by: int | None = None  # the seat that announced the valát (None: nobody)

    @property
    def declarers(self) -> tuple[int, ...]:
        """The declarer side's seats: the declarer and his partner, if he has one."""
        return (self.declarer,) if self.partner is None else (self.declarer, self.partner)

    @property
    def tie(self) -> bool:
        """The game ended 35:35 (T-SCORE-GAME's tie; never in Varšava)."""
        return self.eyes is not None and self.eyes[0] == HALF_EYES

    @property
    def tie_payer(self) -> str | None:
        """At a tie the table settles as a loss by one eye (``tie = one_eye``): the side
        that pays it, ``"D"`` the declarer's or ``"O"`` (flekovaný: the side that gave the
        last level), as the game component ``G`` came out; None: no tie, or one paid by
        nobody (``tie = zero``)."""
        if not self.tie or self.components is None or self.components["G"] == 0:
            return None
        return "O" if self.components["G"] > 0 else "D"

    def side_seats(self, side: str) -> list[int]:
        """The seats of a side, in seat order: ``"D"`` the declarer's, else the opponents'."""
        return [s for s in range(4) if (s in self.declarers) == (side == "D")]

    def payments_of(self, payer: int) -> list[tuple[int, int]]:
        """What ``payer`` pays in this deal: (receiver, hal) in seat order."""
        return sorted((r, hal) for p, r, hal in self.payments if p == payer)

    @property
    def hlasky_money(self) -> tuple[tuple[tuple[str, bool, int], ...], ...]:
        """Per seat: (hláška, counted, what it brought its holder's side in hal); the
        counted ones, signed by side, are the component ``H``."""
        return tuple(tuple((h, c, hlaska_money(h, c)) for h, c in seat) for seat in self.hlasky)

    @property
    def hlasky_said(self) -> list[tuple[int, tuple[tuple[str, bool, int], ...]]]:
        """(seat, its ``hlasky_money``) for each seat with a hláška, in the order T-ANNOUNCE
        publishes them: the declarer first, then in playing order — as the deal's lines said
        them, so its result and protocol row list them (they went by seat)."""
        money = self.hlasky_money
        return [(s, money[s]) for s in ((self.declarer + k) % 4 for k in range(4)) if money[s]]

    def to_json(self) -> dict[str, Any]:
        def cards(cs: tuple[int, ...]) -> list[str]:
            return [card_str(c) for c in cs]

        p = self.pagat
        return {
            "round": self.round_no,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "predak": self.predak,
            "bids": [[s, b] for s, b in self.bids],
            "game": self.game,
            "zduch": self.zduch,
            "declarer": self.declarer,
            "called": None if self.called is None else card_str(self.called),
            "partner": self.partner,
            "alone": self.alone,
            "tiche_solo": self.tiche_solo,
            "talon": cards(self.talon),
            "taken": [cards(t) for t in self.taken],
            "discards": [cards(d) for d in self.discards],
            "shown": cards(self.shown),
            "hlasky": [[[h, c] for h, c in seat] for seat in self.hlasky],
            "pagat": None
            if p is None
            else {
                "seat": p.seat,
                "side": p.side,
                "announced": p.announced,
                "flek": p.level,
                "won": p.won,
            },
            "valat": [
                {"side": v.side, "announced": v.announced, "flek": v.level, "won": v.won,
                 **({"by": self.valat_by} if v.announced and self.valat_by is not None
                    else {})}
                for v in self.valats
            ],
            "flek": {"game": self.flek[0], "pagat": self.flek[1], "valat": self.flek[2]},
            "tricks": list(self.tricks),
            "eyes": None if self.eyes is None else list(self.eyes),
            "eyes_by_seat": None if self.eyes_by_seat is None else list(self.eyes_by_seat),
            "blana": None if self.blana is None else list(self.blana),
            "components": None if self.components is None else dict(self.components),
            "payments": [list(x) for x in self.payments],
            "money": list(self.money),
            "dokup": list(self.dokup),
            "running": list(self.running),
            "results": list(self.results),
        }


def record_of(
    deal: TarokyDeal, round_no: int, dokup: Four, running: Four, results: Four
) -> DealRecord:
    """The row of a finished deal, with the round's money after it."""
    score = deal.score
    assert score is not None and deal.game is not None and deal.declarer is not None
    hl = deal.hlasky or ((), (), (), ())
    varsava = deal.game == "W"
    called = deal.called
    return DealRecord(
        round_no=round_no,
        deal_no=deal.deal_no,
        dealer=deal.dealer,
        predak=deal.predak,
        bids=tuple(deal.bids),
        game=deal.game,
        zduch=deal.zduch,
        declarer=deal.declarer,
        called=called,
        partner=deal.partner,
        alone=None if varsava else deal.alone,
        tiche_solo=called is not None and silent_solo(deal.dealt[deal.declarer], called),
        talon=deal.talon,
        taken=tuple(deal.taken),
        discards=tuple(tuple(d) for d in deal.discards),
        shown=tuple(deal.shown),
        hlasky=tuple(
            tuple(zip(hl[s], score.counted[s], strict=True)) if hl[s] else ()
            for s in range(4)
        ),
        pagat=score.pagat,
        valats=score.valats,
        flek=(deal.levels["game"], deal.levels["pagat"], deal.levels["valat"]),
        tricks=(deal.won[0], deal.won[1], deal.won[2], deal.won[3]),
        eyes=score.eyes,
        eyes_by_seat=score.eyes_by_seat,
        blana=score.blana,
        components=score.components,
        payments=score.payments,
        money=score.money,
        dokup=dokup,
        running=running,
        results=results,
        valat_by=deal.valat_by,
    )
