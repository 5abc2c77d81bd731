"""count: how many cards matching a query a deck holds (exactly, at least, at most).

Examples: exactly 1 NetNavi, at most 8 event cards, at least 1 level III. A card whose value
for the query's fields is not recorded, or that the rule's `unsettled` query marks as outside
what the sources settle, is neither counted nor ignored: it gets a "cannot verify" warning
(unless the known cards already meet a rule with no maximum), and the rule fails only when the
deck breaks it whichever way those cards fall.
"""

from __future__ import annotations

from itertools import compress
from typing import Literal

from deckcli.engine.resolver import Resolved
from deckcli.engine.rules.context import (
    DeckView,
    ProblemStream,
    cannot_verify,
    card_word,
    classified,
    label_of,
    outside_bounds,
    problem,
    verdicts,
)
from deckcli.engine.rules.kind import RuleKind
from deckcli.i18n import ngettext
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
        shown = _listing(matched)
        yield problem(rule, f"{_amount(known)} {label} cards{shown}; {rule.describe()} needed — "
                      f"add {rule.low - known - unsure_count:,}", matched[0] if matched else None)
    elif high is not None and known > high:
        yield problem(rule, f"{known:,} {label} cards{_listing(matched)}; {rule.describe()} "
                      f"allowed — cut {known - high:,}", matched[-1])


def _amount(count: int) -> str:
    return "no" if count == 0 else f"{count:,}"


def _listing(items: list[Resolved], limit: int = 6) -> str:
    if not items:
        return ""
    shown = ", ".join(
        f"{item.card.label()}" + (f" ×{item.count:,}" if item.count > 1 else "")
        for item in items[:limit]
    )
    more = f", +{len(items) - limit} more" if len(items) > limit else ""
    return f" ({shown}{more})"


def explain(rule: CountRule) -> tuple[str, str]:
    word = card_word(rule)
    shown = f"{rule.label} {word} ({rule.query})" if rule.label else f"{word} matching {rule.query}"
    return (f"the deck has {rule.describe()} {shown}",
            outside_bounds(rule, f"{label_of(rule, rule.query)} cards"))


def summary(rule: CountRule) -> str:
    label, bound = label_of(rule, rule.query), rule.describe()
    if not rule.label or " " in label:
        return f"{bound} {label}"
    return f"{bound} {label} card{'' if bound.endswith(' 1') else 's'}"  # at most 8 event cards


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


KINDS = (RuleKind(CountRule, check, explain, summary, __doc__ or "",
                  example="two NetNavi cards where exactly one is required", position=20,
                  fix=fix, fix_doc="Fix (display-only): over the limit, which of the counted "
                  "cards to cut is the player's choice; nothing is applied."),)
