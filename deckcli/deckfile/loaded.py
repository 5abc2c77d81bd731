"""A deck file opened for building: its bytes, what it says, and its game's pool and format.

Every build command (add, remove, show, export, fmt, diff) starts here, so card references
resolve exactly as `deckcli check` resolves them, through `deckcli.resolve.lookup`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from deckcli.checker import DeckResult, Options, check_deck
from deckcli.deckfile.edit import Entry, split_bom, text_entries
from deckcli.deckfile.read import (
    MAX_FILE_BYTES,
    UNREADABLE_RULES,
    deck_kind,
    parse_deck_bytes,
    read_limited,
)
from deckcli.deckfile.textread import text_lines
from deckcli.errors import EXIT_FAILED, EXIT_USAGE, UserError
from deckcli.models import Card, Deck, DeckEntry, Problem
from deckcli.pools import Pool, PoolError, PoolRegistry
from deckcli.resolve import Lookup, ambiguous_card_problem, lookup, unknown_card_problem
from deckcli.rules import rule_fields
from deckcli.textnorm import fold


@dataclass
class Counted:
    """A card of a deck and its copies; `card` is None when the reference does not resolve."""

    ref: str
    count: int
    card: Card | None
    line: int | None = None


@dataclass
class Resolver:
    """References of one game and format -> cards, and cards -> the key a deck file uses."""

    pool: Pool
    format_id: str
    fields: frozenset[str] = field(init=False)
    copy_keys: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.fields, self.copy_keys = rule_fields(self.pool, self.format_id)

    def lookup(self, ref: str) -> Lookup:
        return lookup(self.pool, ref, self.fields, self.copy_keys)

    def card(self, ref: str) -> Card:
        """The card a reference means; unknown or ambiguous -> UserError with suggestions."""
        found = self.lookup(ref)
        if found.card is None:
            raise UserError(self.why_not(ref, found))
        return found.card

    def why_not(self, ref: str, found: Lookup) -> str:
        """Why a reference names no card: unknown (with suggestions) or ambiguous."""
        entry = DeckEntry(ref=ref, count=1)
        if found.candidates:
            return ambiguous_card_problem(entry, found.candidates).message
        return unknown_card_problem(self.pool, entry).message

    def key(self, card: Card, text_list: bool = False) -> str:
        """The canonical name when it reads back as this very card, else the card number.

        A name shared by cards that differ (or that picks another printing first) would change
        which card the deck holds, so such cards are written by number.
        """
        found = self.lookup(card.name).card
        if found is None or found.number != card.number:
            return card.number
        if text_list and not _survives_text_list(card.name):
            return card.number
        return card.name

    def count(self, entries: list[DeckEntry]) -> list[Counted]:
        """Entries merged by card, in deck order; unresolved references stay as written."""
        merged: dict[str, Counted] = {}
        for entry in entries:
            card = self.lookup(entry.ref).card
            slot = card.number if card else "\0" + fold(entry.ref)
            if slot in merged:
                merged[slot].count += entry.count
            else:
                merged[slot] = Counted(entry.ref, entry.count, card, entry.line)
        return list(merged.values())


def _survives_text_list(name: str) -> bool:
    """Whether `1 NAME` reads back as NAME (a ' #' or ' //' in a name would start a comment)."""
    line = next(text_lines(f"1 {name}"))
    return line.kind == "card" and line.ref == name and line.count == 1


def open_game(registry: PoolRegistry, game: str, format_id: str | None,
              exit_code: int = EXIT_USAGE, where: str = "") -> Resolver:
    """A game id or alias and a format (None: the game's default) -> a Resolver."""
    game_id = registry.resolve_id(game)
    if game_id is None:
        raise UserError(f"{where}unknown game {game!r}; games: {', '.join(registry.game_ids())}",
                        exit_code)
    try:
        pool = registry.load(game_id)
    except PoolError as exc:
        raise UserError(str(exc), EXIT_FAILED) from None
    chosen = format_id or pool.header.game.default_format
    if chosen not in pool.header.formats:
        raise UserError(f"{where}{game_id} has no format {chosen!r}; formats: "
                        f"{', '.join(pool.header.formats)}", exit_code)
    return Resolver(pool, chosen)


@dataclass
class LoadedDeck:
    """A deck file as read from disk, ready to show, compare or edit."""

    path: Path
    data: bytes
    deck: Deck
    problems: list[Problem]
    resolver: Resolver
    registry: PoolRegistry

    @property
    def pool(self) -> Pool:
        return self.resolver.pool

    def counted(self) -> list[Counted]:
        return self.resolver.count(self.deck.entries)

    def entries_for(self, card: Card | None, ref: str = "") -> list[Entry]:
        """Every entry of the file that counts `card` (or, for None, that writes `ref`)."""
        if self.deck.kind == "text":
            entries = text_entries(split_bom(self.data)[1])
        else:
            entries = [Entry(entry.ref, entry.line, entry.count) for entry in self.deck.entries]
        if card is None:
            return [entry for entry in entries if fold(entry.ref) == fold(ref)]
        return [entry for entry in entries
                if (found := self.resolver.lookup(entry.ref).card) and found.number == card.number]

    def check(self, deck: Deck | None = None, problems: list[Problem] | None = None) -> DeckResult:
        """The verdict `deckcli check` gives this deck (or an edited version of it)."""
        return check_deck(deck or self.deck, self.problems if problems is None else problems,
                          self.registry, Options())


def read_bytes(path: Path) -> bytes:
    """A deck file's bytes; a missing file is a usage error, an unreadable one a failure."""
    try:
        data = read_limited(path)  # regular files only, never past the size limit
    except FileNotFoundError:
        raise UserError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise UserError(f"{path} is a folder; name a deck file") from None
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}", EXIT_FAILED) from None
    return within_limit(data, str(path))


def within_limit(data: bytes, where: str) -> bytes:
    """The bytes of a deck, or a failure when there are more than a deck file may hold."""
    if len(data) > MAX_FILE_BYTES:
        raise UserError(f"{where}: deck files are at most {MAX_FILE_BYTES:,} bytes", EXIT_FAILED)
    return data


def load_deck(path: Path, registry: PoolRegistry) -> LoadedDeck:
    """Read a deck file and open its game; a file that cannot be read or placed -> UserError."""
    data = read_bytes(path)
    deck, problems = parse_deck_bytes(data, Deck(path=str(path), kind=deck_kind(path)))
    blocking = next((p for p in problems if p.rule in UNREADABLE_RULES), None)
    if blocking is not None:
        raise UserError(f"{describe(path, blocking)}", EXIT_FAILED)
    if deck.game is None:
        hint = 'add game = "<id>"' if deck.kind == "toml" else "add a line '# game: <id>'"
        raise UserError(f"{path}: which game is this deck for? {hint} "
                        f"(games: {', '.join(registry.game_ids())})", EXIT_FAILED)
    resolver = open_game(registry, deck.game, deck.format, EXIT_FAILED, f"{path}: ")
    return LoadedDeck(path, data, deck, problems, resolver, registry)


def describe(path: Path, problem: Problem) -> str:
    """'deck.toml:7: invalid TOML: …' — a file problem as one message."""
    where = f"{path}:{problem.line}" if problem.line else str(path)
    return f"{where}: {problem.message}"
