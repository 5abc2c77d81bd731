"""Find and load card pools: the built-in ones plus user pool folders.

A pool file is read in two steps. Discovery parses only its header (the text before the first
`[[cards]]` line), so listing games or checking a MegaMan deck never parses the Digimon cards.
A full load validates every card and builds the lookup indexes; it happens once per game per
process, and is cached on disk (see `poolcache`).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pydantic import ValidationError

from deckcli.models import RESERVED_CARD_KEYS, Card, FieldDef, PoolHeader
from deckcli.query import Query, Verdict, compile_query
from deckcli.textnorm import fold

CARDS_MARKER = "[[cards]]"
POOLS_ENV = "DECKCLI_POOLS"


class PoolError(Exception):
    """A pool file that cannot be used, with the file and the field at fault."""

    def __init__(self, path: Path, message: str, line: int | None = None) -> None:
        self.path = path
        self.line = line
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {message}")


def builtin_pool_dir() -> Path:
    """Pools shipped in the wheel (deckcli/cardpools), else the checkout's cardpools/."""
    packaged = Path(__file__).parent / "cardpools"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "cardpools"


def header_text(text: str) -> str:
    """The part of a pool file before its first `[[cards]]` line."""
    if text.startswith(CARDS_MARKER):
        return ""
    at = text.find("\n" + CARDS_MARKER)
    return text if at < 0 else text[: at + 1]


def describe_validation(error: ValidationError, prefix: str = "") -> str:
    """One readable line per pydantic error: 'formats.standard.rules.0.max: …'."""
    parts = []
    for item in error.errors():
        location = ".".join(str(piece) for piece in item["loc"] if piece not in ("function-after",))
        location = f"{prefix}{location}" if location else prefix.rstrip(".")
        parts.append(f"{location}: {item['msg']}")
    return "; ".join(parts)


@dataclass
class PoolSource:
    """A pool file found on disk, with its header parsed (or the reason it could not be)."""

    path: Path
    header: PoolHeader | None
    error: PoolError | None = None
    builtin: bool = True

    @property
    def game_id(self) -> str:
        return self.header.game.id if self.header else self.path.stem


def read_pool_text(path: Path) -> str:
    """A pool file's text; PoolError when it is no regular file or not UTF-8."""
    if not path.is_file():  # a FIFO or device would block the read, a folder fail it
        raise PoolError(path, "cannot read pool: not a regular file")
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise PoolError(path, f"cannot read pool: {exc}") from None


def parse_pool_toml(path: Path, text: str) -> dict:
    """tomllib.loads, with every way it can fail on a hostile file as a PoolError."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PoolError(path, f"invalid TOML: {exc}") from None
    except ValueError:  # an integer beyond Python's 4,300-digit parsing limit
        raise PoolError(path, "invalid TOML: a number with thousands of digits") from None
    except RecursionError:
        raise PoolError(path, "invalid TOML: arrays or tables nested too deeply") from None


def read_header(path: Path, builtin: bool = True) -> PoolSource:
    """Parse only the header of a pool file."""
    try:
        raw = parse_pool_toml(path, header_text(read_pool_text(path)))
        return PoolSource(path, PoolHeader.model_validate(raw), None, builtin)
    except PoolError as exc:
        return PoolSource(path, None, exc, builtin)
    except ValidationError as exc:
        return PoolSource(path, None, PoolError(path, describe_validation(exc)), builtin)


def check_card_attrs(number: str, attrs: dict, fields: dict[str, FieldDef]) -> str | None:
    """Why a card's attributes do not fit the declared fields, or None when they do."""
    for key, value in attrs.items():
        spec = fields.get(key)
        if spec is None:
            return f"card {number}: field {key!r} is not declared in [fields]"
        expected = {"str": str, "int": int, "float": (int, float), "bool": bool, "list": list}
        if spec.type in ("int", "float") and isinstance(value, bool):
            return f"card {number}: field {key!r} must be {spec.type}, got {value!r}"
        if not isinstance(value, expected[spec.type]):
            return f"card {number}: field {key!r} must be {spec.type}, got {value!r}"
        if spec.type == "list" and not all(isinstance(item, str) for item in value):
            return f"card {number}: field {key!r} must be a list of strings"
        if spec.values is not None and spec.type in ("str", "list"):
            items = value if isinstance(value, list) else [value]
            bad = [item for item in items if item not in spec.values]
            if bad:
                return f"card {number}: {key} {bad[0]!r} is not one of {', '.join(spec.values)}"
    return None


def build_cards(
    path: Path, cards_raw: object, fields: dict[str, FieldDef], text: str
) -> list[Card]:
    """Validate the `[[cards]]` array into Card models, naming the card and line at fault."""
    if not isinstance(cards_raw, list):
        raise PoolError(path, "cards must be an array of tables ([[cards]])")
    text_lines = _card_lines(text)
    cards: list[Card] = []
    numbers: dict[str, int] = {}
    for index, raw in enumerate(cards_raw):
        line = text_lines[index] if index < len(text_lines) else None
        if not isinstance(raw, dict):
            raise PoolError(path, f"card #{index + 1} is not a table", line)
        reserved = {key: raw[key] for key in RESERVED_CARD_KEYS if key in raw}
        attrs = {key: value for key, value in raw.items() if key not in RESERVED_CARD_KEYS}
        number = str(raw.get("number", f"#{index + 1}"))
        try:
            card = Card.model_validate({**reserved, "attrs": attrs})
        except ValidationError as exc:
            raise PoolError(path, describe_validation(exc, f"card {number}: "), line) from None
        if problem := check_card_attrs(number, attrs, fields):
            raise PoolError(path, problem, line)
        if card.folded_number in numbers:
            raise PoolError(path, f"card number {number!r} appears twice", line)
        numbers[card.folded_number] = index
        cards.append(card)
    return cards


def _card_lines(text: str) -> list[int]:
    """Line numbers of every `[[cards]]` header, for error messages."""
    return [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == CARDS_MARKER]


@dataclass
class Pool:
    """A game's loaded pool: header, cards and the indexes that resolve references."""

    path: Path
    header: PoolHeader
    cards: list[Card]
    by_number: dict[str, Card] = field(default_factory=dict)
    by_name: dict[str, list[Card]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for card in self.cards:
            self.by_number.setdefault(card.folded_number, card)
            for name in card.folded_names:
                self.by_name.setdefault(name, []).append(card)
        self._reset_memos()

    def _reset_memos(self) -> None:
        """Per-process memos: compiled queries hold closures, so none of them is pickled."""
        self._queries: dict[str, Query] = {}
        self._verdicts: dict[str, dict[str, Verdict]] = {}
        # format id -> (card fields its rules read, copy keys): see rules.rule_fields
        self.format_facts: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
        self.lookups: dict[tuple, object] = {}  # resolve.lookup's memo: (ref, fields, keys)
        # rules.context.classify's memo: (id(rule), query) -> card number -> (verdict, reason)
        self.classified: dict[tuple[int, str], dict[str, tuple[Verdict, str]]] = {}
        self._copy_keys: dict[str, dict[str, str | None]] = {}

    def __getstate__(self) -> dict:
        memos = ("_queries", "_verdicts", "format_facts", "lookups", "classified", "_copy_keys")
        return {key: value for key, value in self.__dict__.items() if key not in memos}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._reset_memos()

    @property
    def game_id(self) -> str:
        return self.header.game.id

    @property
    def fields(self) -> dict[str, FieldDef]:
        return self.header.fields

    def query(self, text: str) -> Query:
        """Compile a query once per pool and reuse it."""
        if text not in self._queries:
            self._queries[text] = compile_query(text, self.fields)
        return self._queries[text]

    def matches(self, text: str, card: Card) -> Verdict:
        """A query's verdict on a card, memoised by card number.

        A check of thousands of decks asks the same few rule queries of the same cards.
        """
        table = self._verdicts.setdefault(text, {})
        number = card.number
        if number not in table:
            table[number] = self.query(text).matches(card)
        return table[number]

    @cached_property
    def trigrams(self) -> dict[str, list[str]]:
        """Trigram -> folded names and numbers containing it, to find suggestions fast."""
        index: dict[str, list[str]] = {}
        for key in dict.fromkeys([*self.by_name, *self.by_number]):
            for gram in set(trigrams_of(key)):
                index.setdefault(gram, []).append(key)
        return index

    @cached_property
    def name_groups(self) -> dict[str, str]:
        """Card number -> id of its same-name group (cards linked by any shared name)."""
        parent: dict[str, str] = {card.number: card.number for card in self.cards}

        def root(number: str) -> str:
            while parent[number] != number:
                parent[number] = parent[parent[number]]
                number = parent[number]
            return number

        for bucket in self.by_name.values():
            first = root(bucket[0].number)
            for card in bucket[1:]:
                parent[root(card.number)] = first
        return {card.number: root(card.number) for card in self.cards}

    def copy_key(self, card: Card, key: str) -> str | None:
        """What the copies rule counts a card by: its name group, number, or a field."""
        return self.copy_keys(key)[card.number]

    def copy_keys(self, key: str) -> dict[str, str | None]:
        """Card number -> copy key for every card, worked out once per key."""
        if key not in self._copy_keys:
            if key == "name":
                table: dict[str, str | None] = dict(self.name_groups)
            elif key == "number":
                table = {card.number: card.number for card in self.cards}
            else:
                values = ((card.number, card.attrs.get(key)) for card in self.cards)
                table = {number: None if v is None else str(v) for number, v in values}
            self._copy_keys[key] = table
        return self._copy_keys[key]


def trigrams_of(text: str) -> list[str]:
    """Overlapping three-character pieces of a padded string ('ab' -> ' ab', 'ab ')."""
    padded = f" {text} "
    return [padded[i : i + 3] for i in range(len(padded) - 2)]


def load_pool(path: Path) -> Pool:
    """Parse and validate a whole pool file."""
    text = read_pool_text(path)
    raw = parse_pool_toml(path, text)
    cards_raw = raw.pop("cards", [])
    try:
        header = PoolHeader.model_validate(raw)
    except ValidationError as exc:
        raise PoolError(path, describe_validation(exc)) from None
    cards = build_cards(path, cards_raw, header.fields, text)
    return Pool(path, header, cards)


class PoolRegistry:
    """Every game deckcli knows in this run: built-in pools, overridden by user pools.

    A user pool that cannot be read is listed in `broken` and breaks nothing else; when its
    file name names a known game (megaman.toml), that game is not silently checked against the
    built-in pool instead: `load` raises the user pool's error.
    """

    def __init__(self, user_dirs: list[Path] | None = None) -> None:
        self.sources: dict[str, PoolSource] = {}
        self.broken: list[PoolSource] = []
        self._overrides_broken: dict[str, PoolError] = {}
        self._aliases: dict[str, str] = {}
        self._loaded: dict[str, Pool] = {}
        self._scan(builtin_pool_dir(), builtin=True)
        for folder in user_dirs if user_dirs is not None else env_pool_dirs():
            self._scan(folder, builtin=False)

    def _scan(self, folder: Path, builtin: bool) -> None:
        if not folder.is_dir():
            if not builtin:
                error = PoolError(folder, "pool folder does not exist")
                self.broken.append(PoolSource(folder, None, error, builtin))
            return
        for path in sorted(folder.glob("*.toml")):
            source = read_header(path, builtin)
            if source.header is None:
                self.broken.append(source)
                if (game_id := self.resolve_id(path.stem)) is not None and source.error:
                    self._overrides_broken[game_id] = source.error
                continue
            self.sources[source.game_id] = source
            self._overrides_broken.pop(source.game_id, None)
            self._loaded.pop(source.game_id, None)
            for alias in (source.game_id, *source.header.game.aliases):
                self._aliases[fold(alias)] = source.game_id

    def game_ids(self) -> list[str]:
        return sorted(self.sources)

    def resolve_id(self, name: str) -> str | None:
        """A game id or alias -> the game id, or None."""
        return self._aliases.get(fold(name))

    def broken_pool(self, name: str) -> PoolError | None:
        """Why the user pool file named like this game (`NAME.toml`) could not be read, if so."""
        game_id = self.resolve_id(name)
        if game_id is not None:
            return self._overrides_broken.get(game_id)
        folded = fold(name)
        return next((source.error for source in self.broken
                     if not source.builtin and fold(source.path.stem) == folded), None)

    def header(self, game_id: str) -> PoolHeader:
        header = self.sources[game_id].header
        assert header is not None
        return header

    def load(self, game_id: str) -> Pool:
        """The full pool of a game, loaded once per run (and cached on disk)."""
        if game_id in self._overrides_broken:
            raise self._overrides_broken[game_id]
        if game_id not in self._loaded:
            from deckcli.poolcache import load_cached

            self._loaded[game_id] = load_cached(self.sources[game_id].path, load_pool)
        return self._loaded[game_id]


def env_pool_dirs() -> list[Path]:
    """User pool folders from DECKCLI_POOLS (separated like PATH)."""
    value = os.environ.get(POOLS_ENV, "")
    return [Path(part) for part in value.split(os.pathsep) if part]
