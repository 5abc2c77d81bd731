"""Checking one deck: its entries resolved, the format's rules run. Pure: no files, no
terminal; the caller has read the deck and chosen its resolver (game and format)."""

from __future__ import annotations

from collections.abc import Sequence

from deckcli.deckfile.deck import Deck
from deckcli.deckfile.entries import capped
from deckcli.printable import printable_path
from deckcli.problem import Problem
from deckcli.query import QueryError
from deckcli.resolver import Resolver
from deckcli.result import DeckResult
from deckcli.rules import run_rules


def check_deck(deck: Deck, resolver: Resolver, problems: Sequence[Problem] = ()) -> DeckResult:
    """The verdict on a deck for the resolver's game and format (`problems`: found earlier,
    while reading or placing the deck, and reported first)."""
    result = DeckResult(printable_path(deck.path), resolver.pool.game_id, resolver.format_id,
                        deck.total, list(problems), deck.name)
    try:
        cards, resolve_problems = resolver.resolve(deck.entries)
        result.problems.extend(resolve_problems)
        result.problems.extend(run_rules(resolver, cards, deck.total))
    except QueryError as exc:
        result.problems.append(Problem(
            rule="broken-pool", message=f"{resolver.pool.path}: a rule query is invalid: {exc}"))
    result.problems = capped(result.problems)  # 50 per rule per file, then one summary line
    return result


def unchecked(deck: Deck, problems: Sequence[Problem], game: str | None = None) -> DeckResult:
    """The result of a deck no rule could judge (unreadable, or no usable game or format)."""
    return DeckResult(printable_path(deck.path), game, None, deck.total, list(problems),
                      deck.name)
