"""The `banned` and `restricted` rule kinds: a deck rule a pool can use.

What they check, in words for players and pool authors, is `DOC` below: a message of
the catalogs, so that `deckcli rules` shows it in the reader's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from deckcli.engine.rules.context import DeckView, ProblemStream, cut, problem
from deckcli.engine.rules.kind import RuleKind
from deckcli.i18n import N_, _
from deckcli.model.fix import Fix, cut_fix
from deckcli.model.poolspec import RuleBase
from deckcli.model.problem import Problem

if TYPE_CHECKING:
    from pydantic import Field

EXAMPLE = N_("a listed card in the deck")


class BannedRule(RuleBase):
    kind: Literal["banned"]
    cards: list[str] = []


class RestrictedRule(RuleBase):
    kind: Literal["restricted"]
    cards: list[str] = []
    max: Annotated[int, Field(ge=0)] = 1


def listed_numbers(view: DeckView, references: list[str]) -> set[str]:
    """Card numbers a list names, by number or by any name (every printing of a name)."""
    return {card.number for reference in references for card in view.resolver.named(reference)}


def check_banned(rule: BannedRule, view: DeckView) -> ProblemStream:
    banned = listed_numbers(view, rule.cards)
    for item in view.cards:
        if item.card.number in banned:
            yield problem(rule, _("{card} is banned in {decks} — {fix}").format(
                card=item.card.label(), decks=view.deck_word, fix=cut(rule, item.count)), item)


def check_restricted(rule: RestrictedRule, view: DeckView) -> ProblemStream:
    restricted = listed_numbers(view, rule.cards)
    for item in view.cards:
        if item.card.number in restricted and item.count > rule.max:
            yield problem(rule, _("{count:,} × {card}; restricted to {max} in {decks} — {fix}"
                                  ).format(count=item.count, card=item.card.label(), max=rule.max,
                                           decks=view.deck_word,
                                           fix=cut(rule, item.count - rule.max)), item)


def explain_banned(rule: BannedRule) -> tuple[str, str]:
    listed = ", ".join(rule.cards) or _("(none listed)")
    return (_("none of these cards: {cards}").format(cards=listed),
            _("a deck holding {card}").format(card=rule.cards[0]) if rule.cards
            else _("no card is banned yet"))


def explain_restricted(rule: RestrictedRule) -> tuple[str, str]:
    listed = ", ".join(rule.cards) or _("(none listed)")
    return (_("at most {max} of each: {cards}").format(max=rule.max, cards=listed),
            _("{count} copies of {card}").format(count=rule.max + 1, card=rule.cards[0])
            if rule.cards else _("no card is restricted yet"))


def fix_banned(rule: BannedRule, view: DeckView, found: Problem) -> Fix | None:
    """A banned card removed (unsafe: the deck holds fewer cards)."""
    banned = listed_numbers(view, rule.cards)
    return next((cut_fix([item.card.number], item.count, item.card.label())
                 for item in view.cards
                 if item.card.number == found.card and item.card.number in banned), None)


def fix_restricted(rule: RestrictedRule, view: DeckView, found: Problem) -> Fix | None:
    """A restricted card cut to its limit (unsafe: the deck holds fewer cards)."""
    restricted = listed_numbers(view, rule.cards)
    return next((cut_fix([item.card.number], item.count - rule.max, item.card.label())
                 for item in view.cards if item.card.number == found.card
                 and item.card.number in restricted and item.count > rule.max), None)


DOC = N_("banned and restricted: card lists a format names.\n\n"
         "`banned` cards may not be played at all; `restricted` cards at most `max` times "
         "(default 1). List entries are card references (numbers or names), resolved like deck "
         "entries, so every printing of a listed name is caught.")

KINDS = (
    RuleKind(BannedRule, check_banned, explain_banned,
             lambda rule: _("{count} banned").format(count=len(rule.cards)), DOC,
             EXAMPLE, position=50,
             fix=fix_banned, fix_doc=N_("Fix (unsafe, --unsafe-fixes): removes the banned card.")),
    RuleKind(RestrictedRule, check_restricted, explain_restricted,
             lambda rule: _("{count} restricted to {max}").format(count=len(rule.cards),
                                                                  max=rule.max),
             DOC, EXAMPLE, position=51, fix=fix_restricted,
             fix_doc=N_("Fix (unsafe, --unsafe-fixes): cuts the copies over the limit, from the "
                        "last line that holds the card.")),
)
