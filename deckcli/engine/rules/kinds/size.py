"""size: the number of cards in the deck (exactly, at least, at most).

Every card in the list counts, even one the pool does not know, so the size verdict does not
change when a misspelling is fixed. The message says how many cards to add or cut.
"""

from __future__ import annotations

from typing import Literal

from deckcli.engine.rules.context import (
    DeckView,
    ProblemStream,
    card_word,
    outside_bounds,
    problem,
)
from deckcli.engine.rules.kind import RuleKind
from deckcli.i18n import ngettext
from deckcli.model.poolspec import Bounds, RuleBase


class SizeRule(RuleBase, Bounds):
    kind: Literal["size"]


def check(rule: SizeRule, view: DeckView) -> ProblemStream:
    total = view.total
    high = rule.high
    if total < rule.low:
        fix = f"add {rule.low - total:,}"
    elif high is not None and total > high:
        fix = f"cut {total - high:,}"
    else:
        return
    yield problem(rule, ngettext("{count} card; {decks} have {bounds} — {fix}",
                                 "{count} cards; {decks} have {bounds} — {fix}", total).format(
        count=f"{total:,}", decks=view.deck_word, bounds=rule.describe(), fix=fix))


def explain(rule: SizeRule) -> tuple[str, str]:
    return (f"the deck has {rule.describe()} {card_word(rule)}", outside_bounds(rule, "cards"))


def summary(rule: SizeRule) -> str:
    return f"{rule.describe()} cards"


KINDS = (RuleKind(SizeRule, check, explain, summary, __doc__ or "",
                  example="59 cards in a game whose decks have exactly 60", position=10),)
