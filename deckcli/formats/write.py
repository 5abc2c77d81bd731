"""New deck files, and the canonical form that `fmt` and `import` write.

New decks are written with tomli-w. The canonical `[cards]` table groups entries by card type
in the pool's order, each group under a `# Type (N)` comment and ordered along the game's
curve; keys are canonical names (or numbers, see `Resolver.key`). `fmt` keeps every comment:
a comment line travels with the entry below it, comments after the last entry stay last, and
everything outside `[cards]` is left as written.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import tomli_w
import tomlkit
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import Comment, InlineTable, Integer, Table

from deckcli.engine.resolver import Resolved, Resolver
from deckcli.errors import EXIT_FAILED, UserError
from deckcli.formats.layout import group_by_type, type_order
from deckcli.formats.textread import newline_of
from deckcli.formats.tomldeck import parse_toml_deck
from deckcli.formats.tomlkeys import GROUP_COMMENT
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.deck import Deck

# Problems in [cards] that fmt would have to guess about: the user fixes them first.
UNFORMATTABLE = frozenset({"invalid-count", "invalid-card-ref", "missing-cards",
                           "too-many-entries"})


@dataclass
class CardLine:
    """One canonical `[cards]` entry with the comments that belong to it."""

    key: str
    count: int
    card: Card | None
    comment: str = ""
    above: list[str] = field(default_factory=list)


def header_text(game: str, format_id: str | None, name: str | None) -> str:
    """`game = …`, `format = …`, `name = …` lines (the ones given)."""
    values = {"game": game, "format": format_id, "name": name}
    return tomli_w.dumps({key: value for key, value in values.items() if value is not None})


def new_deck_text(game: str, format_id: str, name: str | None) -> str:
    """A deck with no cards yet."""
    return header_text(game, format_id, name) + "\n[cards]\n"


def entry_text(key: str, count: int, comment: str = "") -> str:
    """`key = count`, the key quoted only when TOML needs it, then the entry's comment."""
    line = tomli_w.dumps({key: count}).rstrip("\n")
    return f"{line}  {comment}" if comment else line


def cards_table_text(resolver: Resolver, lines: list[CardLine], trailing: list[str]) -> str:
    """The canonical `[cards]` table."""
    out = ["[cards]"]
    for label, members in group_by_type(resolver.pool, lines, lambda line: line.card):
        if len(out) > 1:
            out.append("")
        out.append(f"# {label} ({sum(member.count for member in members)})")
        for member in members:
            out.extend(member.above)
            out.append(entry_text(member.key, member.count, member.comment))
    if trailing:
        out.extend(["", *trailing])
    return "\n".join(out) + "\n"


def canonical_deck_text(resolver: Resolver, counted: list[Resolved], name: str | None) -> str:
    """A whole deck in canonical form, as `import` writes it."""
    lines = []
    for item in counted:
        key = resolver.spelling(item.card) if item.card else item.ref
        named = item.card is None or key == item.card.name
        lines.append(CardLine(key, item.count, item.card, "" if named else f"# {item.card.name}"))
    header = header_text(resolver.pool.game_id, resolver.format_id, name)
    return header + "\n" + cards_table_text(resolver, lines, [])


def format_toml(text: str, resolver: Resolver) -> str:
    """A TOML deck in canonical form; the line ending style is kept."""
    newline = newline_of(text)
    source = text.replace("\r\n", "\n") if newline == "\r\n" else text
    try:
        document = tomlkit.parse(source)
    except TOMLKitError as exc:
        raise UserError(_("cannot format this file: {reason}").format(reason=exc),
                        EXIT_FAILED) from None
    cards = document.get("cards")
    inline = isinstance(cards, InlineTable)
    if not (isinstance(cards, InlineTable) or isinstance(cards, Table)
            and not cards.is_super_table()):
        raise UserError(_("fmt reads one [cards] table (or cards = {{ … }}); this deck splits "
                          "its cards with dotted keys or several tables — gather them under "
                          "[cards]").format(), EXIT_FAILED)
    lines, trailing = _read_cards(cards, resolver)
    fresh = tomlkit.parse(cards_table_text(resolver, lines, trailing))["cards"]
    if inline:  # the table takes the inline table's place at the end, where tables go
        del document["cards"]
        document.add("cards", fresh)
    else:
        document["cards"] = fresh
    result = document.as_string()
    _verify_same_cards(source, result, resolver)
    return result.replace("\n", "\r\n") if newline == "\r\n" else result


def as_recorded(ref: str, card: Card) -> bool:
    """Whether a deck names the card as the pool records it: its number or one of its names
    in any language, exactly. fmt keeps such a reference (a deck in Japanese stays Japanese, a
    list by number stays by number); another spelling ("cybersword") becomes the canonical one."""
    return ref == card.number or ref == card.name or ref in card.names.values()


def _read_cards(cards: Table | InlineTable, resolver: Resolver) -> tuple[list[CardLine], list[str]]:
    """Entries merged by card, each with its comments; and the comments after the last entry."""
    generated = set(type_order(resolver.pool))
    merged: dict[str, CardLine] = {}
    pending: list[str] = []
    for key, item in cards.value.body:
        if isinstance(item, Comment):
            comment = item.as_string().strip()
            label = GROUP_COMMENT.match(comment)
            if not (label and label.group("label") in generated):
                pending.append(comment)
            continue
        if key is None:
            continue
        if not isinstance(item, Integer):
            raise UserError(_("{card}: the count is not a whole number; fix it first").format(
                card=key.key), EXIT_FAILED)
        card = resolver.lookup(key.key).card
        slot = card.number if card else "\0" + key.key
        comment = item.trivia.comment
        if slot in merged:  # two references to one card: one entry, the canonical spelling
            line = merged[slot]
            line.count += int(item)
            line.comment = "; ".join(filter(None, (line.comment, comment.lstrip("# "))))
            line.above.extend(pending)
            line.key = resolver.spelling(card) if card else line.key
        else:
            new_key = key.key if card is None or as_recorded(key.key, card) else (
                resolver.spelling(card))
            merged[slot] = CardLine(new_key, int(item), card, comment, pending)
        pending = []
    return list(merged.values()), pending


def _verify_same_cards(before: str, after: str, resolver: Resolver) -> None:
    """The formatted text must hold the same cards, counts and header as the original."""
    def summary(text: str) -> tuple[str | None, str | None, str | None, dict[str, int], int]:
        deck, problems = parse_toml_deck(text, Deck(path=""))
        totals: Counter[str] = Counter()
        for item in resolver.tally(deck.entries):
            totals[item.card.number if item.card else item.ref] += item.count
        return deck.game, deck.format, deck.name, dict(totals), len(problems)

    if summary(before) != summary(after):
        raise UserError(_("formatting did not keep the deck as it was, so the file is left "
                          "unchanged; please report this deck"), EXIT_FAILED)
