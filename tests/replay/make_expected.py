"""Write ``NAME.expected.json`` for replay scenarios, from the real CLI.

    PYTHONPATH=. python tests/replay/make_expected.py NAME [NAME ...]

Only for new scenarios, or after a deliberate change of the engine: read every written file
and check its numbers by hand before committing (``HAND`` and ``HAND_LORAS`` in
``tests/test_replay_corpus.py`` hold the numbers worked out by hand). ``events`` are free
form (REPLAY.md) and are not stored. ``NAME.en.expected.json`` is written as well when it
exists already (a run with ``--lang en``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def render(expected: dict[str, Any]) -> str:
    """One field per line; rows of ``legal`` and ``protocol`` one per line."""
    out = expected["output"]
    lines = ["{", f' "args": {_dump(expected["args"])},', f' "exit": {expected["exit"]},']
    lines.append(' "output": {')
    keys = list(out)
    for i, key in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        value = out[key]
        if key in ("legal", "protocol") and isinstance(value, list) and len(value) > 1:
            lines.append(f'  "{key}": [')
            lines += [
                f"   {_dump(v)}" + ("," if j < len(value) - 1 else "") for j, v in enumerate(value)
            ]
            lines.append("  ]" + comma)
        else:
            lines.append(f'  "{key}": {_dump(value)}{comma}')
    lines += [" }", "}"]
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == expected
    return text


def expected_of(name: str, args: list[str]) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(HERE / f"{name}.json"), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
    )
    assert proc.stderr == "", proc.stderr
    out = json.loads(proc.stdout)
    del out["events"]
    return {"args": args, "exit": proc.returncode, "output": out}


def main(names: list[str]) -> None:
    for name in names:
        runs = [("", [])]
        if (HERE / f"{name}.en.expected.json").exists():
            runs.append((".en", ["--lang", "en"]))
        for suffix, args in runs:
            text = render(expected_of(name, args))
            (HERE / f"{name}{suffix}.expected.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
