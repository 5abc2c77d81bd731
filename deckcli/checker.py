"""The check pipeline: deck file -> game and format -> resolved cards -> rules -> result.

Pure core: takes paths and a pool registry, returns `CheckResult`; the CLI decides how to show
it. `CheckResult` alone decides the exit status.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deckcli.deckfile.read import TEXT_SUFFIXES, UNREADABLE_RULES, read_deck_file
from deckcli.models import Deck, Format, Problem
from deckcli.pools import PoolError, PoolRegistry
from deckcli.query import QueryError
from deckcli.resolve import resolve_entries
from deckcli.rules import rule_fields, run_rules
from deckcli.rules.context import DeckView

DECK_SUFFIXES = (".toml", *TEXT_SUFFIXES)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
SKIPPED_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv"}


@dataclass
class DeckResult:
    """The verdict on one deck file."""

    path: str
    game: str | None
    format: str | None
    cards: int
    problems: list[Problem]
    name: str | None = None

    @property
    def legal(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "game": self.game,
            "format": self.format,
            "legal": self.legal,
            "cards": self.cards,
            "problems": [
                p.model_dump(include={"rule", "severity", "message", "card", "line"})
                for p in self.problems
            ],
        }


@dataclass
class CheckResult:
    """Every deck checked in one run; decides the exit status."""

    decks: list[DeckResult] = field(default_factory=list)
    strict: bool = False
    formats: dict[tuple[str, str], Format] = field(default_factory=dict)  # for rule documentation

    @property
    def ok(self) -> bool:
        failing = ("error", "warning") if self.strict else ("error",)
        return all(p.severity not in failing for d in self.decks for p in d.problems)

    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def to_json(self) -> dict:
        return {"decks": [deck.to_json() for deck in self.decks]}


@dataclass
class Options:
    """What the user asked for beyond the paths."""

    game: str | None = None
    format: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()


def find_deck_files(path: Path) -> tuple[list[Path], list[Problem]]:
    """Deck files under a directory (sorted, depth first), skipping VCS and tool folders.

    Symbolic links are followed while they stay inside the folder: a link to `/` or `..` in a
    pull request must not make CI read (and quote) files from elsewhere, nor walk the disk.
    `os.scandir` tells links from files without a system call per file.
    """
    found: list[Path] = []
    problems: list[Problem] = []
    seen_dirs: set[tuple[int, int]] = set()
    top = path.resolve()

    pending = [str(path)]  # a stack, not recursion: a hostile tree may nest very deep
    while pending:
        folder = pending.pop()
        try:
            stat = os.stat(folder)
            if (stat.st_dev, stat.st_ino) in seen_dirs:  # a symlink loop: each folder once
                continue
            seen_dirs.add((stat.st_dev, stat.st_ino))
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as error:
            problems.append(Problem(rule="unreadable",
                                    message=f"{folder}: cannot list: {error.strerror}"))
            continue
        subfolders = []
        for entry in entries:
            if entry.is_symlink() and not _stays_inside(Path(entry.path), top):
                continue
            if _is_dir(entry):
                if entry.name not in SKIPPED_DIRS and not entry.name.startswith("."):
                    subfolders.append(entry.path)
            elif entry.name.lower().endswith(DECK_SUFFIXES):
                found.append(Path(entry.path))
        pending.extend(reversed(subfolders))  # depth first, in name order
    return found, problems


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # follows links, which `_stays_inside` has vetted
    except OSError:
        return False


def _stays_inside(entry: Path, top: Path) -> bool:
    """False for a symbolic link whose target is outside `top` (or cannot be resolved)."""
    if not entry.is_symlink():
        return True
    try:
        target = entry.resolve(strict=True)
    except (OSError, RuntimeError):  # dangling, or a loop of links
        return False
    return target == top or top in target.parents


def printable_path(path: str) -> str:
    """A path any report can print or save: bytes that are not UTF-8 become �, control
    characters escapes (a file name must not move a terminal's cursor or split a CI annotation).
    """
    text = os.fsencode(path).decode("utf-8", "replace")
    return _CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


def looks_like_deck(deck: Deck, problems: list[Problem]) -> bool:
    """In a folder scan, a TOML file with neither `game` nor `[cards]` is not a deck."""
    if deck.kind != "toml" or deck.game is not None or deck.entries:
        return True
    return not any(p.rule == "missing-cards" for p in problems)


def check_deck(
    deck: Deck, problems: list[Problem], registry: PoolRegistry, options: Options
) -> DeckResult:
    """Resolve a read deck against its game and format and run the rules."""
    total = sum(entry.count for entry in deck.entries)
    result = DeckResult(printable_path(deck.path), None, None, total, list(problems), deck.name)
    if any(p.rule in UNREADABLE_RULES for p in problems):
        return result

    def stop(rule: str, message: str, line: int | None = None) -> DeckResult:
        """A deck whose game or format cannot be used: this problem first, no rules run."""
        result.problems.insert(0, Problem(rule=rule, message=message, line=line))
        return result

    game_ref = deck.game or options.game
    if game_ref is None:
        hint = 'add game = "<id>"' if deck.kind == "toml" else "add a line '# game: <id>'"
        return stop("missing-game", f"which game is this deck for? {hint} or pass --game "
                    f"(games: {', '.join(registry.game_ids())})")
    game_id = registry.resolve_id(game_ref)
    if game_id is None and (broken := registry.broken_pool(game_ref)) is not None:
        return stop("broken-pool", str(broken))
    if game_id is None:
        return stop("unknown-game", f"unknown game {game_ref!r}; games: "
                    f"{', '.join(registry.game_ids())}", deck.line_of("game"))
    result.game = game_id
    try:
        pool = registry.load(game_id)
    except PoolError as exc:
        return stop("broken-pool", str(exc))
    format_id = deck.format or options.format or pool.header.game.default_format
    if format_id not in pool.header.formats:
        return stop("unknown-format", f"{game_id} has no format {format_id!r}; formats: "
                    f"{', '.join(pool.header.formats)}", deck.line_of("format"))
    result.format = format_id
    try:
        fields, copy_keys = rule_fields(pool, format_id)
        cards, resolve_problems = resolve_entries(pool, deck.entries, fields, copy_keys)
        view = DeckView(pool, format_id, cards, total)
        result.problems.extend(resolve_problems)
        result.problems.extend(run_rules(view))
    except QueryError as exc:
        result.problems.append(
            Problem(rule="broken-pool", message=f"{pool.path}: a rule query is invalid: {exc}")
        )
    return result


def filter_problems(result: DeckResult, options: Options) -> DeckResult:
    """Apply --select / --ignore (rule ids) to a deck's problems."""
    kept = [
        p
        for p in result.problems
        if (not options.select or p.rule in options.select) and p.rule not in options.ignore
    ]
    result.problems = kept
    return result


def iter_targets(paths: Iterable[Path]) -> Iterator[tuple[Path, bool, list[Problem]]]:
    """(file, named explicitly, scan problems) for each deck file the paths cover."""
    for path in paths:
        if path.is_dir():
            files, problems = find_deck_files(path)
            if not files:
                yield (
                    path,
                    True,
                    [
                        *problems,
                        Problem(
                            rule="no-decks", message=f"no deck files (*.toml, *.txt) under {path}"
                        ),
                    ],
                )
            for index, file in enumerate(files):
                yield file, False, problems if index == 0 else []
        else:
            yield path, True, []


Target = tuple[Path, bool, list[Problem]]
PARALLEL_MIN_DECKS = 1_000  # below this, starting workers costs more than it saves


def check_target(target: Target, registry: PoolRegistry, options: Options) -> DeckResult | None:
    """Check one deck file (None for a TOML file met in a folder scan that is not a deck)."""
    path, explicit, scan_problems = target
    if scan_problems and scan_problems[-1].rule == "no-decks":
        return DeckResult(printable_path(str(path)), None, None, 0, scan_problems)
    deck, problems = read_deck_file(path)
    if not explicit and not looks_like_deck(deck, problems):
        return None
    checked = check_deck(deck, [*scan_problems, *problems], registry, options)
    return filter_problems(checked, options)


def check_paths(
    paths: Iterable[Path], registry: PoolRegistry, options: Options, jobs: int = 1
) -> CheckResult:
    """Check every deck the paths name; one bad file never stops the others.

    With `jobs` > 1 and many decks, the files are shared among worker processes; the result
    (and its order) is the same as checking them one by one.
    """
    targets = list(iter_targets(paths))
    if jobs > 1 and len(targets) >= PARALLEL_MIN_DECKS:
        from deckcli.parallel import check_in_workers

        checked = check_in_workers(targets, registry, options, jobs)
    else:
        checked = [check_target(target, registry, options) for target in targets]
    result = CheckResult(decks=[deck for deck in checked if deck is not None])
    for deck in result.decks:
        if deck.game and deck.format and (deck.game, deck.format) not in result.formats:
            formats = registry.load(deck.game).header.formats
            result.formats[deck.game, deck.format] = formats[deck.format]
    return result
