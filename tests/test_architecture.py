"""The layering of docs/architecture.md holds: each package imports only the layers below it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "deckcli"
DOC = PACKAGE.parent / "docs" / "architecture.md"

BASE = ("deckcli", "deckcli.errors", "deckcli.textnorm", "deckcli.escape")
BASE_PACKAGES = ("deckcli.i18n",)  # packages every layer may import, and that import no layer


def is_base(module: str) -> bool:
    return module in BASE or package_of(module) in BASE_PACKAGES
# package -> the deckcli packages it may import (besides itself and the base modules)
ALLOWED: dict[str, tuple[str, ...]] = {
    "deckcli.i18n": (),
    "deckcli.model": (),
    "deckcli.io": (),
    "deckcli.engine": ("deckcli.model",),
    "deckcli.draw": ("deckcli.model", "deckcli.engine"),
    "deckcli.formats": ("deckcli.model", "deckcli.io", "deckcli.engine"),
    "deckcli.pools": ("deckcli.model", "deckcli.io", "deckcli.engine"),
    "deckcli.report": ("deckcli.model", "deckcli.io"),
    "deckcli.app": ("deckcli.model", "deckcli.io", "deckcli.engine", "deckcli.formats",
                    "deckcli.pools", "deckcli.report", "deckcli.draw"),
    "deckcli.lsp": ("deckcli.model", "deckcli.io", "deckcli.engine", "deckcli.formats",
                    "deckcli.pools", "deckcli.report", "deckcli.draw", "deckcli.app"),
    "deckcli.cli": ("deckcli.model", "deckcli.io", "deckcli.engine", "deckcli.formats",
                    "deckcli.pools", "deckcli.report", "deckcli.draw", "deckcli.app",
                    "deckcli.lsp"),
}
LOOSE = {"deckcli", "deckcli.__main__", "deckcli.errors", "deckcli.textnorm", "deckcli.escape"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(module: str) -> str:
    """The layer a module belongs to: deckcli.X for deckcli.X.*, the module itself when loose."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else module


def imports_of(path: Path) -> set[str]:
    """Every deckcli module a file imports, at the top or inside functions."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("deckcli"):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("deckcli"))
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_imports_follow_the_layers(path):
    name = module_name(path)
    layer = package_of(name)
    if name in LOOSE and name != "deckcli.__main__":
        allowed = ()
    elif name == "deckcli.__main__":
        allowed = ("deckcli.cli",)
    else:
        assert layer in ALLOWED, f"{name} is in no layer: see docs/architecture.md"
        allowed = ALLOWED[layer]
    wrong = sorted(target for target in imports_of(path)
                   if not is_base(target) and package_of(target) != layer
                   and package_of(target) not in allowed)
    assert not wrong, f"{name} ({layer}) imports {wrong}: see docs/architecture.md"


def test_few_loose_modules():
    loose = {module_name(p) for p in PACKAGE.glob("*.py")}
    assert loose <= LOOSE, f"put these in a layer: {sorted(loose - LOOSE)}"


def test_modules_stay_short():
    long = {module_name(p): n for p in MODULES
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 330}
    assert not long, f"split these modules (lines): {long}"


def test_the_document_states_these_layers():
    """docs/architecture.md's layer table names each package with exactly these imports."""
    rows = dict(re.findall(r"^\| `(deckcli\.[a-z0-9]+)` \|[^|]*\|[^|]*\| ([^|]*) \|$",
                           DOC.read_text(encoding="utf-8"), flags=re.M))
    stated = {pkg: tuple(sorted(re.findall(r"`(deckcli\.[a-z]+)`", cell)))
              for pkg, cell in rows.items()}
    assert stated == {pkg: tuple(sorted(allowed)) for pkg, allowed in ALLOWED.items()}


def import_edges() -> list[tuple[str, str]]:
    """Every (package, package it imports) of the code, base modules left out."""
    edges = set()
    for path in MODULES:
        name = module_name(path)
        if name in LOOSE:
            continue
        edges.update((package_of(name), package_of(target)) for target in imports_of(path)
                     if not is_base(target) and package_of(target) != package_of(name))
    return sorted(edges)


def mermaid() -> str:
    """The import diagram of docs/architecture.md, drawn from the code."""
    lines = [f"  {source.removeprefix('deckcli.')} --> {target.removeprefix('deckcli.')}"
             for source, target in import_edges()]
    return "\n".join(["graph TD", *lines])


def test_the_diagram_draws_the_real_imports():
    """docs/architecture.md's mermaid diagram has exactly the imports the code has."""
    found = re.search(r"<!-- imports: [^>]*-->\n```mermaid\n(.*?)\n```",
                      DOC.read_text(encoding="utf-8"), flags=re.S)
    assert found is not None, "docs/architecture.md lost its imports diagram"
    assert found.group(1) == mermaid(), f"paste into docs/architecture.md:\n{mermaid()}"


if __name__ == "__main__":
    print(mermaid())


def runtime_imports(path: Path) -> set[str]:
    """The deckcli modules a file imports when it runs (at the top or in a function; not
    under `if TYPE_CHECKING:`), `from package import module` counted as the module."""
    known = {module_name(module) for module in MODULES}
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("deckcli"):
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.add(child if child in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("deckcli"))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found - {module_name(path)}


def test_no_module_imports_itself_back():
    """No runtime import cycle between modules (a package's `__init__` left out: importing a
    submodule always runs it first)."""
    graph = {module_name(path): {target for target in runtime_imports(path)
                                 if not (PACKAGE / Path(*target.split(".")[1:]) /
                                         "__init__.py").exists()}
             for path in MODULES}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the current path, 2 done

    def walk(module: str, trail: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                cycles.append([*trail[trail.index(target):], target])
            elif target not in state:
                walk(target, [*trail, target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module, [module])
    assert cycles == [], "\n".join(" -> ".join(cycle) for cycle in cycles)


def test_the_language_server_imports_no_rule_kind():
    """What a hover says about a rule and what fix a problem offers are the rule kind's to
    say (`RuleKind.hover`, `RuleKind.fix`): the language server asks `engine.rules`, never a
    kind's module."""
    wrong = {module_name(path): sorted(target for target in imports_of(path)
                                       if target.startswith("deckcli.engine.rules.kinds"))
             for path in MODULES if module_name(path).startswith("deckcli.lsp")}
    assert {name: found for name, found in wrong.items() if found} == {}
