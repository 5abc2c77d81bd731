"""The layering of docs/architecture.md holds: no module imports against the arrows."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "deckcli"

SHELL = ("deckcli.pools.load", "deckcli.pools.registry", "deckcli.pools.cache",
         "deckcli.deckfile.read", "deckcli.checkrun", "deckcli.opendeck", "deckcli.scan",
         "deckcli.workers", "deckcli.cli", "deckcli.report", "deckcli.fileio", "deckcli.config",
         "deckcli.ignore", "deckcli.sniff")
CORE = ("deckcli.query", "deckcli.resolver", "deckcli.rules", "deckcli.check", "deckcli.draw")
FORBIDDEN = {
    **dict.fromkeys(CORE, SHELL),
    "deckcli.report": ("deckcli.rules", "deckcli.checkrun", "deckcli.pools", "deckcli.resolver"),
    "deckcli.pools.model": ("deckcli.pools.load", "deckcli.pools.registry", "deckcli.resolver"),
    "deckcli.result": ("deckcli.rules", "deckcli.pools", "deckcli.resolver"),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every deckcli module a file imports, at the top or inside functions."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("deckcli"):
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("deckcli"))
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_imports_follow_the_layers(path):
    name = module_name(path)
    rules = [banned for layer, banned in FORBIDDEN.items()
             if name == layer or name.startswith(layer + ".")]
    wrong = sorted(target for target in imports_of(path) for banned in rules
                   for prefix in banned if target == prefix or target.startswith(prefix + "."))
    assert not wrong, f"{name} imports {wrong}: see docs/architecture.md"


def test_modules_stay_short():
    long = {module_name(p): n for p in MODULES
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 330}
    assert not long, f"split these modules (lines): {long}"
