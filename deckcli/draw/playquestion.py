"""The question `--playable` asks of one card, cut down to what decides it: the card's copies,
the resource lines that matter, and the test of a hand (`PlayQuestion.playable`). Both the
exact count (`playable`) and the simulation (`playable_sim`) answer it."""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcli.draw import DrawError
from deckcli.draw.costs import CardCost, CostModel, Supplier, best_support


class CannotVerify(DrawError):
    """The card's cost is not recorded in a form deckcli reads: its odds cannot be known."""


@dataclass(frozen=True)
class Line:
    supplier: Supplier
    count: int
    cap: int



@dataclass
class PlayQuestion:
    """One card's question (can it be played?), ready to count: the lines that matter and
    the test of a hand."""

    cost: CardCost
    target: int  # copies of the card in the pile
    lines: list[Line]
    base: tuple[Supplier, ...]
    slots: int | None
    pile: int
    model: CostModel

    @property
    def caps(self) -> tuple[int, ...]:
        return (1, *(line.cap for line in self.lines))

    @property
    def counts(self) -> tuple[int, ...]:
        return (self.target, *(line.count for line in self.lines))

    verdicts: dict[tuple[tuple[int, ...], int], bool] = field(default_factory=dict)

    def playable(self, state: tuple[int, ...], gauge: int) -> bool:
        """Whether a hand holding `state` (capped copies per line) can play the card."""
        key = (state, gauge)
        if key not in self.verdicts:
            at_hand = [line.supplier for line, held in zip(self.lines, state[1:], strict=True)
                       for _ in range(held)]
            self.verdicts[key] = bool(state[0]) and best_support(
                self.cost, gauge, self.base, at_hand, self.slots)
        return self.verdicts[key]
