"""Where the settings come from: defaults, the configuration, the environment, the command line.

The configuration of a deck repository is `deckcli.toml`, or `[tool.deckcli]` in
`pyproject.toml`, found as ruff finds its own: the nearest folder above the checked paths (then
above the working folder) holding a `deckcli.toml`, or a `pyproject.toml` with a
`[tool.deckcli]` table; in one folder `deckcli.toml` wins. Paths in it (`pools`, `exclude`
globs, `[[decks]]` globs) are relative to its folder. Every mistake in it names the file and
the key, and all of them are reported together (`Settings.registry`).
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from deckcli.app.settings import DeckGlob, Globs, Settings, Sourced
from deckcli.errors import UserError
from deckcli.io.files import TooLarge, read_regular_file

CONFIG_FILE = "deckcli.toml"
PYPROJECT = "pyproject.toml"
LIST_KEYS = ("exclude", "extend-exclude", "pools", "select", "ignore")
KEYS = (*LIST_KEYS, "strict", "format", "decks")
DECK_KEYS = ("path", "game", "deck-format")
POOLS_FOLDER = "cardpools"  # picked up beside the config file when `pools` is not set
MAX_CONFIG_BYTES = 1_000_000
FOUND = "nearest above the paths"

CI_ENV = "GITHUB_ACTIONS"  # "true" in every GitHub Actions job
CI_ORIGIN = f"{CI_ENV}=true"
FORMAT_ENV = "DECKCLI_FORMAT"
POOLS_ENV = "DECKCLI_POOLS"  # folders separated like PATH
SUMMARY_ENV = "GITHUB_STEP_SUMMARY"


def load_settings(paths: Sequence[Path] = (), *, output_format: str | None = None,
                  game: str | None = None, deck_format: str | None = None,
                  strict: bool | None = None, select: Sequence[str] | None = None,
                  ignore: Sequence[str] | None = None, exclude: Sequence[str] | None = None,
                  extend_exclude: Sequence[str] | None = None, force_exclude: bool = False,
                  pools: Sequence[Path] = (), environ: Mapping[str, str] | None = None,
                  allow_outside: bool = False, game_origin: str = "--game"
                  ) -> Settings:
    """The settings of a run over `paths`, strongest last: defaults, GitHub Actions detection
    (output format only), the configuration, the environment, then the command line's options
    (None or empty: not given; `game_origin`: how messages name where `game` was given, as
    `import` gives it by its GAME argument). Mistakes are gathered in `Settings.mistakes`."""
    env = os.environ if environ is None else environ
    settings = Settings()
    if env.get(CI_ENV) == "true":
        settings = replace(settings, format=Sourced("github", CI_ORIGIN))
    settings = _with_file(settings, find_config(list(paths)))
    if env.get(FORMAT_ENV):
        settings = replace(settings, format=Sourced(env[FORMAT_ENV].lower(), FORMAT_ENV))
    env_pools = [Path(part) for part in env.get(POOLS_ENV, "").split(os.pathsep) if part]
    settings = replace(settings, pools=(*settings.pools,
                                        *(Sourced(folder, POOLS_ENV) for folder in env_pools)))
    if output_format is not None:
        settings = replace(settings, format=Sourced(output_format.lower(), "--format"))
    if game is not None:
        settings = replace(settings, game=Sourced(game, game_origin))
    if deck_format is not None:
        settings = replace(settings, deck_format=Sourced(deck_format, "--deck-format"))
    if strict is not None:
        settings = replace(settings, strict=Sourced(strict, "--strict" if strict
                                                    else "--no-strict"))
    if split_rule_ids(select):
        settings = replace(settings, select=Sourced(split_rule_ids(select), "--select"))
    if split_rule_ids(ignore):
        settings = replace(settings, ignore=Sourced(split_rule_ids(ignore), "--ignore"))
    cwd = Path(os.path.abspath("."))
    if exclude:
        settings = _with_mistakes(replace(
            settings, exclude=Sourced(Globs(tuple(exclude), cwd), "--exclude")),
            _glob_mistakes(tuple(exclude), cwd, "--exclude"))
    if extend_exclude:
        more = Sourced(Globs(tuple(extend_exclude), cwd), "--extend-exclude")
        settings = _with_mistakes(replace(
            settings, extend_exclude=(*settings.extend_exclude, more)),
            _glob_mistakes(tuple(extend_exclude), cwd, "--extend-exclude"))
    if force_exclude:
        settings = replace(settings, force_exclude=Sourced(True, "--force-exclude"))
    if allow_outside:  # never from a configuration: a repository must not allow itself this
        settings = replace(settings, allow_outside=Sourced(True, "--allow-outside"))
    settings = replace(settings, pools=(*settings.pools,
                                        *(Sourced(Path(folder), "--pools") for folder in pools)))
    if settings.format.origin == CI_ORIGIN and env.get(SUMMARY_ENV):
        settings = replace(settings, step_summary=Sourced(Path(env[SUMMARY_ENV]), SUMMARY_ENV))
    return settings


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
        data = read_regular_file(pyproject, MAX_CONFIG_BYTES)
    except TooLarge:
        return pyproject  # read, and refused with its size, where settings are built
    except OSError:  # missing, or a FIFO or device named like one: never waited on
        return None
    if b"tool.deckcli" in data:  # read (and its errors reported) even if it is broken
        return pyproject
    return pyproject if b"deckcli" in data and _has_table(pyproject) else None


def _has_table(pyproject: Path) -> bool:
    try:
        tool = tomllib.loads(read_regular_file(pyproject, MAX_CONFIG_BYTES).decode("utf-8")
                             ).get("tool")
    except (OSError, ValueError):
        return False
    return isinstance(tool, dict) and "deckcli" in tool




def split_rule_ids(values: Sequence[str] | None) -> tuple[str, ...]:
    """`--select a,b --select c` -> ('a', 'b', 'c')."""
    return tuple(
        part.strip() for value in values or [] for part in value.split(",") if part.strip()
    )


def _glob_mistakes(patterns: tuple[str, ...], base: Path, label: str) -> list[str]:
    """Why each glob that is not valid cannot be used, naming where it was given."""
    from deckcli.app.ignore import glob_rules

    mistakes = []
    for pattern in patterns:
        try:
            glob_rules([pattern], base, label)
        except UserError as exc:
            mistakes.append(str(exc))
    return mistakes


def _with_mistakes(settings: Settings, mistakes: Sequence[str]) -> Settings:
    return replace(settings, mistakes=(*settings.mistakes, *mistakes)) if mistakes else settings


def _with_file(settings: Settings, path: Path | None) -> Settings:
    """The settings with what a configuration file says (None: no file)."""
    if path is None:
        return settings
    settings = replace(settings, config=Sourced(path, FOUND))
    try:
        raw = tomllib.loads(read_regular_file(path, MAX_CONFIG_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return _with_mistakes(settings, [f"{path}: cannot read the configuration: {exc}"])
    if path.name == PYPROJECT:
        tool = raw.get("tool")
        table = tool.get("deckcli", {}) if isinstance(tool, dict) else {}
        origin = f"{path} [tool.deckcli]"
    else:
        table, origin = raw, str(path)
    if not isinstance(table, dict):
        return _with_mistakes(settings, [f"{origin}: must be a table of settings"])
    default_pools = path.parent / POOLS_FOLDER
    if "pools" not in table and default_pools.is_dir():
        settings = replace(settings, pools=(Sourced(default_pools,
                                                    f"{POOLS_FOLDER}/ beside {path}"),))
    mistakes: list[str] = []
    for key, value in table.items():
        settings = _with_key(settings, origin, path, key, value, mistakes)
    return _with_mistakes(settings, mistakes)


def _with_key(settings: Settings, origin: str, path: Path, key: str, value: object,
              mistakes: list[str]) -> Settings:
    """The settings with one key of a configuration file, or a mistake more."""
    base = path.parent
    if key not in KEYS:
        mistakes.append(f"{origin}: unknown key {key!r}{_did_you_mean(key, KEYS)}; "
                        f"keys: {', '.join(KEYS)}")
    elif key in LIST_KEYS:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            mistakes.append(f"{origin}: {key} must be a list of strings, like {key} = "
                            f'["{_example(key)}"]')
            return settings
        items = tuple(str(item) for item in value)
        if key == "pools":
            return replace(settings, pools=tuple(Sourced(base / folder, origin)
                                                 for folder in items))
        if key == "select":
            return replace(settings, select=Sourced(items, origin))
        if key == "ignore":
            return replace(settings, ignore=Sourced(items, origin))
        globs = Sourced(Globs(items, base), origin)
        mistakes += _glob_mistakes(items, base, globs.label(key))
        if key == "exclude":
            return replace(settings, exclude=globs)
        return replace(settings, extend_exclude=(*settings.extend_exclude, globs))
    elif key == "strict":
        if isinstance(value, bool):
            return replace(settings, strict=Sourced(value, origin))
        mistakes.append(f"{origin}: strict must be true or false")
    elif key == "format":
        from deckcli.report import RENDERERS

        if isinstance(value, str) and value.lower() in RENDERERS:
            return replace(settings, format=Sourced(value.lower(), origin))
        mistakes.append(f"{origin}: format {value!r} is not an output format; use one of "
                        f"{', '.join(RENDERERS)}")
    elif not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        table = "[[tool.deckcli.decks]]" if path.name == PYPROJECT else "[[decks]]"
        mistakes.append(f'{origin}: decks must be tables: {table} with path = "glob" and '
                        'game = "id"')
    else:
        decks = [_deck_glob(origin, base, index, item, mistakes)
                 for index, item in enumerate(value, 1)]
        return replace(settings, decks=Sourced(tuple(deck for deck in decks if deck), origin))
    return settings


def _deck_glob(origin: str, base: Path, index: int, table: dict[str, Any],
               mistakes: list[str]) -> DeckGlob | None:
    """One `[[decks]]` entry, or None with every mistake it holds."""
    found = len(mistakes)
    for key, value in table.items():
        if key not in DECK_KEYS:
            mistakes.append(f"{origin}: unknown key {key!r} in decks entry {index}"
                            f"{_did_you_mean(key, DECK_KEYS)}; keys: {', '.join(DECK_KEYS)}")
        elif not isinstance(value, str) or not value.strip():
            mistakes.append(f"{origin}: {key} of decks entry {index} must be a non-empty string")
    if "path" not in table or not ("game" in table or "deck-format" in table):
        mistakes.append(f"{origin}: decks entry {index} needs path and game (or deck-format), "
                        'like path = "decks/megaman/**" and game = "megaman"')
    if len(mistakes) > found:
        return None
    mistakes += _glob_mistakes((table["path"],), base, f"{origin}: decks entry {index} path")
    return DeckGlob(table["path"], table.get("game"), table.get("deck-format"), base)


def _did_you_mean(word: str, choices: tuple[str, ...]) -> str:
    import difflib

    close = difflib.get_close_matches(word, choices, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _example(key: str) -> str:
    return {"pools": "cardpools", "select": "deck-size", "ignore": "duplicate-card"}.get(
        key, "legacy/")
