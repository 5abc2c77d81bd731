"""JSON decks, read and written, in the two shapes deck builders export:

- a map of card reference to count: `{"HV-P01-001": 3, "HV-P01-002": 1}` (keys `game`,
  `format` and `name` with string values are the deck's own fields);
- a deck object: `{"name": …, "game": …, "cards": [{"id": "HV-P01-001", "count": 3}, …]}`, a
  card giving its number as `id`, `number` or `card`, or a `name` (both: the number decides),
  and its count as `count`, `qty` or `quantity` (`cards` may also be a map as above).

Other keys (a school, a source) are the deck's notes and left alone. Lines are found by
looking for each key or element in the text, in order, so problems point at the right line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from deckcli.formats.collect import EntryCollector, Zones
from deckcli.formats.entries import problem, short_value
from deckcli.formats.textread import ZONE_NAMES, apply_meta
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem, capped
from deckcli.textnorm import squash

META_KEYS = ("game", "format", "name")
NUMBER_KEYS = ("id", "number", "card", "cardNumber", "card_number", "no")
COUNT_KEYS = ("count", "qty", "quantity", "amount", "copies")
_DECK_START = re.compile(rb'^\s*\{\s*"(?:[^"\\]|\\.){0,200}"\s*:\s*(?:\d|\[|\{|")')


def looks_like_json_deck(head: bytes) -> bool:
    """Whether a file's first bytes are a JSON deck: an object with a `cards` list or map, or
    one whose other keys mostly hold counts. A head cut short (a large file) is judged by how
    it starts: an object whose first key holds a count, a list, an object or a string, and
    that mentions cards or starts with a count."""
    head = head.removeprefix(b"\xef\xbb\xbf")
    try:
        data = json.loads(head)
    except (ValueError, RecursionError):
        data = None
    if isinstance(data, dict):
        return _deck_shaped(data)
    return data is None and bool(_DECK_START.match(head)) and (
        b'"cards"' in head or re.match(rb'^\s*\{\s*"[^"]*"\s*:\s*\d', head) is not None)


def _deck_shaped(data: dict[str, Any]) -> bool:
    """A deck object (`cards`), or a map of card reference to count beside `game` and co."""
    if isinstance(data.get("cards"), list | dict):
        return True
    counts = [type(value) is int for key, value in data.items() if key not in META_KEYS]
    return bool(counts) and sum(counts) * 2 > len(counts)


class _Lines:
    """Line numbers of keys and values, found in text order."""

    def __init__(self, text: str) -> None:
        self.text, self.at = text, 0

    def find(self, value: object) -> int | None:
        needle = json.dumps(value, ensure_ascii=False) if isinstance(value, str) else None
        if needle is None:
            return None
        found = self.text.find(needle, self.at)
        if found < 0:  # written with escapes: no line, rather than a wrong one
            return None
        self.at = found + len(needle)
        return self.text.count("\n", 0, found) + 1


class DuplicateKey(ValueError):
    """An object names the same key twice (JSON would silently keep the last)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise DuplicateKey(key)
        found[key] = value
    return found


def parse_json_deck(text: str, deck: Deck) -> tuple[Deck, list[Problem]]:
    """A JSON deck in either shape; every element is counted or reported."""
    try:
        data = json.loads(text, object_pairs_hook=_unique_pairs)
    except DuplicateKey as exc:
        lines = _Lines(text)
        lines.find(exc.key)
        return deck, [problem("json-syntax", _(
            "the key {key} appears twice in one object; JSON readers disagree on which counts, "
            "so deckcli reads neither — keep one").format(
            key=json.dumps(exc.key, ensure_ascii=False)), lines.find(exc.key))]
    except json.JSONDecodeError as exc:
        return deck, [problem("json-syntax", _("invalid JSON: {msg} (column {colno})").format(
                                                 msg=exc.msg, colno=exc.colno),
                              exc.lineno)]
    except RecursionError:
        return deck, [problem("json-syntax", _("arrays or objects nested too deeply to read"))]
    except ValueError:  # Python's int-size limit
        return deck, [problem("json-syntax", _("a number with thousands of digits; counts "
                                               "are small whole numbers"))]
    problems: list[Problem] = []
    if not isinstance(data, dict):
        return deck, [problem("json-syntax", _('a JSON deck is an object: {{"CARD": count, '
                                               '…}} or {{"name": …, "cards": [{{"id": …, '
                                               '"count": …}}]}}'), 1)]
    lines = _Lines(text)
    collected = EntryCollector(problems)
    for key in META_KEYS:
        value = data.get(key)
        if isinstance(value, str):
            apply_meta(deck, key, value, _Lines(text).find(key), problems)
    zones = Zones(problems)
    side = {key: value for key, value in data.items()  # "sideboard": a zone, never the deck
            if isinstance(value, dict | list) and squash(key) in ZONE_NAMES}
    cards = data.get("cards", data)
    if isinstance(cards, dict | list):
        _read_cards({k: v for k, v in cards.items() if k not in side}
                    if isinstance(cards, dict) else cards, lines, collected, cards is data)
    else:
        problems.append(problem("json-syntax", _('"cards" is {cards}; make it a list of '
                                                 '{{"id": …, "count": …}} or a map of card '
                                                 "to count").format(cards=short_value(cards)),
                                _Lines(text).find("cards")))
    for key, value in side.items():
        _read_cards(value, _Lines(text), zones.collector(key, _Lines(text).find(key)), False)
    deck.entries = collected.entries
    zones.finish(deck)
    return deck, capped(problems)


def _read_cards(cards: dict[str, Any] | list[Any], lines: _Lines, collected: EntryCollector,
                skip_meta: bool) -> None:
    if isinstance(cards, dict):
        _read_map(cards, lines, collected, skip_meta)
        return
    for index, element in enumerate(cards):
        _read_element(index, element, lines, collected)
        if collected.full:
            break


def _read_map(cards: dict[str, Any], lines: _Lines, collected: EntryCollector,
              skip_meta: bool) -> None:
    for ref, count in cards.items():
        line = lines.find(ref)
        if skip_meta and ref in META_KEYS and isinstance(count, str):
            continue
        collected.add(ref, count, line)
        if collected.full:
            return


def _read_element(index: int, element: object, lines: _Lines, collected: EntryCollector
                  ) -> None:
    where = f"cards[{index}]"
    if not isinstance(element, dict):
        collected.problems.append(problem("json-syntax", _(
            '{where} is {element}; write {{"id": "NUMBER", "count": N}}').format(
            where=where, element=short_value(element))))
        return
    number = next((element[key] for key in NUMBER_KEYS if key in element), None)
    name = element.get("name")
    line = lines.find(number) if number is not None else lines.find(name)
    count = next((element[key] for key in COUNT_KEYS if key in element), 1)
    if not isinstance(number, str | type(None)) or not isinstance(name, str | type(None)):
        collected.problems.append(problem("json-syntax", _(
            "{where}: the card is {value}; write it as a string").format(
            where=where, value=short_value(number or name)), line))
    elif not number and not name:
        collected.problems.append(problem("json-syntax", _("{where} names no card; give "
                                                           '"id" (the card number) or '
                                                           '"name"').format(where=where), line))
    else:
        ref = f"{name} ({number})" if number and name else number or name or ""
        collected.add(ref, count, line)


def json_text(meta: dict[str, str | None], cards: Sequence[tuple[Card, int]]) -> str:
    """A deck as a JSON deck object (reads back as the same deck)."""
    record: dict[str, Any] = {key: value for key, value in meta.items() if value}
    record["cards"] = [{"number": card.number, "name": card.name, "count": count,
                        "type": card.type or None} for card, count in cards]
    return json.dumps(record, ensure_ascii=False, indent=2) + "\n"
