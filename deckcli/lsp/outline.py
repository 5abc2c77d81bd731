"""A deck's outline: its header fields, its sections (a text list's headers, the `# Type (N)`
comments `fmt` writes in `[cards]`) and its cards, as nested symbols over whole lines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from deckcli.formats.textread import text_lines
from deckcli.formats.write import GROUP_COMMENT
from deckcli.lsp.locate import Ref, refs_of, toml_header

SymbolKind = Literal["field", "section", "card"]


@dataclass
class Symbol:
    """One outline entry over lines `first`..`last` (0-based), named by `name`."""

    name: str
    kind: SymbolKind
    first: int
    last: int
    detail: str = ""
    children: list[Symbol] = field(default_factory=list)

    def close(self, line: int) -> None:
        self.last = max(self.last, line)


def outline(text: str, kind: str, describe: Callable[[Ref], str]) -> list[Symbol]:
    """The symbols of a TOML deck or a text list (`describe`: a card's detail)."""
    refs = refs_of(text, kind)
    return _toml(text, refs, describe) if kind == "toml" else _text(text, refs, describe)


def _toml(text: str, refs: dict[int, Ref], describe: Callable[[Ref], str]) -> list[Symbol]:
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
            card = _card(refs[number], describe)
            (section or table).children.append(card)
            for parent in (section, table):
                if parent is not None:
                    parent.close(number)
    return found


def _text(text: str, refs: dict[int, Ref], describe: Callable[[Ref], str]) -> list[Symbol]:
    found: list[Symbol] = []
    section: Symbol | None = None
    for line in text_lines(text):
        number = line.number - 1
        if line.kind == "meta":
            found.append(Symbol(line.key, "field", number, number, line.ref))
        elif line.kind == "section":
            section = Symbol(line.ref.rstrip(":").strip(), "section", number, number)
            found.append(section)
        elif line.kind == "card" and number in refs:
            card = _card(refs[number], describe)
            if section is None:
                found.append(card)
            else:
                section.children.append(card)
                section.close(number)
    return found


def _card(ref: Ref, describe: Callable[[Ref], str]) -> Symbol:
    return Symbol(ref.ref, "card", ref.line, ref.line, describe(ref))
