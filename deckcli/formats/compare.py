"""What changed between two versions of a deck, card by card (for pull-request review).

Cards are compared after resolving, so `"1C12" = 4` and `CyberSword = 4` are the same entry;
references that resolve to nothing are compared as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcli.engine.resolver import Tallied
from deckcli.model.card import Card
from deckcli.textnorm import fold

KIND_ORDER = ("removed", "added", "changed")


@dataclass
class CardChange:
    """One card whose count differs: 0 before means added, 0 after means removed."""

    card: Card | None
    ref: str
    before: int
    after: int

    @property
    def kind(self) -> str:
        if not self.before:
            return "added"
        return "removed" if not self.after else "changed"

    @property
    def label(self) -> str:
        return self.card.label() if self.card else self.ref

    def to_json(self) -> dict[str, object]:
        return {"number": self.card.number if self.card else None,
                "name": self.card.name if self.card else self.ref,
                "before": self.before, "after": self.after}


def _slot(item: Tallied) -> str:
    return item.card.number if item.card else "\0" + fold(item.ref)


def compare(before: list[Tallied], after: list[Tallied]) -> list[CardChange]:
    """Cards removed, added and changed in count; within each, in the order the decks list them."""
    old = {_slot(item): item for item in before}
    new = {_slot(item): item for item in after}
    changes = []
    for slot in dict.fromkeys([*old, *new]):
        was, now = old.get(slot), new.get(slot)
        count_was, count_now = (was.count if was else 0), (now.count if now else 0)
        if count_was != count_now:
            item = now or was
            assert item is not None
            changes.append(CardChange(item.card, item.ref, count_was, count_now))
    return sorted(changes, key=lambda change: KIND_ORDER.index(change.kind))
