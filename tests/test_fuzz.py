"""Fuzzing the deck reader and checker: no input ever raises, and verdicts are stable.

What is fuzzed (11,750 generated inputs, all seeded; about 15 s):

- 10,000 corruptions of the real sample decks (a seeded loop): one to three byte flips,
  truncations, inserted quotes, brackets, NULs, escapes, comment marks, runs of spaces, numbers
  of thousands of digits, deep nesting, surrogate bytes, BOMs and random Unicode, or lines
  deleted, doubled or swapped. Each is read as TOML or as a text list and checked in-process
  (`parse_deck_bytes` + `check_deck`); every 200th also goes through the whole command line in
  the next output format: exit status 0 or 1, never 3, never a traceback.
- 500 random byte strings and 600 valid TOML documents with hostile values (hypothesis).
- 400 random valid decks from the real pools, checked as TOML and as a text list: the same
  verdict either way.
- 250 random valid decks, reordered, with names in random case, partly full-width
  (U+FF01..FF5E) and with zero-width or direction marks inserted: the original's verdict.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
import tomli_w
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import SAMPLES
from deckcli.app.judge import check_file
from deckcli.app.settings import Settings
from deckcli.engine.rules.builtin import BUILTIN_RULES
from deckcli.formats.read import parse_deck_bytes
from deckcli.formats.textread import parse_text_line
from deckcli.model.card import Card
from deckcli.model.deck import Deck
from deckcli.model.result import CheckResult, DeckResult
from deckcli.pools.registry import PoolRegistry

REGISTRY = PoolRegistry([])
GAMES = REGISTRY.game_ids()
POOLS = {game: REGISTRY.load(game) for game in GAMES}
KNOWN_RULES = set(BUILTIN_RULES) | {
    rule.id for pool in POOLS.values() for fmt in pool.header.formats.values() for rule in fmt.rules
}
SAMPLE_FILES = sorted(path for path in SAMPLES.rglob("*") if path.is_file())
SAMPLE_BYTES = [path.read_bytes() for path in SAMPLE_FILES]
CORRUPTIONS = 10_000
THROUGH_THE_CLI_EVERY = 200
OUTPUT_FORMATS = ("json", "rich", "text", "github", "sarif", "junit", "markdown")
HOSTILE_PIECES = [
    b'"', b"'", b"[", b"]", b"[[", b"]]", b"{", b"}", b"=", b"\x00", b"\\", b"\\u0000", b"\\ud800",
    b"\n", b"\r", b"\r\n", b"#", b"//", b" x", b"\xc3\x97", b"-1", b"0", b"2.5", b"1e999", b"inf",
    b"nan", b"true", b"0x1F", b"1_000", b"1979-05-27T07:32:00Z", b"[cards]", b'game = "orbs"\n',
    b"# game: haikyu\n", b"\xef\xbb\xbf", b"\xff\xfe", b"\xed\xa0\x80", b"\xe2\x80\x8b",
    b"\xe2\x80\xae", b"\xef\xbc\xa1", b" " * 3000, b"9" * 5000, b"[" * 1500, b"1" * 19,
]
ZERO_WIDTH = ("\u200b", "\u200e", "\u200f", "\u2060", "\ufeff")


def check_bytes(data: bytes, kind: str) -> DeckResult:
    """The in-process pipeline `deckcli check` runs on one file."""
    deck, problems = parse_deck_bytes(data, Deck(path=f"fuzz.{kind}", kind=kind))
    return check_file(deck, problems, REGISTRY, Settings())


def assert_sound(result: DeckResult) -> None:
    """A verdict any report can show: known rule ids, printable JSON, exit status 0 or 1."""
    assert {problem.rule for problem in result.problems} <= KNOWN_RULES
    json.dumps(result.to_json(), ensure_ascii=False).encode("utf-8")
    assert CheckResult(decks=[result]).exit_code() in (0, 1)


def corrupt(data: bytes, rng: random.Random) -> bytes:
    """One to three random edits of a file's bytes."""
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(buffer))
        choice = rng.randrange(7)
        if choice == 0 and buffer:
            buffer[min(at, len(buffer) - 1)] = rng.randrange(256)
        elif choice == 1:
            del buffer[at:]
        elif choice == 2:
            buffer[at:at] = rng.choice(HOSTILE_PIECES)
        elif choice == 3:
            buffer[at:at] = chr(rng.randint(0x80, 0x10FFFF)).encode("utf-8", "surrogatepass")
        else:
            lines = bytes(buffer).split(b"\n")
            index = rng.randrange(len(lines))
            if choice == 4:
                del lines[index]
            elif choice == 5:
                lines.insert(index, lines[rng.randrange(len(lines))])
            else:
                other = rng.randrange(len(lines))
                lines[index], lines[other] = lines[other], lines[index]
            buffer = bytearray(b"\n".join(lines))
    return bytes(buffer)


def corruptions(count: int, seed: int) -> Iterator[bytes]:
    rng = random.Random(seed)
    for _ in range(count):
        yield corrupt(rng.choice(SAMPLE_BYTES), rng)


@pytest.mark.slow
def test_corrupted_samples_never_raise(cli, tmp_path):
    for number, data in enumerate(corruptions(CORRUPTIONS, seed=7)):
        kind = ("toml", "text")[number % 2]
        assert_sound(check_bytes(data, kind))
        if number % THROUGH_THE_CLI_EVERY == 0:
            path = tmp_path / f"deck{number}.{'toml' if kind == 'toml' else 'txt'}"
            path.write_bytes(data)
            output = OUTPUT_FORMATS[number // THROUGH_THE_CLI_EVERY % len(OUTPUT_FORMATS)]
            run = cli("check", path, "--format", output, "--game", "megaman")
            assert run.code in (0, 1) and "Traceback" not in run.err, (data, run.err)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(data=st.binary(max_size=400), kind=st.sampled_from(["toml", "text"]))
def test_random_bytes_never_raise(data, kind):
    assert_sound(check_bytes(data, kind))


TOML_SCALARS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30), st.floats(), st.booleans(),
    st.text(max_size=30), st.datetimes(), st.dates(),
)
TOML_VALUES = st.recursive(
    TOML_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


@pytest.mark.slow
@settings(max_examples=600, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(game=st.one_of(st.sampled_from(GAMES), TOML_VALUES),
       cards=st.one_of(st.dictionaries(st.text(max_size=40), TOML_VALUES, max_size=8),
                       TOML_VALUES),
       extra=st.dictionaries(st.sampled_from(["format", "name", "x"]), TOML_VALUES, max_size=2))
def test_valid_toml_with_hostile_values_never_raises(game, cards, extra):
    text = tomli_w.dumps({"game": game, **extra, "cards": cards})
    assert_sound(check_bytes(text.encode("utf-8"), "toml"))


def text_safe(card_ref: str) -> bool:
    """A reference a text list line reads back unchanged (no comment mark, no 'x4' ending)."""
    return parse_text_line(f"3 {card_ref}") == (3, card_ref) and card_ref.strip() == card_ref


@st.composite
def valid_decks(draw: st.DrawFn) -> tuple[str, dict[str, int]]:
    """A game and up to 25 of its cards by number or any of their names, counts 1 to 5."""
    game = draw(st.sampled_from(GAMES))
    cards: list[Card] = POOLS[game].cards
    deck: dict[str, int] = {}
    for _ in range(draw(st.integers(0, 25))):
        card = cards[draw(st.integers(0, len(cards) - 1))]
        ref = draw(st.sampled_from([card.number, *card.all_names()]))
        if text_safe(ref):
            deck[ref] = deck.get(ref, 0) + draw(st.integers(1, 5))
    return game, deck


def as_toml(game: str, deck: dict[str, int]) -> bytes:
    return tomli_w.dumps({"game": game, "cards": deck}).encode("utf-8")


def as_text(game: str, deck: dict[str, int]) -> bytes:
    lines = [f"# game: {game}", *(f"{count} {ref}" for ref, count in deck.items())]
    return "\n".join(lines).encode("utf-8")


def verdict(result: DeckResult) -> tuple[bool, int, list[tuple[str, str]]]:
    """What a check decides: legal or not, the card count, which rules fail and how badly.

    Lines, wording and the card a count rule points at depend on the file's order and spelling.
    """
    return result.legal, result.cards, sorted((p.rule, p.severity) for p in result.problems)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True)
@given(valid_decks())
def test_a_deck_checks_the_same_as_toml_and_as_text(game_and_deck):
    game, deck = game_and_deck
    assert verdict(check_bytes(as_toml(game, deck), "toml")) == verdict(
        check_bytes(as_text(game, deck), "text"))


def full_width(char: str) -> str:
    """ASCII '!'..'~' -> its full-width form (U+FF01..U+FF5E), which NFKC maps back."""
    return chr(ord(char) + 0xFEE0) if "!" <= char <= "~" else char


@st.composite
def disguised(draw: st.DrawFn, ref: str) -> str:
    """The same reference in random case, partly full-width, with invisible marks added."""
    chars = []
    for char in ref:
        if char.isascii() and char.isalpha() and draw(st.booleans()):
            char = char.swapcase()
        if draw(st.integers(0, 3)) == 0:
            char = full_width(char)
        chars.append(char)
    for _ in range(draw(st.integers(0, 2))):
        chars.insert(draw(st.integers(1, max(1, len(chars)))), draw(st.sampled_from(ZERO_WIDTH)))
    return "".join(chars)


@pytest.mark.slow
@settings(max_examples=250, deadline=None, derandomize=True)
@given(game_and_deck=valid_decks(), data=st.data())
def test_verdict_ignores_order_case_width_and_invisible_marks(game_and_deck, data):
    game, deck = game_and_deck
    changed = {data.draw(disguised(ref)): count for ref, count in deck.items()}
    assume(len(changed) == len(deck) and all(text_safe(ref) for ref in changed))
    shuffled = dict(data.draw(st.permutations(list(changed.items()))))
    for render, kind in ((as_toml, "toml"), (as_text, "text")):
        assert verdict(check_bytes(render(game, shuffled), kind)) == verdict(
            check_bytes(render(game, deck), kind))

