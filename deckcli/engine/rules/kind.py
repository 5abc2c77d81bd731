"""The rule-kind plug-in: what one module under `deckcli/engine/rules/kinds/` provides.

A pool's format lists rules, each naming its kind (`kind = "count"`). Everything deckcli knows
about a kind lives in one module of `engine/rules/kinds/`, and `engine.rules` finds every
module there: adding a kind is adding a module, with no table to edit. The module holds

- `DOC = N_("...")`: what the kind checks and why, as `deckcli rules` prints it in the
  reader's language (paragraphs separated by a blank line); the first line
  (`count: how many cards matching a query …`) is the kind's summary;
- the rule's schema: a plain record (`model.spec`) subclassing `model.poolspec.RuleBase` (and
  `Bounds` for `exactly`/`min`/`max`), with `kind: Literal["<kind>"]` and its own settings,
  from which `pools.schema` builds the pydantic model a pool is validated against; it overrides
  `queries()`, `card_fields()` or `copy_key()` when it reads cards through a query, a field
  or a copy key, so the resolver and `deckcli pool check` know what it looks at;
- `KINDS = (RuleKind(...),)`: the schema with the functions below. A module may define
  several kinds documented together (`banned` and `restricted`): `deckcli rules` lists them
  under one `DOC`.

`check(rule, view)` yields the problems of a deck (`engine.rules.context`: `DeckView`,
`problem`, `cannot_verify`, `classify`): every problem, at the rule's severity, each saying
how to fix it ("— cut 1"); a card whose needed fact is not recorded gets "cannot verify",
never a guess. `explain(rule)` gives what one rule checks and a deck that breaks it, in words
from its settings (`deckcli rules GAME`, SARIF rule descriptors); `summary(rule)` a few words
for `deckcli games`; `example` a deck that breaks a rule of the kind (`deckcli rules`; marked
`N_` like `DOC` and `fix_doc`).

A kind answers for itself beyond its check, so that no front end imports a kind:
`fix(rule, view, problem)` gives the fix a problem of the rule offers (`engine.fixes`
makes them), and `fix_doc` says in a sentence which fix that is and how safe
(`deckcli rules`); `hover(rule, view, card)` gives what an editor's hover over a card says
about the rule (the copies in the deck against the cap).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Generic, TypeVar

from deckcli.engine.rules.context import DeckView
from deckcli.model.card import Card
from deckcli.model.fix import Fix
from deckcli.model.poolspec import RuleBase
from deckcli.model.problem import Problem

R = TypeVar("R", bound=RuleBase)
# what a hover says: a translated sentence and the values of its placeholders (filled in by
# the front end, which escapes them for its markup)
Hover = tuple[str, dict[str, object]]
_LITERAL = re.compile(r"""Literal\[["']([a-z0-9-]+)["']\]""")


@dataclass(frozen=True)
class RuleKind(Generic[R]):
    """A kind of deck rule: its schema, its check, its explanations."""

    schema: type[R]  # the pool's rule table, validated; `kind` is Literal["<name>"]
    check: Callable[[R, DeckView], Iterator[Problem]]
    explain: Callable[[R], tuple[str, str]]  # (what the rule checks, a deck that breaks it)
    summary: Callable[[R], str]  # a few words for `deckcli games`: "≤4 per name"
    doc: str  # what the kind checks and why, in words (marked N_, translated where shown)
    example: str  # a deck that breaks a rule of this kind, in words (marked N_)
    position: int  # where `deckcli rules` lists the kind (ascending)
    fix: Callable[[R, DeckView, Problem], Fix | None] | None = None  # a problem's fix
    fix_doc: str = ""  # which fix its problems offer, and how safe (`deckcli rules`)
    hover: Callable[[R, DeckView, Card], Hover | None] | None = None  # a card's hover line

    @property
    def name(self) -> str:
        """The kind's name, as pools write it: the value of its schema's `kind` literal."""
        note = self.schema.__spec_fields__["kind"][0]  # 'Literal["count"]', never evaluated
        found = _LITERAL.fullmatch(note)
        if found is None:
            raise TypeError(f"{self.schema.__name__}.kind must be Literal[\"<kind>\"]")
        return found[1]

    def problems(self, rule: RuleBase, view: DeckView) -> Iterator[Problem]:
        return self.check(self._own(rule), view)

    def checker(self, rule: RuleBase) -> Callable[[DeckView], Iterator[Problem]]:
        """`problems` with the rule bound (its kind checked once, not once per deck)."""
        return partial(self.check, self._own(rule))

    def fixer(self, rule: RuleBase) -> Callable[[DeckView, Problem], Fix | None] | None:
        """`fix` with the rule bound, or None when the kind offers no fix."""
        return None if self.fix is None else partial(self.fix, self._own(rule))

    def hover_line(self, rule: RuleBase, view: DeckView, card: Card) -> Hover | None:
        """What a hover over `card` says about this rule (None: nothing)."""
        return None if self.hover is None else self.hover(self._own(rule), view, card)

    def explanation(self, rule: RuleBase) -> tuple[str, str]:
        return self.explain(self._own(rule))

    def description(self, rule: RuleBase) -> str:
        return self.summary(self._own(rule))

    def _own(self, rule: RuleBase) -> R:
        if not isinstance(rule, self.schema):
            raise TypeError(f"rule {rule.id} is a {type(rule).__name__}, not a {self.name} rule")
        return rule
