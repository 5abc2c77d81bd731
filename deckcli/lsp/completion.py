"""The choices of a completion: card references in the deck's game (names in every language
the pool holds, and numbers, matched as the resolver folds them), `game` and `format` values,
and `# game:` lines. What the cursor is completing is the deck format's to say
(`DeckFormat.spot`). Columns count code points; nothing here speaks LSP.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from deckcli.engine.resolver import Resolver
from deckcli.formats.base import Spot, SpotKind
from deckcli.model.card import Card
from deckcli.report.cardview import show_value
from deckcli.textnorm import fold

MAX_ITEMS = 60  # more matches than this: the list is marked incomplete and asked for again


@dataclass(frozen=True)
class Choice:
    """One completion: what is shown, what is written, the facts beside it."""

    label: str
    write: str
    detail: str
    rank: int = 0


def written(spot: Spot, value: str) -> str:
    """A choice as the document writes it at the spot."""
    text = json.dumps(value, ensure_ascii=False) if spot.quoted else value
    return spot.before + text + spot.after


def stats(resolver: Resolver, card: Card) -> str:
    """'1C8 · BattleChip · destiny 4 · power cost 0': the number, type and key stats."""
    columns = [c for c in resolver.pool.header.game.columns if c not in ("type", "number",
                                                                           "name")]
    facts = [f"{column.replace('_', ' ')} {show_value(card.attrs.get(column))}"
             for column in columns if card.attrs.get(column) not in (None, "", [])]
    return " · ".join(part for part in (card.number, card.type, *facts) if part)


def _names(resolver: Resolver) -> list[tuple[str, str, str, Card]]:
    """(folded, squashed, as written, card) for every name and number of the pool, once."""
    memo: dict[str, list[tuple[str, str, str, Card]]] = resolver.memo("lsp-names")
    if "all" not in memo:
        pool = resolver.pool
        memo["all"] = [(fold(name), pool.squashed(name), name, card) for card in pool.cards
                       for name in (*card.all_names(), card.number)]
    return memo["all"]


def card_choices(resolver: Resolver, typed: str) -> tuple[list[Choice], bool]:
    """Cards whose name (any language) or number starts with what is typed, then those
    containing it; a name shared by cards that differ for the format's rules is written as
    each card's number. Also whether there were more than MAX_ITEMS."""
    folded, squashed = fold(typed.strip()), resolver.pool.squashed(typed)
    found: dict[str, Choice] = {}
    for rank in (0, 1):
        for key, loose, name, card in _names(resolver):
            hit = (key.startswith(folded) or (bool(squashed) and loose.startswith(squashed))) \
                if rank == 0 else (folded in key and not key.startswith(folded))
            if not hit or (rank == 1 and len(folded) < 2):
                continue
            write = name if resolver.lookup(name).card is not None else card.number
            if write in found:
                continue
            if len(found) == MAX_ITEMS:
                return list(found.values()), True
            found[write] = Choice(name, write, stats(resolver, card), rank)
    return script_choices(resolver, typed, found)


def script_choices(resolver: Resolver, typed: str, found: dict[str, Choice]
                   ) -> tuple[list[Choice], bool]:
    """After the names as typed, the cards a name in another script starts (romaji 'hina' for
    日向 翔陽, hiragana for a katakana name, pinyin, the other Chinese characters), written by
    the name they stand for; the detail says which form matched."""
    if len(typed.strip()) < 2:
        return list(found.values()), False
    for item in resolver.scripts().starting(typed):
        write = item.name if resolver.lookup(item.name).card is not None else item.card.number
        if write in found:
            continue
        if len(found) == MAX_ITEMS:
            return list(found.values()), True
        detail = f"{stats(resolver, item.card)} · {item.said()}"
        found[write] = Choice(item.name, write, detail, 2)
    return list(found.values()), False


def meta_choices(kind: SpotKind, games: dict[str, str], formats: dict[str, str],
                 game_line: Callable[[str], str]) -> list[Choice]:
    """Game ids (with their names), formats of the deck's game, or whole game lines as the
    deck's format writes them (`game_line`)."""
    if kind == "game-line":
        return [Choice(line, line, name) for gid, name in games.items()
                if (line := game_line(gid).strip())]
    chosen = games if kind == "game" else formats
    return [Choice(key, key, name) for key, name in chosen.items()]
