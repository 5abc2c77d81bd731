"""Checking one deck: its entries resolved, the format's rules run. Pure: no files, no
terminal; the caller has read the deck and chosen its resolver (game and format).

A name several cards share that differ for the rules (Coelamon: ST-36 and its holo ST-36S) is
judged by the verdict, not refused: the deck is checked under each reading (each ambiguous
entry's copies spread over its distinct cards), up to MAX_READINGS readings. Legal under every
reading: legal, with a warning. Under none: illegal, with the problems every reading shares
(a rule every reading breaks in different words, such as a copy count, once, for one reading).
Under some: an `ambiguous-card` error saying which reading is legal. Beyond MAX_READINGS the
deck is not guessed at: each ambiguous entry is an error asking for the card number.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence

from deckcli.engine.fixes import placed_cut, spelling_problems
from deckcli.engine.query import QueryError
from deckcli.engine.resolver import Ambiguous, Resolved, Resolver, card_numbers
from deckcli.engine.rules import run_rules
from deckcli.escape import printable_path
from deckcli.i18n import _, joined
from deckcli.model.card import Card
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem, capped
from deckcli.model.result import DeckResult

MAX_READINGS = 512
Reading = tuple[tuple[tuple[Card, int], ...], ...]  # per ambiguous entry: (card, copies) pairs


def check_deck(deck: Deck, resolver: Resolver, problems: Sequence[Problem] = (),
               spelling: bool = False) -> DeckResult:
    """The verdict on a deck for the resolver's game and format (`problems`: found earlier,
    while reading or placing the deck, and reported first); with `spelling`, a notice for
    each reference the pool writes otherwise (what `check --fix` fixes, or `--select`
    asks for)."""
    total = deck.total
    result = DeckResult(printable_path(deck.path), resolver.pool.game_id, resolver.format_id,
                        total, list(problems), deck.name)
    try:
        ambiguous: list[Ambiguous] = []
        cards, resolve_problems = resolver.resolve(deck.entries, ambiguous)
        result.problems.extend(resolve_problems)
        if spelling:
            result.problems.extend(spelling_problems(resolver, deck.entries))
        ambiguous = [narrowed(resolver, item, cards, ambiguous) for item in ambiguous]
        if not ambiguous:
            result.problems.extend(run_rules(resolver, cards, total))
        elif reading_count(ambiguous) > MAX_READINGS:
            result.problems.extend(resolver.problem_for(item.entry, resolver.lookup(
                item.entry.ref)) for item in ambiguous)
            result.problems.extend(run_rules(resolver, cards, total))
        else:
            result.problems.extend(judge_readings(resolver, cards, ambiguous, total))
    except QueryError as exc:
        result.problems.append(Problem(
            rule="broken-pool", message=_("{path}: a rule query is invalid: {reason}").format(
                                            path=resolver.pool.path, reason=exc)))
    for found in result.problems:
        if found.fix is not None:
            placed_cut(found, resolver, deck.entries)
    result.problems = capped(result.problems)  # 50 per rule per file, then one summary line
    return result


def narrowed(resolver: Resolver, item: Ambiguous, cards: list[Resolved],
             ambiguous: list[Ambiguous]) -> Ambiguous:
    """A single copy's readings, less those that cannot change the verdict: cards that agree
    on every rule field and whose copy keys no other card of the deck shares (a Digi-Battle
    Coelamon in a deck with neither ST-36 nor ST-36S has one reading, not two)."""
    if item.entry.count != 1:
        return item
    taken: set[tuple[str, str | None]] = set()
    for other in cards:
        if other.card is not None:
            taken |= resolver.copy_slots(other.card)
    for another in ambiguous:
        if another is not item:
            for card in another.candidates:
                taken |= resolver.copy_slots(card)
    kept: list[Card] = []
    for card in item.readings:
        if not any(resolver.interchangeable(card, seen, taken) for seen in kept):
            kept.append(card)
    return Ambiguous(item.entry, tuple(kept), item.candidates)


def reading_count(ambiguous: Sequence[Ambiguous]) -> int:
    """How many readings: per entry, the ways to spread its copies over its cards."""
    return math.prod(math.comb(item.entry.count + len(item.readings) - 1,
                               len(item.readings) - 1) for item in ambiguous)


def readings(ambiguous: Sequence[Ambiguous]) -> Iterator[Reading]:
    """Every reading of the ambiguous entries, in a fixed order."""
    per_entry = [[tuple((card, n) for card, n in zip(item.readings, spread, strict=True) if n)
                  for spread in _spreads(item.entry.count, len(item.readings))]
                 for item in ambiguous]
    return itertools.product(*per_entry)


def _spreads(count: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write `count` as `parts` non-negative numbers, first part largest first."""
    if parts == 1:
        yield (count,)
        return
    for first in range(count, -1, -1):
        for rest in _spreads(count - first, parts - 1):
            yield (first, *rest)


def judge_readings(resolver: Resolver, cards: list[Resolved], ambiguous: list[Ambiguous],
                   total: int) -> list[Problem]:
    """The problems of a deck with ambiguous entries, decided by its verdict under each reading."""
    outcomes: list[tuple[Reading, list[Problem]]] = []
    for reading in readings(ambiguous):
        merged = {item.card.number: Resolved(item.card, item.count, item.entry)
                  for item in cards if item.card is not None}
        for item, spread in zip(ambiguous, reading, strict=True):
            for card, copies in spread:
                held = merged.get(card.number)
                merged[card.number] = Resolved(card, copies + (held.count if held else 0),
                                               held.entry if held else item.entry)
        outcomes.append((reading, run_rules(resolver, list(merged.values()), total)))
    legal = [reading for reading, found in outcomes if not _errors(found)]
    shared = [p for p in outcomes[0][1]
              if all(_key(p) in {_key(q) for q in found} for _, found in outcomes[1:])]
    first = ambiguous[0].entry
    if len(legal) == len(outcomes) or not legal:
        verdict = "legal" if legal else "illegal"
        notes = [Problem(rule="ambiguous-card", severity="warning", line=item.entry.line,
                         card=item.entry.ref[:60], message=_("{names}; the deck is "
                                                             "{verdict} whichever it is, so "
                                                             "the verdict does not depend "
                                                             "on it").format(
                                                               names=_names(item), verdict=verdict),
                         fix=resolver.reading_fix(item.entry.ref, item.candidates))
                 for item in ambiguous]
        by_rule = [] if legal else _broken_by_every_reading(outcomes, shared, ambiguous)
        if not legal and not _errors(shared) and not by_rule:
            reading, found = outcomes[0]
            notes.append(Problem(rule="ambiguous-card", line=first.line, card=first.ref[:60],
                                 message=_("illegal under every reading; if {describe}: "
                                           "{message}").format(
                                             describe=_describe(ambiguous,
                                                                reading),
                                                                message=_errors(found)[0].message)))
        return notes + shared + by_rule
    bad_reading, bad_problems = next(outcome for outcome in outcomes if _errors(outcome[1]))
    good = legal[0]
    differs = [index for index in range(len(ambiguous)) if good[index] != bad_reading[index]]
    shown = [ambiguous[index] for index in differs]
    reason = next(p for p in _errors(bad_problems) if _key(p) not in {_key(q) for q in shared})
    message = _("legal if {legal}, not if {illegal} ({reason}); write the card number to settle "
                "it: {names}").format(legal=_describe(shown, [good[i] for i in differs]),
                                      illegal=_describe(shown, [bad_reading[i] for i in differs]),
                                      reason=reason.message,
                                      names="; ".join(_names(item) for item in shown))
    return [Problem(rule="ambiguous-card", line=shown[0].entry.line,
                    card=shown[0].entry.ref[:60], message=message,
                    fix=resolver.reading_fix(shown[0].entry.ref, shown[0].candidates)),
            *shared]


def _broken_by_every_reading(outcomes: Sequence[tuple[Reading, list[Problem]]],
                             shared: Sequence[Problem], ambiguous: Sequence[Ambiguous]
                             ) -> list[Problem]:
    """Errors of a rule that every reading breaks, worded differently in each (the copies of
    a name counting the ambiguous ones): the first reading's, saying which reading it is."""
    exact = {_key(p) for p in shared}
    every = set.intersection(*({p.rule for p in _errors(found)} for _, found in outcomes))
    reading, first = outcomes[0]
    return [p.replaced(message=_("if {describe}: {message}").format(
                                   describe=_describe(ambiguous, reading), message=p.message))
            for p in _errors(first) if p.rule in every and _key(p) not in exact]


def _names(item: Ambiguous) -> str:
    return _('"{ref}" names {count} cards that differ for this format\'s rules ({numbers})'
             ).format(ref=item.entry.ref, count=len(item.candidates),
                      numbers=card_numbers(item.candidates))


def _describe(ambiguous: Sequence[Ambiguous], reading: Sequence[tuple[tuple[Card, int], ...]]
              ) -> str:
    """'Coelamon is ST-36' or 'Greymon is 2 × St-4 and 1 × St-40' for each entry."""
    parts = []
    for item, spread in zip(ambiguous, reading, strict=True):
        numbers = spread[0][0].number if len(spread) == 1 else joined(
            (f"{copies} × {card.number}" for card, copies in spread), _("{first} and {second}"))
        parts.append(_("{card} is {numbers}").format(card=item.entry.ref, numbers=numbers))
    return ", ".join(parts)


def _errors(problems: Sequence[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"]


def _key(problem: Problem) -> tuple[str, str, str, str | None, int | None]:
    return problem.rule, problem.severity, problem.message, problem.card, problem.line


def unchecked(deck: Deck, problems: Sequence[Problem], game: str | None = None) -> DeckResult:
    """The result of a deck no rule could judge (unreadable, or no usable game or format)."""
    return DeckResult(printable_path(deck.path), game, None, deck.total, list(problems),
                      deck.name)
