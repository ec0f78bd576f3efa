"""A player who left a lóra, an AI finishing it in his seat: from which tálie (or in the
harakiri, after all four), as his name is marked where results are listed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.i18n import ordinal, t, v_before
from bot.model import Table
from engine.lora import Lora
from engine.lora_spec import lora_of


def result_name(table: Table, seat: int, lang: str) -> str:
    """The seat's name where results are listed: a player who left marked with when an AI
    took his seat ("Cyril (od 3. tálie hrála AI)", "Cyril (v harakiri hrála AI)": he played
    the 4th tálie himself; "Cyril (celou hru hrála AI)": not one move was his), else as the
    lines of moves name it (``Table.move_names``); one an AI stood in for at every move of
    a finished lóra is marked as one who left before his first move (``stood_in_whole``)."""
    left = left_talie(table, seat)
    if left is None and not stood_in_whole(table, seat):
        return table.move_names()[seat]
    name = table.names()[seat]
    if left is None or left.whole:
        return t("lora.left_name_whole", lang, name=name)
    end = "_harakiri" if left.harakiri else ""
    if left.earlier:
        return t(f"lora.left_name_again{end}", lang, name=name, n=left.tali,
                 tali=ordinals(left.earlier, lang), v=v_before(left.earlier[0]))
    return t(f"lora.left_name{end}", lang, name=name, n=left.tali)


class LeftAt(NamedTuple):
    """When an AI took the seat of a player who left (``left_talie``)."""

    earlier: tuple[int, ...]  # the tálie an AI played in while he was gone before
    tali: int  # the tálie of his last leaving
    harakiri: bool  # he left in the harakiri, after all four tálie (he played the 4th)
    # an AI made every move of the seat: he left (or was replaced, a tournament's
    # substitute) before a move of his own — review 80: "from the 1st round of eight on"
    # beside the tournament's "AI from round 2"
    whole: bool = False


def left_talie(table: Table, seat: int) -> LeftAt | None:
    """The tálie from which an AI played the seat of a player who left (his last leaving;
    or that he left in the harakiri), and before it the tálie in which an AI played his
    cards while he was gone earlier (he took the seat back then: ``Seat.left_before``),
    those from the last leaving on not repeated — None: no such seat, or not known. The
    lóra replayed to his last leaving (a few ms)."""
    s = table.seats[seat] if 0 <= seat < len(table.seats) else None
    if s is None or not s.left or s.left_at is None or table.state is None:
        return None
    lora = lora_of(table.state)
    if s.left_at > len(lora.log):
        return None
    talie = []  # the tálie of each action, by its version (0: in the harakiri)
    try:
        then = Lora(options=lora.options, first_leader=lora.first_leader,
                    deals=list(lora.deals))
        for action in lora.log[:s.left_at]:
            talie.append(0 if then.harakiri is not None else then.tali)
            then.apply(action)
    except Exception:  # (a log that no longer replays: the mark without its tálie)
        return None
    harakiri = then.harakiri is not None
    spans = list(zip(s.left_before[::2], s.left_before[1::2], strict=False))
    away = {v for left, back in spans for v in range(left, min(back, s.left_at))}
    earlier = {talie[v] for v in away if getattr(lora.log[v], "seat", None) == seat
               and talie[v] > 0 and (harakiri or talie[v] < then.tali)}
    own = any(getattr(action, "seat", None) == seat and v not in away
              for v, action in enumerate(lora.log[:s.left_at]))
    return LeftAt(tuple(sorted(earlier)), then.tali, harakiri, whole=not own)


def stood_in_whole(table: Table, seat: int) -> bool:
    """A finished lóra's player who never clicked a move (``Seat.never_clicked``; the moves the
    table forced on him are no clicks) and never left it, for whom an AI stood in: it played
    the whole game for him, as for one who left before his first move (review 87: "Tahů
    zahraných AI: 215" beside the tournament's "not one move was your own")."""
    s = table.seats[seat] if 0 <= seat < len(table.seats) else None
    return (s is not None and s.user_id is not None and not s.left and s.left_at is None
            and not s.left_before and s.never_clicked
            and table.state is not None and table.state.finished)


def ordinals(talie: Sequence[int], lang: str) -> str:
    """Tálie by their ordinals ("1., 2.")."""
    return ", ".join(ordinal(n, lang) for n in talie)


