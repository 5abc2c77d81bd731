"""Sample hands and the odds of a want, for the builder, by the game's own set-up.

A seed's opening hand is the hand `deckcli draw DECK --show 1 --seed N` shows (the same
set-up, shuffle and deal); the builder then goes on drawing from the same shuffled pile turn by
turn, and takes the game's mulligan (once) when asked. Nothing here imports Textual.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from deckcli.draw import DrawError
from deckcli.draw import goldfish as gf
from deckcli.draw.setup import Procedure, SetAsideCard, deck_library, shuffled
from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.tui.session import BuildSession

ODDS_TURNS = 5  # turns the builder gives a want's odds for


@dataclass
class SampleDeal:
    """One sample game's start: what the set-up set aside, the hand, and the pile left."""

    seed: int
    procedure: Procedure
    hand_size: int
    set_aside: tuple[SetAsideCard, ...]
    hand: list[Card | None]
    face_down: list[Card | None]
    pile: list[Card | None]
    rng: random.Random
    turn: int = 0
    mulligans: int = 0
    warnings: list[str] = field(default_factory=list)

    def next_turn(self) -> list[Card | None]:
        """Play on to the next turn: its face-down cards, then its draws; the cards drawn."""
        self.turn += 1
        phase = self.procedure.phases(self.hand_size, self.turn)[self.turn]
        hidden = min(phase.hidden, len(self.pile))
        self.face_down += self.pile[:hidden]
        drawn = self.pile[hidden:hidden + phase.drawn]
        del self.pile[:hidden + len(drawn)]
        self.hand += drawn
        return drawn

    def mulligan(self, returned: set[int]) -> int:
        """The game's mulligan, once, before the first turn: the cards at `returned` (every
        card under a full mulligan, or when none is chosen) go back, the pile is shuffled and
        as many are drawn. How many went back; DrawError when the game or the moment allows
        none."""
        rule = self.procedure.mulligan
        if rule == "none":
            raise DrawError(_("this game has no mulligan"))
        if self.turn or self.mulligans:
            raise DrawError(_("the mulligan is taken once, before the first turn"))
        if rule == "full" or not returned:
            returned = set(range(len(self.hand)))
        back = [card for index, card in enumerate(self.hand) if index in returned]
        self.hand = [card for index, card in enumerate(self.hand) if index not in returned]
        self.pile += back
        self.rng.shuffle(self.pile)
        self.hand += self.pile[:len(back)]
        del self.pile[:len(back)]
        self.mulligans += 1
        return len(back)


def deal_sample(session: BuildSession, seed: int, on_play: bool = True) -> SampleDeal:
    """The opening hand of `seed`, as `deckcli draw --show 1 --seed SEED` deals it."""
    resolver = session.resolver
    setup = resolver.pool.header.setup_for(resolver.format_id)
    library, warnings = deck_library(resolver, session.loaded.deck.entries,
                                     session.result.cards)
    fish = gf.prepare(resolver, setup, library, [], on_play=on_play)
    rng = random.Random(seed)
    hand_size, pile = shuffled(fish.procedure, fish.library.pile(), rng)
    phase = fish.procedure.phases(hand_size, 0)[0]
    face_down = pile[:phase.hidden]
    hand = pile[phase.hidden:phase.hidden + phase.drawn]
    return SampleDeal(seed, fish.procedure, hand_size, fish.set_aside, hand, face_down,
                      pile[phase.hidden + phase.drawn:], rng,
                      warnings=[*warnings, *fish.warnings])


def want_odds(session: BuildSession, spec: str, turns: int = ODDS_TURNS,
              on_play: bool = True) -> list[tuple[int, int, float]]:
    """(turn, cards in hand by then, P(the want holds)) for turns 0..`turns`, exact as `deckcli
    draw --want SPEC` computes them without a mulligan; DrawError for a want it refuses."""
    from deckcli.draw.exact import TooLong
    from deckcli.engine.query import QueryError

    resolver = session.resolver
    setup = resolver.pool.header.setup_for(resolver.format_id)
    library, _warnings = deck_library(resolver, session.loaded.deck.entries,
                                      session.result.cards)
    try:
        fish = gf.prepare(resolver, setup, library, [spec], on_play=on_play, turns=turns)
        odds = gf.exact_odds(fish)
    except QueryError as exc:
        raise DrawError(str(exc)) from None
    except TooLong:
        raise DrawError(_("the exact odds of this want take too long here; deckcli draw "
                          "--hands N simulates them")) from None
    return [(row.turn, max(row.seen), row.probability) for row in odds.by_turn]
