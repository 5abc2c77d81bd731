"""TOML decks read: `game`, `format`, `name` and a `[cards]` table of reference = count, every
problem with the line (and column) where it was found."""

from __future__ import annotations

from collections.abc import ValuesView
from typing import cast

from deckcli.escape import control_character
from deckcli.formats.entries import (
    MAX_COUNT,
    MAX_ENTRIES,
    MAX_REF_CHARS,
    check_entry,
    problem,
    short_value,
)
from deckcli.formats.tomlkeys import LazyKeyLines, repeated_key
from deckcli.i18n import N_, _
from deckcli.io import tomlread, tomlreasons
from deckcli.model.deck import Deck, DeckEntry
from deckcli.model.problem import Problem, capped

# tomllib's terse reasons, with what a deck file most likely needs there.
_TOML_HINTS = (
    ("Illegal character '\\n'", N_('a string is not closed on its line: add the closing "')),
    ("Invalid value", N_('write "Card name" = 4: names in quotes, counts as whole numbers')),
    ("Expected '=' after a key", N_('write "Card name" = 4 (names with spaces need quotes)')),
)

def parse_toml_deck(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """A TOML deck: game, format, name and a [cards] table of reference = count."""
    try:
        raw = tomlread.loads(text)
    except tomlread.TOMLDecodeError as exc:
        return deck, [toml_error_problem(str(exc), text)]
    except ValueError:  # tomllib hands Python's int-size limit on as a plain ValueError
        return deck, [problem("invalid-toml", _("invalid TOML: a number with thousands of "
                                                "digits; counts are small whole numbers"))]
    except RecursionError:
        return deck, [problem("invalid-toml", _("invalid TOML: arrays or tables nested too "
                                                "deeply to read; a deck needs no nesting "
                                                "beyond [cards]"))]
    problems: list[Problem] = []
    lines = LazyKeyLines(text)
    deck.key_lines = lines
    deck.game = _meta_string(raw, "game", lines, problems)
    deck.format = _meta_string(raw, "format", lines, problems)
    deck.name = _meta_string(raw, "name", lines, problems)
    cards = raw.get("cards")
    if cards is None:
        problems.append(problem("missing-cards", _('no [cards] table; list cards as "Name" '
                                                   "= count")))
    elif not isinstance(cards, dict):
        problems.append(
            problem(
                "missing-cards",
                _('cards must be a table: [cards] then "Name" = count lines'),
                lines.get("", "cards"),
            )
        )
    elif usual_entries(cards):
        deck.entries = [DeckEntry(ref, count, None, lines) for ref, count in cards.items()]
    else:
        for ref, count in cards.items():
            if len(deck.entries) == MAX_ENTRIES:
                problems.append(problem("too-many-entries", _("{count:,} entries; at most "
                                                              "{max_entries:,}").format(
                                                                count=len(cards),
                                                                max_entries=MAX_ENTRIES)))
                break
            entry = DeckEntry(ref, count, lines=lines)
            entry_problem = check_entry(ref, count, None)
            if entry_problem is not None:
                entry_problem.line = entry.line  # looked up only now there is a problem
                problems.append(entry_problem)
            else:
                deck.entries.append(entry)
    if any(type(value) is dict for key, value in raw.items() if key != "cards"):
        _side_zones(raw, deck, lines, problems)
    return deck, capped(problems)


def _side_zones(raw: dict[str, object], deck: Deck, lines: LazyKeyLines,
                problems: list[Problem]) -> None:
    """Tables beside `[cards]` that list cards (`[sideboard]`, `[maybe]`, or any table whose
    every value is a count): side zones, as a text list's `Sideboard:` is (`collect.Zones`),
    never counted in the deck and each a `deck-zone` warning; never dropped unseen. Other
    keys and tables (an author, notes) are the file's own, read by no rule."""
    from deckcli.formats.collect import Zones
    from deckcli.formats.textread import ZONE_NAMES
    from deckcli.textnorm import squash

    zones = Zones(problems)
    for key, value in raw.items():
        if key == "cards" or type(value) is not dict or not value:
            continue
        if squash(key) in ZONE_NAMES or all(type(count) is int for count in value.values()):
            collected = zones.collector(key, lines.get("", key))
            for ref, count in value.items():
                collected.add(ref, count, lines.get(key, ref))
    zones.finish(deck)


def usual_entries(cards: dict[str, object]) -> bool:
    """Whether every entry is a short printable reference with a count from 1 to MAX_COUNT
    (what `check_entry` passes), decided over the whole table at once, as a legal deck's
    file is: then no entry needs a message, nor its own check."""
    if not cards or len(cards) > MAX_ENTRIES:
        return False
    if set(map(type, cards.values())) != {int}:  # not a bool, a float, a string …
        return False
    counts = cast("ValuesView[int]", cards.values())
    if min(counts) <= 0 or max(counts) > MAX_COUNT:
        return False
    refs = cards.keys()
    return (all(refs) and max(map(len, refs)) <= MAX_REF_CHARS
            and "".join(refs).isprintable() and not any(map(str.isspace, refs)))


def toml_error_problem(error: str, text: str) -> Problem:
    """tomllib's complaint with its line and column, and the likely fix for a repeated key."""
    phrase, line, column = tomlreasons.split(error)
    reason = tomlreasons.translated(phrase)
    message = (_("invalid TOML: {reason} (column {column})").format(reason=reason, column=column)
               if column else _("invalid TOML: {reason}").format(reason=reason))
    hint = next((fix for start, fix in _TOML_HINTS if phrase.startswith(start)), None)
    if hint:
        message = _("{problem}; {fix}").format(problem=message, fix=_(hint))
    if phrase.startswith(("Cannot overwrite", "Cannot declare", "Cannot mutate")):
        repeat = repeated_key(text, line)
        if repeat is not None:
            table, key, first, line = repeat
            said = (_("invalid TOML: {key!r} is given twice (first on line {first}); list each "
                      "card once, with its total count") if table == "cards" else
                    _("invalid TOML: {key!r} is given twice (first on line {first}); keep one"))
            message = said.format(key=key, first=first)
    return problem("invalid-toml", message, line, column)


def _meta_string(raw: dict[str, object], key: str, lines: LazyKeyLines, problems: list[Problem]
                 ) -> str | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        reason = _("{key} must be a string, got {value}").format(key=key,
                                                                  value=short_value(value))
    elif control := control_character(value):
        reason = _("{key} holds the control character {character}; delete it").format(
            key=key, character=control)
    else:
        return value
    problems.append(problem("invalid-field", reason, lines.get("", key)))
    return None


