"""The fix engine's half next to the rules: the fixes a deck's problems offer, in the deck's own
terms (`model.fix.Change`), with their applicability. The deck's format turns them into text
edits (`formats.fixedit`); nothing here knows a file.

Every fix is made by one of the functions below, so a rule kind, the resolver and the
placement of a deck word the same kind of fix alike:
- `spelling_problems`: references written otherwise than the pool writes the card they name
  (`card-spelling`, `number-form`, notices with a safe fix);
- `merge_fix`: two entries of one card merged (safe);
- `rename_fix` for the one clearly best did-you-mean of an unknown name (unsafe), and one
  choice per reading of an ambiguous name (display-only);
- `cut_fix`: copies cut, from the last line that holds the card (unsafe);
- `game_fix`: the game written in the file (safe when it was inferred; one choice per game
  when it is missing).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from deckcli.i18n import _, ngettext
from deckcli.model.deck import DeckEntry
from deckcli.model.fix import Applicability, Change, Fix
from deckcli.model.problem import Problem
from deckcli.textnorm import fold, split_number

if TYPE_CHECKING:  # the resolver makes fixes: it imports this module, not the other way
    from deckcli.engine.resolver import Resolver
    from deckcli.model.card import Card

CLEARLY_BEST = 0.8  # a did-you-mean replaces a name when it is this close (difflib ratio)
MARGIN = 0.1  # … and closer by this much than the next guess


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


def merge_fix(ref: str, into: str) -> Fix:
    """Two entries of one card as one: the copies of the lines writing `ref` go to the first
    line writing `into` (the same reference: its repeated lines merge into its first)."""
    title = (_("Merge the lines of {ref} into one") if ref == into
             else _("Merge {ref} into the line of {into}"))
    return Fix("safe", title.format(ref=ref, into=into), (Change("merge", (ref,), into),))


def best_guess(resolver: Resolver, ref: str) -> Card | None:
    """The card an unknown reference most likely means, when one guess is clearly the best:
    close enough (CLEARLY_BEST) and clearly closer than any other (MARGIN)."""
    import difflib

    folded = fold(ref)
    scored = []
    for label in resolver.suggestions(ref, limit=3):
        card = resolver.lookup(label).card
        if card is None:
            continue
        keys = [fold(name) for name in card.all_names()] + [card.folded_number]
        scored.append((max(difflib.SequenceMatcher(None, folded, key).ratio()
                           for key in keys), card))
    scored.sort(key=lambda item: -item[0])
    if not scored or scored[0][0] < CLEARLY_BEST:
        return None
    if len(scored) > 1 and scored[0][0] - scored[1][0] < MARGIN:
        return None
    return scored[0][1]


def rename_fix(applicability: Applicability, ref: str, written: str, title: str) -> Fix:
    """Every line writing `ref` writes `written` instead."""
    return Fix(applicability, title, (Change("rename", (ref,), written),))


def unknown_fix(resolver: Resolver, ref: str) -> Fix | None:
    """An unknown name replaced by its one clearly best did-you-mean (unsafe: a guess)."""
    card = best_guess(resolver, ref)
    if card is None:
        return None
    written = resolver.spelling(card)
    return rename_fix("unsafe", ref, written, _("Replace {ref} with {card}").format(
        ref=ref, card=card.label()))


def reading_fix(resolver: Resolver, ref: str, candidates: Sequence[Card]) -> Fix:
    """An ambiguous name: one choice per reading (its card number), none applied."""
    choices = tuple(rename_fix("unsafe", ref, card.number, _("Write {number} ({card})").format(
        number=card.number, card=card.name + (f", {card.type}" if card.type else "")))
        for card in resolver.distinct(candidates))
    return Fix("display-only", _("Write the card number of the reading you mean"),
               choices=choices)


def cut_fix(refs: Sequence[str], copies: int, label: str) -> Fix:
    """`copies` copies fewer of a card, from the last line that holds it (unsafe)."""
    title = ngettext("Cut {count} × {card}", "Cut {count} × {card}", copies)
    return Fix("unsafe", title.format(count=copies, card=label), (Change("cut", tuple(refs),
                                                                         copies),))


def choose_fix(title: str) -> Fix:
    """A fix only the player can make (which cards to cut): shown, never applied."""
    return Fix("display-only", title)


def game_fix(game: str, applicability: Applicability = "safe") -> Fix:
    """The file names its game."""
    return Fix(applicability, _("Write the game {game} in the file").format(game=game),
               (Change("game", (), game),))


def games_fix(games: Sequence[str]) -> Fix:
    """A deck naming no game: one choice per game, none applied."""
    return Fix("display-only", _("Write the deck's game in the file"),
               choices=tuple(game_fix(game, "unsafe") for game in games))


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
