"""An entrant's standing in a tournament — an AI entrant, playing, absent for a whole round,
withdrawn (an AI substitute from a round on), or forgotten (an AI plays for him, from when
is not kept) — decided once, and the catalog key each place words it with: the
tournament's message (``line``), the pictures' tags (``tag``), a marked name (``name``),
the CSV's note (``csv``). (known1: four places decided it each its own way.)"""

from __future__ import annotations

from typing import Literal, NamedTuple

from bot.i18n import t
from bot.storage.models import EntrantRecord, TournamentRecord
from bot.tournament import model

Kind = Literal["ai", "playing", "absent", "replaced", "forgotten"]
Form = Literal["line", "tag", "name", "csv"]

# "" where the form says nothing of that standing (a name as it is, no tag, no note)
_KEYS: dict[Form, dict[Kind, str]] = {
    "line": {"ai": "core.tournament.entrant_ai", "playing": "core.tournament.entrant",
             "absent": "core.tournament.entrant_absent",
             "replaced": "core.tournament.entrant_replaced",
             "forgotten": "core.tournament.entrant_replaced"},
    "tag": {"ai": "core.tournament.tag_ai", "playing": "",
            "absent": "core.tournament.tag_absent", "replaced": "core.tournament.tag_replaced",
            "forgotten": "core.tournament.tag_withdrawn"},
    "name": {"ai": "", "playing": "", "absent": "core.tournament.absent_name",
             "replaced": "core.tournament.replaced_name", "forgotten": "core.left_name"},
    # (the CSV's notes list the rounds an AI stood in for one busy elsewhere, then the
    # standing in the words of the others: "AI od 2. kola", "nepřítomnost – AI od 1. kola")
    "csv": {"ai": "core.tournament.csv_ai", "playing": "", "absent": "core.tournament.csv_absent",
            "replaced": "core.tournament.tag_replaced", "forgotten": ""},
}


class EntrantStatus(NamedTuple):
    kind: Kind
    round: int | None  # absent: the round he never moved in; replaced: the AI's first one


def entrant_status(t_: TournamentRecord, e: EntrantRecord) -> EntrantStatus:
    """What the tournament says of ``e``: a whole round's absence before a withdrawal (it
    withdrew him), a forgotten player without his withdrawal's round as one withdrawn
    from the tournament's current round."""
    if e.ai_level is not None:
        return EntrantStatus("ai", None)
    absent = model.absent_from(t_, e)
    if absent is not None:
        return EntrantStatus("absent", absent)
    if model.has_withdrawn(e):
        return EntrantStatus("replaced", e.replaced_from)
    if e.user_id is None:
        return EntrantStatus("forgotten", t_.round_no)
    return EntrantStatus("playing", None)


def status_key(status: EntrantStatus, form: Form, over: bool = False) -> str:
    """The catalog key of ``status`` in ``form`` ("" for none); ``over``: the tournament's
    message of one that has ended tells an absence's substitute in the past (a withdrawn
    one's "AI od 2. kola" holds either way, the words of his tags — review 97)."""
    key = _KEYS[form][status.kind]
    return key + "_over" if over and form == "line" and status.kind == "absent" else key


def status_text(t_: TournamentRecord, e: EntrantRecord, form: Form, lang: str,
                over: bool = False, **values: object) -> str:
    """``e``'s standing in ``form`` with ``values`` (``n``, ``name``, ``user``), "" for none."""
    status = entrant_status(t_, e)
    key = status_key(status, form, over)
    if not key:
        return ""
    level = t(f"core.ai_{e.ai_level}", lang) if e.ai_level is not None else ""
    return t(key, lang, round=status.round, level=level, **values)
