"""A check run: the paths scanned, each deck read, placed in its game and format, checked,
and the results gathered with the documentation of the rules they report.

This is the shell around the pure `check.check_deck`: it reads files (`deckfile.read`),
loads pools (`pools.registry`) and shares large runs among workers (`workers`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from deckcli.app.placement import place
from deckcli.app.scan import EmptyFolder, Skip, Target, scan_paths
from deckcli.app.settings import Settings
from deckcli.engine.check import check_deck, unchecked
from deckcli.escape import printable_path
from deckcli.formats.kinds import SNIFFED_SUFFIXES, kind_of
from deckcli.formats.read import (
    UNREADABLE_RULES,
    decode_deck_bytes,
    parse_deck_bytes,
    read_deck_file,
    read_limited,
)
from deckcli.formats.sniff import not_a_deck
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem
from deckcli.model.result import CheckResult, DeckResult, RuleDoc
from deckcli.pools.registry import PoolRegistry

PARALLEL_MIN_DECKS = 1_000  # below this, starting workers costs more than it saves


UNSILENCED = frozenset({"pool-override", "pool-added"})  # select/ignore never hide these


def looks_like_deck(deck: Deck, problems: list[Problem]) -> bool:
    """In a folder scan, a TOML file with neither `game` nor `[cards]` is not a deck, nor is
    an empty one (a `deckcli.toml` or `pyproject.toml` made with `touch`)."""
    if deck.kind != "toml" or deck.game is not None or deck.entries:
        return True
    return not any(p.rule in ("missing-cards", "empty-file") for p in problems)


def check_file(deck: Deck, problems: list[Problem], registry: PoolRegistry,
               settings: Settings) -> DeckResult:
    """The verdict on a deck already read (with the problems reading it found)."""
    if any(p.rule in UNREADABLE_RULES for p in problems):
        return unchecked(deck, problems)
    placed = place(deck, registry, settings)
    if placed.resolver is None:
        assert placed.stop is not None
        return unchecked(deck, [placed.stop, *problems], placed.game_id)
    return check_deck(deck, placed.resolver, [*placed.notes, *problems])


def check_target(target: Target, registry: PoolRegistry, settings: Settings
                 ) -> DeckResult | Skip:
    """Check one deck file, or say why a file met in a folder scan is not a deck."""
    read = read_target(target, settings)
    if isinstance(read, Skip):
        return read
    deck, problems = read
    checked = check_file(deck, [*target.problems, *problems], registry, settings)
    return filter_problems(checked, settings)


def read_target(target: Target, settings: Settings) -> tuple[Deck, list[Problem]] | Skip:
    """A file read as a deck, unless it was found by a scan and its content says it is none:
    a text list without a `# game:` line, a CSV without a count column, a TOML file without
    `game` or `[cards]`. A `[[decks]]` entry of the config makes any file it names a deck."""
    path = target.path
    suffix = path.suffix.lower()
    if target.explicit or suffix not in SNIFFED_SUFFIXES:
        deck, problems = read_deck_file(path)
        if target.explicit or looks_like_deck(deck, problems):
            return deck, problems
        empty = any(p.rule == "empty-file" for p in problems)
        return Skip(str(path), "an empty TOML file" if empty
                    else "a TOML file with neither game nor [cards]")
    try:
        data = read_limited(path)
    except OSError:
        return read_deck_file(path)  # reports why it cannot be read
    glob = settings.deck_glob(path)
    if glob is None:
        text, failure = decode_deck_bytes(data)
        if failure is not None:
            return Skip(str(path), f"not read as a deck: {failure.message}")
        assert text is not None
        reason = not_a_deck(suffix, text, settings.game.value is not None)
        if reason is not None:
            return Skip(str(path), reason)
    return parse_deck_bytes(data, Deck(path=str(path), kind=kind_of(path)))


def filter_problems(result: DeckResult, settings: Settings) -> DeckResult:
    """Apply --select / --ignore (rule ids) to a deck's problems; a notice that a user pool
    judged the deck (UNSILENCED) is kept whatever they say, so a repository's configuration
    cannot hide a weakened pool."""
    select, ignore = settings.select.value, settings.ignore.value
    result.problems = [p for p in result.problems if p.rule in UNSILENCED
                       or ((not select or p.rule in select) and p.rule not in ignore)]
    return result


def check_paths(paths: Iterable[Path], registry: PoolRegistry, settings: Settings,
                jobs: int = 1, progress: Callable[[int, int], None] | None = None,
                cache: bool = False) -> CheckResult:
    """Check every deck the paths name; one bad file never stops the others.

    With `jobs` > 1 and many decks, the files are shared among worker processes; the result
    (and its order) is the same as checking them one by one. With `cache`, unchanged decks
    take their results from the result cache (`resultcache`).
    """
    from deckcli.app.resultcache import check_cached

    found = scan_paths(list(paths), settings)
    targets = [item for item in found if isinstance(item, Target)]

    def check(todo: Sequence[Target]) -> Iterator[DeckResult | Skip]:
        if jobs > 1 and len(todo) >= PARALLEL_MIN_DECKS:
            from deckcli.app.workers import map_in_workers

            return iter(map_in_workers(lambda t: check_target(t, registry, settings), todo,
                                       jobs))
        return (check_target(target, registry, settings) for target in todo)

    checked = check_cached(targets, check, settings, registry, cache)
    result, done = CheckResult(), 0
    decks_under: dict[Path, int] = {}  # decks found under each folder given
    for item in found:
        if isinstance(item, Skip):
            result.skipped_files.append((printable_path(item.path), item.reason, item.folder))
            continue
        if isinstance(item, EmptyFolder):
            if item.empty:  # else a folder that could not be listed: its problem says so
                result.notes.append(empty_folder_note(item.path, ""))
            deck: DeckResult | Skip | None = empty_folder_result(item)
        else:
            deck = next(checked)
            done += 1
            if progress is not None:
                progress(done, len(targets))
            if item.root is not None:
                decks_under[item.root] = decks_under.get(item.root, 0) + isinstance(
                    deck, DeckResult)
            if isinstance(deck, Skip):
                result.skipped_files.append((printable_path(deck.path), deck.reason, False))
                deck = None
        if isinstance(deck, DeckResult):
            result.decks.append(deck)
    for folder, count in decks_under.items():
        if count == 0:
            result.notes.append(empty_folder_note(
                folder, "; every file there was skipped as not a deck (--verbose says why)"))
    result.skipped = sum(not folder for _, _, folder in result.skipped_files)
    result.docs_of = lambda checked: rule_docs(checked, registry)  # only if a report asks
    return result


def empty_folder_note(folder: Path, why: str) -> dict[str, str]:
    """A folder without decks is no deck: a note that fails the run (exit 1)."""
    from deckcli.formats.kinds import DECK_SUFFIXES

    path = printable_path(str(folder))
    suffixes = ", ".join("*" + suffix for suffix in DECK_SUFFIXES)
    return dict(rule="no-decks", path=path, message=f"no deck files ({suffixes}) under {path}"
                f"{why or '; nothing was checked there'}")


def empty_folder_result(folder: EmptyFolder) -> DeckResult | None:
    """The folder's own problems (a sub-folder that cannot be read), if it has any."""
    if not folder.problems:
        return None
    return DeckResult(printable_path(str(folder.path)), None, None, 0, list(folder.problems))


def rule_docs(result: CheckResult, registry: PoolRegistry
              ) -> dict[str, list[tuple[str, RuleDoc]]]:
    """Documentation of every rule id the result reports (see `rules.docs.docs_for`)."""
    from deckcli.engine.rules.docs import docs_for

    found = []
    for deck in result.decks:
        rules = {}
        if deck.problems and deck.game and deck.format:  # a header only where docs are due
            rules = {rule.id: rule for rule in registry.header(deck.game)
                     .formats[deck.format].rules}
        found.append((f"{deck.game} {deck.format}", rules, [p.rule for p in deck.problems]))
    return docs_for(found)
