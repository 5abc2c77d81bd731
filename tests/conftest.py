"""Shared fixtures: run the CLI in-process, find sample decks and the test pool."""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from deckcli.cli.app import main
from deckcli.engine.query import Query, compile_query
from deckcli.model.card import Card
from deckcli.model.pool import Pool


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """`--snapshot-update`: write the snapshots of tests/snapshots/ (else a missing or different
    snapshot fails). syrupy (beside pytest-textual-snapshot) declares the same option."""
    if not pluginmanager.hasplugin("syrupy"):
        parser.addoption("--snapshot-update", action="store_true", default=False,
                         help="Write the snapshot files instead of comparing with them.")


REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "samples"
TEST_POOLS = Path(__file__).parent / "data" / "pools"
# the shared reference files beside the checkout (a worktree elsewhere names them by variable)
REFERENCE = Path(os.environ.get("DECKCLI_TEST_REFERENCE") or REPO.parent / "shared" / "reference")


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> object:
        return json.loads(self.out)


_TEST_NUMBER = itertools.count()


_FRESH_POOLS = [False]  # the running test is marked fresh_pools: every load as a run's


@pytest.fixture(scope="session", autouse=True)
def _shipped_cards_decoded_once() -> Iterator[None]:
    """The cards of a shipped pool with its shipped bytes, decoded from its ready form once per
    test process instead of on every in-process command (a run is one process, a test session
    makes thousands of runs; the Digimon pool alone is 3,070 cards). Each run still gets its
    own `Pool` (indexes, memos) built from the current header; whether a pool is shipped is
    asked of the run's own catalogue every time, and a pool anywhere else (a copy, a user
    pool, a changed file) is loaded as a run loads it. The first load of each pool still
    goes through the ready form; a test marked `fresh_pools` (the tests of loading pools:
    tests/test_ready_pools.py, tests/test_header_cache.py) gets every load done as a run
    does it."""
    from deckcli.model.pool import Pool
    from deckcli.pools import cache as pool_cache
    from deckcli.pools.catalogue import builtin_pool_dir

    load = pool_cache.load_cached
    shipped = builtin_pool_dir().resolve()
    decoded: dict[tuple[str, str], list[Card]] = {}

    def load_cached(source: Path, header: Any, catalogue: Any = None) -> Pool:
        if _FRESH_POOLS[0] or catalogue is None or Path(source).resolve().parent != shipped:
            return load(source, header, catalogue)
        digest = catalogue.digest(source)
        if not catalogue.is_shipped(source, digest):
            return load(source, header, catalogue)
        cards = decoded.get((str(source), digest))
        if cards is None:
            pool = load(source, header, catalogue)
            decoded[str(source), digest] = list(pool.cards)
            return pool
        return Pool(source, header, list(cards), digest=digest)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pool_cache, "load_cached", load_cached)
        yield


def _commands_key(typer_instance: Any) -> tuple[object, ...]:
    """What typer builds a click command from: the app, its commands, callback and groups
    (each group's own, recursively); a command module imported later makes a new key."""
    return (id(typer_instance), id(typer_instance.registered_callback),
            tuple(map(id, typer_instance.registered_commands)),
            tuple(_commands_key(group.typer_instance)
                  for group in typer_instance.registered_groups))


@pytest.fixture(scope="session", autouse=True)
def _click_command_built_once() -> Iterator[None]:
    """typer builds the whole click command tree (every command's parameters, from their
    signatures) on every call of the app: once per process for a user, but thousands of times
    for the in-process `cli` fixture, most of a short command's time once every command is
    imported. The tree is kept per set of registered commands (help texts are fixed when a
    command module is imported, so nothing else can change it)."""
    import typer.main

    build = typer.main.get_command
    built: dict[int, tuple[tuple[object, ...], Any]] = {}  # per app: the last key and tree

    def get_command(typer_instance: Any) -> Any:
        key = (_commands_key(typer_instance),
               os.environ.get("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"))
        kept = built.get(id(typer_instance))
        if kept is None or kept[0] != key:
            kept = built[id(typer_instance)] = (key, build(typer_instance))
        return kept[1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer.main, "get_command", get_command)
        yield


@pytest.fixture(autouse=True)
def _isolated_env(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory,
    request: pytest.FixtureRequest,
) -> None:
    """No user pools from the environment; a fresh pool cache per test session."""
    _FRESH_POOLS[0] = request.node.get_closest_marker("fresh_pools") is not None
    monkeypatch.delenv("DECKCLI_POOLS", raising=False)
    monkeypatch.delenv("DECKCLI_FORMAT", raising=False)
    # English whatever the machine's locale; tests of other languages ask for them by name
    monkeypatch.delenv("DECKCLI_LANG", raising=False)
    monkeypatch.setenv("LANGUAGE", "C")
    from deckcli.i18n import use_language

    use_language("en")  # an earlier test's --lang does not carry over
    monkeypatch.setenv("DECKCLI_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))
    monkeypatch.setenv("NO_COLOR", "1")
    # the result cache: one folder per test, so that no test is served a verdict another
    # test computed (a monkeypatch changes behaviour where no cache key can see it)
    from deckcli.app import resultcache
    from deckcli.io.cachestore import Store

    own = resultcache.RESULTS
    monkeypatch.setattr(resultcache, "RESULTS", Store(
        f"results-{next(_TEST_NUMBER)}", own.format, own.code, own.bound, own.max_bytes,
        own.max_age_days))


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """cli("check", "deck.toml") -> Run(code, out, err)."""

    def run(*argv: str | Path) -> Run:
        code = main([str(arg) for arg in argv])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


@pytest.fixture
def write_deck(tmp_path: Path) -> Callable[..., Path]:
    """write_deck("name.toml", text) -> the path of a deck file in a temporary folder."""

    def write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


def query_of(pool: Pool, text: str) -> Query:
    """A card query compiled for a pool (as the resolver compiles rule and search queries)."""
    return compile_query(text, pool.fields)


def toml_deck(game: str, cards: dict[str, int], fmt: str | None = None) -> str:
    """Deck TOML text for tests."""
    lines = [f'game = "{game}"']
    if fmt:
        lines.append(f'format = "{fmt}"')
    lines.append("[cards]")
    lines.extend(f"{json.dumps(ref, ensure_ascii=False)} = {count}" for ref, count in cards.items())
    return "\n".join(lines) + "\n"


def judged(problems: list[dict[str, object]]) -> list[dict[str, object]]:
    """A deck's problems after the `pool-added` notice that a test game's user pool brings
    (asserted there, an information notice, first)."""
    notice, *rest = problems
    assert (notice["rule"], notice["severity"]) == ("pool-added", "info"), problems
    return rest


@pytest.fixture
def judged_files(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files a run really judged (not taken from the result cache)."""
    from deckcli.app import judge

    seen: list[str] = []
    real = judge.check_target

    def counting(target: Any, registry: Any, settings: Any) -> Any:
        seen.append(target.path.name)
        return real(target, registry, settings)

    monkeypatch.setattr(judge, "check_target", counting)
    return seen


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A result and pool cache folder of the test's own."""
    from deckcli.app import resultcache

    folder = tmp_path / "cache"
    monkeypatch.setenv("DECKCLI_CACHE", str(folder))
    monkeypatch.setattr(resultcache, "RESULTS", resultcache.RESULTS_STORE)
    return folder


@pytest.fixture
def decks(tmp_path: Path) -> Path:
    """A folder of three MegaMan samples: two legal (TOML, text), one illegal."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for sample in ("starter-megaman.toml", "illegal-five-copies.toml", "starter-torchman.txt"):
        (folder / sample).write_bytes((SAMPLES / "megaman" / sample).read_bytes())
    return folder


@pytest.fixture
def testgame(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A user pool folder holding a copy of the test game, that pool file, and a legal deck
    of it (exactly 10 cards)."""
    pools = tmp_path / "pools"
    pools.mkdir()
    pool = pools / "testgame.toml"
    pool.write_bytes((TEST_POOLS / "testgame.toml").read_bytes())
    deck = tmp_path / "t.toml"
    deck.write_text(toml_deck("testgame", {"T-01": 1, "T-02": 3, "T-03": 3, "T-04": 3}),
                    encoding="utf-8")
    return pools, pool, deck
