"""The settings of a run: one typed object, each value with the place it came from.

`app.config.load_settings` builds it from defaults, the repository's configuration
(`[tool.deckcli]` in `pyproject.toml`, or `deckcli.toml`), the environment (`DECKCLI_FORMAT`,
`DECKCLI_POOLS`, `GITHUB_ACTIONS`) and the command line, strongest last. Every command reads
what it needs from here; `deckcli config` prints it (`rows`); the result cache keys results by
`verdict_key`. Mistakes are gathered, not raised one by one: `registry` reports them all at once.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from deckcli.errors import UserError
from deckcli.i18n import N_, _

if TYPE_CHECKING:
    from deckcli.app.ignore import Rules
    from deckcli.pools.registry import PoolRegistry

T = TypeVar("T")

# Where a setting came from, when no option or file set it: marked for the catalogs and shown
# translated by `deckcli config` (JSON keeps these English words, like every machine format)
DEFAULT = N_("default")
NO_CONFIG = N_("none found: defaults")
DEFAULT_EXCLUDE = (".*/", "node_modules/", "__pycache__/")


@dataclass(frozen=True)
class Sourced(Generic[T]):
    """A value and where it came from: "default", a flag ("--select"), an environment variable
    ("DECKCLI_FORMAT", "GITHUB_ACTIONS=true") or a configuration file
    ("/repo/pyproject.toml [tool.deckcli]")."""

    value: T
    origin: str = DEFAULT

    def named(self, key: str) -> str:
        """How a message names where the value came from, ready for the value: '--select ',
        'DECKCLI_FORMAT=', '/repo/pyproject.toml [tool.deckcli] format '."""
        if self.origin.startswith("--"):
            return f"{self.origin} "
        if self.origin.isupper():
            return f"{self.origin}="
        return f"{self.origin} {key} "

    def label(self, key: str) -> str:
        """Where globs were given, as `check --verbose` names it."""
        if self.origin == DEFAULT:
            return _("the default exclusions")
        return self.named(key).rstrip()


@dataclass(frozen=True)
class Globs:
    """Gitignore-style globs and the folder they are relative to (the configuration file's,
    or the working folder for the command line's)."""

    patterns: tuple[str, ...]
    base: Path


@dataclass(frozen=True)
class CollectionSource:
    """A collection file (`collection` in the configuration, `--collection`): its path and
    the game it is given for (None: whichever game the file names)."""

    path: Path
    game: str | None = None


@dataclass(frozen=True)
class DeckGlob:
    """`[[decks]]`: files matching `path` (a gitignore-style glob, relative to `base`) are
    decks of this game and format."""

    path: str
    game: str | None
    deck_format: str | None
    base: Path


def _cwd() -> Path:
    return Path(os.path.abspath("."))


def _default_exclude() -> Sourced[Globs]:
    return Sourced(Globs(DEFAULT_EXCLUDE, _cwd()))


@dataclass(frozen=True)
class Settings:
    """Everything a command may be told beyond its arguments; `Settings()` is the defaults."""

    config: Sourced[Path | None] = Sourced(None, NO_CONFIG)  # the configuration file used
    format: Sourced[str] = Sourced("rich")  # the output format of `check`
    strict: Sourced[bool] = Sourced(False)  # warnings fail the check too
    fix: Sourced[bool] = Sourced(False)  # `check` applies safe fixes
    unsafe_fixes: Sourced[bool] = Sourced(False)  # … and unsafe ones (with fix)
    select: Sourced[tuple[str, ...]] = Sourced(())  # report only these rule ids
    ignore: Sourced[tuple[str, ...]] = Sourced(())  # never report these
    exclude: Sourced[Globs] = field(default_factory=_default_exclude)  # replaces the defaults
    extend_exclude: tuple[Sourced[Globs], ...] = ()  # every one applies
    force_exclude: Sourced[bool] = Sourced(False)  # exclusions bind files named too
    # read a named file a link leads out of its git work tree (the command line only)
    allow_outside: Sourced[bool] = Sourced(False)
    pools: tuple[Sourced[Path], ...] = ()  # user pool folders or files, weakest first
    decks: Sourced[tuple[DeckGlob, ...]] = Sourced(())  # games and formats by path
    game: Sourced[str | None] = Sourced(None)  # for decks that name none
    collection: Sourced[tuple[CollectionSource, ...]] = Sourced(())  # the cards owned
    deck_format: Sourced[str | None] = Sourced(None)
    step_summary: Sourced[Path | None] = Sourced(None)  # where GitHub Actions wants markdown
    lang: Sourced[str | None] = Sourced(None)  # the interface language (deckcli.i18n's code)
    card_lang: Sourced[str | None] = Sourced(None)  # card names shown ("ja", "zh-Hant", …)
    mistakes: tuple[str, ...] = ()  # what building these settings found wrong

    # --- what the run asks of them ---

    @cached_property
    def _exclusions(self) -> tuple[tuple[Rules, bool], ...]:
        from deckcli.app.ignore import glob_rules

        return tuple((glob_rules(list(globs.value.patterns), globs.value.base,
                                 globs.label(key), checked=False), globs.origin == DEFAULT)
                     for key, globs in (("exclude", self.exclude),
                                        *(("extend-exclude", more)
                                          for more in self.extend_exclude)))

    def excluded(self, path: str, is_dir: bool, defaults: bool = True) -> str | None:
        """Why the exclusion globs skip an absolute path ("excluded by ORIGIN: GLOB"), or None;
        `defaults=False` asks only the globs someone gave (a scan's default skips, like git's
        ignores, never hide a tracked file; the owner's exclusions do)."""
        from deckcli.app.ignore import first_verdict

        for rules, default in self._exclusions:
            if default and not defaults:
                continue
            reason = first_verdict((rules,), path, is_dir)
            if reason is not None:
                return _("excluded by {reason}").format(reason=reason)
        return None

    def excludes_files(self, defaults: bool = True) -> bool:
        """Whether an exclusion glob can match a file itself (`defaults=False`: one someone
        gave); the defaults are folder patterns, which a scan need not try on every file."""
        return any(rules.file_patterns for rules, default in self._exclusions
                   if defaults or not default)

    def excluded_by_file(self, path: str, is_dir: bool) -> str | None:
        """Why a configuration file's exclusions skip an absolute path, or None (the command
        line's and the defaults are the runner's choice; a file's hides a tracked deck only
        with a notice, `config-excluded`)."""
        from deckcli.app.ignore import first_verdict

        for (rules, default), globs in zip(self._exclusions, (self.exclude,
                                                              *self.extend_exclude),
                                           strict=True):
            if default or globs.origin.startswith("--"):
                continue
            reason = first_verdict((rules,), path, is_dir)
            if reason is not None:
                return f"excluded by {reason}"
        return None

    @cached_property
    def _deck_globs(self) -> tuple[tuple[Rules, DeckGlob], ...]:
        from deckcli.app.ignore import glob_rules

        return tuple((glob_rules([deck.path], deck.base, deck.path, checked=False), deck)
                     for deck in self.decks.value)

    def deck_glob(self, path: str | Path) -> DeckGlob | None:
        """The `[[decks]]` entry that speaks for a file: the last whose glob matches it."""
        if not self._deck_globs:
            return None  # no [[decks]]: nothing to match (most runs, once per deck)
        absolute = os.path.abspath(path)
        for rules, deck in reversed(self._deck_globs):
            verdict = rules.verdict(absolute, False)
            if verdict is not None and verdict[0]:
                return deck
        return None

    def pool_paths(self) -> list[Path]:
        return [folder.value for folder in self.pools]

    def verdict_key(self) -> dict[str, object]:
        """The part of the settings that can change a deck's result, as plain data (for a
        cache of results): the games and formats given to decks, which rule ids are reported
        and the user pools. The output format, exclusions and `strict` (which is applied to the
        whole run, not to a deck) are left out."""
        return {
            "game": self.game.value,
            "deck-format": self.deck_format.value,
            "decks": [[deck.path, deck.game, deck.deck_format, str(deck.base)]
                      for deck in self.decks.value],
            "select": sorted(self.select.value),
            "ignore": sorted(self.ignore.value),
            # a configuration's select/ignore is announced on the decks, the command line's not
            "select-from": self.select.origin,
            "ignore-from": self.ignore.origin,
            "pools": [str(path) for path in self.pool_paths()],
            **({"collection": self.collection_stamps()} if self.collection.value else {}),
        }

    def collection_stamps(self) -> list[list[object]]:
        """Each collection file with its stamp (size, modification time, inode): a cached
        verdict's `not-owned` notices hold only while the collection is unchanged."""
        stamps: list[list[object]] = []
        for found in self.collection.value:
            try:
                info = os.stat(found.path)
                stamp: object = [info.st_size, info.st_mtime_ns, info.st_ino]
            except OSError:
                stamp = None
            stamps.append([str(found.path), found.game, stamp])
        return stamps

    def rows(self) -> list[tuple[str, object, str]]:
        """(key, value as JSON data, where it came from) for `deckcli config`."""
        config = self.config.value
        return [
            ("config", str(config) if config else None, self.config.origin),
            ("exclude", list(self.exclude.value.patterns), self.exclude.origin),
            _joined("extend-exclude", [(pattern, more.origin) for more in self.extend_exclude
                                       for pattern in more.value.patterns]),
            _joined("pools", [(str(folder.value), folder.origin) for folder in self.pools]),
            ("select", list(self.select.value), self.select.origin),
            ("ignore", list(self.ignore.value), self.ignore.origin),
            ("strict", self.strict.value, self.strict.origin),
            ("fix", self.fix.value, self.fix.origin),
            ("unsafe-fixes", self.unsafe_fixes.value, self.unsafe_fixes.origin),
            ("format", self.format.value, self.format.origin),
            ("decks", [{"path": deck.path, "game": deck.game, "deck-format": deck.deck_format}
                       for deck in self.decks.value], self.decks.origin),
            ("collection", [{"path": str(found.path), "game": found.game}
                            for found in self.collection.value], self.collection.origin),
            ("lang", self.lang.value, self.lang.origin),
            ("card-lang", self.card_lang.value, self.card_lang.origin),
        ]

    # --- mistakes, reported all at once ---

    def registry(self, everything: bool = False) -> PoolRegistry:
        """The games of this run: the built-in pools plus `pools` (later ones win).

        Every mistake is reported at once, as one usage error of several lines: those found
        building the settings and pool paths that cannot be used; with `everything` (a check,
        `deckcli config`), also an output format that does not exist and games, deck formats
        and rule ids that no pool defines (not looked for when a pool path is wrong, as the
        answer would depend on it).
        """
        from deckcli.pools.registry import PoolRegistry, user_pool_problem

        mistakes = list(self.mistakes)
        pool_mistakes = [f"{folder.origin} names {folder.value}, which {problem}"
                         for folder in self.pools
                         if (problem := user_pool_problem(folder.value)) is not None]
        mistakes += pool_mistakes
        if everything:
            mistakes += self._format_mistakes()
        registry = PoolRegistry(self.pool_paths())
        if everything and not pool_mistakes:
            mistakes += self._reference_mistakes(registry)
        if mistakes:
            raise UserError(mistakes[0], also=mistakes[1:])
        return registry

    def _format_mistakes(self) -> list[str]:
        from deckcli.report import RENDERERS

        if self.format.value in RENDERERS:
            return []
        return [_("{origin}{value!r} is not an output format; use one of {formats}").format(
            origin=self.format.named("format"), value=self.format.value,
            formats=", ".join(RENDERERS))]

    def _reference_mistakes(self, registry: PoolRegistry) -> list[str]:
        """Games, deck formats and rule ids named that no pool (and not deckcli) defines."""
        mistakes = []
        named = [(self.game.named("game").rstrip(), self.game.value,
                  self.deck_format.named("deck-format").rstrip(), self.deck_format.value)]
        named += [(_("{origin}: decks entry {path!r}: game").format(
                       origin=self.decks.origin, path=deck.path), deck.game,
                   _("{origin}: decks entry {path!r}: deck-format").format(
                       origin=self.decks.origin, path=deck.path),
                   deck.deck_format) for deck in self.decks.value]
        formats: set[str] | None = None  # every game's formats, read only when asked
        for game_label, game, format_label, deck_format in named:
            if game is not None and registry.resolve_id(game) is None:
                mistakes.append(f"{game_label}: {registry.unknown_game(game)}")
            if deck_format is not None:
                formats = formats or {fid for gid in registry.game_ids()
                                      for fid in registry.format_ids(gid)}
                if deck_format not in formats:
                    from difflib import get_close_matches

                    close = get_close_matches(deck_format, sorted(formats), n=1)
                    if close:
                        mistakes.append(_("{where} {format!r} is not a format of any game (did "
                                          "you mean {close!r}?); formats: {formats}").format(
                            where=format_label, format=deck_format, close=close[0],
                            formats=", ".join(sorted(formats))))
                    else:
                        mistakes.append(_("{where} {format!r} is not a format of any game; "
                                          "formats: {formats}").format(
                            where=format_label, format=deck_format,
                            formats=", ".join(sorted(formats))))
        for key, ids in (("select", self.select), ("ignore", self.ignore)):
            mistakes += [f"{ids.named(key).rstrip()}: {problem}"
                         for problem in unknown_rule_ids(ids.value, registry)]
        return mistakes


def _joined(key: str, items: list[tuple[str, str]]) -> tuple[str, object, str]:
    """A row of values that add up from several places: every value, every place once."""
    return (key, [value for value, _ in items],
            "; ".join(dict.fromkeys(origin for _, origin in items)) or DEFAULT)


def known_rule_ids(registry: PoolRegistry) -> set[str]:
    """deckcli's own rule ids and those of every format of every game known in this run."""
    from deckcli.engine.rules.builtin import BUILTIN_RULES

    ids = set(BUILTIN_RULES)
    for game_id in registry.game_ids():
        ids.update(registry.rule_ids(game_id))
    return ids


def unknown_rule_ids(rule_ids: Iterable[str], registry: PoolRegistry) -> list[str]:
    """"'deck_size' is not a rule id of any game (did you mean 'deck-size'?)" for each id
    no game knows."""

    rule_ids = list(rule_ids)
    known = known_rule_ids(registry) if rule_ids else set()
    mistakes = []
    for rule_id in rule_ids:
        if rule_id not in known:
            from difflib import get_close_matches

            close = get_close_matches(rule_id, sorted(known), n=1, cutoff=0.6)
            mistakes.append((_("{rule!r} is not a rule id of any game (did you mean {close!r}?)")
                             if close else
                             _("{rule!r} is not a rule id of any game (deckcli rules lists "
                               "them)")).format(rule=rule_id, close=close[0] if close else ""))
    return mistakes
