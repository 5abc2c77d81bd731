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
import stat
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckcli.app.ignore import warn_once
from deckcli.app.settings import CollectionSource, DeckGlob, Globs, Settings, Sourced
from deckcli.errors import UserError
from deckcli.i18n import N_, _
from deckcli.io.files import TooLarge, read_regular_file

CONFIG_FILE = "deckcli.toml"
PYPROJECT = "pyproject.toml"
LIST_KEYS = ("exclude", "extend-exclude", "pools", "select", "ignore")
FLAG_KEYS = ("strict", "fix", "unsafe-fixes")  # true or false
KEYS = (*LIST_KEYS, *FLAG_KEYS, "format", "decks", "lang", "card-lang", "collection")
DECK_KEYS = ("path", "game", "deck-format")
POOLS_FOLDER = "cardpools"  # picked up beside the config file when `pools` is not set
MAX_CONFIG_BYTES = 1_000_000
FOUND = N_("nearest above the paths")  # where the configuration came from (`deckcli config`)
ISOLATED = N_("none read: --isolated")

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
                  allow_outside: bool = False, game_origin: str = "--game",
                  isolated: bool = False, fix: bool | None = None,
                  unsafe_fixes: bool | None = None,
                  collection: Sequence[Path] | None = None) -> Settings:
    """The settings of a run over `paths`, strongest last: defaults, GitHub Actions detection
    (output format only), the configuration, the environment, then the command line's options
    (None or empty: not given; `game_origin`: how messages name where `game` was given, as
    `import` gives it by its GAME argument). Mistakes are gathered in `Settings.mistakes`.
    `isolated`: no configuration file is read (nor the `cardpools/` beside one).
    `collection`: collection files named on the command line (they replace the
    configuration's)."""
    env = os.environ if environ is None else environ
    settings = Settings()
    if env.get(CI_ENV) == "true":
        settings = replace(settings, format=Sourced("github", CI_ORIGIN))
    if isolated:  # pull-request CI: the branch under test does not configure its own check
        settings = replace(settings, config=Sourced(None, ISOLATED))
    else:
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
    if fix is not None:
        settings = replace(settings, fix=Sourced(fix, "--fix" if fix else "--no-fix"))
    if unsafe_fixes is not None:
        settings = replace(settings, unsafe_fixes=Sourced(
            unsafe_fixes, "--unsafe-fixes" if unsafe_fixes else "--no-unsafe-fixes"))
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
    if collection:
        settings = replace(settings, collection=Sourced(
            tuple(CollectionSource(Path(path)) for path in collection), "--collection"))
    if allow_outside:  # never from a configuration: a repository must not allow itself this
        settings = replace(settings, allow_outside=Sourced(True, "--allow-outside"))
    settings = replace(settings, pools=(*settings.pools,
                                        *(Sourced(Path(folder), "--pools") for folder in pools)))
    if settings.format.origin == CI_ORIGIN and env.get(SUMMARY_ENV):
        settings = replace(settings, step_summary=Sourced(Path(env[SUMMARY_ENV]), SUMMARY_ENV))
    return settings


def find_config(paths: list[Path]) -> Path | None:
    """The configuration for these paths: the nearest above them, else above the cwd.

    Inside a git work tree the search stops at its top: a `deckcli.toml` in the folder
    above a repository (another user's, in a shared temporary folder) is not the
    repository's. Outside any work tree, a file another user owns or may write is refused
    (`untrusted`), as the cache folder is."""
    from deckcli.app.worktree import git_root

    cwd = Path(os.path.abspath("."))
    absolute = [Path(os.path.abspath(path)) for path in paths] or [cwd]
    folders = [path if path.is_dir() else path.parent for path in absolute]
    start = Path(os.path.commonpath([str(folder) for folder in folders]))
    for first in (start, cwd):
        top = git_root(first)
        for folder in (first, *first.parents):
            found = _config_in(folder)
            if found is not None:
                if top is None and (problem := untrusted(found)) is not None:
                    warn_once(_("configuration {path} not used: {problem}").format(
                        path=found, problem=problem))
                    return None
                return found
            if folder == top:
                break
    return None


def untrusted(path: Path) -> str | None:
    """Why a configuration file or pool folder outside any work tree may not be trusted:
    another user owns it or others may write to it (None: it is the user's own)."""
    try:
        info = os.stat(path)
    except OSError:
        return None  # missing: nothing to trust or refuse
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return _("another user owns it")
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return _("other users may write to it")
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
    return pyproject if b"deckcli" in data and _has_table(data) else None


@lru_cache(maxsize=8)
def _has_table(data: bytes) -> bool:
    """Whether a pyproject.toml's bytes hold a [tool.deckcli] table (a run asks up to three
    times, for the language and for the settings: parsed once per content)."""
    import tomllib  # only where a configuration file is read

    try:
        tool = tomllib.loads(data.decode("utf-8")).get("tool")
    except ValueError:
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
    import tomllib  # only where a configuration file is read

    settings = replace(settings, config=Sourced(path, FOUND))
    try:
        raw = tomllib.loads(read_regular_file(path, MAX_CONFIG_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        from deckcli.io import tomlreasons

        said = tomlreasons.reason(exc) if isinstance(exc, tomllib.TOMLDecodeError) else exc
        return _with_mistakes(settings, [_("{path}: cannot read the configuration: {reason}"
                                           ).format(path=path, reason=said)])
    if path.name == PYPROJECT:
        tool = raw.get("tool")
        table = tool.get("deckcli", {}) if isinstance(tool, dict) else {}
        origin = f"{path} [tool.deckcli]"
    else:
        table, origin = raw, str(path)
    if not isinstance(table, dict):
        return _with_mistakes(settings, [_("{origin}: must be a table of settings").format(
            origin=origin)])
    default_pools = path.parent / POOLS_FOLDER
    if "pools" not in table and default_pools.is_dir() and not _refused_pools(default_pools):
        settings = replace(settings, pools=(Sourced(default_pools,
                                                    f"{POOLS_FOLDER}/ beside {path}"),))
    mistakes: list[str] = []
    for key, value in table.items():
        settings = _with_key(settings, origin, path, key, value, mistakes)
    return _with_mistakes(settings, mistakes)


def _refused_pools(folder: Path) -> bool:
    """Whether a `cardpools/` folder beside a configuration outside any work tree is
    another user's, or others may write to it (then said once on stderr, and not used)."""
    from deckcli.app.worktree import git_root

    if git_root(folder.parent) is not None:
        return False
    problem = untrusted(folder)
    if problem is not None:
        warn_once(_("pool folder {path} not used: {problem}").format(path=folder,
                                                                     problem=problem))
    return problem is not None


def _with_key(settings: Settings, origin: str, path: Path, key: str, value: object,
              mistakes: list[str]) -> Settings:
    """The settings with one key of a configuration file, or a mistake more."""
    base = path.parent
    key = "card-lang" if key == "card_lang" else key  # the spelling issue 34 gives works too
    if key not in KEYS:
        mistakes.append(_unknown_key(origin, key, KEYS))
    elif key in LIST_KEYS:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            mistakes.append(_('{origin}: {key} must be a list of strings, like {key} = '
                              '["{example}"]').format(origin=origin, key=key,
                                                      example=_example(key)))
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
    elif key in FLAG_KEYS:
        if isinstance(value, bool):
            flag = Sourced(value, origin)
            if key == "fix":
                return replace(settings, fix=flag)
            if key == "unsafe-fixes":
                return replace(settings, unsafe_fixes=flag)
            return replace(settings, strict=flag)
        mistakes.append(_("{origin}: {key} must be true or false").format(origin=origin,
                                                                          key=key))
    elif key == "format":
        from deckcli.report import RENDERERS

        if isinstance(value, str) and value.lower() in RENDERERS:
            return replace(settings, format=Sourced(value.lower(), origin))
        mistakes.append(_("{origin}: format {value!r} is not an output format; use one of "
                          "{formats}").format(origin=origin, value=value,
                                              formats=", ".join(RENDERERS)))
    elif key in ("lang", "card-lang"):
        return _with_language(settings, origin, key, value, mistakes)
    elif key == "collection":
        return _with_collection(settings, origin, base, value, mistakes)
    elif not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        table = "[[tool.deckcli.decks]]" if path.name == PYPROJECT else "[[decks]]"
        mistakes.append(_('{origin}: decks must be tables: {table} with path = "glob" and '
                          'game = "id"').format(origin=origin, table=table))
    else:
        decks = [_deck_glob(origin, base, index, item, mistakes)
                 for index, item in enumerate(value, 1)]
        return replace(settings, decks=Sourced(tuple(deck for deck in decks if deck), origin))
    return settings


def _with_language(settings: Settings, origin: str, key: str, value: object,
                   mistakes: list[str]) -> Settings:
    """`lang` (the interface's) or `card-lang` (the card names'), or a mistake naming the
    languages."""
    from deckcli.i18n import LANGUAGES
    from deckcli.i18n.languages import CARD_NAME_LANGUAGES, card_names_language, match_language

    is_lang = key == "lang"
    read = match_language if is_lang else card_names_language
    found = read(value) if isinstance(value, str) else None
    if found is not None:
        chosen: Sourced[str | None] = Sourced(found, origin)
        return replace(settings, lang=chosen) if is_lang else replace(settings, card_lang=chosen)
    mistake = (_("{origin}: lang {value!r} is not a language deckcli speaks; use one of "
                 "{languages}") if is_lang else
               _("{origin}: card-lang {value!r} is not a language of card names; use one of "
                 "{languages}"))
    mistakes.append(mistake.format(origin=origin, value=value, languages=", ".join(
        LANGUAGES if is_lang else CARD_NAME_LANGUAGES)))
    return settings


def _with_collection(settings: Settings, origin: str, base: Path, value: object,
                     mistakes: list[str]) -> Settings:
    """`collection`: a file, a list of files (each of the game it names), or a table of them
    per game; paths relative to the configuration's folder, which may not lead outside its
    work tree (a repository's configuration reads nothing outside it in silence)."""
    per_game: list[tuple[str | None, object]]
    if isinstance(value, dict):
        per_game = [(str(game), files) for game, files in value.items()]
    else:
        per_game = [(None, value)]
    found: list[CollectionSource] = []
    for game, files in per_game:
        names = [files] if isinstance(files, str) else files
        if not isinstance(names, list) or not names or not all(
                isinstance(name, str) and name.strip() for name in names):
            mistakes.append(_('{origin}: collection must be a file, a list of files or a '
                              'table of them per game, like collection = ["binder.txt"] or '
                              '[collection] megaman = "binder.txt"').format(origin=origin))
            return settings
        for name in names:
            path = base / name
            outside = _outside_config(path, base)
            if outside is not None:
                mistakes.append(outside[0].format(origin=origin, name=name, top=outside[1]))
                continue
            found.append(CollectionSource(path, game))
    return replace(settings, collection=Sourced(tuple(found), origin))


def _outside_config(path: Path, base: Path) -> tuple[str, Path] | None:
    """The mistake (to fill with `origin`, `name` and `top`) and the top of the work tree a
    configured path leaves (its git work tree, else the configuration's folder): written so
    (absolute, or `..` past the top), or through a symbolic link; None when it stays."""
    from deckcli.app.worktree import git_root
    from deckcli.io.confine import escape_of

    top = git_root(base) or base
    written = Path(os.path.normpath(path))
    if written != top and top not in written.parents:
        return _("{origin}: collection {name!r} leads outside {top}; a configuration reads "
                 "nothing outside its work tree: name the file with --collection"), top
    escape = escape_of(path)
    if escape is not None:
        return _("{origin}: collection {name!r} leads outside {top} through a symbolic "
                 "link; a configuration reads nothing outside its work tree: name the file "
                 "with --collection"), escape.root
    return None


def _deck_glob(origin: str, base: Path, index: int, table: dict[str, Any],
               mistakes: list[str]) -> DeckGlob | None:
    """One `[[decks]]` entry, or None with every mistake it holds."""
    found = len(mistakes)
    for key, value in table.items():
        if key not in DECK_KEYS:
            mistakes.append(_unknown_key(origin, key, DECK_KEYS, index))
        elif not isinstance(value, str) or not value.strip():
            mistakes.append(_("{origin}: {key} of decks entry {index} must be a non-empty "
                              "string").format(origin=origin, key=key, index=index))
    if "path" not in table or not ("game" in table or "deck-format" in table):
        mistakes.append(_('{origin}: decks entry {index} needs path and game (or '
                          'deck-format), like path = "decks/megaman/**" and game = "megaman"'
                          ).format(origin=origin, index=index))
    if len(mistakes) > found:
        return None
    mistakes += _glob_mistakes((table["path"],), base, _(
        "{origin}: decks entry {index} path").format(origin=origin, index=index))
    return DeckGlob(table["path"], table.get("game"), table.get("deck-format"), base)


def _unknown_key(origin: str, key: str, choices: tuple[str, ...], index: int | None = None
                 ) -> str:
    """The mistake of an unknown key (of the configuration, or of decks entry `index`), with
    the closest known key when there is one."""
    import difflib

    close = difflib.get_close_matches(key, choices, n=1)
    if index is not None:
        text = (_("{origin}: unknown key {key!r} in decks entry {index} (did you mean "
                  "{close!r}?); keys: {keys}") if close else
                _("{origin}: unknown key {key!r} in decks entry {index}; keys: {keys}"))
    else:
        text = (_("{origin}: unknown key {key!r} (did you mean {close!r}?); keys: {keys}")
                if close else _("{origin}: unknown key {key!r}; keys: {keys}"))
    return text.format(origin=origin, key=key, index=index, keys=", ".join(choices),
                       close=close[0] if close else "")


def _example(key: str) -> str:
    return {"pools": "cardpools", "select": "deck-size", "ignore": "duplicate-card"}.get(
        key, "legacy/")
