"""The fix engine's half next to the rules: the fixes a deck's problems offer, in the deck's own
terms (`model.fix.Change`), with their applicability. The deck's format turns them into text
edits (`formats.fixedit`); nothing here knows a file.

Every fix is made by one of the functions below, so a rule kind, the resolver and the
placement of a deck word the same kind of fix alike:
- `spelling_problems`: references written otherwise than the pool writes the card they name
  (`card-spelling`, `number-form`, notices with a safe fix);
- `placed_cut`: a rule's cut (`model.fix.cut_fix`, by card numbers) placed on the deck's
  references.

The other fixes are made by `model.fix`'s constructors (a merge, a rename, a cut, a choice,
the game line) where the problem is found: the resolver (the clearly best did-you-mean, one
choice per reading), the rule kinds, placement and the readers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from deckcli.engine.resolver import Resolver
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.deck import DeckEntry
from deckcli.model.fix import Change, Fix
from deckcli.model.problem import Problem
from deckcli.textnorm import fold, split_number


def spelling(resolver: Resolver, ref: str) -> str | None:
    """How the pool writes the reference `ref` when it names exactly one card and is written
    otherwise (case, width, spacing, typographic quotes); None when it is written so already,
    or names no card, or several. A name in another language stays in that language: only a
    name of the card whose spelling differs from `ref` by those things is chosen."""
    memo: dict[str, str | None] = resolver.memo("spelling")
    if ref in memo:
        return memo[ref]
    found = resolver.lookup(ref)
    written: str | None = None
    if found.card is not None and found.note is None and split_number(ref) is None:
        written = _written(resolver, ref, found.card)
        if written == ref or (written is not None and resolver.lookup(written) != found):
            written = None  # the same, or a spelling that would read otherwise: leave it
    memo[ref] = written
    return written


def _written(resolver: Resolver, ref: str, card: Card) -> str | None:
    folded = fold(ref)
    if folded == card.folded_number:
        return card.number
    names = card.all_names()
    exact = [name for name in names if fold(name) == folded]
    if exact:
        return exact[0]
    squashed = resolver.pool.squashed(ref)
    loose = [name for name in names if resolver.pool.squashed(name) == squashed]
    return loose[0] if loose else None


def spelling_problems(resolver: Resolver, entries: Iterable[DeckEntry]) -> list[Problem]:
    """A notice (never failing a deck) for each reference the pool writes otherwise, with the
    safe fix that writes it so: `number-form` for a card number, `card-spelling` for a name."""
    found: list[Problem] = []
    memo: dict[str, str | None] = resolver.memo("spelling")
    for entry in entries:
        ref = entry.ref
        written = memo[ref] if ref in memo else spelling(resolver, ref)
        if written is None:
            continue
        card = resolver.lookup(ref).card
        assert card is not None  # a reference with a spelling names one card
        fix = Fix("safe", _("Write {ref} as {written}").format(ref=ref, written=written),
                  (Change("rename", (ref,), written),))
        if written == card.number:
            found.append(Problem(rule="number-form", severity="info", card=card.number,
                                 line=entry.line, fix=fix, message=_(
                                     '"{ref}" is the card number {number}; the pool writes it '
                                     "so").format(ref=ref, number=written)))
        else:
            found.append(Problem(rule="card-spelling", severity="info", card=card.number,
                                 line=entry.line, fix=fix, message=_(
                                     '"{ref}" is {card}; the pool writes the name {name}'
                                 ).format(ref=ref, card=card.label(), name=written)))
    return found


def refs_holding(resolver: Resolver, entries: Iterable[DeckEntry], numbers: set[str]
                 ) -> list[str]:
    """The references of the deck's entries that name one of the cards `numbers`, in order."""
    found = []
    for entry in entries:
        card = resolver.lookup(entry.ref).card
        if card is not None and card.number in numbers:
            found.append(entry.ref)
    return found


def placed_cut(problem: Problem, resolver: Resolver, entries: Sequence[DeckEntry]) -> None:
    """A rule's cut names cards by number (rules see cards, not lines): the deck's references
    to those cards take their place, so the format can find the lines."""
    fix = problem.fix
    if fix is None or not any(change.op == "cut" for change in fix.changes):
        return
    changes = []
    for change in fix.changes:
        if change.op == "cut":
            refs = refs_holding(resolver, entries, set(change.refs))
            if not refs:
                problem.fix = None
                return
            change = Change("cut", tuple(refs), change.value)
        changes.append(change)
    problem.fix = Fix(fix.applicability, fix.title, tuple(changes), fix.edits, fix.choices)
