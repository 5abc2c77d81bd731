"""The language server's one door into the app layer: a document held in memory, checked with
the same settings, placement and problem filter as `deckcli check` would give its file.

Everything the server asks of `deckcli.app` goes through `Checker`, so a change in how the
app places decks is followed here and nowhere else. Settings are built once per folder and
pools once per set of pool paths (`forget` drops both, when a configuration or pool changes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from deckcli.app.config import load_settings
from deckcli.app.judge import judge
from deckcli.app.settings import Settings
from deckcli.engine.resolver import Resolver
from deckcli.errors import UserError
from deckcli.i18n import ngettext
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem
from deckcli.pools.registry import PoolRegistry

CONFIG_RULE = "invalid-config"  # the one problem of a document whose configuration is broken
# who gave the game, as a quick fix names it (translated where it is shown)
GAME_FROM = {"cards": "cards", "config": "config", "option": "config"}


@dataclass
class Checked:
    """A document's verdict: the deck read from it, the problems `check` reports, and where it
    was placed (resolver None: no game or format could be used). `deck` None: not a deck.
    `guess`: the resolver of a deck too broken to read, by the game its lines name (for
    completion and hover while it is typed)."""

    deck: Deck | None
    problems: list[Problem] = field(default_factory=list)
    resolver: Resolver | None = None
    registry: PoolRegistry | None = None
    game_from: str | None = None  # who gives the game when the file names none
    guess: Resolver | None = None

    @property
    def typing(self) -> Resolver | None:
        """The resolver completion and hover use: the judged one, else the guess."""
        return self.resolver or self.guess


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
                mistake = exc.messages[0] if not more else ngettext(
                    "{mistake} (and {count} more mistake)", "{mistake} (and {count} more mistakes)",
                    more).format(mistake=exc.messages[0], count=more)
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

    def fix_all(self, path: Path, text: str) -> str | None:
        """The document with every safe fix made, as `check --fix` makes them (None: not a
        deck, or nothing to fix)."""
        from deckcli.app.fixing import fix_text

        place_of = self._place_of(path)
        if place_of.registry is None:
            return None
        fixed = fix_text(path, text.encode("utf-8"), None, place_of.registry,
                         place_of.settings, unsafe=False)
        return fixed.after.decode("utf-8") if fixed.changed else None

    def check(self, path: Path, text: str) -> Checked:
        """What `deckcli check PATH` would say if the file held `text` (the app's judge)."""
        place_of = self._place_of(path)
        judged = judge(path, place_of.settings, place_of.registry, text=text)
        deck = judged.deck
        if deck is None:
            return Checked(None)
        if place_of.registry is None or judged.result is None:
            assert place_of.mistake is not None
            return Checked(deck, [Problem(rule=CONFIG_RULE, message=place_of.mistake)])
        placed = judged.placement
        if judged.result.format is None:  # not judged: too broken to read, or not placed
            guess = placed.resolver if placed is not None else None
            return Checked(deck, judged.result.problems, None, place_of.registry, guess=guess)
        assert placed is not None and placed.resolver is not None
        given = GAME_FROM.get(placed.game_from or "") if deck.game is None else None
        return Checked(deck, judged.result.problems, placed.resolver, place_of.registry, given)
