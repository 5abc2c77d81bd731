"""A card number written with a mark after it, `Name (HV-P01-006 頂)`: the number decides, the
mark is a printing's rarity or version; never a number dropped for the name beside it."""

from __future__ import annotations

from collections.abc import Callable

from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.pool import Pool
from deckcli.model.problem import Problem
from deckcli.textnorm import fold

PRINTING_FIELDS = ("rarity", "printings", "version")  # where a pool records its printings


def marked_number(numbered: Callable[[str], Card | None], written: str
                  ) -> tuple[Card, str] | None:
    """(card, mark) when `written` is a card number, whitespace, then one mark."""
    parts = written.split()
    if len(parts) != 2:
        return None
    card = numbered(parts[0])
    return (card, parts[1]) if card is not None else None


def mark_note(pool: Pool, ref: str, card: Card, mark: str) -> Problem | None:
    """None when the pool records the mark as one of the card's printings, else a warning
    that names it (the card is still counted by its number)."""
    known: set[str] = set()
    for name in PRINTING_FIELDS:
        value = card.attrs.get(name)
        values = value if isinstance(value, list | tuple) else [value] if value else []
        known.update(fold(str(item)) for item in values)
    if fold(mark) in known:
        return None
    said = (_('"{ref}": the mark "{mark}" after {number} is not a printing deckcli knows (the '
              "{game_name} pool records no printings for it); counted as {label} by its number")
            if not known else
            _('"{ref}": the mark "{mark}" after {number} is not a printing deckcli knows (the '
              "{game_name} pool records no such printing for it); counted as {label} by its "
              "number"))
    return Problem(rule="unknown-mark", severity="warning", message=said.format(
        ref=ref, mark=mark, number=card.number, game_name=pool.game_name, label=card.label()))


def number_shaped(pool: Pool, written: str) -> bool:
    """Whether the first word in a bracket is shaped like this pool's card numbers (its prefix
    before the first '-' starts some card's number, and it holds a digit): such a bracket is a
    number the pool lacks, never a gloss to drop."""
    head = written.split()[0] if written.split() else ""
    if "-" not in head or not any(ch.isdigit() for ch in head):
        return False
    prefix = fold(head.split("-", 1)[0]) + "-"
    return any(number.startswith(prefix) for number in pool.by_number)
