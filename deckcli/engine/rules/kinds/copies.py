"""The `copies` rule kind: a deck rule a pool can use.

What it checks, in words for players and pool authors, is `DOC` below: a message of
the catalogs, so that `deckcli rules` shows it in the reader's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from deckcli.engine.resolver import Resolved, Resolver
from deckcli.engine.rules.context import DeckView, ProblemStream, cut, problem
from deckcli.engine.rules.kind import Hover, RuleKind
from deckcli.i18n import N_, _, ngettext
from deckcli.model.card import Card
from deckcli.model.deck import DeckEntry
from deckcli.model.fix import Fix, cut_fix
from deckcli.model.poolspec import RuleBase
from deckcli.model.problem import Problem

if TYPE_CHECKING:
    from pydantic import Field


class CopiesRule(RuleBase):
    kind: Literal["copies"]
    key: str = "name"
    max: Annotated[int, Field(ge=0)]
    exempt: str | None = None

    def queries(self) -> dict[str, str]:
        return {**({"exempt": self.exempt} if self.exempt else {}), **super().queries()}

    def copy_key(self) -> str:
        return self.key


def cap_for(rule: CopiesRule, view: DeckView, group: list[Resolved]) -> int | None:
    """The cap of a group of same-key cards; None when unlimited."""
    overrides = [item.card.max_copies for item in group if item.card.max_copies is not None]
    if "unlimited" in overrides:
        return None
    if rule.exempt and any(view.resolver.matches(rule.exempt, i.card) is True for i in group):
        return None
    numeric = [cap for cap in overrides if isinstance(cap, int)]
    return max(numeric) if numeric else rule.max


def copies_held(resolver: Resolver, cards: list[Resolved], total: int, card: Card
                ) -> list[tuple[CopiesRule, int, int | None]]:
    """For each copies rule of the format that counts `card`: (the rule, the copies the deck
    holds of the card's group, its cap or None when unlimited) — the hover's and the
    builder's "3/4"."""
    view = DeckView(resolver, cards, total)
    found = []
    for rule in resolver.format.rules:
        if not isinstance(rule, CopiesRule):
            continue
        keys = resolver.copy_keys(rule.key)
        key = keys.get(card.number)
        if key is None:
            continue
        group = [item for item in cards if keys.get(item.card.number) == key]
        held = sum(item.count for item in group)
        found.append((rule, held, cap_for(rule, view, group or [
            Resolved(card, 0, DeckEntry(card.number, 0))])))
    return found


def overridden_keys(view: DeckView, key: str) -> frozenset[str | None]:
    """The copy keys of the pool's cards that carry their own `max_copies` (worked out once
    per pool and key): only a group with such a card can have a cap other than the rule's."""
    memo: dict[str, frozenset[str | None]] = view.resolver.memo("copies-overridden")
    if key not in memo:
        keys = view.resolver.copy_keys(key)
        memo[key] = frozenset(keys[card.number] for card in view.resolver.pool.cards
                              if card.max_copies is not None) - {None}
    return memo[key]


def check(rule: CopiesRule, view: DeckView) -> ProblemStream:
    keys = view.resolver.copy_keys(rule.key)
    keyed = list(map(keys.__getitem__, view.numbers))
    overridden = overridden_keys(view, rule.key)  # groups that may hold a card of its own cap
    if len(set(keyed)) == len(keyed) and overridden.isdisjoint(keyed) \
            and max(view.counts, default=0) <= rule.max:
        return  # the usual deck: no two cards counted together, none over the rule's cap
    totals: dict[str, int] = {}
    for key, item in zip(keyed, view.cards, strict=True):
        if key is not None:
            totals[key] = totals.get(key, 0) + item.count
    over = [(key, count) for key, count in totals.items()
            if count > rule.max or key in overridden]
    if not over:
        return  # the usual deck: every group within the rule's cap
    for key, count in over:
        group = [item for other, item in zip(keyed, view.cards, strict=True)
                 if other == key]
        cap = cap_for(rule, view, group)
        if cap is None or count <= cap:
            continue
        numbers = {item.card.number for item in group}
        if rule.severity == "error":
            view.over_copies.update(numbers)
        elif numbers <= view.over_copies:
            continue  # an earlier copies error already reports exactly these cards
        first = group[0]
        if len(group) == 1:
            what = f"{count:,} × {first.card.label()}"
        else:
            parts = ", ".join(f"{item.card.number} ×{item.count:,}" for item in group)
            what = f"{count:,} × {first.card.name} ({parts})"
        yield problem(rule, _over_cap(rule.key).format(what=what, cap=cap,
                                                       fix=cut(rule, count - cap), key=rule.key),
                      first)


def _over_cap(key: str) -> str:
    """The message of a group over its cap, by what the cards are counted together by."""
    if key == "name":
        return _("{what}; at most {cap} per name — {fix}")
    if key == "number":
        return _("{what}; at most {cap} per card number — {fix}")
    return _("{what}; at most {cap} per {key} — {fix}")


def explain(rule: CopiesRule) -> tuple[str, str]:
    if rule.key == "name":
        text = ngettext("at most {max} copy per name", "at most {max} copies per name", rule.max)
    elif rule.key == "number":
        text = ngettext("at most {max} copy per card number",
                        "at most {max} copies per card number", rule.max)
    else:
        text = ngettext("at most {max} copy per {key}", "at most {max} copies per {key}",
                        rule.max)
    text = text.format(max=rule.max, key=rule.key)
    if rule.exempt:
        text = _("{rule}; no cap for {query}").format(rule=text, query=rule.exempt)
    return text, _("{count} copies of one card (same {key})").format(count=rule.max + 1,
                                                                      key=rule.key)


def summary(rule: CopiesRule) -> str:
    text = _("≤{max} per {key}").format(max=rule.max, key=rule.key)
    return _("{rule} (warning)").format(rule=text) if rule.severity == "warning" else text


def group_of(rule: CopiesRule, view: DeckView, number: str) -> list[Resolved]:
    """The deck's cards counted together with the card `number` (by the rule's key)."""
    keys = view.resolver.copy_keys(rule.key)
    key = keys.get(number)
    return [] if key is None else [item for item in view.cards
                                   if keys.get(item.card.number) == key]


def fix(rule: CopiesRule, view: DeckView, found: Problem) -> Fix | None:
    """The copies over the cap cut, from the last line that holds the card (unsafe: the
    deck holds fewer cards)."""
    group = group_of(rule, view, found.card) if found.card else []
    cap = cap_for(rule, view, group) if group else None
    held = sum(item.count for item in group)
    if cap is None or held <= cap:
        return None  # a warning that it cannot verify, or nothing over the cap
    label = group[0].card.label() if len(group) == 1 else group[0].card.name
    return cut_fix([item.card.number for item in group], held - cap, label)


def hover(rule: CopiesRule, view: DeckView, card: Card) -> Hover | None:
    """'copies in the deck: 5 (at most 4 per name; rule copies)'."""
    if view.resolver.copy_keys(rule.key).get(card.number) is None:
        return None
    group = group_of(rule, view, card.number)
    held = sum(item.count for item in group)
    cap = cap_for(rule, view, group or [Resolved(card, 0, DeckEntry(card.number, 0))])
    if cap is None:
        return _("copies in the deck: {held} (no cap; rule {rule})"), dict(held=held,
                                                                         rule=rule.id)
    return _("copies in the deck: {held} (at most {cap} per {key}; rule {rule})"), dict(
        held=held, cap=cap, key=rule.key, rule=rule.id)


DOC = N_("copies: how many copies of one card a deck may hold.\n\n"
         "Cards are counted together by the rule's key: `name` groups every card that shares a "
         "name in any language (so two printings with different numbers count as one), `number` "
         "counts each card number alone, and any other key counts by that field. A card's own "
         "`max_copies` (a higher or lower cap, or \"unlimited\") replaces the rule's cap, and "
         "cards matching `exempt` have none.")

KINDS = (RuleKind(CopiesRule, check, explain, summary, DOC,
                  example=N_("5 copies of one card where the cap is 4"), position=30, fix=fix,
                  fix_doc=N_("Fix (unsafe, --unsafe-fixes): cuts the copies over the cap, from "
                  "the last line that holds the card."), hover=hover),)
