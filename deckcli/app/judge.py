"""Judging one deck file: read it (or tell from its content that a scanned file is no deck),
place it in its game and format, check it, and keep the problems the settings report."""

from __future__ import annotations

from deckcli.app.placement import place
from deckcli.app.scan import Skip, Target
from deckcli.app.settings import Settings
from deckcli.engine.check import check_deck, unchecked
from deckcli.formats.kinds import SNIFFED_SUFFIXES, kind_of
from deckcli.formats.read import (
    UNREADABLE_RULES,
    decode_deck_bytes,
    parse_deck_bytes,
    read_deck_file,
    read_limited,
)
from deckcli.formats.sniff import not_a_deck
from deckcli.i18n import _
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem
from deckcli.model.result import DeckResult
from deckcli.pools.registry import PoolRegistry

UNSILENCED = frozenset({"pool-override", "pool-added"})  # select/ignore never hide these


def looks_like_deck(deck: Deck, problems: list[Problem]) -> bool:
    """In a folder scan, a TOML file with neither `game` nor `[cards]` is not a deck, nor is
    an empty one (a `deckcli.toml` or `pyproject.toml` made with `touch`)."""
    if deck.kind != "toml" or deck.game is not None or deck.entries:
        return True
    return not any(p.rule in ("missing-cards", "empty-file") for p in problems)


def check_file(deck: Deck, problems: list[Problem], registry: PoolRegistry,
               settings: Settings) -> DeckResult:
    """The verdict on a deck already read (with the problems reading it found)."""
    if any(p.rule in UNREADABLE_RULES for p in problems):
        return unchecked(deck, problems)
    placed = place(deck, registry, settings)
    if placed.resolver is None:
        assert placed.stop is not None
        return unchecked(deck, [placed.stop, *problems], placed.game_id)
    return check_deck(deck, placed.resolver, [*placed.notes, *problems])


def check_target(target: Target, registry: PoolRegistry, settings: Settings
                 ) -> DeckResult | Skip:
    """Check one deck file, or say why a file met in a folder scan is not a deck."""
    read = read_target(target, settings)
    if isinstance(read, Skip):
        return read
    deck, problems = read
    checked = check_file(deck, [*target.problems, *problems], registry, settings)
    return filter_problems(checked, settings)


def read_target(target: Target, settings: Settings) -> tuple[Deck, list[Problem]] | Skip:
    """A file read as a deck, unless it was found by a scan and its content says it is none:
    a text list without a `# game:` line, a CSV without a count column, a TOML file without
    `game` or `[cards]`. A `[[decks]]` entry of the config makes any file it names a deck."""
    path = target.path
    suffix = path.suffix.lower()
    if target.explicit or suffix not in SNIFFED_SUFFIXES:
        deck, problems = read_deck_file(path)
        if target.explicit or looks_like_deck(deck, problems):
            return deck, problems
        empty = any(p.rule == "empty-file" for p in problems)
        return Skip(str(path), "an empty TOML file" if empty
                    else "a TOML file with neither game nor [cards]")
    try:
        data = read_limited(path)
    except OSError:
        return read_deck_file(path)  # reports why it cannot be read
    glob = settings.deck_glob(path)
    if glob is None:
        text, failure = decode_deck_bytes(data)
        if failure is not None:
            return Skip(str(path), _("not read as a deck: {reason}").format(
                reason=failure.message))
        assert text is not None
        reason = not_a_deck(suffix, text, settings.game.value is not None)
        if reason is not None:
            return Skip(str(path), reason)
    return parse_deck_bytes(data, Deck(path=str(path), kind=kind_of(path)))


def filter_problems(result: DeckResult, settings: Settings) -> DeckResult:
    """Apply --select / --ignore (rule ids) to a deck's problems; a notice that a user pool
    judged the deck (UNSILENCED) is kept whatever they say, so a repository's configuration
    cannot hide a weakened pool."""
    select, ignore = settings.select.value, settings.ignore.value
    result.problems = [p for p in result.problems if p.rule in UNSILENCED
                       or ((not select or p.rule in select) and p.rule not in ignore)]
    return result
