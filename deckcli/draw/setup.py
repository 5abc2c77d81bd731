"""A game's set-up and turns as a procedure, read from the pool's `[setup]` data.

The procedure is what every odds method follows: cards set aside before the shuffle (a NetNavi
in play, a level III face down), then phases that each move cards off the top of the shuffled
pile, first face down (the point gauge, a power-up) and then into the hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TypeVar

from deckcli.draw import DrawError
from deckcli.engine.resolver import Resolver
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.model.deck import DeckEntry
from deckcli.model.poolspec import Setup, TurnDraws

T = TypeVar("T")


@dataclass(frozen=True)
class Library:
    """The cards shuffled at the start: the deck minus what the set-up took out.

    `blanks` are deck lines the pool does not know; they take up room but match nothing.
    """

    cards: tuple[tuple[Card, int], ...]
    blanks: int = 0

    @property
    def size(self) -> int:
        return sum(count for _, count in self.cards) + self.blanks

    def without(self, card: Card) -> Library:
        """The library with one copy of `card` taken out."""
        kept = tuple(
            (held, count - (held.number == card.number)) for held, count in self.cards
        )
        return Library(tuple(item for item in kept if item[1] > 0), self.blanks)

    def pile(self) -> list[Card | None]:
        """One entry per card in deck order, None for a blank: what a sample deal shuffles."""
        return [card for card, count in self.cards for _ in range(count)] + [None] * self.blanks


def deck_library(resolver: Resolver, entries: list[DeckEntry], total: int
                 ) -> tuple[Library, list[str]]:
    """The deck's cards as a library to shuffle, and a warning per ambiguous line.

    A name shared by cards that differ for the rules is read as its first card (the odds may
    depend on which card it is); lines the pool does not know are blanks, so the library
    holds `total` cards, as many as the check counts.
    """
    from deckcli.engine.resolver import Ambiguous

    ambiguous: list[Ambiguous] = []
    cards, _unplaced = resolver.resolve(entries, ambiguous)
    held = {item.card.number: (item.card, item.count) for item in cards}
    warnings = []
    for item in ambiguous:
        chosen = item.readings[0]
        first, copies = held.get(chosen.number, (chosen, 0))
        held[chosen.number] = (first, copies + item.entry.count)
        numbers = ", ".join(card.number for card in item.candidates)
        warnings.append(_('"{ref}" names {numbers}; the odds read it as {number} and may '
                          "differ for another of them: write the card number to settle it")
                        .format(ref=item.entry.ref, numbers=numbers, number=chosen.number))
    library = Library(tuple(held.values()))
    return Library(library.cards, total - library.size), warnings


@dataclass(frozen=True)
class SetAsideCard:
    """A card the set-up took out of the deck, and why."""

    card: Card
    note: str


@dataclass(frozen=True)
class Phase:
    """Cards moved off the top of the pile: first `hidden` face down, then `drawn` to hand."""

    hidden: int
    drawn: int


@dataclass(frozen=True)
class Procedure:
    """How hands are dealt from the library: set-up, then the turns."""

    library: int
    face_down: int
    hand_sizes: tuple[int, ...]
    mulligan: str
    turn: TurnDraws
    on_play: bool

    def draws_on(self, turn: int) -> int:
        """Cards drawn on a turn (1-based): going first may skip the first draw."""
        skip = turn == 1 and self.on_play and not self.turn.first_turn_draw
        return 0 if skip else self.turn.draw

    def phases(self, hand: int, turns: int) -> tuple[Phase, ...]:
        """Phase 0 is the set-up (face down, then the hand); phase t is turn t (mill, draw).

        Every count is cut to what is left in the pile, so a small deck simply runs out.
        """
        left = self.library
        phases = []
        for turn in range(turns + 1):
            hidden, drawn = (
                (self.face_down, hand) if turn == 0 else (self.turn.mill, self.draws_on(turn))
            )
            hidden = min(hidden, left)
            drawn = min(drawn, left - hidden)
            left -= hidden + drawn
            phases.append(Phase(hidden, drawn))
        return tuple(phases)

    def seen(self, hand: int, turns: int) -> list[int]:
        """Cards in hand (drawn so far) at the end of each turn, turn 0 the opening hand."""
        total = 0
        seen = []
        for phase in self.phases(hand, turns):
            total += phase.drawn
            seen.append(total)
        return seen

    def describe(self) -> list[str]:
        """The procedure in words, for the report."""
        sizes = _(" or ").join(str(size) for size in self.hand_sizes)
        lines = [_("shuffle {cards}").format(cards=self.library)]
        if self.face_down:
            lines.append(_("{count} face down").format(count=self.face_down))
        lines.append((_("hand {sizes} (at random, evenly)") if len(self.hand_sizes) > 1
                      else _("hand {sizes}")).format(sizes=sizes))
        each = [_("{count} face down").format(count=self.turn.mill)] * bool(self.turn.mill)
        each += [_("draw {count}").format(count=self.turn.draw)] * bool(self.turn.draw)
        lines.append(_("each turn: {steps}").format(steps=_(", then ").join(each)) if each
                     else _("no later draws"))
        if self.turn.draw and not self.turn.first_turn_draw:
            lines.append(_("going first: no draw on turn 1") if self.on_play
                         else _("going second: draw on turn 1"))
        return lines


def procedure(setup: Setup, library: Library, on_play: bool) -> Procedure:
    """The procedure a set-up gives for a library."""
    return Procedure(
        library=library.size,
        face_down=setup.face_down,
        hand_sizes=tuple(setup.hand_sizes),
        mulligan=setup.mulligan,
        turn=setup.turn,
        on_play=on_play,
    )


def find_start(resolver: Resolver, library: Library, ref: str) -> Card:
    """The deck card a `--start` reference names (by number or any of its names)."""
    named = {card.number for card in resolver.named(ref)}
    for card, _count in library.cards:
        if card.number in named:
            return card
    if named:
        raise DrawError(_("--start {ref!r}: that card is not in this deck").format(ref=ref))
    raise DrawError(_("--start: {not_a_card}").format(not_a_card=resolver.not_a_card(ref)))


def take_set_aside(
    resolver: Resolver, setup: Setup, library: Library, starts: list[Card]
) -> tuple[Library, list[SetAsideCard], list[str]]:
    """Take the set-up's cards out before the shuffle.

    Each `--start` card fills the first slot whose query it matches; other slots take the
    matching card with the most copies, ties going to the one listed first. A slot nothing
    can fill is a warning, not an error: an illegal deck still draws.
    """
    slots = [entry for entry in setup.set_aside for _ in range(entry.count)]
    chosen: list[Card | None] = [None] * len(slots)
    for start in starts:
        free = [i for i, slot in enumerate(slots) if chosen[i] is None
                and resolver.query(slot.query).matches(start) is True]
        if not free:
            wanted = " or ".join(dict.fromkeys(slot.query for slot in slots)) or "nothing"
            raise DrawError(_("--start {label}: the set-up sets aside {wanted}").format(
                                label=start.label(), wanted=wanted))
        chosen[free[0]] = start
    taken: list[SetAsideCard] = []
    warnings: list[str] = []
    for slot, card in zip(slots, chosen, strict=True):
        query = resolver.query(slot.query)
        candidates = [(count, held) for held, count in library.cards
                      if query.matches(held) is True]
        if card is not None and all(held.number != card.number for _, held in candidates):
            raise DrawError(_("--start {label}: no copy of it is left to set aside").format(
                                label=card.label()))
        if card is None and candidates:
            card = max(candidates, key=lambda item: item[0])[1]
        if card is None:
            warnings.append((_("set-up: no card left in the deck matches {query} ({note}); "
                               "drawing without it") if slot.note else
                             _("set-up: no card left in the deck matches {query} (set aside); "
                               "drawing without it")).format(query=slot.query, note=slot.note))
            continue
        library = library.without(card)
        taken.append(SetAsideCard(card, slot.note))
    return library, taken, warnings


def shuffled(procedure: Procedure, cards: list[T], rng: random.Random) -> tuple[int, list[T]]:
    """The opening hand's size and the shuffled pile, drawn from `rng` as `deal` draws them:
    the builder deals a seed's hand as `deckcli draw --show 1 --seed N` does, then its turns."""
    hand = rng.choice(procedure.hand_sizes)
    pile = list(cards)
    rng.shuffle(pile)
    return hand, pile


def deal(procedure: Procedure, cards: list[T], rng: random.Random) -> list[T]:
    """One opening hand, dealt the way the set-up says (for sample hands, not odds)."""
    hand, pile = shuffled(procedure, cards, rng)
    phase = procedure.phases(hand, 0)[0]
    return pile[phase.hidden : phase.hidden + phase.drawn]
