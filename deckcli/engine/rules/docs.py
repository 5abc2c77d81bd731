"""Every rule id explained in words: a pool rule from its settings, a built-in one from its entry.

`deckcli rules` prints these and the SARIF report ships them as rule descriptors, so both say
the same thing about a rule.
"""

from __future__ import annotations

from deckcli.engine.rules import KINDS
from deckcli.engine.rules.builtin import BUILTIN_RULES, BuiltinRule
from deckcli.i18n import _
from deckcli.model.poolspec import RuleBase
from deckcli.model.ruledoc import RuleDoc


def kind_doc(kind: str) -> str:
    """A rule kind's user documentation in the reader's language, paragraphs unwrapped."""
    text = _(KINDS[kind].doc) if kind in KINDS else ""
    return "\n\n".join(" ".join(part.split()) for part in text.strip().split("\n\n"))


def kind_summary(kind: str) -> str:
    """The first line of a kind's documentation."""
    return next(iter(kind_doc(kind).splitlines()), "")


def kind_docs() -> list[dict[str, str]]:
    """Every rule kind for `deckcli rules` without a game: kinds one docstring documents
    together (banned, restricted) are one entry."""
    together: dict[str, list[str]] = {}
    for name, kind in KINDS.items():
        together.setdefault(kind.doc, []).append(name)
    return [{"kind": ", ".join(names), "description": kind_doc(names[0]),
             "example": _(KINDS[names[0]].example),
             "fix": " ".join(dict.fromkeys(_(KINDS[name].fix_doc) for name in names
                                           if KINDS[name].fix_doc))}
            for names in together.values()]


def builtin_doc(rule: BuiltinRule) -> RuleDoc:
    """A built-in rule's documentation in the reader's language (its kind, `built-in (file)`,
    is a name like a pool rule's kind and stays as it is)."""
    description = _(rule.description)
    return RuleDoc(rule.id, f"built-in ({rule.stage})", rule.severity, description, description,
                   "deckcli", _(rule.example) if rule.example else "", description,
                   _(rule.fix) if rule.fix else "")


def builtin_docs() -> list[RuleDoc]:
    return [builtin_doc(rule) for rule in BUILTIN_RULES.values()]


def pool_rule_doc(rule: RuleBase) -> RuleDoc:
    """A pool rule's documentation; its own description, else its kind's first line."""
    checks, example = KINDS[rule.kind].explanation(rule)
    fix_doc = KINDS[rule.kind].fix_doc
    return RuleDoc(rule.id, rule.kind, rule.severity, checks,
                   rule.description or kind_summary(rule.kind), rule.source, example,
                   kind_summary(rule.kind), _(fix_doc) if fix_doc else "")


def as_json(docs: list[RuleDoc]) -> list[dict[str, str]]:
    return [doc.to_json() for doc in docs]


def docs_for(found: list[tuple[str, dict[str, RuleBase], list[str]]]
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
