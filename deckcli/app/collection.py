"""Collections: the cards a player owns, kept as card lists in any format deckcli reads decks
in (TOML, text, LackeyCCG .dek, CSV with spreadsheet exports, JSON).

A collection file is read by the deck formats and placed in its game as a deck is
(`app.placement.place`: the file's own game line, `--game`, `[[decks]]`, then its cards, and
last the game it is given for), then resolved by that game's `Resolver`, so an unknown or
ambiguous card is reported exactly as in a deck, with its file and line. Several files of one
game add up (a binder and a trade box); a card listed twice counts twice. Printings count as
the card they are: a number with its printing's mark (`Agumon (St-1 20A)`) is that card, a
promo with its own number is that card.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from weakref import WeakKeyDictionary

from deckcli.app.opendeck import describe, read_bytes
from deckcli.app.placement import place
from deckcli.app.settings import CollectionSource, Settings
from deckcli.engine.owned import DeckWants, Wanted, allocate, held, wants_of
from deckcli.engine.resolver import Resolver
from deckcli.errors import EXIT_FAILED, EXIT_USAGE, UserError
from deckcli.escape import printable_path
from deckcli.formats.kinds import kind_of
from deckcli.formats.read import UNREADABLE_RULES, parse_deck_bytes
from deckcli.i18n import _
from deckcli.model.deck import Deck
from deckcli.model.owned import CollectionFile
from deckcli.model.problem import Problem
from deckcli.pools.registry import PoolRegistry

# what reading a collection may say that is no mistake in it: a card listed on several lines
# (its counts add up, as a binder's pages do)
ADDS_UP = frozenset({"duplicate-card"})


@dataclass
class Collection:
    """One game's owned cards: copies by card number, from every file given for the game."""

    game: str
    resolver: Resolver
    owned: dict[str, int] = field(default_factory=dict)
    files: list[CollectionFile] = field(default_factory=list)

    def copies(self, number: str) -> int:
        return self.owned.get(number, 0)


def read_collection(path: Path, settings: Settings, registry: PoolRegistry,
                    game: str | None = None, given: str | None = None
                    ) -> tuple[CollectionFile, Resolver, dict[str, int]]:
    """One collection file: its game (its own line, `given`: the game the configuration
    gives it for, `--game`, `[[decks]]`, its cards, then `game`: the decks' one game), the
    copies of each card it lists, and the problems of the lines that name no card. A file
    that cannot be read or placed is a UserError."""
    data = read_bytes(path, settings.allow_outside.value)
    deck, problems = parse_deck_bytes(data, Deck(path=str(path), kind=kind_of(path)))
    blocking = next((p for p in problems if p.rule in UNREADABLE_RULES), None)
    if blocking is not None:
        raise UserError(_("the collection {where}").format(where=describe(path, blocking)),
                        EXIT_FAILED)
    if deck.game is None and given is not None:
        deck.game = given
    placed = place(deck, registry, settings)
    if placed.resolver is None and game is not None and deck.game is None:
        deck.game = game  # a list naming no game and no game its cards clearly fit
        placed = place(deck, registry, settings)
    if placed.resolver is None:
        assert placed.stop is not None
        raise UserError(_("the collection {where}").format(where=describe(path, placed.stop)),
                        EXIT_FAILED if placed.stop.rule == "broken-pool" else EXIT_USAGE)
    resolver = placed.resolver
    entries = [*deck.entries, *(entry for zone in deck.zones.values() for entry in zone)]
    resolved, found = resolver.resolve(entries)
    owned: dict[str, int] = {}
    for item in resolved:
        owned[item.card.number] = owned.get(item.card.number, 0) + item.count
    kept = [p for p in [*problems, *found] if p.rule not in ADDS_UP]
    kept.sort(key=lambda p: p.line or 0)
    return (CollectionFile(printable_path(shown(path)), resolver.pool.game_id,
                           sum(owned.values()), kept), resolver, owned)


def shown(path: Path) -> str:
    """How reports name a collection file: as given, or, for one the configuration names (an
    absolute path by then), relative to the working folder when it is under it, as a deck's
    path is."""
    if not path.is_absolute():
        return str(path)
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def load_collections(sources: Sequence[CollectionSource], settings: Settings,
                     registry: PoolRegistry, game: str | None = None) -> dict[str, Collection]:
    """Every collection file read, and their copies added up per game. A file given for a
    game (`[collection]` per game in the configuration) must be of that game."""
    collections: dict[str, Collection] = {}
    seen: dict[tuple[int, int], str] = {}
    for source in sources:
        found, resolver, owned = read_collection(source.path, settings, registry, game,
                                                 source.game)
        first = named_before(source.path, found.path, seen)
        if first is not None:
            raise UserError(_("{path} is given twice as a collection (first as {first}); "
                              "each file counts once: name it once").format(
                                  path=found.path, first=first))
        if source.game is not None and registry.resolve_id(source.game) != found.game:
            raise UserError(_("{path} is a collection of {game}, but {origin} gives it for "
                              "{given}").format(path=found.path, game=found.game,
                                                origin=settings.collection.origin,
                                                given=source.game))
        collection = collections.setdefault(found.game, Collection(found.game, resolver))
        collection.files.append(found)
        for number, count in owned.items():
            collection.owned[number] = collection.owned.get(number, 0) + count
    return collections


def named_before(path: Path, shown: str, seen: dict[tuple[int, int], str]) -> str | None:
    """How a file read already was named (`seen`: its device and inode -> how it was shown),
    or None, noting it: one file named twice, or through a link, would count twice."""
    status = path.stat()
    identity = (status.st_dev, status.st_ino)
    if identity in seen:
        return seen[identity]
    seen[identity] = shown
    return None


def wrong_game(collections: dict[str, Collection], games: Sequence[str]) -> str | None:
    """The message for a collection of a game none of the decks is of, or None."""
    for collection in collections.values():
        if collection.game not in games:
            files = ", ".join(found.path for found in collection.files)
            return _("{files} is a collection of {game}, but the decks are {games}: give a "
                     "collection of their game").format(files=files, game=collection.game,
                                                        games=", ".join(games))
    return None


def problem_lines(path: str, problems: Sequence[Problem]) -> list[str]:
    """'binder.txt:12: unknown-card: …' for each problem of a file (for stderr)."""
    return [f"{path}:{p.line}: {p.rule}: {p.message}" if p.line else
            f"{path}: {p.rule}: {p.message}" for p in problems]


def deck_wants(path: Path, settings: Settings, registry: PoolRegistry) -> DeckWants:
    """A deck file read, placed and resolved as `check` does, with what it wants (its side
    zones too: their cards are cards to own)."""
    from deckcli.app.opendeck import load_deck

    loaded = load_deck(path, settings, registry)
    entries = [*loaded.deck.entries,
               *(entry for zone in loaded.deck.zones.values() for entry in zone)]
    wants, problems = wants_of(loaded.resolver, entries)
    return DeckWants(printable_path(str(path)), loaded.pool.game_id, loaded.resolver.format_id,
                     loaded.deck.name, wants, problems)


# The collections of a run, read once: per registry (a run, or a language server's life),
# the settings' files with their stamps and what they gave (the collections, or the message
# of the mistake that stopped them).
_read: WeakKeyDictionary[PoolRegistry, dict[str, dict[str, Collection] | str]] = (
    WeakKeyDictionary())


def run_collections(settings: Settings, registry: PoolRegistry) -> dict[str, Collection]:
    """The settings' collections, read once per run; a UserError for a file that cannot be
    read or is of another game than the one it is given for."""
    key = json.dumps(settings.collection_stamps())  # an edited file is read again
    known = _read.setdefault(registry, {})
    found = known.get(key)
    if found is None:
        try:
            found = known[key] = load_collections(settings.collection.value, settings,
                                                  registry)
        except UserError as exc:
            known[key] = exc.messages[0]
            raise
    if isinstance(found, str):
        raise UserError(found)
    return found


def uncounted_lines(settings: Settings, registry: PoolRegistry) -> list[str]:
    """'binder.txt:12: unknown-card: …' for each line of the settings' collections that
    counts no card: what every front end says (none when no collection is given or it cannot
    be read, which stops `check` and `build` before)."""
    try:
        found = run_collections(settings, registry) if settings.collection.value else {}
    except UserError:
        return []
    return [line for collection in found.values() for read in collection.files
            for line in problem_lines(read.path, read.problems)]


def collection_mistake(settings: Settings, registry: PoolRegistry) -> str | None:
    """Why the settings' collections cannot be read (a missing file, another game), or None:
    what an editor shows where `check` and `own` would stop with it."""
    if not settings.collection.value:
        return None
    try:
        run_collections(settings, registry)
    except UserError as exc:
        return exc.messages[0]
    return None


def game_owned(settings: Settings, registry: PoolRegistry, game: str) -> dict[str, int] | None:
    """Copies owned by card number in a game's collection; None when no collection of the
    game is given, or it cannot be read (`check` and `own` say why; an editor, its `own`)."""
    try:
        collection = run_collections(settings, registry).get(game)
    except UserError:
        return None
    return collection.owned if collection is not None else None


def not_owned(deck: Deck, resolver: Resolver, settings: Settings, registry: PoolRegistry
              ) -> list[Problem]:
    """The `not-owned` notices of a deck: each card it needs more copies of than its game's
    collection holds (none when no collection of its game is given, or it cannot be read:
    `check` says why before it starts)."""
    owned = game_owned(settings, registry, resolver.pool.game_id)
    return [] if owned is None else notices(deck, resolver, owned)


def owned_lines(deck: Deck, resolver: Resolver, owned: dict[str, int]
                ) -> list[tuple[Wanted, int, int]]:
    """Each card the deck needs (its side zones included), the copies the collection holds
    of what its line accepts, and how many it lacks (each deck alone)."""
    entries = [*deck.entries, *(entry for zone in deck.zones.values() for entry in zone)]
    wants, _problems = wants_of(resolver, entries)
    return [(want, held(want.accepts, owned), want.count - got)
            for want, got in zip(wants, allocate(wants, owned), strict=True)]


def owned_by_card(deck: Deck, resolver: Resolver, settings: Settings, registry: PoolRegistry
                  ) -> dict[str, tuple[int, int, int]] | None:
    """Card number -> (copies needed, owned, missing) for the editor and the builder; None
    when no collection of the deck's game is given."""
    owned = game_owned(settings, registry, resolver.pool.game_id)
    if owned is None:
        return None
    return {want.card.number: (want.count, holding, missing)
            for want, holding, missing in owned_lines(deck, resolver, owned)}


def notices(deck: Deck, resolver: Resolver, owned: dict[str, int]) -> list[Problem]:
    """One information notice per card the deck lacks (its side zones included)."""
    return [Problem(rule="not-owned", severity="info", card=want.card.number, line=want.line,
                    message=_("{card}: {needed} needed, the collection holds {owned} — "
                              "acquire {missing}").format(
                        card=want.card.label(), needed=want.count, owned=holding,
                        missing=missing))
            for want, holding, missing in owned_lines(deck, resolver, owned) if missing]
