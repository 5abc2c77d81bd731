"""The language server's one door into the app layer: a document held in memory, checked with
the same settings, placement and problem filter as `deckcli check` would give its file.

Everything the server asks of `deckcli.app` goes through `Checker`, so a change in how the
app places decks is followed here and nowhere else. Settings are built once per folder and
pools once per set of pool paths (`forget` drops both, when a configuration or pool changes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from deckcli.app.config import load_settings
from deckcli.app.judge import check_file, filter_problems, looks_like_deck
from deckcli.app.placement import place
from deckcli.app.settings import Settings
from deckcli.engine.resolver import Resolver
from deckcli.errors import UserError
from deckcli.formats.kinds import SNIFFED_SUFFIXES, kind_of
from deckcli.formats.read import parse_deck_bytes
from deckcli.formats.sniff import not_a_deck
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem
from deckcli.pools.registry import PoolRegistry

CONFIG_RULE = "invalid-config"  # the one problem of a document whose configuration is broken
# A TOML text too broken to parse is taken for a deck only when it looks like one.
_DECKISH_TOML = re.compile(r"^\s*(?:game\s*=|\[\s*cards\s*\])", re.MULTILINE)
# `game = "x"` or `# game: x` (and format) in a text too broken to read while it is typed
_WRITTEN = re.compile(r"""^\s*(?:(?:#|//)\s*(game|format)\s*:\s*(\S+)"""
                      r"""|(game|format)\s*=\s*["']([^"'\n]+)["'])""",
                      re.MULTILINE | re.IGNORECASE)


@dataclass
class Checked:
    """A document's verdict: the deck read from it, the problems `check` reports, and where it
    was placed (resolver None: no game or format could be used). `deck` None: not a deck."""

    deck: Deck | None
    problems: list[Problem] = field(default_factory=list)
    resolver: Resolver | None = None
    registry: PoolRegistry | None = None
    game_from: str | None = None  # who gives the game when the file names none


@dataclass
class _Place:
    settings: Settings
    registry: PoolRegistry | None
    mistake: str | None


class Checker:
    """Settings, pools and resolvers kept for the life of the server."""

    def __init__(self, pools: list[Path]) -> None:
        self.pools = list(pools)
        self._places: dict[Path, _Place] = {}
        self._registries: dict[tuple[Path, ...], PoolRegistry] = {}

    def forget(self) -> None:
        """Drop every cached setting and pool: a configuration or pool file changed."""
        self._places.clear()
        self._registries.clear()

    def _place_of(self, path: Path) -> _Place:
        folder = path.parent
        found = self._places.get(folder)
        if found is None:
            settings = load_settings([path], pools=self.pools)
            key = tuple(settings.pool_paths())
            try:
                kept = None if settings.mistakes else self._registries.get(key)
                registry = kept or settings.registry()
            except UserError as exc:
                more = len(exc.messages) - 1
                mistake = exc.messages[0] + (f" (and {more} more mistakes)" if more else "")
                found = _Place(settings, None, mistake)
            else:
                self._registries[key] = registry
                found = _Place(settings, registry, None)
            self._places[folder] = found
        return found

    def registry_for(self, path: Path) -> PoolRegistry | None:
        """The games a document at `path` can name (None: its configuration is broken)."""
        return self._place_of(path).registry

    def open_game(self, path: Path, game: str, format_id: str | None) -> Resolver | None:
        """The resolver of a game (id or alias) and format (None: its default), if usable."""
        registry = self.registry_for(path)
        found = registry.open_resolver(game, format_id) if registry is not None else None
        return found if isinstance(found, Resolver) else None

    def resolver_for(self, path: Path, text: str, checked: Checked) -> Resolver | None:
        """The resolver of a document's game: where the check placed it, else (a document
        being typed, not readable yet) the game and format its lines or `[[decks]]` name."""
        if checked.resolver is not None:
            return checked.resolver
        written = {(match.group(1) or match.group(3)).lower(): match.group(2) or match.group(4)
                   for match in _WRITTEN.finditer(text)}
        glob = self._place_of(path).settings.deck_glob(path)
        game = written.get("game") or (glob.game if glob else None)
        chosen = written.get("format") or (glob.deck_format if glob else None)
        return self.open_game(path, game, chosen) if game else None

    def check(self, path: Path, text: str) -> Checked:
        """What `deckcli check PATH` would say if the file held `text`."""
        place_of = self._place_of(path)
        settings = place_of.settings
        if not is_deck(path, text, settings):
            return Checked(None)
        deck, problems = parse_deck_bytes(text.encode("utf-8"),
                                          Deck(path=str(path), kind=kind_of(path)))
        if deck.kind == "toml" and settings.deck_glob(path) is None and not toml_deck(
                text, deck, problems):
            return Checked(None)
        registry = place_of.registry
        if registry is None:
            assert place_of.mistake is not None
            return Checked(deck, [Problem(rule=CONFIG_RULE, message=place_of.mistake)])
        result = filter_problems(check_file(deck, problems, registry, settings, text),
                                 settings)
        resolver = place(deck, registry, settings).resolver if result.format else None
        given = None
        if resolver is not None and deck.game is None:
            given = "the configuration gives" if settings.deck_glob(path) else "its cards give"
        return Checked(deck, result.problems, resolver, registry, given)


    def fix_all(self, path: Path, text: str) -> str | None:
        """The document with every safe fix made, as `check --fix` makes them (None: not a
        deck, or nothing to fix)."""
        from deckcli.app.fixing import fix_bytes

        place_of = self._place_of(path)
        settings, registry = place_of.settings, place_of.registry
        if registry is None or not is_deck(path, text, settings):
            return None
        data = text.encode("utf-8")
        deck, problems = parse_deck_bytes(data, Deck(path=str(path), kind=kind_of(path)))
        fixed = fix_bytes(path, data, deck, problems, registry, settings, unsafe=False)
        return fixed.after.decode("utf-8") if fixed.changed else None


def is_deck(path: Path, text: str, settings: Settings) -> bool:
    """Whether a document is a deck, as a folder scan decides (or the config names it); an
    empty document is not one yet."""
    if settings.deck_glob(path) is not None:
        return True
    if not text.strip():
        return False
    suffix = path.suffix.lower()
    if suffix in SNIFFED_SUFFIXES:
        return not_a_deck(suffix, text, settings.game.value is not None) is None
    return suffix == ".toml"


def toml_deck(text: str, deck: Deck, problems: list[Problem]) -> bool:
    """A TOML file is a deck when it has `game` or `[cards]`; one too broken to read, when a
    line starts like those."""
    if any(p.rule == "invalid-toml" for p in problems):
        return _DECKISH_TOML.search(text) is not None
    return looks_like_deck(deck, problems)
