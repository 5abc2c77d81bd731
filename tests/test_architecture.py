"""The layering of docs/architecture.md holds: each package imports only the layers below it."""

from __future__ import annotations

import ast
import functools
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
    "deckcli.tui": ("deckcli.model", "deckcli.io", "deckcli.engine", "deckcli.formats",
                    "deckcli.pools", "deckcli.report", "deckcli.draw", "deckcli.app"),
    "deckcli.cli": ("deckcli.model", "deckcli.io", "deckcli.engine", "deckcli.formats",
                    "deckcli.pools", "deckcli.report", "deckcli.draw", "deckcli.app",
                    "deckcli.lsp", "deckcli.tui"),
}
LOOSE = {"deckcli", "deckcli.__main__", "deckcli.errors", "deckcli.textnorm", "deckcli.escape"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(module: str) -> str:
    """The layer a module belongs to: deckcli.X for deckcli.X.*, the module itself when loose."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else module


@functools.cache
def _source(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for every test of this file (they only read it)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def imports_of(path: Path) -> set[str]:
    """Every deckcli module a file imports, at the top or inside functions."""
    found: set[str] = set()
    for node in ast.walk(_source(path)):
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


def module_imports(path: Path) -> set[str]:
    """The deckcli modules a file imports (at the top, in a function, or for type checking
    only), `from package import module` counted as the module."""
    known = {module_name(module) for module in MODULES}
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("deckcli"):
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.add(child if child in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("deckcli"))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(_source(path))
    return found - {module_name(path)}


def test_no_module_imports_itself_back():
    """No import circle between modules, whether the imports run at the top, in a function
    or only for type checking: a circle held apart by where an import stands is still two
    modules that need each other (a package's `__init__` left out: importing a submodule
    always runs it first)."""
    graph = {module_name(path): {target for target in module_imports(path)
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


CACHE_OWNER = "deckcli.io.cachestore"
CACHE_API = {"Store", "dumps", "clean", "code_stamp", "STALE_TEMP_SECONDS"}
CACHE_VARIABLES = {"DECKCLI_CACHE", "XDG_CACHE_HOME"}


def cache_touches(path: Path) -> list[str]:
    """How a module reaches the cache folder other than through a store: an import of the
    store module's internals, or a look at the variables that name the folder."""
    found = []
    for node in ast.walk(_source(path)):
        if isinstance(node, ast.ImportFrom) and node.module == CACHE_OWNER:
            found += [f"imports {alias.name}" for alias in node.names
                      if alias.name not in CACHE_API]
        elif isinstance(node, ast.Import):
            found += [f"imports {alias.name}" for alias in node.names
                      if alias.name == CACHE_OWNER]
        elif isinstance(node, (ast.Call, ast.Subscript)):
            parts = node.args if isinstance(node, ast.Call) else [node.slice]
            found += [f"reads {part.value}" for part in parts
                      if isinstance(part, ast.Constant) and part.value in CACHE_VARIABLES]
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_one_module_owns_the_cache_folder(path):
    """Only `io/cachestore.py` finds, opens, writes or removes anything in the cache folder;
    every other module keeps its entries through a `Store` (issue 33)."""
    if module_name(path) == CACHE_OWNER:
        return
    touches = cache_touches(path)
    assert not touches, f"{module_name(path)} {touches}: use a Store of {CACHE_OWNER}"


def test_the_cache_rule_sees_a_module_that_breaks_it(tmp_path):
    rogue = tmp_path / "rogue.py"
    rogue.write_text("import os\nfrom deckcli.io.cachestore import cache_dir\n"
                     "folder = os.environ.get('DECKCLI_CACHE')\n"
                     "other = os.environ['XDG_CACHE_HOME']\n", encoding="utf-8")
    assert cache_touches(rogue) == ["imports cache_dir", "reads DECKCLI_CACHE",
                                    "reads XDG_CACHE_HOME"]


# --- one home for each fact: deck formats --------------------------------------------------

FORMATS_PACKAGE = "deckcli.formats"
# Modules naming files that are never decks: the cache folder's entries are JSON files.
NOT_DECK_FILES = {"deckcli.io.cachestore", "deckcli.app.resultcache", "deckcli.pools.cache",
                  "deckcli.pools.poolfile", "deckcli.pools.scriptcache"}


def deck_formats() -> tuple[tuple[str, ...], tuple[str, ...]]:
    from deckcli.formats.kinds import DECK_SUFFIXES, KINDS

    return DECK_SUFFIXES, KINDS


OUTSIDE_FORMATS = [path for path in MODULES
                   if package_of(module_name(path)) != FORMATS_PACKAGE]


@pytest.mark.parametrize("path", OUTSIDE_FORMATS, ids=lambda p: module_name(p))
def test_no_deck_suffix_outside_formats(path):
    """A deck format's suffixes are its module's: no other layer writes `".toml"` or
    `".dek"` (it asks `formats.kinds`)."""
    if module_name(path) in NOT_DECK_FILES:
        return
    suffixes, _ = deck_formats()
    found = [(node.lineno, node.value) for node in ast.walk(_source(path))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and node.value.lower() in suffixes]
    assert not found, f"{module_name(path)} names deck suffixes {found}: ask formats.kinds"


@pytest.mark.parametrize("path", OUTSIDE_FORMATS, ids=lambda p: module_name(p))
def test_no_branch_on_a_deck_format_name_outside_formats(path):
    """No `deck.kind == "toml"` (or `by_kind("text")`) outside `deckcli.formats`: what differs
    between formats is a property or a method of the format (`formats.base.DeckFormat`)."""
    _, kinds = deck_formats()
    found = []
    for node in ast.walk(_source(path)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            named = [op for op in operands if isinstance(op, ast.Constant) and op.value in kinds]
            if named and any("kind" in ast.unparse(op) for op in operands if op not in named):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] in (
                "by_kind", "by_name") and any(isinstance(arg, ast.Constant)
                                              and arg.value in kinds for arg in node.args):
            found.append((node.lineno, ast.unparse(node)))
    assert not found, f"{module_name(path)} branches on a format's name: {found}"


def game_patterns() -> list[tuple[str, str]]:
    """(module, name) of every regular expression of deckcli that reads a `game` line or
    field."""
    found = []
    for path in MODULES:
        for node in ast.walk(_source(path)):
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and ast.unparse(node.value.func) == "re.compile" and node.value.args
                    and "game" in ast.unparse(node.value.args[0])):
                found += [(module_name(path), ast.unparse(target)) for target in node.targets]
    return found


def test_one_game_line_pattern_per_format_family():
    """The `# game:` line of the text family (text lists, a .dek that is a list, CSV comment
    rows) and the TOML deck's `game = "…"` field are each read by one pattern, in
    `deckcli.formats`; sniffing, completion, fixes and the reading of a text too broken to
    parse all use it."""
    assert sorted(game_patterns()) == [("deckcli.formats.textread", "TEXT_META"),
                                       ("deckcli.formats.toml_format", "TOML_FIELD")]


def test_the_language_server_imports_no_rule_kind():
    """What a hover says about a rule and what fix a problem offers are the rule kind's to
    say (`RuleKind.hover`, `RuleKind.fix`): the language server asks `engine.rules`, never a
    kind's module."""
    wrong = {module_name(path): sorted(target for target in imports_of(path)
                                       if target.startswith("deckcli.engine.rules.kinds"))
             for path in MODULES if module_name(path).startswith("deckcli.lsp")}
    assert {name: found for name, found in wrong.items() if found} == {}
