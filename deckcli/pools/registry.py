"""Which games this run knows: the built-in pools, then user pool folders, by id and alias.

A user pool may override a built-in game (same id); the override is recorded so that every
deck judged by it says so. An id or alias that another game already holds is an error of the
pool that declares it: the game that had it keeps it, so a stray pool cannot capture decks.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcli.i18n import _
from deckcli.model.problem import Problem
from deckcli.model.record import Record
from deckcli.pools.catalogue import Catalogue, builtin_pool_dir
from deckcli.pools.poolfile import PoolError
from deckcli.textnorm import fold

if TYPE_CHECKING:
    from deckcli.engine.resolver import Resolver
    from deckcli.model.pool import Pool
    from deckcli.model.poolspec import PoolHeader



def user_pool_problem(path: Path) -> str | None:
    """Why a user pool path cannot be used ("does not exist", "is not a pool: …"), or None.

    A folder is checked file by file later (a broken file breaks only its game); a path that
    names nothing, or a single file that is not a pool, is a mistake in the command itself.
    """
    if path.is_dir():
        return None
    if not path.exists():
        return _("does not exist; give a folder of pool files (*.toml) or one pool file")
    try:  # validated once per content of the file (its catalogue entry keeps the header)
        Catalogue(builtin_pool_dir()).header(path)
    except PoolError as exc:
        return _("is not a pool: {reason}").format(reason=str(exc).removeprefix(f"{path}: "))
    return None


class PoolSource(Record):
    """A pool file found on disk: its game's id and aliases (`names`), its header as parsed
    TOML when this run had to parse it (`raw`), or the reason it cannot be used;
    `overrides`: the built-in pool file this user pool replaces; `header`: the validated
    header (records), once asked for."""

    __slots__ = ("path", "raw", "error", "builtin", "overrides", "header", "names")

    def __init__(self, path: Path, raw: dict[str, Any] | None, error: PoolError | None = None,
                 builtin: bool = True, overrides: Path | None = None,
                 header: PoolHeader | None = None, names: list[str] | None = None) -> None:
        self.path = path
        self.raw = raw
        self.error = error
        self.builtin = builtin
        self.overrides = overrides
        self.header = header
        self.names = names if names is not None else (_game_names(raw) if raw else None)

    @property
    def game_id(self) -> str:
        return self.names[0] if self.names else self.path.stem

    @property
    def aliases(self) -> list[str]:
        return self.names[1:] if self.names else []


def _game_names(raw: dict[str, Any]) -> list[str]:
    """[id, *aliases] from a parsed header whose `[game]` has been seen to hold them."""
    game = raw["game"]
    return [game["id"], *game.get("aliases", [])]


def _names_readable(raw: dict[str, object]) -> bool:
    """Whether a parsed header's game id and aliases can be read before full validation."""
    game = raw.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("id"), str) or not game["id"]:
        return False
    aliases = game.get("aliases", [])
    return isinstance(aliases, list) and all(isinstance(a, str) for a in aliases)


class PoolRegistry:
    """Every game deckcli knows in this run: built-in pools, overridden by user pools.

    A user pool that cannot be read is listed in `broken` and breaks nothing else; when it
    names a known game (by file name or id), that game is not silently checked against the
    built-in pool instead: `load` raises the user pool's error.
    """

    def __init__(self, user_dirs: list[Path] | None = None) -> None:
        self._sources: dict[str, PoolSource] = {}
        self._broken: list[PoolSource] = []
        self._overrides_broken: dict[str, PoolError] = {}
        self._aliases: dict[str, str] = {}
        self._loaded: dict[str, Pool] = {}
        self._resolvers: dict[tuple[str, str], Resolver] = {}
        self._pending: list[PoolSource] | None = []  # listed, header not read yet
        self.catalogue = Catalogue(builtin_pool_dir())
        self._scan(builtin_pool_dir(), builtin=True)
        for folder in user_dirs or []:  # the run's settings say which (`app.settings`)
            self._scan(folder, builtin=False)
        self.files = [source.path for source in self._pending]  # every pool file of the run

    def _scan(self, folder: Path, builtin: bool) -> None:
        """List a folder's pool files; their headers are read when first asked for (a check
        answered from the result cache needs only this list)."""
        assert self._pending is not None
        if not builtin and folder.is_file():  # one pool file named by itself
            self._pending.append(PoolSource(folder, None, None, builtin))
        elif folder.is_dir():
            self._pending += [PoolSource(path, None, None, builtin)
                              for path in sorted(folder.glob("*.toml"))]
        elif not builtin:
            what = (_("pool folder is not a folder") if folder.exists()
                    else _("pool folder does not exist"))
            self._pending.append(PoolSource(folder, None, PoolError(folder, what), builtin))

    def _ready(self) -> None:
        """Read every listed pool's header, once, in order (later pools override earlier)."""
        pending, self._pending = self._pending, None
        for source in pending or []:
            if source.error is not None:
                self._broken.append(source)
            else:
                self._add(source.path, source.builtin)

    @property
    def sources(self) -> dict[str, PoolSource]:
        """The usable pool of each game id."""
        if self._pending is not None:
            self._ready()
        return self._sources

    @property
    def broken(self) -> list[PoolSource]:
        """Pool files (and folders) that cannot be used, with why."""
        if self._pending is not None:
            self._ready()
        return self._broken

    def _add(self, path: Path, builtin: bool) -> None:
        raw = None
        try:
            entry, _stamp = self.catalogue.entry(path)
            names = entry.names
            if names is None:  # bytes not seen before: their header is parsed
                raw = self.catalogue.raw_header(path)
                if not _names_readable(raw):
                    from deckcli.pools.load import validate_header

                    validate_header(path, raw)  # raises, naming the field at fault
                    raise PoolError(path, _("game.id and game.aliases must be text"))
                names = _game_names(raw)
                formats = raw.get("formats")
                self.catalogue.update(path, names=names, formats=[
                    str(key) for key in formats] if isinstance(formats, dict) else [])
        except PoolError as exc:
            self._break(PoolSource(path, None, exc, builtin), self.resolve_id(path.stem))
            return
        source = PoolSource(path, raw, None, builtin, names=names)
        game_id = source.game_id
        clash = self._clash(source)
        if clash is not None:
            claimed = game_id if game_id in self.sources else None
            self._break(PoolSource(path, None, PoolError(path, clash), builtin), claimed)
            return
        earlier = self.sources.get(game_id)
        if earlier is not None:
            source.overrides = earlier.overrides or (earlier.path if earlier.builtin else None)
        self.sources[game_id] = source
        self._overrides_broken.pop(game_id, None)
        self._loaded.pop(game_id, None)
        for alias in (game_id, *source.aliases):
            self._aliases[fold(alias)] = game_id

    def _clash(self, source: PoolSource) -> str | None:
        """Why a pool's id or aliases cannot be its own: another game holds one of them."""
        for alias in (source.game_id, *source.aliases):
            holder = self._aliases.get(fold(alias))
            if holder is not None and holder != source.game_id:
                said = (_("game id {alias!r} is already the id or an alias of game {game} "
                          "({path}); choose another") if alias == source.game_id else
                        _("game alias {alias!r} is already the id or an alias of game {game} "
                          "({path}); choose another"))
                return said.format(alias=alias, game=holder, path=self.sources[holder].path)
        return None

    def _break(self, source: PoolSource, game_id: str | None) -> None:
        self.broken.append(source)
        if game_id is not None and source.error is not None and not source.builtin:
            self._overrides_broken[game_id] = source.error

    def game_ids(self) -> list[str]:
        return sorted(self.sources)

    def resolve_id(self, name: str) -> str | None:
        """A game id or alias -> the game id, or None."""
        if self._pending is not None:
            self._ready()
        return self._aliases.get(fold(name))

    def unknown_game(self, name: str) -> str:
        """"unknown game 'haikyuu' (did you mean 'haikyu'?); games: …": the message of a game
        name no pool knows, with the closest game id or alias (spaces and underscores read as
        hyphens, as `digi battle` means `digi-battle`)."""
        import difflib

        if self._pending is not None:
            self._ready()
        games = ", ".join(self.game_ids())
        typed = fold(name).replace(" ", "-").replace("_", "-")
        close = difflib.get_close_matches(typed, list(self._aliases), n=1, cutoff=0.6)
        if not close:
            return _("unknown game {name!r}; games: {games}").format(name=name, games=games)
        return _("unknown game {name!r} (did you mean {game!r}?); games: {games}").format(
            name=name, game=self._aliases[close[0]], games=games)

    def broken_pool(self, name: str) -> PoolError | None:
        """Why the user pool meant for this game could not be used, if one failed."""
        game_id = self.resolve_id(name)
        if game_id is not None:
            return self._overrides_broken.get(game_id)
        folded = fold(name)
        return next((source.error for source in self.broken
                     if not source.builtin and fold(source.path.stem) == folded), None)

    def header(self, game_id: str) -> PoolHeader:
        """A game's validated header; PoolError (recorded as broken) when it is not valid."""
        source = self.sources[game_id]
        if source.header is None:
            if source.error is None:
                try:
                    source.header = self._validated(source)
                except PoolError as exc:
                    source.error = exc
                    self.broken.append(source)
            if source.error is not None:
                raise source.error
        assert source.header is not None
        return source.header

    def _validated(self, source: PoolSource) -> PoolHeader:
        return self.catalogue.header(source.path, source.raw)

    def _known_header(self, game_id: str) -> PoolHeader | dict[str, Any] | None:
        """A game's header: validated when these bytes were validated before, else as parsed
        (None when it cannot be read); nothing is validated here."""
        source = self.sources[game_id]
        if source.header is None and source.raw is None:
            source.header = self.catalogue.known_header(source.path)
            if source.header is None:
                try:
                    source.raw = self.catalogue.raw_header(source.path)
                except PoolError:
                    return None
        return source.header if source.header is not None else source.raw

    def format_ids(self, game_id: str) -> list[str]:
        """A game's format ids as its pool file lists them (before validation)."""
        source = self.sources[game_id]
        if source.header is None and source.raw is None:
            entry, _stamp = self.catalogue.entry(source.path)
            if entry.formats is not None:
                return list(entry.formats)
        known = self._known_header(game_id)
        if known is None or isinstance(known, dict):
            formats = (known or {}).get("formats")
            return [str(key) for key in formats] if isinstance(formats, dict) else []
        return list(known.formats)

    def rule_ids(self, game_id: str) -> set[str]:
        """The rule ids a game's formats declare, as its pool file lists them (before
        validation: `--select` is checked without validating every game)."""
        known = self._known_header(game_id)
        if known is None or isinstance(known, dict):
            formats = (known or {}).get("formats")
            # a broken pool (`rules = 5`) is judged when it loads: here it declares nothing
            rule_lists = [fmt["rules"] for fmt in (formats.values() if isinstance(formats, dict)
                                                   else []) if isinstance(fmt, dict)
                          and isinstance(fmt.get("rules"), list)]
            return {str(rule["id"]) for rules in rule_lists for rule in rules
                    if isinstance(rule, dict) and "id" in rule}
        return {rule.id for fmt in known.formats.values() for rule in fmt.rules}

    def user_pool_of(self, game_id: str) -> PoolSource | None:
        """The user pool judging a game (replacing a built-in one, or adding a game), if any."""
        source = self.sources.get(game_id)
        return source if source is not None and not source.builtin else None

    def load(self, game_id: str) -> Pool:
        """The full pool of a game, loaded once per run (through the disk cache)."""
        if self._pending is not None:
            self._ready()
        if game_id in self._overrides_broken:
            raise self._overrides_broken[game_id]
        if game_id not in self._loaded:
            from deckcli.pools.cache import load_cached

            header = self.header(game_id)
            self._loaded[game_id] = load_cached(self.sources[game_id].path, header,
                                                self.catalogue)
        return self._loaded[game_id]

    def resolver(self, game_id: str, format_id: str) -> Resolver:
        """The one Resolver of a game and format in this run (it owns their memos); PoolError
        when the pool cannot be loaded or a rule query of the format is invalid."""
        key = (game_id, format_id)
        if key not in self._resolvers:
            from deckcli.engine.query import QueryError
            from deckcli.engine.resolver import Resolver
            from deckcli.pools.scriptcache import script_index

            pool = self.load(game_id)
            try:
                self._resolvers[key] = Resolver(pool, format_id, script_index)
            except QueryError as exc:  # a pool's rule query: the pool is broken, not deckcli
                raise PoolError(pool.path, _("{key}: a rule query is invalid: {reason}").format(
                    key=f"formats.{format_id}", reason=exc)) from None
        return self._resolvers[key]

    def open_resolver(self, game_ref: str, format_id: str | None) -> Resolver | Problem:
        """The Resolver of a game (id or alias) and format (None: the game's default), or the
        problem that stops it: `unknown-game`, `unknown-format` or `broken-pool`."""
        game_id = self.resolve_id(game_ref)
        if game_id is None:
            return Problem(rule="unknown-game", message=self.unknown_game(game_ref))
        try:
            header = self.header(game_id)
            chosen = format_id or header.game.default_format
            if chosen not in header.formats:
                return Problem(rule="unknown-format", message=unknown_format(
                    game_id, chosen, list(header.formats)))
            return self.resolver(game_id, chosen)
        except PoolError as exc:
            return Problem(rule="broken-pool", message=str(exc))


def unknown_format(game_id: str, name: str, formats: list[str]) -> str:
    """"haikyu has no format 'standrd' (did you mean 'standard'?); formats: …"."""
    import difflib

    close = difflib.get_close_matches(name.lower().replace(" ", "-"), formats, n=1)
    if close:
        return _("{game} has no format {name!r} (did you mean {format!r}?); formats: "
                 "{formats}").format(game=game_id, name=name, format=close[0],
                                     formats=", ".join(formats))
    return _("{game} has no format {name!r}; formats: {formats}").format(
        game=game_id, name=name, formats=", ".join(formats))
