"""The configuration of a deck repository: `deckcli.toml`, or `[tool.deckcli]` in `pyproject.toml`.

Found as ruff finds its own: the nearest folder above the checked paths (then above the working
folder) holding a `deckcli.toml`, or a `pyproject.toml` with a `[tool.deckcli]` table; in one
folder `deckcli.toml` wins. Paths in it (`pools`, `exclude` globs, `[[decks]]` globs) are
relative to its folder. Every mistake in it is a usage error naming the file and the key.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from deckcli.errors import UserError

CONFIG_FILE = "deckcli.toml"
PYPROJECT = "pyproject.toml"
LIST_KEYS = ("exclude", "extend-exclude", "pools", "select", "ignore")
KEYS = (*LIST_KEYS, "strict", "format", "decks")
DECK_KEYS = ("path", "game", "deck-format")
POOLS_FOLDER = "cardpools"  # picked up beside the config file when `pools` is not set
MAX_CONFIG_BYTES = 1_000_000


@dataclass(frozen=True)
class DeckGlob:
    """`[[decks]]`: files matching `path` (a gitignore-style glob) are decks of this game."""

    path: str
    game: str | None
    deck_format: str | None


@dataclass
class Config:
    """What one configuration file says (only the keys it sets), and where it is."""

    path: Path | None = None
    table: str = ""  # "[tool.deckcli]" or "" for a deckcli.toml
    values: dict[str, object] = field(default_factory=dict)

    @property
    def base(self) -> Path:
        """The folder its relative paths start from (the working folder without a file)."""
        return self.path.parent if self.path else Path(os.path.abspath("."))

    @property
    def origin(self) -> str:
        if self.path is None:
            return "default"
        return f"{self.path} {self.table}".rstrip()

    def get(self, key: str) -> object:
        return self.values.get(key)

    def pool_dirs(self) -> list[Path]:
        """`pools`, relative to the file; without it, a `cardpools/` folder beside the file."""
        if "pools" in self.values:
            return [self.base / folder for folder in self.values["pools"]]  # type: ignore[union-attr]
        default = self.base / POOLS_FOLDER
        return [default] if self.path is not None and default.is_dir() else []

    def decks(self) -> list[DeckGlob]:
        return list(self.values.get("decks", []))  # type: ignore[call-overload]

    def deck_matcher(self) -> DeckMatcher:
        return DeckMatcher(self.base, self.decks())


class DeckMatcher:
    """Which `[[decks]]` entry speaks for a file: the last whose glob matches it."""

    def __init__(self, base: Path, globs: list[DeckGlob]) -> None:
        from deckcli.app.ignore import glob_rules

        self.entries = [(glob_rules([glob.path], base, glob.path), glob) for glob in globs]

    def match(self, path: Path) -> DeckGlob | None:
        absolute = os.path.abspath(path)
        for rules, glob in reversed(self.entries):
            verdict = rules.verdict(absolute, False)
            if verdict is not None and verdict[0]:
                return glob
        return None


def find_config(paths: list[Path]) -> Path | None:
    """The configuration for these paths: the nearest above them, else above the cwd."""
    cwd = Path(os.path.abspath("."))
    absolute = [Path(os.path.abspath(path)) for path in paths] or [cwd]
    folders = [path if path.is_dir() else path.parent for path in absolute]
    start = Path(os.path.commonpath([str(folder) for folder in folders]))
    for first in (start, cwd):
        for folder in (first, *first.parents):
            found = _config_in(folder)
            if found is not None:
                return found
    return None


def _config_in(folder: Path) -> Path | None:
    if (folder / CONFIG_FILE).is_file():
        return folder / CONFIG_FILE
    pyproject = folder / PYPROJECT
    try:
        with pyproject.open("rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES)
    except OSError:
        return None
    if b"tool.deckcli" in data:  # read (and its errors reported) even if it is broken
        return pyproject
    return pyproject if b"deckcli" in data and _has_table(pyproject) else None


def _has_table(pyproject: Path) -> bool:
    try:
        return "deckcli" in tomllib.loads(pyproject.read_text("utf-8")).get("tool", {})
    except (OSError, ValueError):
        return False


def load_config(path: Path | None) -> Config:
    """Read and validate a configuration file (None: the defaults)."""
    if path is None:
        return Config()
    try:
        with path.open("rb") as handle:
            raw = tomllib.loads(handle.read(MAX_CONFIG_BYTES + 1).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UserError(f"{path}: cannot read the configuration: {exc}") from None
    if path.name == PYPROJECT:
        table = raw.get("tool", {}).get("deckcli", {})
        config = Config(path, "[tool.deckcli]")
    else:
        table, config = raw, Config(path, "")
    if not isinstance(table, dict):
        raise UserError(f"{config.origin}: must be a table of settings")
    for key, value in table.items():
        config.values[key] = _checked(config, key, value)
    return config


def _checked(config: Config, key: str, value: object) -> object:
    where = f"{config.origin}"
    if key not in KEYS:
        raise UserError(f"{where}: unknown key {key!r}{_did_you_mean(key, KEYS)}; "
                        f"keys: {', '.join(KEYS)}")
    if key in LIST_KEYS:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise UserError(f"{where}: {key} must be a list of strings, like {key} = "
                            f'["{_example(key)}"]')
        return value
    if key == "strict":
        if not isinstance(value, bool):
            raise UserError(f"{where}: strict must be true or false")
        return value
    if key == "format":
        from deckcli.report import RENDERERS

        if not isinstance(value, str) or value.lower() not in RENDERERS:
            raise UserError(f"{where}: format {value!r} is not an output format; use one of "
                            f"{', '.join(RENDERERS)}")
        return value.lower()
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise UserError(f"{where}: decks must be tables: [[{'tool.' if config.table else ''}"
                        'deckcli.decks]] with path = "glob" and game = "id"')
    return [_deck_glob(where, index, item) for index, item in enumerate(value, 1)]


def _deck_glob(where: str, index: int, table: dict) -> DeckGlob:
    for key, value in table.items():
        if key not in DECK_KEYS:
            raise UserError(f"{where}: unknown key {key!r} in decks entry {index}"
                            f"{_did_you_mean(key, DECK_KEYS)}; keys: {', '.join(DECK_KEYS)}")
        if not isinstance(value, str) or not value.strip():
            raise UserError(f"{where}: {key} of decks entry {index} must be a non-empty string")
    if "path" not in table or not ("game" in table or "deck-format" in table):
        raise UserError(f"{where}: decks entry {index} needs path and game (or deck-format), "
                        'like path = "decks/megaman/**" and game = "megaman"')
    return DeckGlob(table["path"], table.get("game"), table.get("deck-format"))


def _did_you_mean(word: str, choices: tuple[str, ...]) -> str:
    import difflib

    close = difflib.get_close_matches(word, choices, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _example(key: str) -> str:
    return {"pools": "cardpools", "select": "deck-size", "ignore": "duplicate-card"}.get(
        key, "legacy/")


@dataclass(frozen=True)
class Setting:
    """An effective setting and where it came from (`deckcli config` shows both)."""

    value: object
    source: str


CI_ENV = "GITHUB_ACTIONS"
FORMAT_ENV = "DECKCLI_FORMAT"


def output_format(option: str | None, config: Config) -> Setting:
    """--format, then $DECKCLI_FORMAT, then the config, then GitHub Actions, then rich."""
    if option is not None:
        return Setting(option.lower(), "--format")
    if os.environ.get(FORMAT_ENV):
        return Setting(os.environ[FORMAT_ENV].lower(), FORMAT_ENV)
    if config.get("format") is not None:
        return Setting(config.get("format"), config.origin)
    if os.environ.get(CI_ENV) == "true":
        return Setting("github", f"{CI_ENV}=true")
    return Setting("rich", "default")


def pool_dirs(config: Config, option: list[Path] | None) -> list[Setting]:
    """User pool folders, weakest first: the config's, then $DECKCLI_POOLS, then --pools."""
    from deckcli.pools.registry import POOLS_ENV, env_pool_dirs

    source = config.origin if "pools" in config.values else f"{POOLS_FOLDER}/ beside {config.path}"
    return [*(Setting(folder, source) for folder in config.pool_dirs()),
            *(Setting(folder, POOLS_ENV) for folder in env_pool_dirs()),
            *(Setting(folder, "--pools") for folder in option or [])]


def chosen(option: object, config: Config, key: str, default: object) -> Setting:
    """A command-line value wins, then the config's, then the default."""
    if option is not None and option != ():
        return Setting(option, f"--{key}")
    if key in config.values:
        return Setting(config.values[key], config.origin)
    return Setting(default, "default")
