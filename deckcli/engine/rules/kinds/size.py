"""The `size` rule kind: a deck rule a pool can use.

What it checks, in words for players and pool authors, is `DOC` below: a message of
the catalogs, so that `deckcli rules` shows it in the reader's language.
"""

from __future__ import annotations

from typing import Literal

from deckcli.engine.rules.context import (
    DeckView,
    ProblemStream,
    add,
    cut,
    one_card,
    outside_bounds,
    problem,
)
from deckcli.engine.rules.kind import RuleKind
from deckcli.i18n import N_, _, ngettext
from deckcli.model.fix import Fix, choose_fix
from deckcli.model.poolspec import Bounds, RuleBase
from deckcli.model.problem import Problem


class SizeRule(RuleBase, Bounds):
    kind: Literal["size"]


def check(rule: SizeRule, view: DeckView) -> ProblemStream:
    total = view.total
    high = rule.high
    if total < rule.low:
        fix = add(rule, rule.low - total)
    elif high is not None and total > high:
        fix = cut(rule, total - high)
    else:
        return
    yield problem(rule, ngettext("{count} card; {decks} have {bounds} — {fix}",
                                 "{count} cards; {decks} have {bounds} — {fix}", total).format(
        count=f"{total:,}", decks=view.deck_word, bounds=rule.describe(), fix=fix))


def explain(rule: SizeRule) -> tuple[str, str]:
    has = (_("the deck has {bounds} card") if one_card(rule) else
           _("the deck has {bounds} cards")).format(bounds=rule.describe())
    wrong = outside_bounds(rule)
    return has, (_("a deck with {counts} cards").format(counts=_(" or ").join(wrong)) if wrong
                 else _("no deck breaks it"))


def summary(rule: SizeRule) -> str:
    return _("{bounds} cards").format(bounds=rule.describe())


def fix(rule: SizeRule, view: DeckView, found: Problem) -> Fix | None:
    """Over the size: the player chooses the cards to cut (display-only)."""
    over = view.total - rule.high if rule.high is not None else 0
    if over <= 0:
        return None
    return choose_fix(ngettext("Cut {count} card of your choice", "Cut {count} cards of your "
                               "choice", over).format(count=over))


DOC = N_("size: the number of cards in the deck (exactly, at least, at most).\n\n"
         "Every card in the list counts, even one the pool does not know, so the size verdict "
         "does not change when a misspelling is fixed. The message says how many cards to add "
         "or cut.")

KINDS = (RuleKind(SizeRule, check, explain, summary, DOC,
                  example=N_("59 cards in a game whose decks have exactly 60"), position=10,
                  fix=fix, fix_doc=N_("Fix (display-only): over the size, which cards to cut is "
                  "the player's choice; nothing is applied.")),)
