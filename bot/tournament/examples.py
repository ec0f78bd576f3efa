"""Example tournaments played by AI players through the engine (no Discord, no database) and
their pictures: ``python -m bot.tournament examples [DIR]`` writes the standings and a table
sheet of a Lóra and a Taroky tournament (docs/img); the render tests use them too."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from bot.storage.models import (
    EntrantRecord,
    RoundRecord,
    SubstitutionRecord,
    TournamentRecord,
    TournamentStatus,
    TournamentTableRecord,
)
from bot.tournament.model import TournamentSettings
from bot.tournament.pictures import sheet_png, standings_png
from bot.tournament.scoring import standings
from engine import games
from engine.tournament import draw_tables, meetings

NAMES = ("Anička", "Bohouš", "Cecílie", "Dalibor", "Eliška", "František Xaver Kolowrat")
AI = (("AI Karel", "medium"), ("AI Božena", "easy"))
WHEN = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)


# a larger field's further people (the render tests' 12, 16, 33 entrants): first names and
# surnames, some long
FIRST = ("Jana", "Petr", "Zdeňka", "Vojtěch", "Ludmila", "Bedřich", "Markéta", "Jaroslav")
LAST = ("Nováková", "Svoboda", "Dvořáková", "Procházka", "Kučerová-Hrabětová", "Veselý",
        "Štěpánková", "Horák")


def example_tournament(kind: str, rounds: int = 2, seed: int = 7,
                       field_size: int = 8) -> TournamentRecord:
    """Eight entrants (six people, two AI players) — ``field_size``: more people after them —
    ``rounds`` rounds played by the medium AI; the second entrant left his table in round 1
    (an AI substitute from then on). A field that fills no whole tables (9, 33: the render
    tests' pages of one line) has its last entrants sit the rounds out ("–")."""
    spec = games.get(kind)
    rules = spec.tournament_rules()
    length = {"deals": 3} if rules.round_units else {}
    settings = TournamentSettings(rounds=rounds, length=length, seed=seed)
    people = [*NAMES, *(f"{FIRST[i % len(FIRST)]} {LAST[(i * 3 + i // len(FIRST)) % len(LAST)]}"
                        for i in range(field_size - len(NAMES) - len(AI)))]
    entrants = [EntrantRecord(i + 1, 1000 + i, name)
                for i, name in enumerate(people[:len(NAMES)])]
    entrants += [EntrantRecord(len(NAMES) + i + 1, None, name, level)
                 for i, (name, level) in enumerate(AI)]
    entrants += [EntrantRecord(len(entrants) + i + 1, 2000 + i, name)
                 for i, name in enumerate(people[len(NAMES):])]
    playing = [e.entrant_no for e in entrants][:len(entrants) - len(entrants) % spec.seats]
    entrants[1].replaced_from = 1
    t = TournamentRecord(1, 1, 1, 1000, kind, TournamentStatus.FINISHED, settings.to_json(),
                         rounds, None, WHEN, WHEN, entrants=entrants)
    rng = random.Random(seed)
    for r in range(1, rounds + 1):
        earlier = [s.seats for s in t.tables]
        drawn = draw_tables(playing, rng, spec.seats, meetings(earlier))
        for n, seats in enumerate(drawn, 1):
            state = spec.new(rules.round_options({}, length, rounds),
                             random.Random(f"{seed}/{r}/{n}"))
            step = 0
            while not state.finished:
                seat = state.to_act
                assert seat is not None
                state.apply(spec.ai_action(state, seat, "medium", random.Random(step)))
                step += 1
            outcome = state.outcome()
            assert outcome is not None
            t.tables.append(TournamentTableRecord(r, n, list(seats), result=outcome.to_json()))
            if 2 in seats:
                reason = "left" if r == 1 else "withdrawn"
                t.substitutions.append(SubstitutionRecord(r, n, seats.index(2), 2, reason))
        t.rounds.append(RoundRecord(r, "finished", [x.to_json() for x in standings(t, r)],
                                    WHEN, WHEN))
    return t


def write_examples(out: Path, lang: str = "cs") -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in ("lora", "taroky"):
        t = example_tournament(kind)
        path = out / f"tournament_standings_{kind}.png"
        path.write_bytes(standings_png(t, 2, lang))
        written.append(path)
        path = out / f"tournament_sheet_{kind}.png"
        left = next(s for s in t.tables if s.round_no == 1 and 2 in s.seats)
        path.write_bytes(sheet_png(t, left, lang))
        written.append(path)
    return written
