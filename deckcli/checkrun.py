"""A check run: the paths scanned, each deck read, placed in its game and format, checked,
and the results gathered with the documentation of the rules they report.

This is the shell around the pure `check.check_deck`: it reads files (`deckfile.read`),
loads pools (`pools.registry`) and shares large runs among workers (`workers`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from deckcli.check import check_deck, unchecked
from deckcli.deckfile.deck import Deck
from deckcli.deckfile.read import UNREADABLE_RULES, read_deck_file
from deckcli.pools.load import PoolError
from deckcli.pools.registry import PoolRegistry
from deckcli.printable import printable_path
from deckcli.problem import Problem
from deckcli.resolver import Resolver
from deckcli.result import CheckResult, DeckResult
from deckcli.scan import EmptyFolder, Target, scan_paths

PARALLEL_MIN_DECKS = 1_000  # below this, starting workers costs more than it saves


@dataclass
class Options:
    """What the user asked for beyond the paths."""

    game: str | None = None
    format: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()


def place(deck: Deck, registry: PoolRegistry, options: Options
          ) -> tuple[Resolver | None, Problem | None, str | None]:
    """The resolver of a deck's game and format, or the problem that stops it being judged
    (and the game id, when that much is known)."""
    game_ref = deck.game or options.game
    if game_ref is None:
        hint = 'add game = "<id>"' if deck.kind == "toml" else "add a line '# game: <id>'"
        return None, Problem(rule="missing-game", message=f"which game is this deck for? {hint}"
                             f" or pass --game (games: {', '.join(registry.game_ids())})"), None
    game_id = registry.resolve_id(game_ref)
    broken = registry.broken_pool(game_ref)
    if broken is not None:
        return None, Problem(rule="broken-pool", message=str(broken)), game_id
    if game_id is None:
        return None, Problem(rule="unknown-game", line=deck.line_of("game"), message=f"unknown "
                             f"game {game_ref!r}; games: {', '.join(registry.game_ids())}"), None
    try:
        header = registry.header(game_id)
        format_id = deck.format or options.format or header.game.default_format
        if format_id not in header.formats:
            return None, Problem(rule="unknown-format", line=deck.line_of("format"),
                                 message=f"{game_id} has no format {format_id!r}; formats: "
                                 f"{', '.join(header.formats)}"), game_id
        return registry.resolver(game_id, format_id), None, game_id
    except PoolError as exc:
        return None, Problem(rule="broken-pool", message=str(exc)), game_id


def override_warning(registry: PoolRegistry, game_id: str) -> list[Problem]:
    """A `pool-override` warning when a user pool replaces the built-in game."""
    source = registry.override_of(game_id)
    if source is None:
        return []
    return [Problem(rule="pool-override", severity="warning",
                    message=f"judged by the user pool {printable_path(str(source.path))}, which "
                    f"overrides the built-in {game_id} pool ({source.overrides})")]


def looks_like_deck(deck: Deck, problems: list[Problem]) -> bool:
    """In a folder scan, a TOML file with neither `game` nor `[cards]` is not a deck."""
    if deck.kind != "toml" or deck.game is not None or deck.entries:
        return True
    return not any(p.rule == "missing-cards" for p in problems)


def check_file(deck: Deck, problems: list[Problem], registry: PoolRegistry,
               options: Options) -> DeckResult:
    """The verdict on a deck already read (with the problems reading it found)."""
    if any(p.rule in UNREADABLE_RULES for p in problems):
        return unchecked(deck, problems)
    resolver, stop, game_id = place(deck, registry, options)
    if resolver is None:
        assert stop is not None
        return unchecked(deck, [stop, *problems], game_id)
    return check_deck(deck, resolver, [*override_warning(registry, resolver.pool.game_id),
                                       *problems])


def check_target(target: Target, registry: PoolRegistry, options: Options
                 ) -> DeckResult | None:
    """Check one deck file (None for a TOML file met in a folder scan that is not a deck)."""
    deck, problems = read_deck_file(target.path)
    if not target.explicit and not looks_like_deck(deck, problems):
        return None
    checked = check_file(deck, [*target.problems, *problems], registry, options)
    return filter_problems(checked, options)


def filter_problems(result: DeckResult, options: Options) -> DeckResult:
    """Apply --select / --ignore (rule ids) to a deck's problems."""
    result.problems = [p for p in result.problems
                       if (not options.select or p.rule in options.select)
                       and p.rule not in options.ignore]
    return result


def check_paths(paths: Iterable[Path], registry: PoolRegistry, options: Options,
                jobs: int = 1, progress: Callable[[int, int], None] | None = None
                ) -> CheckResult:
    """Check every deck the paths name; one bad file never stops the others.

    With `jobs` > 1 and many decks, the files are shared among worker processes; the result
    (and its order) is the same as checking them one by one.
    """
    found = scan_paths(list(paths))
    targets = [item for item in found if isinstance(item, Target)]
    workers = jobs if len(targets) >= PARALLEL_MIN_DECKS else 1
    if workers > 1:
        from deckcli.workers import map_in_workers

        checked = iter(map_in_workers(lambda t: check_target(t, registry, options), targets,
                                      workers))
    else:
        checked = (check_target(target, registry, options) for target in targets)
    result, done = CheckResult(), 0
    for item in found:
        if isinstance(item, EmptyFolder):
            result.notes.append(empty_folder_note(item))
            deck = empty_folder_result(item)
        else:
            deck = next(checked)
            result.skipped += deck is None
            done += 1
            if progress is not None:
                progress(done, len(targets))
        if deck is not None:
            result.decks.append(deck)
    result.rule_docs = rule_docs(result, registry)
    return result


def empty_folder_note(folder: EmptyFolder) -> dict[str, str]:
    """A folder without decks is no deck: a note that fails the run (exit 1)."""
    path = printable_path(str(folder.path))
    return dict(rule="no-decks", path=path,
                message=f"no deck files (*.toml, *.txt) under {path}; nothing was checked there")


def empty_folder_result(folder: EmptyFolder) -> DeckResult | None:
    """The folder's own problems (a sub-folder that cannot be read), if it has any."""
    if not folder.problems:
        return None
    return DeckResult(printable_path(str(folder.path)), None, None, 0, list(folder.problems))


def rule_docs(result: CheckResult, registry: PoolRegistry) -> dict:
    """Documentation of every rule id the result reports (see `rules.docs.docs_for`)."""
    from deckcli.rules.docs import docs_for

    found = []
    for deck in result.decks:
        rules = {}
        if deck.game and deck.format:
            rules = {rule.id: rule for rule in registry.header(deck.game)
                     .formats[deck.format].rules}
        found.append((f"{deck.game} {deck.format}", rules, [p.rule for p in deck.problems]))
    return docs_for(found)
