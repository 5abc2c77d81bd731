"""A deck's result as plain JSON data for the result cache, and back, every value checked.

`from_data` is the only way cached data becomes a result: a value of the wrong type, a
severity that is not one, a string holding a control character (which a report could echo as
a forged line) or a wrong shape gives None, a miss, never an exception.
"""

from __future__ import annotations

from sys import intern
from typing import TypeGuard, get_args

from deckcli.app.scan import Skip
from deckcli.escape import control_character
from deckcli.model.fix import APPLICABILITIES, Applicability, Fix, TextEdit
from deckcli.model.problem import Problem, Severity
from deckcli.model.result import DeckResult

SEVERITIES = frozenset(get_args(Severity))  # "error", "warning", "info"
# Words every result repeats, as the one string deckcli holds for each: a cached result's
# are decoded anew from each line, and 20,000 decks' copies of "error" add up. Rule ids,
# card numbers, messages, fix titles and edits are interned for the same reason: decks share
# most of them ("61 cards; … — cut 1"; 15,558 messages, 2,273 distinct, in the benchmark's
# 20,000 decks).
_SEVERITY: dict[object, Severity] = {word: word for word in get_args(Severity)}
_APPLICABILITY: dict[object, Applicability] = {word: word for word in APPLICABILITIES}


def to_data(result: DeckResult | Skip) -> list[object]:
    """["deck", path, game, format, cards, name, problems] or ["skip", path, reason]."""
    if isinstance(result, Skip):
        return ["skip", result.path, result.reason]
    problems = [[p.rule, p.message, p.severity, p.card, p.line, p.column, p.stands_for,
                 fix_data(p.fix)] for p in result.problems]
    return ["deck", result.path, result.game, result.format, result.cards, result.name, problems]


def fix_data(fix: Fix | None) -> list[object] | None:
    """[applicability, title, edits as [line, column, end line, end column, text], choices]:
    the changes a rule proposed are not kept, only what a report or `--fix` uses."""
    if fix is None:
        return None
    return [fix.applicability, fix.title,
            [[e.line, e.column, e.end_line, e.end_column, e.text] for e in fix.edits],
            [fix_data(choice) for choice in fix.choices]]


def fix_from(data: object) -> Fix | None | bool:
    """The fix `fix_data` wrote (None for none), or False when the data is of another shape."""
    if data is None:
        return None
    if type(data) is not list or len(data) != 4:
        return False
    word, title, edits, choices = data
    applicability = _APPLICABILITY.get(word) if type(word) is str else None
    if applicability is None or not _text(title) or type(edits) is not list \
            or type(choices) is not list:
        return False
    made = []
    for edit in edits:
        if type(edit) is not list or len(edit) != 5 or not all(
                _number(value, least=1) for value in edit[:4]) or type(edit[4]) is not str:
            return False
        line, column, end_line, end_column, text = edit
        made.append(TextEdit(line, column, end_line, end_column, intern(text)))
    found = [fix_from(choice) for choice in choices]
    kept = [choice for choice in found if isinstance(choice, Fix)]
    if len(kept) != len(found):
        return False
    return Fix(applicability, intern(title), (), tuple(made), tuple(kept))


def _text(value: object, optional: bool = False) -> bool:
    if type(value) is str:  # isprintable answers the usual case in C
        return value.isprintable() or control_character(value) is None
    return optional and value is None


def _severity(value: object) -> TypeGuard[Severity]:
    return type(value) is str and value in SEVERITIES


def _number(value: object, optional: bool = False, least: int = 0) -> bool:
    if value is None:
        return optional
    return type(value) is int and value >= least


def from_data(data: object) -> DeckResult | Skip | None:
    """The result `to_data` wrote, or None when the data is not exactly of that shape."""
    if type(data) is not list or not data:
        return None
    if data[0] == "skip" and len(data) == 3 and _text(data[1]) and _text(data[2]):
        return Skip(data[1], data[2])
    if data[0] != "deck" or len(data) != 7:
        return None
    _, path, game, deck_format, cards, name, rows = data
    if not (_text(path) and _text(game, True) and _text(deck_format, True) and _number(cards)
            and _text(name, True) and type(rows) is list):
        return None
    problems = []
    for row in rows:
        if type(row) is not list or len(row) != 8:
            return None
        rule, message, severity, card, line, column, stands_for, fix_row = row
        fix = fix_from(fix_row)
        if fix is False or not (_text(rule) and _text(message) and _severity(severity)
                                and _text(card, True) and _number(line, True)
                                and _number(column, True) and _number(stands_for, least=1)):
            return None
        problems.append(Problem(intern(rule), intern(message), _SEVERITY[severity],
                                card and intern(card), line, column, stands_for,
                                fix if isinstance(fix, Fix) else None))
    return DeckResult(path, game and intern(game), deck_format and intern(deck_format), cards,
                      problems, name)
