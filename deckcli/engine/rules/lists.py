"""banned and restricted: card lists a format names.

`banned` cards may not be played at all; `restricted` cards at most `max` times (default 1).
List entries are card references (numbers or names), resolved like deck entries, so every
printing of a listed name is caught.
"""

from __future__ import annotations

from deckcli.engine.rules.context import DeckView, ProblemStream, problem
from deckcli.model.poolspec import BannedRule, RestrictedRule

EXAMPLE = "a listed card in the deck"


def listed_numbers(view: DeckView, references: list[str]) -> set[str]:
    """Card numbers a list names, by number or by any name (every printing of a name)."""
    return {card.number for reference in references for card in view.resolver.named(reference)}


def check_banned(rule: BannedRule, view: DeckView) -> ProblemStream:
    banned = listed_numbers(view, rule.cards)
    for item in view.cards:
        if item.card.number in banned:
            yield problem(rule, f"{item.card.label()} is banned in {view.deck_word} — cut "
                          f"{item.count:,}", item)


def check_restricted(rule: RestrictedRule, view: DeckView) -> ProblemStream:
    restricted = listed_numbers(view, rule.cards)
    for item in view.cards:
        if item.card.number in restricted and item.count > rule.max:
            yield problem(rule, f"{item.count:,} × {item.card.label()}; restricted to {rule.max} "
                          f"in {view.deck_word} — cut {item.count - rule.max:,}", item)
