"""Card references -> cards: numbers, names in any language, aliases, with suggestions.

A reference is folded (NFKC, case, spaces) and looked up by number, then by name. A name that
several cards share resolves when those cards agree on everything the format's rules look at;
otherwise the reference is ambiguous and the problem lists the numbers to choose from.
"""

from __future__ import annotations

import difflib
import heapq
from collections import Counter
from dataclasses import dataclass

from deckcli.models import Card, DeckEntry, Problem
from deckcli.pools import Pool, trigrams_of
from deckcli.textnorm import fold


class Resolved:
    """A deck entry with its card: what the rules count."""

    __slots__ = ("card", "count", "entry")

    def __init__(self, card: Card, count: int, entry: DeckEntry) -> None:
        self.card = card
        self.count = count
        self.entry = entry

    @property
    def line(self) -> int | None:
        """The entry's line, looked up only when a problem is placed on it."""
        return self.entry.line

    @property
    def ref(self) -> str:
        return self.entry.ref


@dataclass
class Lookup:
    """The outcome of resolving one reference."""

    card: Card | None
    candidates: list[Card]


def lookup(pool: Pool, ref: str, rule_fields: frozenset[str], copy_keys: tuple[str, ...]) -> Lookup:
    """Find the card a reference means; `candidates` lists the choices when it is ambiguous.

    Decks of one game repeat the same references, so answers are memoised per pool.
    """
    memo_key = (ref, rule_fields, copy_keys)
    found = pool.lookups.get(memo_key)
    if found is None:
        found = pool.lookups[memo_key] = _lookup(pool, ref, rule_fields, copy_keys)
    return found


def _lookup(
    pool: Pool, ref: str, rule_fields: frozenset[str], copy_keys: tuple[str, ...]
) -> Lookup:
    folded = fold(ref)
    card = pool.by_number.get(folded)
    if card is not None:
        return Lookup(card, [card])
    matches = pool.by_name.get(folded, [])
    if not matches:
        return Lookup(None, [])
    first = matches[0]
    if all(_agree(pool, first, other, rule_fields, copy_keys) for other in matches[1:]):
        return Lookup(first, matches)
    return Lookup(None, matches)


def _agree(
    pool: Pool, a: Card, b: Card, fields: frozenset[str], copy_keys: tuple[str, ...]
) -> bool:
    if any(a.attrs.get(name) != b.attrs.get(name) for name in fields):
        return False
    if a.max_copies != b.max_copies:
        return False
    return all(pool.copy_key(a, key) == pool.copy_key(b, key) for key in copy_keys)


def suggestions(pool: Pool, ref: str, limit: int = 3, shortlist: int = 12) -> list[str]:
    """Close names and numbers, shown as 'Name (number)'.

    difflib over every name of a large pool costs milliseconds per typo, so candidates are
    first narrowed to the names sharing the most three-letter pieces with the reference.
    """
    folded = fold(ref)
    shared: Counter[str] = Counter()
    for gram in dict.fromkeys(trigrams_of(folded)):
        shared.update(pool.trigrams.get(gram, ()))
    ranked = heapq.nsmallest(shortlist, shared.items(), key=lambda item: (-item[1], item[0]))
    candidates = [key for key, _ in ranked]  # ties broken by name: the same in every run
    close = difflib.get_close_matches(folded, candidates, n=limit, cutoff=0.6)
    if not close:
        close = [key for key in pool.by_name if folded and folded in key][:limit]
    labels: list[str] = []
    for key in close:
        card = pool.by_number.get(key) or pool.by_name[key][0]
        if card.label() not in labels:
            labels.append(card.label())
    return labels


def unknown_card_problem(pool: Pool, entry: DeckEntry) -> Problem:
    """'unknown-card: "Cyber Swordd" is not a MegaMan card — did you mean CyberSword (1C12)?'"""
    shown = entry.ref if len(entry.ref) <= 60 else entry.ref[:57] + "…"
    game = pool.header.game.name
    message = f'"{shown}" is not {"an" if game[:1].lower() in "aeiou" else "a"} {game} card'
    close = suggestions(pool, entry.ref)
    if close:
        message += " — did you mean " + " or ".join(close) + "?"
    else:
        message += f" — search with: deckcli cards {pool.game_id} QUERY"
    return Problem(rule="unknown-card", message=message, card=shown, line=entry.line)


def ambiguous_card_problem(entry: DeckEntry, candidates: list[Card]) -> Problem:
    numbers = ", ".join(card.number for card in candidates[:8])
    more = f" and {len(candidates) - 8} more" if len(candidates) > 8 else ""
    return Problem(
        rule="ambiguous-card",
        message=f'"{entry.ref}" names {len(candidates)} cards that differ for this format\'s '
        f"rules; write the card number instead: {numbers}{more}",
        card=entry.ref,
        line=entry.line,
    )


def resolve_entries(
    pool: Pool, entries: list[DeckEntry], rule_fields: frozenset[str], copy_keys: tuple[str, ...]
) -> tuple[list[Resolved], list[Problem]]:
    """Resolve every entry; merge entries that name the same card (with a warning)."""
    resolved: dict[str, Resolved] = {}
    problems: list[Problem] = []
    for entry in entries:
        found = lookup(pool, entry.ref, rule_fields, copy_keys)
        if found.card is None:
            if found.candidates:
                problems.append(ambiguous_card_problem(entry, found.candidates))
            else:
                problems.append(unknown_card_problem(pool, entry))
            continue
        card = found.card
        if card.number in resolved:
            earlier = resolved[card.number]
            earlier.count += entry.count
            problems.append(
                Problem(
                    rule="duplicate-card",
                    severity="warning",
                    card=card.number,
                    line=entry.line,
                    message=f'"{entry.ref}" and "{earlier.ref}" (line {earlier.line}) are both '
                    f"{card.label()}; counted together as {earlier.count}",
                )
            )
            continue
        resolved[card.number] = Resolved(card, entry.count, entry)
    return list(resolved.values()), problems
