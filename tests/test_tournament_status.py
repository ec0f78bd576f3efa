"""An entrant's standing, decided once (``bot.tournament.status``) and worded the same by the
tournament's message, the standings' tags, a marked name and the CSV's notes (known1: four
places decided it each its own way; a forgotten player had no tag on the standings)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.storage.models import (
    ANONYMOUS,
    EntrantRecord,
    SubstitutionRecord,
    TournamentRecord,
    TournamentStatus,
)
from bot.tournament.desk import entrant_lines
from bot.tournament.export import _csv_notes
from bot.tournament.pictures import entrant_tags, marked_name
from bot.tournament.status import EntrantStatus, entrant_status

WHEN = datetime(2026, 1, 1, tzinfo=UTC)


def _tournament(e: EntrantRecord, status: TournamentStatus = TournamentStatus.PLAYING,
                absent_in: int | None = None) -> TournamentRecord:
    subs = [] if absent_in is None else [SubstitutionRecord(absent_in, 1, 0, e.entrant_no,
                                                            "absent")]
    return TournamentRecord(1, 1, 1, 101, "lora", status, {"rounds": 3}, 2, None, WHEN, WHEN,
                            entrants=[e], substitutions=subs)


def _words(t_: TournamentRecord, lang: str) -> tuple[str, list[str], str, list[str]]:
    e = t_.entrants[0]
    return (entrant_lines(t_, lang)[0], [tag.label for tag in entrant_tags(t_, e, lang)],
            marked_name(t_, e, e.name, lang), _csv_notes(t_, e, 2, lang))


def test_an_ai_entrant_is_named_with_its_level() -> None:
    t_ = _tournament(EntrantRecord(1, None, "Robot", ai_level="easy"))
    assert entrant_status(t_, t_.entrants[0]) == EntrantStatus("ai", None)
    assert _words(t_, "en") == ("1. Robot (AI, easy)", ["easy"], "Robot", ["AI player (easy)"])


def test_a_player_who_plays_on_is_mentioned_without_a_mark() -> None:
    t_ = _tournament(EntrantRecord(1, 501, "Ann"))
    assert entrant_status(t_, t_.entrants[0]) == EntrantStatus("playing", None)
    assert _words(t_, "en") == ("1. <@501>", [], "Ann", [])


def test_a_withdrawn_player_reads_an_ai_from_his_round() -> None:
    t_ = _tournament(EntrantRecord(1, 501, "Ann", replaced_from=2))
    assert entrant_status(t_, t_.entrants[0]) == EntrantStatus("replaced", 2)
    assert _words(t_, "en") == ("1. Ann – an AI plays for them from round 2",
                                ["AI from round 2"], "Ann (AI from round 2)",
                                ["AI from round 2"])
    over = _tournament(t_.entrants[0], TournamentStatus.FINISHED)
    assert entrant_lines(over, "cs") == ["1. Ann – od 2. kola až do konce turnaje hrála AI"]


def test_an_absent_player_reads_his_round_without_a_move() -> None:
    t_ = _tournament(EntrantRecord(1, 501, "Ann", replaced_from=2), absent_in=1)
    assert entrant_status(t_, t_.entrants[0]) == EntrantStatus("absent", 1)
    assert _words(t_, "en") == (  # (one term for it, "absent – AI": review 89)
        "1. Ann – absent in round 1 (no move of their own): an AI plays on for them",
        ["absent – AI"], "Ann (absent – AI from round 1)",
        ["round 1: absent – AI (no move of their own)", "AI from round 2"])
    assert _words(t_, "cs")[:3] == (
        "1. Ann – nepřítomnost v 1. kole (ani jeden vlastní tah): dál hraje AI",
        ["nepřítomnost – AI"], "Ann (nepřítomnost – AI od 1. kola)")


def test_a_forgotten_player_reads_an_ai_substitute_everywhere() -> None:
    t_ = _tournament(EntrantRecord(1, None, ANONYMOUS))
    assert entrant_status(t_, t_.entrants[0]) == EntrantStatus("forgotten", 2)
    line, tags, _name, notes = _words(t_, "en")
    assert (line, tags, notes) == ("1. Anonymous – an AI plays for them from round 2",
                                   ["AI substitute"], [])
    assert marked_name(t_, t_.entrants[0], "Anonymous", "en") == "Anonymous (AI)"  # (r. 89)
