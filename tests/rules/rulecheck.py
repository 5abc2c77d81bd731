"""One call per case for the rule kinds' tests (as yamllint's `check(conf, source, problems)`):
a deck's text read by its format and judged by the engine in this process, no command line.

`judge(cards)` answers the `DeckResult`, `hovers(cards, ref)` what the rules say of a card in
the editor; `assert_problems(cards, expected)` asserts every problem the deck has, in order,
as (rule, severity, line, message) tuples (a shorter tuple compares the first fields only). Placement, `--select`/`--ignore` and exit codes belong to
the application and are tested there; here a rule kind meets a deck and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from conftest import TEST_POOLS, toml_deck
from deckcli.engine.check import check_deck
from deckcli.engine.resolver import Resolver
from deckcli.engine.rules import hover_lines
from deckcli.formats.kinds import by_suffix
from deckcli.formats.read import parse_deck_text
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem
from deckcli.model.result import DeckResult
from deckcli.pools.registry import PoolRegistry

Cards = Mapping[str, int] | str  # a TOML deck's [cards], or a deck file's whole text
Expected = tuple[str] | tuple[str, str] | tuple[str, str, int | None] | tuple[
    str, str, int | None, str]


@cache
def registry(pools: Path | None) -> PoolRegistry:
    """One registry per pool folder for the whole session (a pool loaded once): the shipped
    pools, and the user pools of `pools`."""
    return PoolRegistry([pools] if pools is not None else [])


def resolver(game: str, fmt: str | None = None, pools: Path | None = TEST_POOLS) -> Resolver:
    """The engine's resolver of a game and format (None: the game's default format)."""
    opened = registry(pools).open_resolver(game, fmt)
    assert isinstance(opened, Resolver), opened.message
    return opened


def judge(cards: Cards, *, game: str = "testgame", fmt: str | None = None,
          pools: Path | None = TEST_POOLS, name: str = "deck.toml") -> DeckResult:
    """The verdict on a deck of `game` (a TOML deck of `cards`, or `cards` as the text of a
    file called `name`), read and checked as `check` does once the deck is placed."""
    text = toml_deck(game, dict(cards), fmt) if not isinstance(cards, str) else cards
    file_format = by_suffix(name)
    assert file_format is not None, name
    deck, read = parse_deck_text(text, Deck(path=name, kind=file_format.kind))
    return check_deck(deck, resolver(game, fmt, pools), read)


def hovers(cards: Mapping[str, int], ref: str, *, game: str = "testgame", fmt: str | None = None,
           pools: Path | None = TEST_POOLS) -> list[str]:
    """What the format's rules say about the card `ref` in a hover over a TOML deck of
    `cards` (each rule kind answers for itself), filled in."""
    opened = resolver(game, fmt, pools)
    deck, _ = parse_deck_text(toml_deck(game, dict(cards), fmt), Deck(path="deck.toml"))
    resolved, _ = opened.resolve(deck.entries, [])
    [card] = opened.named(ref)
    return [sentence.format(**values)
            for sentence, values in hover_lines(opened, resolved, deck.total, card)]


def rows(problems: Sequence[Problem]) -> list[tuple[str, str, int | None, str]]:
    """Problems as (rule, severity, line, message), in the order reported."""
    return [(p.rule, p.severity, p.line, p.message) for p in problems]


def assert_problems(cards: Cards, expected: Sequence[Expected], **where: object) -> DeckResult:
    """Judge the deck (`where`: `judge`'s keywords) and assert it has exactly the `expected`
    problems, in order; answers the result for what else a test asserts."""
    result = judge(cards, **where)  # type: ignore[arg-type]
    found = rows(result.problems)
    # each problem cut to its expected tuple's length; extra problems shown whole in the diff
    shown = [row[:len(want)] for row, want in zip(found, expected, strict=False)]
    shown += found[len(expected):]
    assert shown == list(expected), found
    return result
