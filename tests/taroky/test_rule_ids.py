"""Every rule id of TAROKY.md has a test named after it (``test_T_BID_ZDUCH_…``), and
docs/TAROKY.md is the workplace's TAROKY.md."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "TAROKY.md"


def test_every_rule_id_has_a_test():
    ids = sorted(set(re.findall(r"\bT-[A-Z0-9]+(?:-[A-Z0-9]+)*", DOC.read_text(encoding="utf-8"))))
    names = []
    for path in Path(__file__).parent.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names += [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    missing = [
        rule for rule in ids
        if not any(re.match("test_" + rule.replace("-", "_") + "_[a-z]", n) for n in names)
    ]  # fmt: skip
    assert len(ids) >= 40 and missing == []


def test_docs_taroky_is_the_shared_spec():
    shared = Path("/work/shared/TAROKY.md")
    if shared.exists():
        assert DOC.read_bytes() == shared.read_bytes()
