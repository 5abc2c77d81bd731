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
from deckcli.app.judge import check_file, filter_problems, looks_like_deck
from deckcli.app.placement import place
from deckcli.app.settings import Settings
from deckcli.engine.resolver import Resolver
from deckcli.errors import UserError
from deckcli.formats.kinds import SNIFFED_SUFFIXES, kind_of
from deckcli.formats.read import parse_deck_bytes
from deckcli.formats.sniff import not_a_deck
from deckcli.io.files import read_regular_file
from deckcli.io.stamps import FileVersions
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem
from deckcli.pools.registry import PoolRegistry

CONFIG_RULE = "invalid-config"  # the one problem of a document whose configuration is broken
MAX_WATCHED_BYTES = 256 * 1024 * 1024  # a configuration or pool file hashed to tell a change
_SUGGESTED = re.compile(r"\(did you mean [^)]*\)")
_QUOTED = re.compile(r"'([^'\n]+)'")
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
        return self.mistakes[0] + (f" (and {more} more mistakes)" if more else "")


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
        """What `deckcli check PATH` would say if the file held `text`; for the configuration
        file itself, its mistakes."""
        place_of = self._place_of(path)
        settings = place_of.settings
        if path.name in (CONFIG_FILE, PYPROJECT) and settings.config.value == path:
            return Checked(None, config_problems(place_of.mistakes, text))
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
        result = filter_problems(check_file(deck, problems, registry, settings), settings)
        resolver = place(deck, registry, settings).resolver if result.format else None
        given = None
        if resolver is not None and deck.game is None:
            given = "the configuration gives" if settings.deck_glob(path) else "its cards give"
        return Checked(deck, result.problems, resolver, registry, given)


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
