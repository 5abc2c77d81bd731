"""Placing a deck in its game and format: the one way every command does it.

The game comes from, strongest first: the file itself (`game = …`, `# game:`, `<game>`), the
command line (`--game`, or `import`'s GAME argument, for decks that name none: a deck naming
another game is judged by its own, with a `game-conflict` notice), the configuration's
`[[decks]]` entry for the file's path, and last the deck's own cards (`infer.infer_game`). The
format comes the same way, else it is the game's default. The judge (`app.judge`: `check`, the
language server, `import`) and the build commands (`app.opendeck`: `show`, `add`, `remove`,
`draw`, `export`, `diff`, `fmt`) all call `place`, so they agree on every deck and say the
same thing when a deck cannot be placed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from weakref import WeakKeyDictionary

from deckcli.app.infer import Inference, infer_game
from deckcli.app.settings import DeckGlob, Settings
from deckcli.engine.resolver import Resolver
from deckcli.escape import printable_path
from deckcli.formats.kinds import by_kind
from deckcli.i18n import _
from deckcli.model.deck import Deck
from deckcli.model.fix import game_fix, games_fix
from deckcli.model.problem import Problem
from deckcli.pools.registry import PoolRegistry


@dataclass(frozen=True, slots=True)
class Placement:
    """A deck's resolver, or the problem that stops it being judged; the game id when that
    much is known, and notices to report beside the verdict (a user pool's override)."""

    resolver: Resolver | None
    stop: Problem | None = None
    game_id: str | None = None
    notes: tuple[Problem, ...] = ()
    game_from: GameSource | None = None  # who named the game


GameSource = Literal["deck", "option", "config", "cards"]
_UNSET = DeckGlob("", None, None, Path())  # `place` looks the deck's entry up itself


def place(deck: Deck, registry: PoolRegistry, settings: Settings,
          glob: DeckGlob | None = _UNSET) -> Placement:
    """Where this deck belongs, or why it cannot be judged. `glob`: the `[[decks]]` entry
    for the deck's path, when the caller has looked it up already (the judge has)."""
    if glob is _UNSET:
        glob = settings.deck_glob(deck.path) if deck.path else None
    given = settings.game.value
    inferred: tuple[Problem, ...] = ()
    source: GameSource
    if deck.game:
        game_ref, source = deck.game, "deck"
        if given is not None and registry.resolve_id(given) != registry.resolve_id(deck.game):
            inferred = (conflict_notice(deck, given, settings.game.origin),)
    elif given is not None:
        game_ref, source = given, "option"
    elif glob is not None and glob.game is not None:
        game_ref, source = glob.game, "config"
    else:
        inference = infer_game(deck, registry)
        if inference.game_id is None:
            return Placement(None, missing_game(deck, registry, inference))
        game_ref, source = inference.game_id, "cards"
        inferred = (inferred_notice(deck, inference),)
    chosen = deck.format or settings.deck_format.value or (glob.deck_format if glob else None)
    opened = _opened.get(registry)
    if opened is None:
        opened = _opened[registry] = {}
    known = opened.get((game_ref, chosen))
    if known is not None:  # a game and format this run has opened already
        return Placement(known[0], None, known[1],
                         (*inferred, *override_notice(registry, known[0].pool.game_id)),
                         source)
    game_id = registry.resolve_id(game_ref)
    broken = registry.broken_pool(game_ref)
    if broken is not None:
        return Placement(None, Problem(rule="broken-pool", message=str(broken)), game_id,
                         game_from=source)
    found = registry.open_resolver(game_ref, chosen)
    if isinstance(found, Problem):
        if found.rule in WRITTEN_AT:
            found.line = deck.line_of(WRITTEN_AT[found.rule])
        return Placement(None, found, game_id, game_from=source)
    opened[(game_ref, chosen)] = (found, game_id)  # a resolver, once opened, stays the run's
    return Placement(found, None, game_id,
                     (*inferred, *override_notice(registry, found.pool.game_id)), source)


# Per registry (a run): (game as the deck names it, format or None) -> the resolver it opened.
# Only what opened is kept: a game that failed is asked again, deck by deck, as before.
_opened: WeakKeyDictionary[PoolRegistry, dict[tuple[str, str | None],
                                              tuple[Resolver, str | None]]] = WeakKeyDictionary()

WRITTEN_AT = {"unknown-game": "game", "unknown-format": "format"}  # the deck's line to blame


def pin_hint(deck: Deck, game: str = "<id>") -> str:
    """How to name the game in this deck's file, by its format's own game line."""
    return _("add {line}, pass --game or map its path in [[decks]]").format(
        line=by_kind(deck.kind).pin_hint(game))


def conflict_notice(deck: Deck, given: str, origin: str) -> Problem:
    """The note that a deck naming its own game was judged by it, not by the game given for
    decks that name none (`--game`, `import`'s GAME): the same words for every command."""
    return Problem(rule="game-conflict", severity="info", line=deck.line_of("game"),
                   message=_("the deck names the game {named}, not {given} ({origin}): it is "
                             "judged as {named}; {origin} is for decks that name no game"
                             ).format(named=deck.game, given=given, origin=origin))


def missing_game(deck: Deck, registry: PoolRegistry, inference: Inference) -> Problem:
    """The problem of a deck that names no game and whose cards name none clearly."""
    fits = inference.fits()
    said = _("its cards fit {games}, none clearly").format(games=fits) if fits else (
        _("no game knows its cards") if inference.total else _("it lists no cards"))
    fitting = [game for game, count in inference.known if count] or registry.game_ids()
    return Problem(rule="missing-game", message=_(
        "which game is this deck for? {said}; {pin_hint} (games: {games})").format(
        said=said, pin_hint=pin_hint(deck), games=", ".join(registry.game_ids())),
        fix=games_fix(fitting))


def inferred_notice(deck: Deck, inference: Inference) -> Problem:
    """The note that a deck was judged by the game its cards name."""
    game = inference.game_id
    assert game is not None
    count = inference.known[0][1]
    others = [f"{other} {n}" for other, n in inference.known[1:] if n]
    if others:
        message = _("no game named: judged as {game}, which knows {count} of its {total} card "
                    "references (next: {next}); to pin it, {pin_hint}")
    else:
        message = _("no game named: judged as {game}, which knows {count} of its {total} card "
                    "references; to pin it, {pin_hint}")
    return Problem(rule="game-inferred", severity="info", message=message.format(
        game=game, count=count, total=inference.total, next=others[0] if others else "",
        pin_hint=pin_hint(deck, game)), fix=game_fix(game))


def override_notice(registry: PoolRegistry, game_id: str) -> list[Problem]:
    """A `pool-override` warning when a user pool replaces the built-in game; a `pool-added`
    information notice when a user pool (a repository's, say) adds a game deckcli lacks."""
    source = registry.user_pool_of(game_id)
    if source is None:
        return []
    where = printable_path(str(source.path))
    if source.overrides is None:
        return [Problem(rule="pool-added", severity="info", message=_(
            "judged by the user pool {path}, which adds the game {game} (not shipped with "
            "deckcli)").format(path=where, game=game_id))]
    return [Problem(rule="pool-override", severity="warning", message=_(
        "judged by the user pool {path}, which overrides the built-in {game} pool "
        "({builtin})").format(path=where, game=game_id, builtin=source.overrides))]
