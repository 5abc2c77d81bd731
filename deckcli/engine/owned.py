"""Decks measured against a collection: what each lacks alone, what all of them lack at once,
and the cards they compete for. Pure: resolved cards and owned counts in, `OwnReport` out.

A deck's line accepts the cards its reference names: a card number, that card only; a name,
every printing the resolver reads it as (the cards of that name that agree for the format's
rules: a promo printing of Omegamon serves a deck that writes "Omegamon", not one that writes
St-226). Owned copies are handed to the lines that accept the fewest cards first, so a copy
a line could take elsewhere never starves a line that needs that very card (with nested
choices, as a number within its name, this hands out as many copies as any order could).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from deckcli.engine.resolver import Resolver
from deckcli.model.card import Card
from deckcli.model.deck import DeckEntry
from deckcli.model.owned import Claim, CollectionFile, DeckNeeds, Need, OwnReport, Shared
from deckcli.model.problem import Problem


@dataclass(frozen=True, slots=True)
class Wanted:
    """One card a deck needs: the copies, the card numbers that serve (its own first), and
    the line asking."""

    card: Card
    count: int
    accepts: tuple[str, ...]
    line: int | None


@dataclass(slots=True)
class DeckWants:
    """A deck read and resolved, ready to be measured: who it is and what it wants."""

    path: str
    game: str
    format: str
    name: str | None
    wants: list[Wanted]
    problems: list[Problem]


def wants_of(resolver: Resolver, entries: Iterable[DeckEntry]
             ) -> tuple[list[Wanted], list[Problem]]:
    """Every card the entries name, merged by card, with what serves each; the problems of
    references that name no card (or several that differ), which cannot be counted."""
    resolved, problems = resolver.resolve(entries)
    wants = []
    for item in resolved:
        found = resolver.lookup(item.ref)
        others = (card.number for card in found.candidates if card.number != item.card.number)
        wants.append(Wanted(item.card, item.count, (item.card.number, *others), item.line))
    return wants, [found for found in problems if found.severity == "error"]


def held(accepts: Sequence[str], owned: Mapping[str, int]) -> int:
    """Copies the collection holds of the cards a line accepts."""
    return sum(owned.get(number, 0) for number in accepts)


def allocate(wants: Sequence[Wanted], owned: Mapping[str, int]) -> list[int]:
    """The owned copies each want receives, the most particular wants served first."""
    stock = dict(owned)
    given = [0] * len(wants)
    for index in sorted(range(len(wants)), key=lambda i: len(wants[i].accepts)):
        want = wants[index]
        for number in want.accepts:
            if given[index] == want.count:
                break
            taken = min(stock.get(number, 0), want.count - given[index])
            if taken:
                stock[number] -= taken
                given[index] += taken
    return given


def measure(decks: Sequence[DeckWants], owned: Mapping[str, Mapping[str, int]]
            ) -> tuple[list[DeckNeeds], list[Need], list[Shared]]:
    """Each deck alone against its game's collection (`owned`: game -> card number ->
    copies), the cards to acquire to build them all at once, and the cards they compete for."""
    measured = []
    for deck in decks:
        stock = owned.get(deck.game, {})
        given = allocate(deck.wants, stock)
        measured.append(DeckNeeds(deck.path, deck.game, deck.format, deck.name, [
            Need(want.card, deck.game, want.count, held(want.accepts, stock),
                 want.count - got, want.line)
            for want, got in zip(deck.wants, given, strict=True)], list(deck.problems)))
    to_acquire: list[Need] = []
    shared: list[Shared] = []
    for game in dict.fromkeys(deck.game for deck in decks):
        members = [(deck, alone) for deck, alone in zip(decks, measured, strict=True)
                   if deck.game == game]
        _at_once(game, members, owned.get(game, {}), to_acquire, shared)
    return measured, to_acquire, shared


def _at_once(game: str, members: list[tuple[DeckWants, DeckNeeds]], stock: Mapping[str, int],
             to_acquire: list[Need], shared: list[Shared]) -> None:
    """One game's decks built all at once: what is still missing, and where they compete."""
    wants = [(deck, want, alone) for deck, needs in members
             for want, alone in zip(deck.wants, needs.cards, strict=True)]
    given = allocate([want for _, want, _ in wants], stock)
    by_card: dict[str, list[tuple[DeckWants, Wanted, Need, int]]] = {}
    for (deck, want, alone), got in zip(wants, given, strict=True):
        by_card.setdefault(want.card.number, []).append((deck, want, alone, want.count - got))
    for claims in by_card.values():
        card, accepts = claims[0][1].card, claims[0][1].accepts
        needed = sum(want.count for _, want, _, _ in claims)
        missing = sum(short for *_, short in claims)
        if missing:
            to_acquire.append(Need(card, game, needed, held(accepts, stock), missing))
        alone_missing = sum(alone.missing for _, _, alone, _ in claims)
        decks = dict.fromkeys(deck.path for deck, *_ in claims)
        if len(decks) > 1 and missing > alone_missing:
            shared.append(Shared(card, game, held(accepts, stock), needed, missing,
                                 missing - alone_missing, _claims(claims)))


def _claims(claims: list[tuple[DeckWants, Wanted, Need, int]]) -> list[Claim]:
    """Each deck's claim on one card (a deck naming it on two lines claims once)."""
    merged: dict[str, Claim] = {}
    for deck, want, alone, _ in claims:
        claim = merged.setdefault(deck.path, Claim(deck.path, 0, 0))
        claim.needed += want.count
        claim.missing += alone.missing
    return list(merged.values())


def report(collections: Sequence[CollectionFile], decks: Sequence[DeckWants],
           owned: Mapping[str, Mapping[str, int]]) -> OwnReport:
    """The whole answer of `deckcli own`: the collection files read, then the decks measured."""
    measured, to_acquire, shared = measure(decks, owned)
    return OwnReport(list(collections), measured, to_acquire, shared)
