"""T-SCORE and T-VARSAVA-SCORE: the money of one deal, from the facts of its end.

The deal calls these once it is over; the AI calls the same functions on the ends of its
simulated deals, so both count alike. Money is in haléře (``hal``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.taroky.announce import DECLARER_SIDE, OPPONENTS
from engine.taroky.hlasky import HONOUR_HLASKY, VALUE

RATES = {"1P": 10, "2P": 10, "3P1": 10, "3P2": 20, "3P3": 30, "6P": 60}  # T-SCORE-RATES
VARSAVA_RATE = 10
BLANA_RATE = 20
PAGAT_SILENT, PAGAT_ANNOUNCED = 200, 400
VALAT_SILENT, VALAT_ANNOUNCED = 400, 800
HALF_EYES = 35
LAST_TRICK = 12  # the pagát ultimo's trick (T-HLASKY-PAGAT)
ROUNDING = 50


@dataclass(frozen=True, slots=True)
class PagatResult:
    """The pagát ultimo of a deal: whose (the seat of ``I``), announced or silent, won —
    and in which trick (1–12) ``I`` was played, which says why an announced one failed:
    played before the last trick, or beaten in it (None: not known, a result made by hand)."""

    seat: int
    side: str
    announced: bool
    level: int
    won: bool
    trick: int | None = None

    @property
    def early(self) -> bool:
        """``I`` was played before the last trick (an announced one failed so, else it was
        beaten there)."""
        return self.trick is not None and self.trick < LAST_TRICK

    @property
    def amount(self) -> int:
        """P of T-SCORE-BINDING: + when it favours the declarer side."""
        value = PAGAT_ANNOUNCED << self.level if self.announced else PAGAT_SILENT
        return value if (self.side == DECLARER_SIDE) == self.won else -value


@dataclass(frozen=True, slots=True)
class ValatResult:
    """A valát of a deal: announced (and flekovaný) or silent, for which side, won."""

    side: str
    announced: bool
    level: int
    won: bool

    @property
    def amount(self) -> int:
        value = VALAT_ANNOUNCED << self.level if self.announced else VALAT_SILENT
        return value if (self.side == DECLARER_SIDE) == self.won else -value


@dataclass(frozen=True, slots=True)
class Score:
    """Everything T-SCORE computes for one deal."""

    eyes: tuple[int, int] | None  # (declarer side, opponents); None in Varšava
    eyes_by_seat: tuple[int, int, int, int] | None  # Varšava only
    blana: tuple[bool, bool, bool, bool] | None  # Varšava only
    counted: tuple[tuple[bool, ...], ...]  # per seat, per hláška: counted
    pagat: PagatResult | None
    valats: tuple[ValatResult, ...]
    components: dict[str, int] | None  # G H P V S A; None in Varšava
    money: tuple[int, int, int, int]
    payments: tuple[tuple[int, int, int], ...]  # (payer, receiver, hal)


def round_up(amount: int) -> int:
    """Up to the next multiple of 50 hal ([P] "zaokrouhluje nahoru po 50 hal")."""
    return -(-amount // ROUNDING) * ROUNDING


def net_amount(total: int, cap: int | None) -> int:
    """T-SCORE-NET 2: ``|S|`` rounded up, then capped."""
    a = round_up(abs(total))
    return a if cap is None else min(a, cap)


def game_component(eyes_d: int, rate: int, level: int, tie: str) -> int:
    """T-SCORE-GAME: ``G = (E − 35) · r · 2^L``; at 35:35 nothing, or with ``tie = one_eye``
    the declarer side (flekovaný: the side that gave the last level) pays one eye."""
    mult: int = rate << level
    if eyes_d != HALF_EYES:
        return (eyes_d - HALF_EYES) * mult
    if tie == "zero":
        return 0
    if level % 2 == 1:  # the opponents gave the last level (flek, sup, …)
        return mult
    return -mult


def counted_hlasky(
    hlasky: Sequence[Sequence[str]], sides: Sequence[str], eyes_d: int
) -> tuple[tuple[bool, ...], ...]:
    """T-SCORE-HLASKY: a hláška counts if its side won, an honour hláška always; at a tie
    none."""
    if eyes_d == HALF_EYES:
        return tuple(tuple(False for _ in h) for h in hlasky)
    winner = DECLARER_SIDE if eyes_d > HALF_EYES else OPPONENTS
    return tuple(
        tuple(sides[s] == winner or h in HONOUR_HLASKY for h in hlasky[s]) for s in range(4)
    )


def hlaska_money(hlaska: str, counted: bool) -> int:
    """What one revealing hláška brings its holder's side: its value (small 50, large 100;
    never flekovaná) if it counts (T-SCORE-HLASKY), else nothing."""
    return VALUE[hlaska] if counted else 0


def hlasky_component(
    hlasky: Sequence[Sequence[str]], sides: Sequence[str], counted: Sequence[Sequence[bool]]
) -> int:
    """``H``: the counted hlášky, + for the declarer side's, − for the opponents'."""
    total = 0
    for s in range(4):
        for h, c in zip(hlasky[s], counted[s], strict=True):
            value = hlaska_money(h, c)
            total += value if sides[s] == DECLARER_SIDE else -value
    return total


def pagat_result(
    *,
    seat: int | None,
    trick: int | None,
    won_trick: bool,
    announced: bool,
    level: int,
    sides: Sequence[str],
) -> PagatResult | None:
    """T-HLASKY-PAGAT from where ``I`` went: ``seat`` played it in ``trick`` (0-based) and
    took that trick or not. Announced: won iff it takes trick 12. Silent: only a pagát
    played in trick 12 counts."""
    if seat is None:
        return None
    played = None if trick is None else trick + 1
    last = played == LAST_TRICK
    if announced:
        return PagatResult(seat, sides[seat], True, level, last and won_trick, played)
    if not last:
        return None
    return PagatResult(seat, sides[seat], False, 0, won_trick, played)


def valat_results(
    tricks_d: int, announced_side: str | None, level: int
) -> tuple[ValatResult, ...]:
    """T-HLASKY-VALAT: the announced valát (won iff its side took all 12 tricks) and any
    silent valát (a side took all 12 tricks with none announced for it)."""
    taken = {DECLARER_SIDE: tricks_d, OPPONENTS: 12 - tricks_d}
    out: list[ValatResult] = []
    if announced_side is not None:
        out.append(ValatResult(announced_side, True, level, taken[announced_side] == 12))
    for side in (DECLARER_SIDE, OPPONENTS):
        if taken[side] == 12 and side != announced_side:
            out.append(ValatResult(side, False, 0, True))
    return tuple(out)


def settle(
    total: int, declarer: int, partner: int | None, cap: int | None
) -> tuple[int, tuple[int, int, int, int], tuple[tuple[int, int, int], ...]]:
    """T-SCORE-NET 3: the amount ``A``, each seat's money and the payments.

    2 v 2: the declarer settles with the opponent next after him, the partner with the
    other; 1 v 3 (``partner`` None): every opponent with the declarer."""
    a = net_amount(total, cap)
    money = [0, 0, 0, 0]
    payments: list[tuple[int, int, int]] = []
    if a == 0:
        return 0, (0, 0, 0, 0), ()
    opponents = [(declarer + k) % 4 for k in (1, 2, 3) if (declarer + k) % 4 != partner]
    if partner is None:
        pairs = [(declarer, o) for o in opponents]
    else:
        pairs = [(declarer, opponents[0]), (partner, opponents[1])]
    for d, o in pairs:
        payer, receiver = (o, d) if total > 0 else (d, o)
        money[payer] -= a
        money[receiver] += a
        payments.append((payer, receiver, a))
    return a, (money[0], money[1], money[2], money[3]), tuple(payments)


def score_game(
    *,
    game: str,
    declarer: int,
    partner: int | None,
    eyes_d: int,
    tricks: Sequence[int],
    hlasky: Sequence[Sequence[str]],
    game_level: int,
    pagat: PagatResult | None,
    valat_side: str | None,
    valat_level: int,
    tie: str,
    cap: int | None,
) -> Score:
    """T-SCORE for every game but Varšava."""
    sides = [
        DECLARER_SIDE if s in (declarer, partner) else OPPONENTS for s in range(4)
    ]
    tricks_d = sum(tricks[s] for s in range(4) if sides[s] == DECLARER_SIDE)
    g = game_component(eyes_d, RATES[game], game_level, tie)
    counted = counted_hlasky(hlasky, sides, eyes_d)
    h = hlasky_component(hlasky, sides, counted)
    p = 0 if pagat is None else pagat.amount
    valats = valat_results(tricks_d, valat_side, valat_level)
    v = sum(x.amount for x in valats)
    total = g + h + p + v
    a, money, payments = settle(total, declarer, partner, cap)
    return Score(
        eyes=(eyes_d, 70 - eyes_d),
        eyes_by_seat=None,
        blana=None,
        counted=counted,
        pagat=pagat,
        valats=valats,
        components={"G": g, "H": h, "P": p, "V": v, "S": total, "A": a},
        money=money,
        payments=payments,
    )


def score_varsava(
    eyes_by_seat: Sequence[int], tricks: Sequence[int], cap: int | None
) -> Score:
    """T-VARSAVA-SCORE: every pair settles the difference of its eyes, 10 hal an eye (20 to a
    blána, who took no trick), each payment rounded up and capped on its own."""
    money = [0, 0, 0, 0]
    payments: list[tuple[int, int, int]] = []
    blana = tuple(t == 0 for t in tricks)
    for i in range(4):
        for j in range(i + 1, 4):
            if eyes_by_seat[i] == eyes_by_seat[j]:
                continue
            payer, receiver = (i, j) if eyes_by_seat[i] > eyes_by_seat[j] else (j, i)
            diff = eyes_by_seat[payer] - eyes_by_seat[receiver]
            rate = BLANA_RATE if blana[receiver] else VARSAVA_RATE
            a = net_amount(diff * rate, cap)
            money[payer] -= a
            money[receiver] += a
            payments.append((payer, receiver, a))
    e = eyes_by_seat
    return Score(
        eyes=None,
        eyes_by_seat=(e[0], e[1], e[2], e[3]),
        blana=(blana[0], blana[1], blana[2], blana[3]),
        counted=((), (), (), ()),
        pagat=None,
        valats=(),
        components=None,
        money=(money[0], money[1], money[2], money[3]),
        payments=tuple(payments),
    )
