"""The language server's one door into the app layer: a document held in memory, checked with
the same settings, placement and problem filter as `deckcli check` would give its file.

Everything the server asks of `deckcli.app` goes through `Checker`, so a change in how the
app places decks is followed here and nowhere else. Settings are built once per folder and
pools once per set of pool paths. Before each check the files they came from are looked at as
the CLI's result cache looks at them (stamps, then a hash of the bytes when a stamp moved or
is too fresh to trust): a configuration or pool saved outside the editor, which most editors
never report, is read again (`refresh`); `forget` drops everything at once, for the editors
that do report changed files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from deckcli.app.config import CONFIG_FILE, PYPROJECT, load_settings
from deckcli.app.judge import judge
from deckcli.app.settings import Settings
from deckcli.engine.resolver import Resolver
from deckcli.errors import UserError
from deckcli.i18n import ngettext
from deckcli.io.files import read_regular_file
from deckcli.io.stamps import FileVersions
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem
from deckcli.pools.registry import PoolRegistry

CONFIG_RULE = "invalid-config"  # the one problem of a document whose configuration is broken
MAX_WATCHED_BYTES = 256 * 1024 * 1024  # a configuration or pool file hashed to tell a change
_SUGGESTED = re.compile(r"\(did you mean [^)]*\)")
_QUOTED = re.compile(r"'([^'\n]+)'")
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
    # card number -> (copies needed, owned, missing) when a collection of its game is given
    owned: dict[str, tuple[int, int, int]] | None = None

    @property
    def typing(self) -> Resolver | None:
        """The resolver completion and hover use: the judged one, else the guess."""
        return self.resolver or self.guess


@dataclass
class _Place:
    """A folder's settings and games, the mistakes found building them, and what the files
    they came from held then (configurations above the folder; pool files)."""

    settings: Settings
    registry: PoolRegistry | None
    mistakes: list[str]
    configs: dict[str, str]
    pools: dict[str, str] = field(default_factory=dict)

    @property
    def mistake(self) -> str | None:
        """The mistakes as one diagnostic's message (None: the configuration is sound)."""
        if not self.mistakes:
            return None
        more = len(self.mistakes) - 1
        if not more:
            return self.mistakes[0]
        return ngettext("{mistake} (and {count} more mistake)",
                        "{mistake} (and {count} more mistakes)", more).format(
            mistake=self.mistakes[0], count=more)


class Checker:
    """Settings, pools and resolvers kept for the life of the server."""

    def __init__(self, pools: list[Path]) -> None:
        self.pools = list(pools)
        self._places: dict[Path, _Place] = {}
        self._registries: dict[tuple[Path, ...], PoolRegistry] = {}
        self._files = FileVersions(lambda path: read_regular_file(path, MAX_WATCHED_BYTES))
        self.generation = 0  # moves whenever settings or pools are dropped: checks are stale

    def forget(self) -> None:
        """Drop every cached setting and pool: a configuration or pool file changed."""
        self._places.clear()
        self._registries.clear()
        self.generation += 1

    def refresh(self, path: Path) -> bool:
        """Whether the settings or pools of a document at `path` were read again because a
        file they came from changed since (they are read again at its next check)."""
        place = self._places.get(path.parent)
        if place is None:
            return False
        pools_changed = self._files.changed(place.pools)
        if not pools_changed and not self._files.changed(place.configs):
            return False
        stale = [folder for folder, other in self._places.items()
                 if other is place or (pools_changed and other.registry is place.registry)]
        for folder in stale:
            del self._places[folder]
        self.generation += 1
        if pools_changed:
            self._registries = {key: registry for key, registry in self._registries.items()
                                if registry is not place.registry}
        return True

    def _place_of(self, path: Path) -> _Place:
        folder = path.parent
        found = self._places.get(folder)
        if found is None:
            configs = self._files.versions(config_files(folder))  # before they are read
            settings = load_settings([path], pools=self.pools)
            key = tuple(settings.pool_paths())
            try:  # every mistake `deckcli check` reports, with its did-you-mean
                checked = settings.registry(everything=True)
                registry = self._registries.get(key) or checked  # pools loaded already
            except UserError as exc:
                found = _Place(settings, None, list(exc.messages), configs)
            else:
                self._registries[key] = registry
                found = _Place(settings, registry, [], configs,
                               self._files.versions(registry.files))
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
        """What `deckcli check PATH` would say if the file held `text` (the app's judge); for
        the configuration file itself, its mistakes."""
        place_of = self._place_of(path)
        if path.name in (CONFIG_FILE, PYPROJECT) and place_of.settings.config.value == path:
            unread = self._unread_collection(place_of)
            return Checked(None, config_problems([*place_of.mistakes, *unread], text))
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
        owned = None
        problems = judged.result.problems
        if place_of.settings.collection.value:  # read once, again when a file changes
            from deckcli.app.collection import owned_by_card

            owned = owned_by_card(deck, placed.resolver, place_of.settings, place_of.registry)
            problems = [*problems, *(Problem(rule=CONFIG_RULE, severity="warning", message=why)
                                     for why in self._unread_collection(place_of))]
        return Checked(deck, problems, placed.resolver, place_of.registry, given, owned=owned)

    @staticmethod
    def _unread_collection(place_of: _Place) -> list[str]:
        """Why the configured collection cannot be read (`check` and `own` stop with it): a
        warning on each deck and a mistake of the configuration, never a silent empty hover."""
        if place_of.registry is None or not place_of.settings.collection.value:
            return []
        from deckcli.app.collection import collection_mistake

        why = collection_mistake(place_of.settings, place_of.registry)
        return [] if why is None else [why]


def config_files(folder: Path) -> list[Path]:
    """The files whose change can change the settings of a document in `folder`: each
    folder's `deckcli.toml` and `pyproject.toml` from it up to the root (one created nearer
    takes over, as `deckcli check` would find it)."""
    return [above / name for above in (folder, *folder.parents)
            for name in (CONFIG_FILE, PYPROJECT)]


def config_problems(mistakes: list[str], text: str) -> list[Problem]:
    """The configuration's mistakes as problems of its file, each on the line holding the
    value it names ('copeis' in `ignore = ["copeis"]`), else on the first line."""
    lines = text.splitlines()
    problems = []
    for mistake in mistakes:
        named = _QUOTED.findall(_SUGGESTED.sub("", mistake))
        found = [index for value in named for index, line in enumerate(lines)
                 if f'"{value}"' in line or f"'{value}'" in line]
        problems.append(Problem(rule=CONFIG_RULE, message=mistake,
                                line=found[-1] + 1 if found else None))
    return problems
