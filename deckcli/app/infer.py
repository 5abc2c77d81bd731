"""The game of a deck that names none, inferred from its own cards.

Each game's pool is asked which of the deck's distinct card references it knows (as a card,
or as a name several of its cards share). The deck is that game's when one game knows at
least `SHARE` of the references and more than `LEAD` times as many as any other game;
otherwise nothing is inferred and the deck is reported with the games its cards fit.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcli.engine.resolver import Resolver
from deckcli.model.deck import Deck
from deckcli.pools.registry import PoolRegistry
from deckcli.textnorm import fold

SHARE = 0.8  # the inferred game knows at least this share of the deck's references
LEAD = 2  # and more than this many times as many as the game that knows the next most
MAX_REFS = 500  # the references asked about (a list of thousands says as much in its first)


@dataclass(frozen=True, slots=True)
class Inference:
    """Which game the cards name (None: no clear answer), and what each game knew."""

    game_id: str | None
    known: tuple[tuple[str, int], ...]  # (game id, references it knows), most first
    total: int  # distinct references asked about

    def fits(self) -> str:
        """'megaman (38 of 40), haikyu (2 of 40)' — the games that know any reference."""
        return ", ".join(f"{game} ({count} of {self.total})" for game, count in self.known
                         if count)


def infer_game(deck: Deck, registry: PoolRegistry) -> Inference:
    """The game whose pool knows the deck's references clearly best, if one does."""
    refs = list(dict.fromkeys(fold(entry.ref) for entry in deck.entries))[:MAX_REFS]
    if not refs:
        return Inference(None, (), 0)
    known: list[tuple[str, int]] = []
    for game_id in registry.game_ids():
        if registry.broken_pool(game_id) is not None:
            continue
        resolver = registry.open_resolver(game_id, None)
        if not isinstance(resolver, Resolver):
            continue  # a broken pool knows nothing; it is reported where it is used
        count = 0
        for ref in refs:
            found = resolver.lookup(ref, scripts=False)  # no pool's script forms read
            count += found.card is not None or bool(found.candidates)
        known.append((game_id, count))
    known.sort(key=lambda item: (-item[1], item[0]))
    best = known[0][1] if known else 0
    runner_up = known[1][1] if len(known) > 1 else 0
    clear = best >= SHARE * len(refs) and best > LEAD * runner_up
    return Inference(known[0][0] if clear else None, tuple(known), len(refs))
