"""engine/ stays pure: no discord, aiosqlite, PIL or asyncio, and no global RNG."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
FORBIDDEN = {"discord", "aiosqlite", "PIL", "asyncio"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_nothing_forbidden():
    files = sorted(ENGINE.rglob("*.py"))
    assert files, "engine/ has no Python files"
    bad = {str(p.relative_to(ENGINE)): _imports(p) & FORBIDDEN for p in files}
    assert {k: v for k, v in bad.items() if v} == {}


def test_engine_never_uses_the_global_rng():
    """Calls like random.shuffle()/random.choice() on the module would be the global RNG."""
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "random"
                and node.func.attr != "Random"
            ):
                offenders.append(f"{path.name}:{node.lineno} random.{node.func.attr}")
    assert offenders == []
