"""Shell completion of option values: game ids, deck-format ids, rule ids and card names.

Each function gets the word being completed (and typer's context, which holds the arguments
parsed so far). Completion must be quick and must never fail loudly: a deck that cannot be
read or a pool that does not load completes nothing. Card names come from the game the deck
names, through the pool cache, and are capped at MAX_CARDS.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from deckcli.model.pool import Pool
    from deckcli.pools.registry import PoolRegistry

MAX_CARDS = 50


def _registry() -> PoolRegistry:
    """The games the configuration of the working folder and the environment give (a word
    being completed runs no command, so no `--pools` was read)."""
    from deckcli.app.config import load_settings

    return load_settings().registry()


def game_ids(incomplete: str) -> list[str]:
    """Every game id."""
    return [game_id for game_id in _registry().game_ids() if game_id.startswith(incomplete)]


def deck_formats(ctx: typer.Context, incomplete: str) -> list[str]:
    """The formats of the game given so far (--game or GAME), else every game's formats."""
    registry = _registry()
    named = ctx.params.get("game")
    game_id = registry.resolve_id(named) if isinstance(named, str) else None
    games = [game_id] if game_id else registry.game_ids()
    formats = {fid for gid in games for fid in registry.header(gid).formats}
    return sorted(fid for fid in formats if fid.startswith(incomplete))


def rule_ids(incomplete: str) -> list[str]:
    """deckcli's own rule ids and every pool rule id; after a comma, the next id of a list."""
    from deckcli.engine.rules.builtin import BUILTIN_RULES

    registry = _registry()
    ids = set(BUILTIN_RULES)
    for game_id in registry.game_ids():
        ids.update(rule.id for fmt in registry.header(game_id).formats.values()
                   for rule in fmt.rules)
    head, _, word = incomplete.rpartition(",")
    prefix = f"{head}," if head else ""
    return [prefix + rule_id for rule_id in sorted(ids) if rule_id.startswith(word)]


def card_names(ctx: typer.Context, incomplete: str) -> list[str]:
    """Names of the deck's game (the deck given so far) that start with what is typed."""
    from deckcli.textnorm import fold

    pool = _deck_pool(ctx)
    if pool is None:
        return []
    count, _, word = incomplete.rpartition(" ") if _counted(incomplete) else ("", "", incomplete)
    prefix = f"{count} " if count else ""
    wanted = fold(word)
    found: list[str] = []
    for card in pool.cards:
        for name in dict.fromkeys((card.name, *card.names.values())):
            if fold(name).startswith(wanted) and prefix + name not in found:
                found.append(prefix + name)
        if len(found) >= MAX_CARDS:
            break
    return found[:MAX_CARDS]


def _counted(text: str) -> bool:
    """'2 Cyber' (a --want with a count): complete the name after the count."""
    first, _, rest = text.partition(" ")
    return first.isdigit() and bool(rest)


def _deck_pool(ctx: typer.Context) -> Pool | None:
    """The pool of the first deck among the arguments parsed so far, if it names its game."""
    from deckcli.formats.read import read_deck_file

    given = ctx.params.get("path") or ctx.params.get("decks")
    # a variadic DECK... is still in ctx.args while the command line is being completed
    candidates = [*(given if isinstance(given, list | tuple) else [given]), *ctx.args]
    path = next((Path(p) for p in candidates if isinstance(p, str | Path) and Path(p).is_file()),
                None)
    if path is None:
        return None
    registry = _registry()
    try:
        deck, _ = read_deck_file(path)
        named = ctx.params.get("game") or deck.game
        game_id = registry.resolve_id(named) if named else None
        return registry.load(game_id) if game_id else None
    except Exception:  # completion never breaks the shell; the command reports it properly
        return None
