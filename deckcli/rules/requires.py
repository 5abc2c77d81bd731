"""requires: cards that need something only other cards of the deck can supply.

A card field states what a card needs to be played, e.g. MegaMan's `resource_cost =
"Yellow x2; IceMan emblem x3"`; the rule's `pattern` ("{name} emblem x{count}") picks the
needs it is about out of that text, one per `separator`-split part. Another card field
(`supplied_by = "emblem"`) names what a card supplies. A card is reported when the deck can
never meet its need: fewer cards supplying the name than it asks for, counting only suppliers
that can themselves be played (a card never supplies its own need). Names compare ignoring case,
spaces and punctuation, so "Mega Man X" meets "MegaMan X". A card without the field needs
nothing. It is a lint about play, not legality, so pools give it `severity = "warning"`.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from deckcli.models import RequiresRule
from deckcli.query import QueryError
from deckcli.resolve import Resolved
from deckcli.rules.context import DeckView, ProblemStream, problem

KIND = "requires"
EXAMPLE = "a card needing 3 IceMan emblems in a deck whose only IceMan emblem is its NetNavi"

PLACEHOLDERS = {"{name}": r"(?P<name>.+?)", "{count}": r"(?P<count>\d+)"}


class Need(NamedTuple):
    """One need of a card: the name (as compared and as written) and how many."""

    key: str
    count: int
    written: str


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """'Mega Man X', 'megaman-x' and 'MegaMan X' -> 'megamanx'."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(char for char in folded if char.isalnum())


@lru_cache(maxsize=64)
def compile_pattern(pattern: str) -> re.Pattern[str]:
    """'{name} emblem x{count}' as a regex: case ignored, any spacing (or none) between words."""
    pieces = []
    for part in re.split(r"(\{name\}|\{count\})", pattern):
        if part in PLACEHOLDERS:
            pieces.append(PLACEHOLDERS[part])
        else:
            pieces.extend(re.escape(word) for word in part.split())
    return re.compile(r"\s*".join(pieces), re.IGNORECASE)


def parse_needs(text: object, rule: RequiresRule) -> tuple[Need, ...]:
    """The needs a card's requirement text states in the rule's pattern; other parts are not."""
    return needs_in(text, rule.pattern, rule.separator) if isinstance(text, str) else ()


@lru_cache(maxsize=4096)
def needs_in(text: str, pattern: str, separator: str) -> tuple[Need, ...]:
    """Parsed once per distinct text: decks share their cards' requirement texts."""
    regex = compile_pattern(pattern)
    cleaned = unicodedata.normalize("NFKC", text).replace("×", "x")
    needs: list[Need] = []
    for part in cleaned.split(separator) if separator else [cleaned]:
        match = regex.fullmatch(part.strip())
        if match is None:
            continue
        written = match.group("name").strip()
        count = int(match.groupdict().get("count") or 1)
        if name_key(written) and count > 0:
            needs.append(Need(name_key(written), count, written))
    return tuple(needs)


def supplied_keys(value: object) -> frozenset[str]:
    """What a card supplies: one name, or a list of them."""
    if isinstance(value, list):
        value = tuple(value)
    return _supplied(value) if isinstance(value, str | tuple) else frozenset()


@lru_cache(maxsize=4096)
def _supplied(value: str | tuple) -> frozenset[str]:
    """Parsed once per distinct value: decks share their cards' emblems."""
    names = value if isinstance(value, tuple) else (value,)
    return frozenset(name_key(name) for name in names if isinstance(name, str) and name_key(name))


def playable(needs: list[tuple[Need, ...]], supplies: list[frozenset[str]],
             counts: list[int]) -> list[bool]:
    """Which cards can ever be played: grow the set of playable cards until it stops changing."""
    can_play = [not card_needs for card_needs in needs]
    changed = True
    while changed:
        supply = available(supplies, counts, can_play)
        changed = False
        for index, card_needs in enumerate(needs):
            if not can_play[index] and all(supply[need.key] >= need.count for need in card_needs):
                can_play[index] = changed = True
    return can_play


def available(supplies: list[frozenset[str]], counts: list[int], can_play: list[bool]
              ) -> Counter[str]:
    """How many copies supply each name, among the cards that can be played."""
    supply: Counter[str] = Counter()
    for keys, count, ok in zip(supplies, counts, can_play, strict=True):
        if ok:
            for key in keys:
                supply[key] += count
    return supply


def check(rule: RequiresRule, view: DeckView) -> ProblemStream:
    for field_name in (rule.requirement, rule.supplied_by):
        if field_name not in view.pool.fields:
            raise QueryError(f"rule {rule.id}: field {field_name!r} is not declared in [fields]")
    cards = view.cards
    needs = [parse_needs(item.card.attrs.get(rule.requirement), rule) for item in cards]
    if not any(needs):
        return
    supplies = [supplied_keys(item.card.attrs.get(rule.supplied_by)) for item in cards]
    counts = [item.count for item in cards]
    can_play = playable(needs, supplies, counts)
    supply = available(supplies, counts, can_play)
    shown = _display_names(cards, needs, rule)
    for item, card_needs, ok in zip(cards, needs, can_play, strict=True):
        if ok:
            continue
        unmet = [need for need in card_needs if supply[need.key] < need.count]
        yield problem(rule, _message(item, unmet, supply, shown, rule.label), item)


def _display_names(cards: list[Resolved], needs: list[tuple[Need, ...]],
                   rule: RequiresRule) -> dict[str, str]:
    """Name key -> how the pool writes it; a supplier's own spelling wins."""
    names = {need.key: need.written for card_needs in needs for need in card_needs}
    for item in cards:
        value = item.card.attrs.get(rule.supplied_by)
        for name in value if isinstance(value, list) else [value]:
            if isinstance(name, str) and name_key(name):
                names[name_key(name)] = name
    return names


def _message(item: Resolved, unmet: list[Need], supply: Counter[str], shown: dict[str, str],
             label: str) -> str:
    """'Friendly Rivals (2R62) can never be played: it needs 3 IceMan emblems but …'."""
    parts = []
    for need in unmet:
        have, name = supply[need.key], shown.get(need.key, need.written)
        what = f"{name} {label}".strip() if label else name
        bears = "no playable card in the deck bears one" if have == 0 else (
            f"the deck's playable cards bear only {have:,}")
        parts.append(f"{need.count:,} {what}{_plural(need.count)} but {bears} — add "
                     f"{need.count - have:,} {what} card{_plural(need.count - have)}")
    return (f"{item.card.label()} can never be played: it needs " + "; and ".join(parts)
            + f", or cut {item.count:,}")


def _plural(count: int) -> str:
    return "" if count == 1 else "s"
