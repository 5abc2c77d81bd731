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
    parse_deck_text,
    read_deck_file,
    read_limited,
)
from deckcli.formats.sniff import not_a_deck
from deckcli.model.deck import Deck
from deckcli.model.problem import Problem
from deckcli.model.result import DeckResult
from deckcli.pools.registry import PoolRegistry

UNSILENCED = frozenset({"pool-override", "pool-added"})  # select/ignore never hide these
STYLE = frozenset({"card-spelling", "number-form"})  # shown when selected; fixed by --fix


def looks_like_deck(deck: Deck, problems: list[Problem]) -> bool:
    """In a folder scan, a TOML file with neither `game` nor `[cards]` is not a deck, nor is
    an empty one (a `deckcli.toml` or `pyproject.toml` made with `touch`)."""
    if deck.kind != "toml" or deck.game is not None or deck.entries:
        return True
    return not any(p.rule in ("missing-cards", "empty-file") for p in problems)


def check_file(deck: Deck, problems: list[Problem], registry: PoolRegistry,
               settings: Settings, text: str | None = None, fixing: bool = False
               ) -> DeckResult:
    """The verdict on a deck already read (with the problems reading it found); given the
    deck's `text`, each problem's fix gets the edits that make it (`formats.fixedit`). The
    notices of spellings (STYLE) are looked for when `fixing` or when selected."""
    if any(p.rule in UNREADABLE_RULES for p in problems):
        return unchecked(deck, problems)
    placed = place(deck, registry, settings)
    if placed.resolver is None:
        assert placed.stop is not None
        result = unchecked(deck, [placed.stop, *problems], placed.game_id)
    else:
        spelling = fixing or not STYLE.isdisjoint(settings.select.value)
        result = check_deck(deck, placed.resolver, [*placed.notes, *problems], spelling)
    if text is not None and any(p.fix is not None for p in result.problems):
        from deckcli.formats.fixedit import materialize

        materialize(text, deck, result.problems, placed.resolver)
    return result


def check_target(target: Target, registry: PoolRegistry, settings: Settings
                 ) -> DeckResult | Skip:
    """Check one deck file, or say why a file met in a folder scan is not a deck."""
    read = read_target(target, settings)
    if isinstance(read, Skip):
        return read
    deck, problems, _data, text = read
    checked = check_file(deck, [*target.problems, *problems], registry, settings, text)
    return filter_problems(checked, settings)


Read = tuple[Deck, list[Problem], bytes, str | None]  # a deck, its problems, bytes and text


def read_target(target: Target, settings: Settings) -> Read | Skip:
    """A file read as a deck (with its bytes and text, for the edits of fixes), unless it was
    found by a scan and its content says it is none: a text list without a `# game:` line, a
    CSV without a count column, a TOML file without `game` or `[cards]`. A `[[decks]]` entry
    of the config makes any file it names a deck."""
    path = target.path
    suffix = path.suffix.lower()
    try:
        data = read_limited(path)
    except OSError:
        return (*read_deck_file(path), b"", None)  # reports why it cannot be read
    deck = Deck(path=str(path), kind=kind_of(path))
    text, failure = decode_deck_bytes(data)
    if target.explicit or suffix not in SNIFFED_SUFFIXES:
        problems = [failure] if failure is not None else []
        if text is not None:
            deck, problems = parse_deck_text(text, deck)
        if target.explicit or looks_like_deck(deck, problems):
            return deck, problems, data, text
        empty = any(p.rule == "empty-file" for p in problems)
        return Skip(str(path), "an empty TOML file" if empty
                    else "a TOML file with neither game nor [cards]")
    if settings.deck_glob(path) is None:
        if failure is not None:
            return Skip(str(path), f"not read as a deck: {failure.message}")
        assert text is not None
        reason = not_a_deck(suffix, text, settings.game.value is not None)
        if reason is not None:
            return Skip(str(path), reason)
    if text is None:
        assert failure is not None
        return deck, [failure], data, None
    return (*parse_deck_text(text, deck), data, text)


def filter_problems(result: DeckResult, settings: Settings, fixing: bool = False
                    ) -> DeckResult:
    """Apply --select / --ignore (rule ids) to a deck's problems; a notice that a user pool
    judged the deck (UNSILENCED) is kept whatever they say, so a repository's configuration
    cannot hide a weakened pool. The notices of references the pool spells otherwise (STYLE)
    are reported only when selected by name, and fixed by `--fix` unless ignored (`fixing`)."""
    select, ignore = settings.select.value, settings.ignore.value
    result.problems = [p for p in result.problems if p.rule in UNSILENCED
                       or ((not select or p.rule in select) and p.rule not in ignore
                           and (p.rule not in STYLE or fixing or p.rule in select))]
    return result
