"""A deck file opened for building: its bytes, what it says, and its game's resolver.

Every build command (add, remove, show, export, fmt, diff, draw) starts here, so card
references resolve exactly as `deckcli check` resolves them: through the run's `Resolver`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from deckcli.app.placement import place
from deckcli.app.settings import Settings
from deckcli.engine.check import check_deck
from deckcli.engine.resolver import Resolver, Tallied
from deckcli.errors import EXIT_FAILED, EXIT_USAGE, UserError
from deckcli.formats.base import DeckFormat
from deckcli.formats.edit import split_bom
from deckcli.formats.kinds import by_kind, kind_of
from deckcli.formats.read import (
    MAX_FILE_BYTES,
    UNREADABLE_RULES,
    NotRegularFile,
    parse_deck_bytes,
    read_limited,
)
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.deck import Deck, DeckEntry
from deckcli.model.pool import Pool
from deckcli.model.problem import Problem
from deckcli.model.result import DeckResult
from deckcli.pools.registry import PoolRegistry
from deckcli.textnorm import fold


def open_game(registry: PoolRegistry, game: str, format_id: str | None,
              exit_code: int = EXIT_USAGE, where: str = "") -> Resolver:
    """A game id or alias and a format (None: the game's default) -> a Resolver; UserError
    with `exit_code` for an unknown game or format, a failure for a broken pool."""
    found = registry.open_resolver(game, format_id)
    if isinstance(found, Problem):
        if found.rule == "broken-pool":
            raise UserError(found.message, EXIT_FAILED)
        raise UserError(f"{where}{found.message}", exit_code)
    return found


@dataclass
class LoadedDeck:
    """A deck file as read from disk, ready to show, compare or edit."""

    path: Path
    data: bytes
    deck: Deck
    problems: list[Problem]
    resolver: Resolver
    notes: tuple[Problem, ...]  # said beside every verdict on it (a user pool's override)

    @property
    def format(self) -> DeckFormat:
        """The deck's file format (its module in `deckcli.formats`)."""
        return by_kind(self.deck.kind)

    @property
    def pool(self) -> Pool:
        return self.resolver.pool

    def card(self, ref: str) -> Card:
        """The card a reference names in this deck's game; UserError (with suggestions or the
        candidates) when it names none or several that differ."""
        found = self.resolver.lookup(ref)
        if found.card is None:
            raise UserError(self.resolver.why_not(ref, found))
        return found.card

    def counted(self) -> list[Tallied]:
        """The deck's cards merged by card, in deck order (unresolved references as written)."""
        return self.resolver.tally(self.deck.entries)

    def entries_for(self, card: Card | None, ref: str = "") -> list[DeckEntry]:
        """Every entry of the file that counts `card` (or, for None, that writes `ref`)."""
        entries = self.format.edit_entries(split_bom(self.data)[1], self.deck)
        if card is None:
            return [entry for entry in entries if fold(entry.ref) == fold(ref)]
        return [entry for entry in entries
                if (found := self.resolver.lookup(entry.ref).card) and found.number == card.number]

    def check(self, deck: Deck | None = None, problems: list[Problem] | None = None) -> DeckResult:
        """The verdict `deckcli check` gives this deck (or an edited version of it)."""
        found = self.problems if problems is None else problems
        return check_deck(deck or self.deck, self.resolver, [*self.notes, *found])


def read_bytes(path: Path, allow_outside: bool = False) -> bytes:
    """A deck file's bytes; a missing file, a folder or a FIFO is a usage error (no file the
    argument can name), an unreadable one a failure, and (unless `allow_outside`) one a link
    leads out of its git work tree is a usage error."""
    from deckcli.app.worktree import leaves_work_tree

    if not allow_outside and (outside := leaves_work_tree(path)):
        raise UserError(outside)
    try:
        data = read_limited(path)  # regular files only, never past the size limit
    except FileNotFoundError:
        raise UserError(_("no such file: {path}").format(path=path)) from None
    except NotRegularFile as exc:
        if exc.folder:
            raise UserError(_("{path} is a folder; name a deck file").format(path=path)) from None
        raise UserError(_("cannot read {path}: {reason}").format(path=path, reason=exc.strerror),
                        EXIT_USAGE) from None
    except OSError as exc:
        raise UserError(_("cannot read {path}: {reason}").format(
                            path=path, reason=exc.strerror or exc), EXIT_FAILED) from None
    return within_limit(data, str(path))


def within_limit(data: bytes, where: str) -> bytes:
    """The bytes of a deck, or a failure when there are more than a deck file may hold."""
    if len(data) > MAX_FILE_BYTES:
        raise UserError(_("{where}: deck files are at most {max_file_bytes:,} bytes").format(
                            where=where, max_file_bytes=MAX_FILE_BYTES), EXIT_FAILED)
    return data


def load_deck(path: Path, settings: Settings, registry: PoolRegistry | None = None,
              exit_code: int = EXIT_FAILED) -> LoadedDeck:
    """Read a deck file and place it in its game and format as `check` does (`placement`);
    a file that cannot be read or placed -> UserError with `exit_code`."""
    data = read_bytes(path, settings.allow_outside.value)
    deck, problems = parse_deck_bytes(data, Deck(path=str(path), kind=kind_of(path)))
    blocking = next((p for p in problems if p.rule in UNREADABLE_RULES), None)
    if blocking is not None:
        raise UserError(f"{describe(path, blocking)}", exit_code)
    placed = place(deck, registry or settings.registry(), settings)
    if placed.resolver is None:
        assert placed.stop is not None
        raise UserError(describe(path, placed.stop), exit_code)
    return LoadedDeck(path, data, deck, problems, placed.resolver, placed.notes)


def describe(path: Path, problem: Problem) -> str:
    """'deck.toml:7: invalid TOML: …' — a file problem as one message."""
    where = f"{path}:{problem.line}" if problem.line else str(path)
    return f"{where}: {problem.message}"
