"""The `allowed` rule kind: a deck rule a pool can use.

What it checks, in words for players and pool authors, is `DOC` below: a message of
the catalogs, so that `deckcli rules` shows it in the reader's language.
"""

from __future__ import annotations

from typing import Literal

from deckcli.engine.rules.context import (
    DeckView,
    ProblemStream,
    cannot_verify,
    classified,
    cut,
    label_of,
    problem,
    verdicts,
)
from deckcli.engine.rules.kind import RuleKind
from deckcli.i18n import N_, _
from deckcli.model.fix import Fix, cut_fix
from deckcli.model.poolspec import RuleBase
from deckcli.model.problem import Problem


class AllowedRule(RuleBase):
    kind: Literal["allowed"]
    query: str

    def queries(self) -> dict[str, str]:
        return {"query": self.query, **super().queries()}


def check(rule: AllowedRule, view: DeckView) -> ProblemStream:
    query = view.resolver.query(rule.query)
    if all(verdicts(view, rule, query)):
        return  # every card allowed (the usual deck)
    for item, (verdict, reason) in zip(view.cards, classified(view, rule, query), strict=True):
        if verdict:
            continue
        if verdict is None:
            yield cannot_verify(rule, item, reason)
        else:
            yield problem(rule, _("{card} is not allowed: {decks} take only {cards} — {fix}"
                                  ).format(card=item.card.label(), decks=view.deck_word,
                                           cards=label_of(rule, rule.query),
                                           fix=cut(rule, item.count)), item)


def explain(rule: AllowedRule) -> tuple[str, str]:
    cards = label_of(rule, rule.query)
    return (_("every card is one of {cards}").format(cards=cards),
            _("a deck holding a card that is not one of {cards}").format(cards=cards))


def summary(rule: AllowedRule) -> str:
    return _("only {cards}").format(cards=label_of(rule, rule.query))


def fix(rule: AllowedRule, view: DeckView, found: Problem) -> Fix | None:
    """A card the format does not allow removed (unsafe: the deck holds fewer cards); a card
    it cannot verify is left alone."""
    query = view.resolver.query(rule.query)
    for item in view.cards:
        if item.card.number == found.card and view.resolver.matches(query.text, item.card) \
                is False:
            return cut_fix([item.card.number], item.count, item.card.label())
    return None


DOC = N_("allowed: every card in the deck must match a query (card types, legal sets, era).\n\n"
         "A card that does not match is an error naming it; a card whose value is not recorded "
         "gets a \"cannot verify\" warning instead of a guess.")

KINDS = (RuleKind(AllowedRule, check, explain, summary, DOC, position=40,
                  example=N_("a promo card in a format that allows only St-/Bo- numbered cards"),
                  fix=fix, fix_doc=N_("Fix (unsafe, --unsafe-fixes): removes the card the format "
                  "does not allow.")),)
