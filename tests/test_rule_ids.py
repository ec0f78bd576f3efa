"""Every rule id of RULES.md (Lóra, ``R-…``) has a test named after it (``test_R_KVARTY_END_…``),
and docs/RULES.md is the workplace's RULES.md. The Taroky counterpart is
tests/taroky/test_rule_ids.py."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "RULES.md"


def rule_ids() -> list[str]:
    return sorted(set(re.findall(r"\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*", DOC.read_text(encoding="utf-8"))))


def function_names() -> list[str]:
    names = []
    for path in Path(__file__).parent.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names += [
            n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        ]
    return names


def test_every_rule_id_has_a_test():
    ids = rule_ids()
    names = function_names()
    missing = [
        rule for rule in ids
        if not any(re.match("test_" + rule.replace("-", "_") + "_[a-z]", n) for n in names)
    ]  # fmt: skip
    assert len(ids) >= 20 and missing == []


def test_a_longer_id_does_not_count_for_a_shorter_one():
    """``test_R_TRICK_END_…`` names R-TRICK-END, not R-TRICK: the id must be followed by a
    lower-case word, so each id needs its own test."""
    pattern = "test_" + "R-TRICK".replace("-", "_") + "_[a-z]"
    assert not re.match(pattern, "test_R_TRICK_END_points")
    assert re.match(pattern, "test_R_TRICK_follow_suit")


def test_docs_rules_is_the_shared_spec():
    shared = Path("/work/shared/RULES.md")
    if shared.exists():
        assert DOC.read_bytes() == shared.read_bytes()
