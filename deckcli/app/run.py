"""A check run: the paths scanned, each deck judged (`judge`) or its verdict taken from the
result cache (`resultcache`), and the results gathered with the documentation of the rules
they report.

This is the shell around the pure `check.check_deck`: it reads files (`deckfile.read`),
loads pools (`pools.registry`) and shares large runs among workers (`workers`). A run whose
every deck is a cache hit imports none of the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from deckcli.app.scan import EmptyFolder, Skip, Target, drained, scan_paths
from deckcli.app.settings import Settings
from deckcli.escape import printable_path
from deckcli.i18n import _
from deckcli.model.problem import Problem
from deckcli.model.result import CheckResult, DeckResult, RuleDocs
from deckcli.pools.registry import PoolRegistry

PARALLEL_MIN_DECKS = 1_000  # below this, starting workers costs more than it saves


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
    total = len(targets)

    def check(todo: list[Target]) -> Iterator[DeckResult | Skip]:
        if not todo:  # every deck from the cache: the engine is never imported
            return iter(())
        from deckcli.app.judge import check_target

        if jobs > 1 and len(todo) >= PARALLEL_MIN_DECKS:
            from deckcli.app.workers import map_in_workers

            return iter(map_in_workers(lambda t: check_target(t, registry, settings), todo,
                                       jobs))
        return (check_target(target, registry, settings) for target in drained(todo))

    checked = check_cached(targets, check, settings, registry, cache)
    del targets  # each target is let go once judged (`drained`): 20,000 paths are not held
    result, done = CheckResult(), 0
    decks_under: dict[Path, int] = {}  # decks found under each folder given
    found.reverse()
    while found:
        item = found.pop()  # this list lets go of each item as it is reported, too
        if isinstance(item, Skip):
            if item.announced:
                result.decks.append(excluded_result(item))
            elif item.quiet:
                result.passed_over.append((printable_path(item.path), item.reason))
            else:
                result.skipped_files.append((printable_path(item.path), item.reason,
                                             item.folder))
            continue
        if isinstance(item, EmptyFolder):
            if item.empty:  # else a folder that could not be listed: its problem says so
                result.notes.append(empty_folder_note(item.path))
            deck: DeckResult | Skip | None = empty_folder_result(item)
        else:
            deck = next(checked)
            done += 1
            if progress is not None:
                progress(done, total)
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
            result.notes.append(empty_folder_note(folder, skipped=True))
    result.skipped = sum(not folder for _, _, folder in result.skipped_files)
    result.docs_of = lambda checked: rule_docs(checked, registry)  # only if a report asks
    return result


def excluded_result(skip: Skip) -> DeckResult:
    """A tracked deck a configuration file excludes: named in every report, not checked."""
    path = printable_path(skip.path)
    return DeckResult(path, None, None, 0, [Problem(
        rule="config-excluded", severity="info", message=_(
            "a deck git tracks, not checked: {reason}; deckcli check --isolated checks "
            "it").format(reason=skip.reason))])


def empty_folder_note(folder: Path, skipped: bool = False) -> dict[str, str]:
    """A folder without decks is no deck: a note that fails the run (exit 1); `skipped`: it
    holds files, every one skipped as not a deck."""
    from deckcli.formats.kinds import DECK_SUFFIXES

    path = printable_path(str(folder))
    suffixes = ", ".join("*" + suffix for suffix in DECK_SUFFIXES)
    said = (_("no deck files ({suffixes}) under {path}; every file there was skipped as not a "
              "deck (--verbose says why)") if skipped else
            _("no deck files ({suffixes}) under {path}; nothing was checked there"))
    return dict(rule="no-decks", path=path, message=said.format(suffixes=suffixes, path=path))


def empty_folder_result(folder: EmptyFolder) -> DeckResult | None:
    """The folder's own problems (a sub-folder that cannot be read), if it has any."""
    if not folder.problems:
        return None
    return DeckResult(printable_path(str(folder.path)), None, None, 0, list(folder.problems))


def rule_docs(result: CheckResult, registry: PoolRegistry
              ) -> RuleDocs:
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
