"""The `count` rule kind: a deck rule a pool can use.

What it checks, in words for players and pool authors, is `DOC` below: a message of
the catalogs, so that `deckcli rules` shows it in the reader's language.
"""

from __future__ import annotations

from itertools import compress
from typing import Literal

from deckcli.engine.resolver import Resolved
from deckcli.engine.rules.context import (
    DeckView,
    ProblemStream,
    add,
    cannot_verify,
    classified,
    classify,
    cut,
    label_of,
    one_card,
    outside_bounds,
    problem,
    verdicts,
)
from deckcli.engine.rules.kind import Hover, RuleKind
from deckcli.i18n import N_, _, ngettext
from deckcli.model.card import Card
from deckcli.model.deck import DeckEntry
from deckcli.model.fix import Fix, choose_fix
from deckcli.model.poolspec import Bounds, RuleBase
from deckcli.model.problem import Problem


class CountRule(RuleBase, Bounds):
    kind: Literal["count"]
    query: str

    def queries(self) -> dict[str, str]:
        return {"query": self.query, **super().queries()}


def check(rule: CountRule, view: DeckView) -> ProblemStream:
    query = view.resolver.query(rule.query)
    judged = verdicts(view, rule, query)
    high = rule.high
    if None not in judged:  # every card judged (the usual deck): counted at once
        known = sum(compress(view.counts, judged))
        if known >= rule.low and (high is None or known <= high):
            return
    cards = view.cards
    matched: list[Resolved] = []
    unsure: list[Resolved] = []
    reasons: list[str] = []
    for item, (verdict, reason) in zip(cards, classified(view, rule, query), strict=True):
        if verdict is None:
            unsure.append(item)
            reasons.append(reason)
        elif verdict:
            matched.append(item)
    known = sum(item.count for item in matched)
    if high is not None or known < rule.low:  # else the unknown cards cannot change the verdict
        for item, reason in zip(unsure, reasons, strict=True):
            yield cannot_verify(rule, item, reason)
    unsure_count = sum(item.count for item in unsure)
    label = label_of(rule, rule.query)
    if known + unsure_count < rule.low:
        fix = add(rule, rule.low - known - unsure_count)
        if known == 0:
            message = _("no {label} cards; {bounds} needed — {fix}").format(
                label=label, bounds=rule.describe(), fix=fix)
        else:
            message = ngettext("{count:,} {label} card ({cards}); {bounds} needed — {fix}",
                               "{count:,} {label} cards ({cards}); {bounds} needed — {fix}",
                               known).format(count=known, label=label, cards=_listing(matched),
                                             bounds=rule.describe(), fix=fix)
        yield problem(rule, message, matched[0] if matched else None)
    elif high is not None and known > high:
        yield problem(rule, ngettext(
            "{count:,} {label} card ({cards}); {bounds} allowed — {fix}",
            "{count:,} {label} cards ({cards}); {bounds} allowed — {fix}", known).format(
            count=known, label=label, cards=_listing(matched), bounds=rule.describe(),
            fix=cut(rule, known - high)), matched[-1])


def _listing(items: list[Resolved], limit: int = 6) -> str:
    """'CyberSword (1C12) ×2, Canceled (1C21)', and how many more past `limit`."""
    shown = ", ".join(
        f"{item.card.label()}" + (f" ×{item.count:,}" if item.count > 1 else "")
        for item in items[:limit]
    )
    if len(items) > limit:
        return _("{cards}, +{count} more").format(cards=shown, count=len(items) - limit)
    return shown


def explain(rule: CountRule) -> tuple[str, str]:
    bounds, label = rule.describe(), rule.label
    if label:
        has = (_("the deck has {bounds} {label} card ({query})") if one_card(rule) else
               _("the deck has {bounds} {label} cards ({query})"))
    else:
        has = (_("the deck has {bounds} card matching {query}") if one_card(rule) else
               _("the deck has {bounds} cards matching {query}"))
    wrong = outside_bounds(rule)
    breaks = (_("a deck with {counts} {label} cards").format(
        counts=_(" or ").join(wrong), label=label_of(rule, rule.query)) if wrong
        else _("no deck breaks it"))
    return has.format(bounds=bounds, label=label, query=rule.query), breaks


def summary(rule: CountRule) -> str:
    label, bound = label_of(rule, rule.query), rule.describe()
    if not rule.label or " " in label:
        return _("{bounds} {label}").format(bounds=bound, label=label)
    # at most 8 event cards; exactly 1, at least 1, 0 to 1 NetNavi card
    one = rule.high == 1 or (rule.high is None and rule.low == 1)
    return (_("{bounds} {label} card") if one else _("{bounds} {label} cards")).format(
        bounds=bound, label=label)


def fix(rule: CountRule, view: DeckView, found: Problem) -> Fix | None:
    """Over the limit: the player chooses which of the counted cards to cut (display-only)."""
    high = rule.high
    if high is None or found.severity != rule.severity:
        return None  # no upper bound, or a card it cannot verify
    query = view.resolver.query(rule.query)
    known = sum(item.count for item in view.cards
                if view.resolver.matches(query.text, item.card) is True)
    if known <= high:
        return None
    over = known - high
    return choose_fix(ngettext("Cut {count} {label} card of your choice",
                               "Cut {count} {label} cards of your choice", over).format(
        count=over, label=label_of(rule, rule.query)))


def hover(rule: CountRule, view: DeckView, card: Card) -> Hover | None:
    """'Hero cards in the deck: 1 (exactly 1; rule hero-count)', over a card the rule counts
    (as the check counts: a card it cannot verify, or an unsettled one, says nothing)."""
    query = view.resolver.query(rule.query)
    if classify(view, rule, query, Resolved(card, 0, DeckEntry(card.number, 0)))[0] is not True:
        return None
    held = sum(item.count for item, (verdict, _reason) in
               zip(view.cards, classified(view, rule, query), strict=True) if verdict is True)
    return _("{label} cards in the deck: {held} ({bounds}; rule {rule})"), dict(
        label=label_of(rule, rule.query), held=held, bounds=rule.describe(), rule=rule.id)


DOC = N_("count: how many cards matching a query a deck holds (exactly, at least, at most).\n\n"
         "Examples: exactly 1 NetNavi, at most 8 event cards, at least 1 level III. A card "
         "whose value for the query's fields is not recorded, or that the rule's `unsettled` "
         "query marks as outside what the sources settle, is neither counted nor ignored: it "
         "gets a \"cannot verify\" warning (unless the known cards already meet a rule with no "
         "maximum), and the rule fails only when the deck breaks it whichever way those cards "
         "fall.")

KINDS = (RuleKind(CountRule, check, explain, summary, DOC,
                  example=N_("two NetNavi cards where exactly one is required"), position=20,
                  fix=fix, fix_doc=N_("Fix (display-only): over the limit, which of the counted "
                  "cards to cut is the player's choice; nothing is applied."), hover=hover),)
