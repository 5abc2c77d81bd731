"""Every rule id explained in words: a pool rule from its settings, a built-in one from its entry.

`deckcli rules` prints these and the SARIF report ships them as rule descriptors, so both say
the same thing about a rule.
"""

from __future__ import annotations

from collections.abc import Callable

from deckcli.engine.rules import KIND_MODULES
from deckcli.engine.rules.builtin import BUILTIN_RULES, BuiltinRule
from deckcli.model.poolspec import (
    AllowedRule,
    BannedRule,
    Bounds,
    CopiesRule,
    CountRule,
    RequiresRule,
    RestrictedRule,
    Rule,
    SizeRule,
)
from deckcli.model.result import RuleDoc


def kind_doc(kind: str) -> str:
    """A rule kind's user documentation: its module docstring, paragraphs unwrapped."""
    module = KIND_MODULES.get(kind)
    text = (module.__doc__ or "") if module else ""
    return "\n\n".join(" ".join(part.split()) for part in text.strip().split("\n\n"))


def kind_summary(kind: str) -> str:
    """The first line of a kind's documentation."""
    return next(iter(kind_doc(kind).splitlines()), "")


def builtin_doc(rule: BuiltinRule) -> RuleDoc:
    return RuleDoc(rule.id, f"built-in ({rule.stage})", rule.severity, rule.description,
                   rule.description, "deckcli", rule.example, rule.description)


def builtin_docs() -> list[RuleDoc]:
    return [builtin_doc(rule) for rule in BUILTIN_RULES.values()]


def pool_rule_doc(rule: Rule) -> RuleDoc:
    """A pool rule's documentation; its own description, else its kind's first line."""
    checks, example = EXPLAINERS[rule.kind](rule)
    return RuleDoc(rule.id, rule.kind, rule.severity, checks,
                   rule.description or kind_summary(rule.kind), rule.source, example,
                   kind_summary(rule.kind))


def _cards(rule: Rule) -> str:
    return rule.label or getattr(rule, "query", "")


def _card_word(rule: Bounds) -> str:
    """'card' after 'exactly 1' or 'at most 1', else 'cards'."""
    return "card" if rule.high == 1 and rule.low in (0, 1) else "cards"


def _outside_bounds(rule: Bounds, what: str) -> str:
    """'a deck with 59 or 61 cards': one below the low bound, one above the high one."""
    high = rule.high + 1 if rule.high is not None else None
    wrong = [f"{n:,}" for n in (rule.low - 1, high) if n is not None and n >= 0]
    return f"a deck with {' or '.join(wrong)} {what}" if wrong else "no deck breaks it"


def _size(rule: SizeRule) -> tuple[str, str]:
    return (f"the deck has {rule.describe()} {_card_word(rule)}",
            _outside_bounds(rule, "cards"))


def _count(rule: CountRule) -> tuple[str, str]:
    word = _card_word(rule)
    shown = f"{rule.label} {word} ({rule.query})" if rule.label else f"{word} matching {rule.query}"
    return f"the deck has {rule.describe()} {shown}", _outside_bounds(rule, f"{_cards(rule)} cards")


def _copies(rule: CopiesRule) -> tuple[str, str]:
    exempt = f"; no cap for {rule.exempt}" if rule.exempt else ""
    per = "card number" if rule.key == "number" else rule.key
    return (f"at most {rule.max} {'copy' if rule.max == 1 else 'copies'} per {per}{exempt}",
            f"{rule.max + 1} copies of one card (same {rule.key})")


def _allowed(rule: AllowedRule) -> tuple[str, str]:
    return (f"every card is one of {_cards(rule)}",
            f"a deck holding a card that is not one of {_cards(rule)}")


def _banned(rule: BannedRule) -> tuple[str, str]:
    listed = ", ".join(rule.cards) or "(none listed)"
    return (f"none of these cards: {listed}",
            f"a deck holding {rule.cards[0]}" if rule.cards else "no card is banned yet")


def _restricted(rule: RestrictedRule) -> tuple[str, str]:
    listed = ", ".join(rule.cards) or "(none listed)"
    return (f"at most {rule.max} of each: {listed}",
            f"{rule.max + 1} copies of {rule.cards[0]}" if rule.cards
            else "no card is restricted yet")


def _requires(rule: RequiresRule) -> tuple[str, str]:
    noun = rule.label or rule.supplied_by
    return (f"every need in a card's {rule.requirement} written \"{rule.pattern}\" is met by "
            f"the {rule.supplied_by} of other playable cards in the deck",
            f"a card whose {rule.requirement} asks for more {noun}s than the deck's other "
            "cards bear")


# Per kind: what a rule checks, in words from its settings, and a deck that breaks it.
EXPLAINERS: dict[str, Callable[..., tuple[str, str]]] = {
    "size": _size, "count": _count, "copies": _copies, "allowed": _allowed,
    "banned": _banned, "restricted": _restricted, "requires": _requires,
}


def as_json(docs: list[RuleDoc]) -> list[dict[str, str]]:
    return [doc.to_json() for doc in docs]


def docs_for(found: list[tuple[str, dict[str, Rule], list[str]]]
             ) -> dict[str, list[tuple[str, RuleDoc]]]:
    """Rule id -> (where, documentation) for the rule ids a check reported, first seen first.

    `found` holds, per deck, where its rules come from ("game format"), its format's rules by
    id, and the rule ids of its problems. A rule id several games define (`copies`) gets one
    entry per game and format.
    """
    docs: dict[str, list[tuple[str, RuleDoc]]] = {}
    for where, pool_rules, rule_ids in found:
        for rule_id in rule_ids:
            variants = docs.setdefault(rule_id, [])
            if rule_id in pool_rules:
                if all(seen != where for seen, _ in variants):
                    variants.append((where, pool_rule_doc(pool_rules[rule_id])))
            elif rule_id in BUILTIN_RULES and not variants:
                variants.append(("deckcli", builtin_doc(BUILTIN_RULES[rule_id])))
    return docs
