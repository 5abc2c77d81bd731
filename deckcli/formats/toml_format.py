"""The TOML deck (`.toml`): deckcli's own format, `game`, `format`, `name` and `[cards]`.

Everything deckcli knows of the format is reached from here: reading (`tomldeck`), writing and
canonical formatting (`write`), in-place edits (`edit`), when a TOML file is a deck, its one
`game = "…"` field pattern (`TOML_FIELD`, shared by completion and the reading of a text too
broken to parse), and what the language server shows of it. A file named on the command line
whose suffix no format has is read as TOML.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, ClassVar

from deckcli.formats.base import DeckFormat, Ref, Spot, SpotKind, Symbol
from deckcli.i18n import _
from deckcli.model.deck import Deck, DeckKind
from deckcli.model.problem import Problem

if TYPE_CHECKING:
    from deckcli.engine.resolver import Resolved, Resolver

# The TOML deck's one `game = "…"` / `format = "…"` pattern, for a line or, line by line, a
# whole text: (what stands before the value, the key, the opening quote, the value so far).
TOML_FIELD = re.compile(r"""^([^\S\n]*(game|format)[^\S\n]*=[^\S\n]*)(["']?)([^"'\n]*)""",
                        re.MULTILINE)
# a `[table]` header, and a key at the start of a line (bare, "basic" or 'literal')
_HEADER = re.compile(r"^\s*\[\s*([^\[\]]*?)\s*\]\s*(?:#.*)?$")
_KEY = re.compile(r"""^(\s*)([A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')\s*=""")
NOT_A_DECK_RULES = ("missing-cards", "empty-file")  # what a TOML file without a deck reports


def toml_key(token: str) -> str:
    """The key a TOML key token spells ('"A\\u0041"' -> 'AA')."""
    if token[:1] == "'" or "\\" not in token:
        return token.strip("\"'") if token[:1] in "\"'" else token
    import tomllib

    try:
        return next(iter(tomllib.loads(f"{token} = 0")))
    except (tomllib.TOMLDecodeError, StopIteration):
        return token.strip('"')


def toml_header(line: str) -> str | None:
    """The table a `[table]` header line opens (None: not a header)."""
    header = _HEADER.match(line)
    return header.group(1).strip().strip("\"'") if header else None


def table_of(lines: list[str], line: int) -> str | None:
    """The `[table]` a TOML line belongs to ('' before the first header; None: a header)."""
    for index in range(min(line, len(lines) - 1), -1, -1):
        header = toml_header(lines[index])
        if header is not None:
            return None if index == line else header
    return ""


def toml_refs(lines: list[str]) -> dict[int, Ref]:
    """Every key of `[cards]` with its columns (the quotes included), by line."""
    found: dict[int, Ref] = {}
    table = ""
    for number, text in enumerate(lines):
        header = toml_header(text)
        if header is not None:
            table = header
            continue
        key = _KEY.match(text)
        if key and table == "cards":
            start = len(key.group(1))
            token = key.group(2)
            value = text[key.end():].split("#")[0].strip()
            found[number] = Ref(number, start, start + len(token), toml_key(token),
                                int(value) if value.isdigit() else None)
    return found


def written_fields(text: str) -> dict[str, str]:
    """`game = "x"` and `format = "x"` as a text too broken to parse writes them."""
    found: dict[str, str] = {}
    for match in TOML_FIELD.finditer(text):
        key, value, after = match.group(2), match.group(4), text[match.end():match.end() + 1]
        if match.group(3) and value and after in ("'", '"') and key not in found:
            found[key] = value
    return found


def starts_like_a_deck(text: str) -> bool:
    """A TOML text too broken to parse is taken for a deck only when a line starts like one:
    `game = …` or `[cards]`."""
    return any(match.group(2) == "game" for match in TOML_FIELD.finditer(text)) or any(
        toml_header(line) == "cards" for line in text.splitlines() if "[" in line)


def toml_spot(line: str, cursor: int, table: str | None) -> Spot | None:
    """A TOML deck: a `[cards]` key, or the value of `game` / `format` at the top."""
    head = line[:cursor]
    closing = 1 if line[cursor:cursor + 1] in ("\"", "'") and cursor < len(line) else 0
    if table == "":
        value = TOML_FIELD.match(head)
        if value is None or value.end() != len(head):
            return None
        kind: SpotKind = "game" if value.group(2) == "game" else "format"
        return Spot(kind, len(value.group(1)), cursor + (closing if value.group(3) else 0),
                    value.group(4), quoted=True)
    if table != "cards" or "=" in head or head.lstrip().startswith("#"):
        return None
    start = len(head) - len(head.lstrip())
    token = head[start:]
    end = cursor + (closing if token[:1] in ("\"", "'") else 0)
    after = "" if "=" in line[end:] else " = 1"
    return Spot("card", start, end, token.lstrip("\"'"), after=after, quoted=True)


def toml_outline(text: str, describe: Callable[[Ref], str]) -> list[Symbol]:
    """A TOML deck's `game`, `format` and `name`, its `[cards]` table, the `# Type (N)`
    comments `fmt` writes there, and its cards under them."""
    from deckcli.formats.tomlkeys import GROUP_COMMENT

    refs = toml_refs(text.splitlines())
    found: list[Symbol] = []
    table: Symbol | None = None
    section: Symbol | None = None
    for number, line in enumerate(text.splitlines()):
        header = toml_header(line)
        stripped = line.strip()
        if header is not None:
            table = Symbol(f"[{header}]", "section", number, number) if header == "cards" \
                else None
            section = None
            if table is not None:
                found.append(table)
        elif table is None and "=" in stripped and not stripped.startswith("#"):
            key = stripped.split("=", 1)[0].strip().strip("\"'")
            if key in ("game", "format", "name"):
                found.append(Symbol(key, "field", number, number,
                                    stripped.split("=", 1)[1].split("#")[0].strip()))
        elif table is not None and (group := GROUP_COMMENT.match(stripped)):
            section = Symbol(group.group("label"), "section", number, number)
            table.children.append(section)
            table.close(number)
        elif table is not None and number in refs:
            ref = refs[number]
            (section or table).children.append(
                Symbol(ref.ref, "card", ref.line, ref.line, describe(ref)))
            for parent in (section, table):
                if parent is not None:
                    parent.close(number)
    return found


class TomlFormat(DeckFormat):
    """TOML decks: deckcli's own format, edited in place, formatted by `fmt`."""

    kind: ClassVar[DeckKind] = "toml"
    label = "TOML deck"
    suffixes = (".toml",)
    sniffed = False
    editable = True
    canonical = True
    unique_keys = True

    def read(self, text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
        from deckcli.formats.tomldeck import parse_toml_deck

        return parse_toml_deck(text, deck)

    def write(self, resolver: Resolver, counted: list[Resolved], name: str | None
              ) -> Iterable[str]:
        from deckcli.formats.write import canonical_deck_text

        return [canonical_deck_text(resolver, counted, name)]

    def not_a_deck_read(self, deck: Deck, problems: list[Problem], *, typing: bool,
                        text: str = "") -> str | None:
        """A TOML file with neither `game` nor `[cards]` is not a deck, nor is an empty one (a
        `deckcli.toml` or `pyproject.toml` made with `touch`); in an editor, a text too broken
        to parse is one only when a line starts like a deck's."""
        if typing and any(p.rule == "invalid-toml" for p in problems):
            return None if starts_like_a_deck(text) else _("a TOML file that is not a deck yet")
        if deck.game is not None or deck.entries or not any(
                p.rule in NOT_A_DECK_RULES for p in problems):
            return None
        if any(p.rule == "empty-file" for p in problems):
            return _("an empty TOML file")
        return _("a TOML file with neither game nor [cards]")

    def written_meta(self, text: str) -> dict[str, str]:
        return written_fields(text)

    def game_line(self, game: str) -> str:
        return f"game = {json.dumps(game, ensure_ascii=False)}\n"

    def pin_hint(self, game: str) -> str:
        return self.game_line(game).strip()

    def key_text(self, key: str) -> str:
        return json.dumps(key, ensure_ascii=False)

    def refs(self, text: str) -> dict[int, Ref]:
        return toml_refs(text.splitlines())

    def outline(self, text: str, describe: Callable[[Ref], str]) -> list[Symbol]:
        return toml_outline(text, describe)

    def spot(self, lines: list[str], row: int, column: int) -> Spot | None:
        return toml_spot(lines[row] if row < len(lines) else "", column, table_of(lines, row))

    def reformat(self, text: str, resolver: Resolver) -> str | None:
        from deckcli.formats.write import format_toml

        return format_toml(text, resolver)


TOML = TomlFormat()
