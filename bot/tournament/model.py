"""A tournament's settings and the questions the bot asks of its record.

The record itself is the storage's ``TournamentRecord`` (entrants, rounds, tables of each
round with their results, substitutions); the service keeps it as the database has it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bot.storage.models import (
    EntrantRecord,
    SubstitutionRecord,
    TournamentRecord,
    TournamentTableRecord,
)

JSONDict = dict[str, Any]
FILLS = ("ai", "organiser")  # empty seats: filled with AI players, or the organiser fills them
MAX_ROUNDS = 12
MAX_ENTRANTS = 64
# a round's length as the slash options take it, at a table (``/taroky new``) and at a
# tournament alike (the engine takes any positive count)
MAX_ROUND_MINUTES, MAX_ROUND_DEALS = 600, 200


@dataclass
class TournamentSettings:
    """What the organiser chose: rounds, a round's length (``{"deals": n}``,
    ``{"minutes": n}``, or empty: one game), how empty seats are filled, the AI level of AI
    players and substitutes, the tables' turn timer, language and autoplay, and the game's
    options. ``seed`` makes the draws reproducible (after a restart too)."""

    rounds: int
    length: dict[str, int] = field(default_factory=dict)
    fill: str = "ai"
    ai_level: str = "medium"
    turn_timer: int = 120
    lang: str = "cs"
    autoplay: bool = True
    options: JSONDict = field(default_factory=dict)
    seed: int = 0

    def to_json(self) -> JSONDict:
        return {
            "rounds": self.rounds,
            "length": dict(self.length),
            "fill": self.fill,
            "ai_level": self.ai_level,
            "turn_timer": self.turn_timer,
            "lang": self.lang,
            "autoplay": self.autoplay,
            "options": dict(self.options),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, d: JSONDict) -> TournamentSettings:
        length = d.get("length")
        options = d.get("options")
        return cls(
            rounds=int(d.get("rounds", 1)),
            length={str(k): int(v) for k, v in length.items()} if isinstance(length, dict)
            else {},
            fill=str(d.get("fill", "ai")),
            ai_level=str(d.get("ai_level", "medium")),
            turn_timer=int(d.get("turn_timer", 120)),
            lang=str(d.get("lang", "cs")),
            autoplay=bool(d.get("autoplay", True)),
            options=dict(options) if isinstance(options, dict) else {},
            seed=int(d.get("seed", 0)),
        )


def settings_of(t: TournamentRecord) -> TournamentSettings:
    return TournamentSettings.from_json(t.settings)


def entrant(t: TournamentRecord, number: int) -> EntrantRecord:
    return next(e for e in t.entrants if e.entrant_no == number)


def entrant_number(t: TournamentRecord, number: int) -> int:
    """The entrant's number as the tournament's message lists him (1, 2, 3… in the order
    of registration, no gap for one who withdrew before the start) and his table sheets
    print it."""
    return next(i for i, e in enumerate(t.entrants, 1) if e.entrant_no == number)


def entrant_of_user(t: TournamentRecord, user_id: int) -> EntrantRecord | None:
    return next((e for e in t.entrants if e.user_id == user_id), None)


def organiser_shown(t: TournamentRecord) -> str:
    """The organiser as a refusal names him (review 84: "only the organiser" left a player
    asking who that is): his entry's name, else a mention (shown privately: it pings no
    one)."""
    e = None if t.organiser_id is None else entrant_of_user(t, t.organiser_id)
    return e.name if e is not None else f"<@{t.organiser_id}>" if t.organiser_id else "—"


def tables_of(t: TournamentRecord, round_no: int) -> list[TournamentTableRecord]:
    return [s for s in t.tables if s.round_no == round_no]


def slot(t: TournamentRecord, round_no: int, table_no: int) -> TournamentTableRecord:
    return next(s for s in t.tables if s.round_no == round_no and s.table_no == table_no)


def substitution(t: TournamentRecord, round_no: int, table_no: int,
                 seat: int) -> SubstitutionRecord | None:
    return next((s for s in t.substitutions if (s.round_no, s.table_no, s.seat)
                 == (round_no, table_no, seat)), None)


def table_done(t: TournamentRecord, round_no: int, table_no: int, result: JSONDict,
               game_id: int | None, returned: list[int]) -> TournamentRecord:
    """``t`` as the store holds it once ``finish_table`` has recorded the table: its result
    and game, its "busy" substitutions of the seats ``returned`` dropped. The posts that
    commit with that step are built from it (review 53: the table's sheet in its thread was
    built before the result, and had no alt text)."""
    tables = [replace(s, result=result, game_id=game_id)
              if (s.round_no, s.table_no) == (round_no, table_no) else s for s in t.tables]
    subs = [x for x in t.substitutions
            if not ((x.round_no, x.table_no) == (round_no, table_no) and x.seat in returned
                    and x.reason == "busy")]
    return replace(t, tables=tables, substitutions=subs)


def has_withdrawn(e: EntrantRecord) -> bool:
    """He withdrew from the tournament (Odstoupit, left his table, or asked to be replaced):
    an AI substitute plays for him from ``replaced_from`` on, and no seat of it is his to
    take back."""
    return e.replaced_from is not None


def absent_from(t: TournamentRecord, e: EntrantRecord) -> int | None:
    """The first round in which the AI made every move of the entrant's seat (he never
    clicked: an "absent" substitution), None if none: he is withdrawn from the round after
    it on, as after Odstoupit, and the sheets, standings and exports say why."""
    return min((x.round_no for x in t.substitutions
                if x.entrant_no == e.entrant_no and x.reason == "absent"), default=None)


def withdrawn_for_absence(t: TournamentRecord, e: EntrantRecord) -> int | None:
    """The round whose absence withdrew him (``absent_from``: an AI substitute plays for
    him from the round after it), None if he is not withdrawn for that: he is told why
    when he asks (review 80: "there is no way back", and he never withdrew)."""
    absent = absent_from(t, e)
    return absent if absent is not None and e.replaced_from == absent + 1 else None


def played_on(t: TournamentRecord, e: EntrantRecord) -> bool:
    """He may be crowned: an AI entrant, or a person who neither withdrew nor was absent for
    a whole round (both stay in the standings, tagged; the podium and the winner's line name
    the best of those who played on)."""
    return e.ai_level is not None or (
        e.user_id is not None and not has_withdrawn(e) and absent_from(t, e) is None)


def withdrawn(e: EntrantRecord, round_no: int) -> bool:
    """An AI substitute plays for this registered player in round ``round_no`` and on: he
    withdrew, left a table or asked to be replaced (``replaced_from``), or was forgotten (no
    user). Never an AI entrant."""
    return e.ai_level is None and (
        e.user_id is None or (e.replaced_from is not None and e.replaced_from <= round_no))


def ai_plays(e: EntrantRecord, round_no: int) -> bool:
    """An AI plays for the entrant in round ``round_no``: an AI entrant, or one withdrawn
    (the draw spreads them all: people meet people)."""
    return e.ai_level is not None or withdrawn(e, round_no)


def busy_seat(t: TournamentRecord, round_no: int, table_no: int,
              e: EntrantRecord) -> int | None:
    """The entrant's seat at this table of the round if an AI plays it as his substitute
    because he was playing at another table when the round began ("busy"); None if not."""
    s = next((s for s in tables_of(t, round_no) if s.table_no == table_no), None)
    if s is None or e.entrant_no not in s.seats:
        return None
    seat = s.seats.index(e.entrant_no)
    sub = substitution(t, round_no, table_no, seat)
    return seat if sub is not None and sub.reason == "busy" else None


def round_finished(t: TournamentRecord, round_no: int) -> bool:
    return any(r.round_no == round_no and r.status == "finished" for r in t.rounds)


def finished_rounds(t: TournamentRecord) -> int:
    """The last round all of whose tables are done (0: none yet): what the export's
    and the end's standings stand after."""
    return max((r.round_no for r in t.rounds if r.status == "finished"), default=0)


def standings_after(t: TournamentRecord, round_no: int) -> list[JSONDict] | None:
    found = next((r for r in t.rounds if r.round_no == round_no), None)
    return None if found is None else found.standings


def link(t: TournamentRecord, round_no: int, table_no: int) -> JSONDict:
    """Which tournament's table: its tournament, round and table (``Table.tournament``
    holds this and the seats' entrants, ``seated_link``)."""
    return {"id": t.tournament_id, "round": round_no, "table": table_no}


def seated_link(t: TournamentRecord, s: TournamentTableRecord) -> JSONDict:
    """What a tournament's table carries (``Table.tournament``): ``link`` and its seats'
    entrants by their numbers in the tournament (``entrant_number``), so that its pictures
    name a player whose name they cannot draw as the tournament's pictures do ("hráč č. 7")."""
    return {**link(t, s.round_no, s.table_no),
            "entrants": [entrant_number(t, number) for number in s.seats]}
