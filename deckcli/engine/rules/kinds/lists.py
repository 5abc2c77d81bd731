"""The `banned` and `restricted` rule kinds: a deck rule a pool can use.

What they check, in words for players and pool authors, is `DOC` below: a message of
the catalogs, so that `deckcli rules` shows it in the reader's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from deckcli.engine.rules.context import DeckView, ProblemStream, cut, problem
from deckcli.engine.rules.kind import Hover, RuleKind
from deckcli.i18n import N_, _
from deckcli.model.fix import Fix, cut_fix
from deckcli.model.poolspec import RuleBase
from deckcli.model.problem import Problem

if TYPE_CHECKING:
    from pydantic import Field

    from deckcli.engine.resolver import Resolved
    from deckcli.model.card import Card

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


def restricted_sets(rule: RestrictedRule, view: DeckView) -> list[frozenset[str]]:
    """The card numbers counted together, one set per restricted card: every printing of a
    listed name, and references naming the same cards (a name and one of its printings'
    numbers, listed both) joined into one set. Worked out once per pool and format."""
    memo: dict[str, list[frozenset[str]]] = view.resolver.memo("restricted-sets")
    if rule.id not in memo:
        sets: list[set[str]] = []
        for reference in rule.cards:
            numbers = {card.number for card in view.resolver.named(reference)}
            if not numbers:
                continue
            meets = [at for at, known in enumerate(sets) if known & numbers]
            for at in meets:
                numbers |= sets[at]
            kept = [known for at, known in enumerate(sets) if at not in meets]
            kept.insert(meets[0] if meets else len(kept), numbers)  # where it was first listed
            sets = kept
        memo[rule.id] = [frozenset(numbers) for numbers in sets]
    return memo[rule.id]


def restricted_groups(rule: RestrictedRule, view: DeckView) -> list[list[Resolved]]:
    """The deck's lines of each restricted card (`restricted_sets`) that it holds more
    copies of than `max`."""
    over = []
    for numbers in restricted_sets(rule, view):
        held = [item for item in view.cards if item.card.number in numbers]
        if sum(item.count for item in held) > rule.max:
            over.append(held)
    return over


def check_restricted(rule: RestrictedRule, view: DeckView) -> ProblemStream:
    for held in restricted_groups(rule, view):
        count = sum(item.count for item in held)
        yield problem(rule, _("{count:,} × {card}; restricted to {max} in {decks} — {fix}"
                              ).format(count=count, card=_label(held), max=rule.max,
                                       decks=view.deck_word, fix=cut(rule, count - rule.max)),
                      held[-1])


def _label(held: list[Resolved]) -> str:
    """'Wish (T-07)', or for printings of one name 'Bolt (T-02, T-12)'."""
    if len(held) == 1:
        return held[0].card.label()
    numbers = ", ".join(dict.fromkeys(item.card.number for item in held))
    return f"{held[0].card.name} ({numbers})"


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
    """A restricted card cut to its limit, from the last line holding any of its printings
    (unsafe: the deck holds fewer cards)."""
    return next((cut_fix([item.card.number for item in held],
                         sum(item.count for item in held) - rule.max, _label(held))
                 for held in restricted_groups(rule, view) if held[-1].card.number == found.card),
                None)


def hover_banned(rule: BannedRule, view: DeckView, card: Card) -> Hover | None:
    """'banned in megaman decks (rule banned)', over a card the list names."""
    if card.number not in listed_numbers(view, rule.cards):
        return None
    return _("banned in {decks} (rule {rule})"), dict(decks=view.deck_word, rule=rule.id)


def hover_restricted(rule: RestrictedRule, view: DeckView, card: Card) -> Hover | None:
    """'restricted in … decks: 2 in the deck, at most 1 (rule restricted)', over a card the
    list names; every printing of the listed name counted, as the check counts them."""
    numbers = next((known for known in restricted_sets(rule, view) if card.number in known),
                   None)
    if numbers is None:
        return None
    held = sum(item.count for item in view.cards if item.card.number in numbers)
    return _("restricted in {decks}: {held} in the deck, at most {max} (rule {rule})"), dict(
        decks=view.deck_word, held=held, max=rule.max, rule=rule.id)


DOC = N_("banned and restricted: card lists a format names.\n\n"
         "`banned` cards may not be played at all; `restricted` cards at most `max` times "
         "(default 1). List entries are card references (numbers or names), resolved like deck "
         "entries, so every printing of a listed name is caught.")

KINDS = (
    RuleKind(BannedRule, check_banned, explain_banned,
             lambda rule: _("{count} banned").format(count=len(rule.cards)), DOC,
             EXAMPLE, position=50,
             fix=fix_banned, fix_doc=N_("Fix (unsafe, --unsafe-fixes): removes the banned card."),
             hover=hover_banned),
    RuleKind(RestrictedRule, check_restricted, explain_restricted,
             lambda rule: _("{count} restricted to {max}").format(count=len(rule.cards),
                                                                  max=rule.max),
             DOC, EXAMPLE, position=51, fix=fix_restricted,
             fix_doc=N_("Fix (unsafe, --unsafe-fixes): cuts the copies over the limit, from the "
                        "last line that holds the card."), hover=hover_restricted),
)
