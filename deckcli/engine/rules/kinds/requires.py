"""The `requires` rule kind: a deck rule a pool can use.

What it checks, in words for players and pool authors, is `DOC` below: a message of
the catalogs, so that `deckcli rules` shows it in the reader's language.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Literal

from deckcli.engine.query import QueryError
from deckcli.engine.resolver import Resolved
from deckcli.engine.rules.context import DeckView, ProblemStream, per_card, problem
from deckcli.engine.rules.kind import RuleKind
from deckcli.i18n import N_, _, ngettext
from deckcli.model.poolspec import RuleBase
from deckcli.textnorm import squash


class RequiresRule(RuleBase):
    """A card field states needs (`requirement`), another card field supplies them."""

    kind: Literal["requires"]
    requirement: str
    pattern: str = "{name} x{count}"
    separator: str = ";"
    supplied_by: str

    @staticmethod
    def check_pattern(pattern: str) -> str | None:
        if pattern.count("{name}") != 1 or pattern.count("{count}") > 1:
            # Translators: {name} and {count} are written as they are (a pattern's words)
            return _("pattern needs {name} once and {count} at most once")
        return None

    def card_fields(self) -> tuple[str, ...]:
        return (self.requirement, self.supplied_by)

PLACEHOLDERS = {"{name}": r"(?P<name>.+?)", "{count}": r"(?P<count>\d+)"}


@dataclass(frozen=True)
class Need:
    """One need of a card: the name (as compared and as written) and how many."""

    key: str
    count: int
    written: str


def compile_pattern(pattern: str) -> re.Pattern[str]:
    """'{name} emblem x{count}' as a regex: case ignored, any spacing (or none) between words."""
    pieces = []
    for part in re.split(r"(\{name\}|\{count\})", pattern):
        if part in PLACEHOLDERS:
            pieces.append(PLACEHOLDERS[part])
        else:
            pieces.extend(re.escape(word) for word in part.split())
    return re.compile(r"\s*".join(pieces), re.IGNORECASE)


def parse_needs(text: object, rule: RequiresRule) -> tuple[Need, ...]:
    """The needs a card's requirement text states in the rule's pattern; other parts are not."""
    if not isinstance(text, str):
        return ()
    return needs_in(text, compile_pattern(rule.pattern), rule.separator)


def needs_in(text: str, regex: re.Pattern[str], separator: str) -> tuple[Need, ...]:
    """The needs in one requirement text."""
    cleaned = unicodedata.normalize("NFKC", text).replace("×", "x")
    needs: list[Need] = []
    for part in cleaned.split(separator) if separator else [cleaned]:
        match = regex.fullmatch(part.strip())
        if match is None:
            continue
        written = match.group("name").strip()
        count = int(match.groupdict().get("count") or 1)
        if squash(written) and count > 0:
            needs.append(Need(squash(written), count, written))
    return tuple(needs)


def supplied_keys(value: object) -> frozenset[str]:
    """What a card supplies: one name, or a list of them."""
    names = value if isinstance(value, list) else [value]
    return frozenset(squash(name) for name in names if isinstance(name, str) and squash(name))


def playable(needs: list[tuple[Need, ...]], supplies: list[frozenset[str]],
             counts: list[int]) -> list[bool]:
    """Which cards can ever be played: grow the set of playable cards until it stops changing."""
    can_play = [not card_needs for card_needs in needs]
    changed = True
    while changed:
        supply = available(supplies, counts, can_play)
        changed = False
        for index, card_needs in enumerate(needs):
            if not can_play[index] and all(supply[need.key] >= need.count for need in card_needs):
                can_play[index] = changed = True
    return can_play


def available(supplies: list[frozenset[str]], counts: list[int], can_play: list[bool]
              ) -> Counter[str]:
    """How many copies supply each name, among the cards that can be played."""
    supply: Counter[str] = Counter()
    for keys, count, ok in zip(supplies, counts, can_play, strict=True):
        if ok:
            for key in keys:
                supply[key] += count
    return supply


def check(rule: RequiresRule, view: DeckView) -> ProblemStream:
    for field_name in (rule.requirement, rule.supplied_by):
        if field_name not in view.resolver.pool.fields:
            raise QueryError(_("rule {id}: field {field!r} is not declared in [fields]").format(
                id=rule.id, field=field_name))
    cards = view.cards
    # decks share their cards' requirement texts: parsed once per pool, format and rule
    needs = per_card(view, view.resolver.memo("requires-needs").setdefault(rule.id, {}),
                     lambda item: parse_needs(item.card.attrs.get(rule.requirement), rule))
    if not any(needs):
        return
    supplies = per_card(view, view.resolver.memo("requires-supplies").setdefault(
        rule.supplied_by, {}), lambda item: supplied_keys(item.card.attrs.get(rule.supplied_by)))
    counts = [item.count for item in cards]
    can_play = playable(needs, supplies, counts)
    if all(can_play):
        return
    supply = available(supplies, counts, can_play)
    shown = _display_names(cards, needs, rule)
    for item, card_needs, ok in zip(cards, needs, can_play, strict=True):
        if ok:
            continue
        unmet = [need for need in card_needs if supply[need.key] < need.count]
        yield problem(rule, _message(item, unmet, supply, shown, rule), item)


def _display_names(cards: list[Resolved], needs: list[tuple[Need, ...]],
                   rule: RequiresRule) -> dict[str, str]:
    """Name key -> how the pool writes it; a supplier's own spelling wins."""
    names = {need.key: need.written for card_needs in needs for need in card_needs}
    for item in cards:
        value = item.card.attrs.get(rule.supplied_by)
        for name in value if isinstance(value, list) else [value]:
            if isinstance(name, str) and squash(name):
                names[squash(name)] = name
    return names


def _message(item: Resolved, unmet: list[Need], supply: Counter[str], shown: dict[str, str],
             rule: RequiresRule) -> str:
    """'Friendly Rivals (2R62) can never be played: it needs 3 IceMan emblems but …'."""
    advice = rule.severity == "warning"
    parts = []
    for need in unmet:
        have, name = supply[need.key], shown.get(need.key, need.written)
        what = f"{name} {rule.label}".strip() if rule.label else name
        bears = _("no playable card in the deck bears one") if have == 0 else _(
            "the deck's playable cards bear only {count:,}").format(count=have)
        missing = need.count - have
        fix = (ngettext("consider adding {count:,} {what} card",
                        "consider adding {count:,} {what} cards", missing) if advice else
               ngettext("add {count:,} {what} card", "add {count:,} {what} cards", missing))
        # Translators: {what} is a name and its kind as the pool writes them ("IceMan emblem")
        parts.append(ngettext("{count:,} {what} but {bears} — {fix}",
                              "{count:,} {what}s but {bears} — {fix}", need.count).format(
            count=need.count, what=what, bears=bears,
            fix=fix.format(count=missing, what=what)))
    # Translators: joins the needs of one card that the deck cannot meet
    needs = _("; and ").join(parts)
    text = (_("{card} can never be played: it needs {needs}, or cutting {count:,}") if advice
            else _("{card} can never be played: it needs {needs}, or cut {count:,}"))
    return text.format(card=item.card.label(), needs=needs, count=item.count)


def _words(field: str) -> str:
    """A field's name as words: 'resource_cost' -> 'resource cost'."""
    return field.replace("_", " ")


def explain(rule: RequiresRule) -> tuple[str, str]:
    noun = _words(rule.label or rule.supplied_by)
    written = rule.pattern.replace("{name}", "NAME").replace("{count}", "N")
    return (_("each {noun} a card's {field} asks for (written like \"{written}\") is borne by "
              "other playable cards of the deck").format(
                noun=noun, field=_words(rule.requirement), written=written),
            _("a card whose {field} asks for more {noun}s of a name than the deck's other "
              "cards bear").format(field=_words(rule.requirement), noun=noun))


def summary(rule: RequiresRule) -> str:
    noun = _words(rule.label or rule.supplied_by)
    if rule.severity == "warning":
        return _("{noun}s each card needs are in the deck (warning)").format(noun=noun)
    return _("{noun}s each card needs are in the deck (error)").format(noun=noun)


DOC = N_("requires: cards that need something only other cards of the deck can supply.\n\n"
         "A card field states what a card needs to be played, e.g. MegaMan's `resource_cost = "
         "\"Yellow x2; IceMan emblem x3\"`; the rule's `pattern` (\"{name} emblem x{count}\") "
         "picks the needs it is about out of that text, one per `separator`-split part. Another "
         "card field (`supplied_by = \"emblem\"`) names what a card supplies. A card is "
         "reported when the deck can never meet its need: fewer cards supplying the name than "
         "it asks for, counting only suppliers that can themselves be played (a card never "
         "supplies its own need). Names compare ignoring case, spaces and punctuation, so "
         "\"Mega Man X\" meets \"MegaMan X\". A card without the field needs nothing. It is a "
         "lint about play, not legality, so pools give it `severity = \"warning\"`.")

KINDS = (RuleKind(RequiresRule, check, explain, summary, DOC, position=60,
                  example=N_("a card needing 3 IceMan emblems in a deck whose only IceMan emblem "
                  "is its NetNavi")),)
