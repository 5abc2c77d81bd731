"""One deck's part of `deckcli draw`: wants, playable cards, copies, sample hands, as data."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcli.errors import UserError

if TYPE_CHECKING:
    from deckcli.draw.copies import CopiesRow
    from deckcli.draw.goldfish import Goldfish, Odds, SampleHand, TurnOdds
    from deckcli.draw.playable import Playable
    from deckcli.model.card import Card
    from deckcli.model.pool import Pool

PLAYABLE_TURNS = 5  # turns shown for --playable when --turns is not given


@dataclass(frozen=True)
class Request:
    """Everything the user asked `draw` for, the same for every deck."""

    wants: list[str]
    any_of: bool
    turns: int
    on_play: bool
    policy: str
    playable: list[str]
    copies: str | None
    target: float
    hands: int | None
    seed: int
    show: int
    starts: list[str]
    game: str | None
    deck_format: str | None


@dataclass
class DrawResult:
    path: Path
    pool: Pool
    format_id: str
    title: str
    fish: Goldfish | None = None
    odds: Odds | None = None
    samples: list[SampleHand] = field(default_factory=list)
    playable: list[Playable] = field(default_factory=list)
    copies_card: Card | None = None
    copies: list[CopiesRow] = field(default_factory=list)
    fewest: int | None = None
    notes: list[str] = field(default_factory=list)
    policy: str = "none"  # the mulligan policy of the wants' odds

    def json(self) -> dict[str, Any]:
        from deckcli.draw.mulligan import policy_note

        rule = self.pool.header.setup_for(self.format_id).mulligan
        document: dict[str, Any] = {"game": self.pool.game_id, "deck": str(self.path),
                                    "game_mulligan": rule,
                                    "mulligan_note": policy_note(self.policy, rule)}
        if self.odds is None or self.fish is None:
            document["policy"] = self.policy  # named even when only hands are shown
        else:
            opening = self.odds.by_turn[0]
            document.update({
                "method": self.odds.method,
                "policy": self.policy,
                "probability": opening.probability,
                "ci95": list(opening.ci95) if opening.ci95 else None,
                "by_turn": turn_rows(self.odds.by_turn),
                "hands": self.odds.hands,
            })
        if self.samples:
            document["sample_hands"] = [list(hand.cards) for hand in self.samples]
        if self.playable:
            document["playable"] = [{
                "card": item.card.name, "number": item.card.number, "method": item.odds.method,
                "by_turn": turn_rows(item.odds.by_turn), "hands": item.odds.hands,
            } for item in self.playable]
        if self.copies_card is not None:
            document["copies_of"] = {"number": self.copies_card.number,
                                     "name": self.copies_card.name, "fewest": self.fewest}
            document["copies"] = [{
                "count": row.count, "probability": row.odds.by_turn[-1].probability,
                "by_turn": turn_rows(row.odds.by_turn),
            } for row in self.copies]
        return document


def turn_rows(rows: tuple[TurnOdds, ...]) -> list[dict[str, Any]]:
    """`by_turn` rows; simulated ones carry their 95% interval."""
    return [{"turn": item.turn, "probability": item.probability,
             **({"ci95": list(item.ci95)} if item.ci95 else {})} for item in rows]


def run_deck(path: Path, request: Request) -> DrawResult:
    """Everything asked of one deck; a bad want or card is a usage error naming the deck."""
    from deckcli.cli.draw_deck import deck_library, odds, warn
    from deckcli.draw import DrawError
    from deckcli.draw import goldfish as gf

    resolver, library, title = deck_library(path, request.game, request.deck_format)
    result = DrawResult(path, resolver.pool, resolver.format_id, title, policy=request.policy)
    setup = resolver.pool.header.setup_for(resolver.format_id)
    try:
        if request.wants or request.show:  # sample hands alone need no want
            fish = gf.prepare(resolver, setup, library, request.wants, any_of=request.any_of,
                              starts=request.starts, on_play=request.on_play,
                              turns=request.turns, mulligan=request.policy)
            for message in fish.warnings:
                warn(message)
            result.fish = fish
            if request.wants:
                result.odds = odds(fish, request.hands, request.seed)
            result.samples = gf.sample_hands(fish, request.show, request.seed)
            if request.copies is not None:
                from deckcli.draw import copies

                spec = copies.parse_copies(request.copies)
                result.copies_card, result.copies, notes = copies.rows(
                    resolver, fish, spec, lambda f: odds(f, request.hands, request.seed))
                result.fewest = copies.fewest(result.copies, request.target)
                result.notes.extend(notes)
        if request.playable:
            from deckcli.draw import playable

            turns = request.turns or PLAYABLE_TURNS
            result.playable = [
                playable.playable(resolver, setup, library, ref, turns, hands=request.hands,
                                  seed=request.seed, on_play=request.on_play,
                                  starts=request.starts)
                for ref in request.playable
            ]
    except DrawError as exc:
        raise UserError(str(exc)) from None
    return result
