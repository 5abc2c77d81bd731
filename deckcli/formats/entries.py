"""Checks every deck entry passes, for TOML and text decks alike, and the problem shorthand.

A reference must be a short, printable name and a count a positive whole number; a file that
holds thousands of bad lines reports the first of each kind and a count of the rest.
"""

from __future__ import annotations

import json

from deckcli.escape import control_character
from deckcli.i18n import _
from deckcli.model.problem import Problem, Severity

MAX_ENTRIES = 5_000
MAX_REF_CHARS = 200

MAX_COUNT = 1_000_000  # a card's count in one deck: far above any game, as large as draw takes


def problem(
    rule: str,
    message: str,
    line: int | None = None,
    column: int | None = None,
    severity: Severity = "error",
    card: str | None = None,
) -> Problem:
    """Shorthand for file-level problems."""
    return Problem(
        rule=rule, severity=severity, message=message, line=line, column=column, card=card
    )


def check_entry(ref: str, count: object, line: int | None) -> Problem | None:
    """Why a `[cards]` entry is not `reference = positive integer`, or None."""
    usual = type(count) is int and 0 < count <= MAX_COUNT and len(ref) <= MAX_REF_CHARS
    if usual and ref.isprintable() and not ref.isspace() and ref:
        return None  # the usual entry, decided without building any message
    shown = ref if len(ref) <= 60 else ref[:57] + "…"
    if len(ref) > MAX_REF_CHARS:
        return problem(
            "invalid-card-ref",
            _("a card reference of {count:,} characters; at most {max_ref_chars}").format(
                count=len(ref), max_ref_chars=MAX_REF_CHARS),
            line,
            card=shown,
        )
    if not ref.strip():
        return problem("invalid-card-ref", _("an empty card reference"), line)
    if control := control_character(ref):
        return problem("invalid-card-ref", _(
            "{shown!r} holds the control character {control}; delete it (a copy-paste "
            "accident?)").format(shown=shown, control=control), line, card=shown)
    if isinstance(count, bool) or not isinstance(count, int):
        kind = {
            bool: "a boolean",
            float: "a fraction",
            str: "a string",
            dict: "a table",
            list: "an array",
        }.get(type(count), type(count).__name__)
        return problem(
            "invalid-count",
            _("{shown}: the count is {kind} ({count}); write a whole number, e.g. 3").format(
                shown=shown, kind=kind, count=short_value(count)),
            line,
            card=shown,
        )
    if count > MAX_COUNT:
        return problem(
            "invalid-count",
            _("{shown}: count {count} is more than any game allows in a deck; deckcli "
              "reads counts up to {max_count:,}").format(
                shown=shown, count=short_value(count), max_count=MAX_COUNT),
            line,
            card=shown,
        )
    if count <= 0:
        return problem(
            "invalid-count",
            _("{shown}: count {count}; counts are whole numbers from 1 (remove the line to "
              "drop the card)").format(shown=shown, count=count),
            line,
            card=shown,
        )
    return None


def short_value(value: object) -> str:
    """A value as the user wrote it, cut to 40 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (RecursionError, ValueError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "…"
