"""size: the number of cards in the deck (exactly, at least, at most).

Every card in the list counts, even one the pool does not know, so the size verdict does not
change when a misspelling is fixed. The message says how many cards to add or cut.
"""

from __future__ import annotations

from deckcli.engine.rules.context import DeckView, ProblemStream, problem
from deckcli.model.poolspec import SizeRule

EXAMPLE = "59 cards in a game whose decks have exactly 60"


def check(rule: SizeRule, view: DeckView) -> ProblemStream:
    total = view.total
    high = rule.high
    if total < rule.low:
        fix = f"add {rule.low - total:,}"
    elif high is not None and total > high:
        fix = f"cut {total - high:,}"
    else:
        return
    yield problem(rule, f"{total:,} cards; {view.deck_word} have {rule.describe()} — {fix}")
