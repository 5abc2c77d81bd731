"""The quick way of making a fix (`formats.fixquick`: the usual fix made on its lines, read
back from what changed) against the whole way (the format's editing, the edited text read
again in full, difflib's edits): over seeded random decks of every shipped game, as TOML and
as text lists, laid out in every way the readers take (and ways the quick way must leave to
the whole way), every fix the engine proposes and many it does not (cuts of every size,
renames onto pool cards, onto the deck's own references and onto odd strings, merges, the
game) is offered or withdrawn alike, with the same edits byte for byte."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from conftest import SAMPLES
from deckcli.app.placement import place
from deckcli.app.settings import Settings
from deckcli.engine.check import check_deck
from deckcli.engine.resolver import Resolver
from deckcli.formats.fixedit import Before, apply_edits, materialize
from deckcli.formats.read import parse_deck_text, read_deck_file
from deckcli.model.deck import Deck, DeckKind
from deckcli.model.fix import Change, Fix, cut_fix, game_fix, merge_fix, rename_fix
from deckcli.pools.registry import PoolRegistry

REGISTRY = PoolRegistry([])
GAMES = ("megaman", "haikyu", "digimon-classic", "orbs", "digi-battle")
ODD_NAMES = ('Bob "the" Builder', "it's", "back\\slash", "tab\there", "", "  ", "x # y",
             "# game: orbs", "NetNavi:", "Sideboard", "new\nline", "par\u2028graph", "Ünï",
             "x" * 250, "3 Foo", "Foo x3", "Foo (2)", "plain-bare_key", "[cards]", "a = 1",
             "de\x7fl", "nel\x85x", "ＣｙｂｅｒＳｗｏｒｄ", "'quoted'", "}{")


def templates(game: str) -> list[Deck]:
    """The game's sample decks that name their format and read cleanly."""
    found = []
    for path in sorted((SAMPLES / game).iterdir()):
        if path.suffix in (".toml", ".txt"):
            deck, problems = read_deck_file(path)
            if deck.game and deck.entries and not problems:
                found.append(deck)
    return found


def resolver_of(deck: Deck) -> Resolver:
    placed = place(deck, REGISTRY, Settings(), None)
    assert placed.resolver is not None, placed.stop
    return placed.resolver


def key(rng: random.Random, ref: str) -> str:
    """A TOML key for `ref`: bare when it can be, else basic or literal."""
    bare = ref.replace("-", "").replace("_", "").isascii() and ref.replace("-", "").replace(
        "_", "").isalnum()
    way = rng.choice(["bare", "basic", "basic", "literal"] if bare else ["basic", "literal"])
    if way == "bare":
        return ref
    if way == "literal" and "'" not in ref:
        return f"'{ref}'"
    return json.dumps(ref, ensure_ascii=rng.random() < 0.1)  # now and then with \u escapes


def toml_deck(rng: random.Random, deck: Deck, cards: list[tuple[str, int]]) -> str:
    """A TOML deck of `cards`, laid out at random: quoting, spacing, comments, blank lines,
    other tables, and now and then what spans lines (a multi-line string or array holding
    lines that look like card lines)."""
    lines = [*(["# my deck", ""] if rng.random() < 0.3 else []),
             f"game = {json.dumps(deck.game)}"]
    if deck.format:
        lines.append(f"format = {json.dumps(deck.format)}")
    if rng.random() < 0.2:
        lines.append("name = 'Deck'  # named")
    if rng.random() < 0.1:
        lines += ['notes = """', "[cards]", f'"{cards[0][0]}" = 9', '"""']
    if rng.random() < 0.1:
        lines += ["tags = [", "  [1],", '  "x",', "]"]
    if rng.random() < 0.15:
        lines += ["", "[meta]", f'"{cards[-1][0]}" = 2', "author = 'me'"]
    lines += ["", rng.choice(["[cards]"] * 6 + ["[ cards ]", "[cards]  # the deck",
                                             "['cards']", '["cards"]'])]
    odd = rng.random() < 0.2  # counts written otherwise: +3, 0x3
    for ref, count in cards:
        written = rng.choice([str(count)] * 6 + [f"+{count}", f"0x{count:x}"] if odd else
                             [str(count)])
        space = rng.choice([" = ", " = ", "=", "  =  ", "\t= "])
        indent = rng.choice(["", "", "", "  "])
        comment = rng.choice(["", "", "", "  # note", " #"])
        lines.append(f"{indent}{key(rng, ref)}{space}{written}{comment}")
        if rng.random() < 0.1:
            lines.append(rng.choice(["", "# group", "   "]))
    if rng.random() < 0.15:
        lines += ["", "[cards.extra]", f'"{cards[0][0]}" = 1']
    if rng.random() < 0.1:
        lines += ["[other]", "x = true"]
    return ending(rng, lines)


def text_deck(rng: random.Random, deck: Deck, cards: list[tuple[str, int]]) -> str:
    """A text list of `cards`: `4 Name`, `4x Name`, `Name x4`, `Name (4)`, comments,
    sections, and now and then a side zone or a repeated line (problems when read)."""
    lines = [rng.choice(["# game: ", "// game: ", "#game:"]) + str(deck.game)]
    if deck.format and rng.random() < 0.8:
        lines.append(f"# format: {deck.format}")
    if rng.random() < 0.3:
        lines.append(rng.choice(["", "Deck:", "Main deck (40)"]))
    for ref, count in cards:
        form = rng.choice(["{c} {r}"] * 6 + ["{c}x {r}", "{r} x{c}", "{r} ({c})", "  {c} {r}"])
        line = form.format(c=count, r=ref)
        if rng.random() < 0.1:
            line += rng.choice(["  # note", " // why"])
        lines.append(line)
        if rng.random() < 0.08:
            lines.append(rng.choice(["", "# group", "NetNavi:", "Events (8)"]))
    if rng.random() < 0.08:
        lines.append(f"1 {cards[0][0]}")  # the same card twice: a warning
    if rng.random() < 0.08:
        lines += ["Sideboard:", f"2 {cards[-1][0]}"]
    if rng.random() < 0.05:
        lines.append("this line reads as nothing")
    return ending(rng, lines)


def ending(rng: random.Random, lines: list[str]) -> str:
    newline = rng.choice(["\n", "\n", "\n", "\r\n", "\r"])
    if rng.random() < 0.05:  # a line ending that is no newline to a reader of lines
        lines[rng.randrange(len(lines))] += rng.choice(["\x85", "\u2028", "\r"])
    if rng.random() < 0.2:  # endings mixed, as after an edit by another program
        return "".join(line + rng.choice(["\n", "\r\n"]) for line in lines[:-1]) + lines[-1] \
            + (newline if rng.random() < 0.5 else "")
    return newline.join(lines) + (newline if rng.random() < 0.8 else "")


def proposed(rng: random.Random, deck: Deck, resolver: Resolver, read: list) -> list[Fix]:
    """The fixes the engine proposes for the deck, and many more."""
    fixes: list[Fix] = []
    for found in check_deck(deck, resolver, read, spelling=True).problems:
        if found.fix is not None:
            fixes += [found.fix, *found.fix.choices]
    refs = [entry.ref for entry in deck.entries]
    pool = resolver.pool.cards
    chosen = rng.sample(deck.entries, k=min(4, len(deck.entries)))
    for entry in {id(entry): entry for entry in [*chosen, deck.entries[-1]]}.values():
        other = rng.choice(refs)
        card = rng.choice(pool)
        fixes += [cut_fix([entry.ref], rng.randint(1, entry.count + 1), entry.ref),
                  cut_fix([entry.ref], entry.count, entry.ref),
                  cut_fix([entry.ref, other], rng.randint(1, 8), entry.ref),
                  rename_fix(rng.choice(["safe", "unsafe"]), entry.ref, card.name, "t"),
                  rename_fix("safe", entry.ref, card.number, "t"),
                  rename_fix("unsafe", entry.ref, other, "t"),
                  rename_fix("unsafe", entry.ref, rng.choice(ODD_NAMES), "t"),
                  merge_fix(entry.ref, other), merge_fix(entry.ref, entry.ref)]
    fixes.append(game_fix(rng.choice(GAMES)))
    return fixes


def compared(seed: int, decks: int) -> tuple[int, int]:
    """(fixes offered, fixes the quick way offered) over `decks` random decks of every game
    and both formats; fails on the first fix the two ways make differently."""
    rng = random.Random(seed)
    offered = quick_fixes = 0
    for game in GAMES:
        shapes = templates(game)
        assert shapes, game
        pool = [card.name for card in REGISTRY.load(game).cards]
        for index in range(decks):
            shape = rng.choice(shapes)
            resolver = resolver_of(shape)
            cards = {entry.ref: entry.count for entry in shape.entries}
            for _ in range(rng.randint(0, 3)):  # cards swapped, misspelt, counts off
                ref = rng.choice(list(cards))
                way = rng.randrange(3)
                if way == 0:
                    cards[rng.choice(pool)] = cards.pop(ref)
                elif way == 1:
                    cards[ref[:-1] + "q" + ref[-1:]] = cards.pop(ref)
                else:
                    cards[ref] = max(1, cards[ref] + rng.choice((-1, 1, 3)))
            kind: DeckKind = "text" if index % 2 else "toml"
            made = (text_deck if kind == "text" else toml_deck)(rng, shape, list(cards.items()))
            path = f"deck.{'txt' if kind == 'text' else 'toml'}"
            deck, read = parse_deck_text(made, Deck(path=path, kind=kind))
            if not deck.entries or any(p.rule == "invalid-toml" for p in read):
                continue
            given = None if rng.random() < 0.2 else read  # an editor's buffer: read again
            quick = Before(made, deck, resolver, given)
            whole = Before(made, deck, resolver, given, quick=False)
            for fix in proposed(rng, deck, resolver, read):
                if not fix.changes:
                    continue
                fast = quick.made(fix)
                assert fast == whole.made(fix), (made, fix)
                if fast is None:
                    continue
                offered += 1
                assert apply_edits(made, fast.edits) != made
                quick_fixes += quick._may_be_quick and quick._made_quickly(fix) is not None
    return offered, quick_fixes


def test_the_quick_way_makes_every_fix_as_the_whole_way_does() -> None:
    offered, quick = compared(seed=33, decks=8)
    assert offered > 500
    assert quick > offered // 3  # the quick way is taken for many, not never


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_quick_way_makes_every_fix_as_the_whole_way_does_over_more_decks(seed: int) -> None:
    offered, quick = compared(seed, decks=40)
    assert quick > offered // 3


def test_a_usual_deck_s_fixes_are_made_quickly_and_read_back() -> None:
    """A plain TOML deck and a plain list: a cut, a cut line, a rename and a merge are
    offered by the quick way, with the edits the whole way gives."""
    toml = ('game = "megaman"\nformat = "standard"\n\n[cards]\n"CyberSword" = 4\n'
            '"AreaSteal" = 3\n"Recov10" = 2\n')
    text = "# game: megaman\n4 CyberSword\n3 AreaSteal\n2 Recov10"
    for written, kind in ((toml, "toml"), (text, "text")):
        deck, read = parse_deck_text(written, Deck(path="d", kind=kind))  # type: ignore[arg-type]
        resolver = resolver_of(deck)
        quick = Before(written, deck, resolver, read)
        whole = Before(written, deck, resolver, read, quick=False)
        fixes = [cut_fix(["CyberSword"], 1, "CyberSword"), cut_fix(["Recov10"], 2, "Recov10"),
                 rename_fix("unsafe", "AreaSteal", "Area Steal", "t"),
                 Fix("unsafe", "t", (Change("merge", ("Recov10",), "AreaSteal"),))]
        for fix in fixes:
            made = quick._made_quickly(fix)
            assert made is not None and made == whole.made_fully(fix)
            assert made.edits
        cut_last = quick.made(fixes[1])
        assert cut_last is not None
        assert apply_edits(written, cut_last.edits).rstrip("\n").endswith(
            '"AreaSteal" = 3' if kind == "toml" else "3 AreaSteal")


def test_a_safe_fix_that_would_change_the_cards_is_withdrawn_either_way() -> None:
    """A 'safe' rename onto another card, or a merge of two cards: the quick way does not
    offer it, and the whole way withdraws it."""
    written = 'game = "megaman"\n\n[cards]\n"CyberSword" = 4\n"AreaSteal" = 3\n'
    deck, read = parse_deck_text(written, Deck(path="d.toml", kind="toml"))
    resolver = resolver_of(deck)
    before = Before(written, deck, resolver, read)
    for fix in (rename_fix("safe", "CyberSword", "Recov10", "t"),
                merge_fix("CyberSword", "AreaSteal")):
        assert before._made_quickly(fix) is None
        assert before.made(fix) is None


def test_materialize_gives_the_json_edits_of_a_repository_of_decks(tmp_path: Path) -> None:
    """Through the judge's entry (`materialize`): each problem's fix edits as the whole way
    made them, over decks with fixes of every kind."""
    rng = random.Random(7)
    shapes = templates("megaman")
    offered = 0
    for index in range(20):
        shape = rng.choice(shapes)
        cards = [(entry.ref, entry.count + rng.choice((0, 0, 2))) for entry in shape.entries]
        kind: DeckKind = "text" if index % 2 else "toml"
        made = (text_deck if kind == "text" else toml_deck)(rng, shape, cards)
        deck, read = parse_deck_text(made, Deck(path="d", kind=kind))
        if not deck.entries or read:
            continue
        resolver = resolver_of(deck)
        quick = check_deck(deck, resolver, read, spelling=True).problems
        whole = check_deck(deck, resolver, read, spelling=True).problems
        materialize(made, deck, quick, resolver, read)
        materialize(made, deck, whole, resolver, read, quick=False)
        assert [p.fix for p in quick] == [p.fix for p in whole]
        offered += sum(p.fix is not None and bool(p.fix.edits) for p in quick)
    assert offered


MEGA = 'game = "megaman"\nformat = "standard"\n'
LAYOUTS = [
    # TOML the quick way takes
    ("toml", MEGA + '\n[cards]\nCyberSword = 4\n\'AreaSteal\' = 3  # two\n  "1C8" = 1\n'),
    ("toml", MEGA + "[ cards ]\r\nCyberSword = 4\r\n\"AreaSteal\" = 3\r\n\r\n\r\n\"1C20\" = 2"),
    ("toml", MEGA + '[meta]\nCyberSword = 2\n[cards]\nAreaSteal = 3\nCyberSword = 4\n'),
    ("toml", MEGA + '[cards]\n"1C8" = 2\n\'"1C8"\' = 3\n\'1C12\' = 1\n1C12x = 4\n'),
    # TOML it leaves to the whole way: what spans lines, and headers it does not read
    ("toml", MEGA + 'tags = [\n["cards"]\n]\nCyberSword = 9\n[cards]\nCyberSword = 4\n'
             'AreaSteal = 1\n'),
    ("toml", MEGA + 'notes = """\n[cards]\nCyberSword = 9\n"""\n[cards]\nCyberSword = 4\n'),
    ("toml", MEGA + "notes = '''\nCyberSword = 9'''\n[\"cards\"]\nCyberSword = 4\n"),
    ("toml", MEGA + "[cards]\nCyberSword = 0x4  # [hex]\nAreaSteal = +3\n\"Area\\u0047rab\" = 1\n"),
    ("toml", MEGA + "[cards]\nCyberSword = 4\n[[extra]]\nAreaSteal = 1\n"),
    # text lists, taken and not
    ("text", "# game: megaman\n4 CyberSword\n3x AreaSteal  # two\nRecov10 x2\nAreaGrab (1)"),
    ("text", "# game: megaman\r\nBattlechips:\r\n4 CyberSword\r\n\r\n3 AreaSteal\r\n"),
    ("text", "# game: megaman\n4 CyberSword\n3 AreaSteal\nSideboard:\n2 Recov10\n"),
    ("text", "# game: megaman\n4 CyberSword\n3 AreaSteal\n1 CyberSword\n"),
    ("text", "# game: megaman\n4 CyberSword\r3 AreaSteal\n2 Recov10\x85\n1 AreaGrab\n"),
    ("text", "# game: megaman\n4 CyberSword\nCyberSword (1C12)\n"),
]


@pytest.mark.parametrize(("kind", "written"), LAYOUTS)
def test_each_layout_s_fixes_are_made_alike_either_way(kind: DeckKind, written: str) -> None:
    deck, read = parse_deck_text(written, Deck(path="d", kind=kind))
    resolver = resolver_of(deck)
    quick = Before(written, deck, resolver, read)
    whole = Before(written, deck, resolver, read, quick=False)
    refs = [entry.ref for entry in deck.entries]
    offered = 0
    for ref in refs:
        entry = next(entry for entry in deck.entries if entry.ref == ref)
        for fix in [*(cut_fix([ref], count, ref) for count in range(1, entry.count + 2)),
                    *(rename_fix("unsafe", ref, new, "t") for new in ["1C12", "Area Grab",
                                                                       *refs, *ODD_NAMES]),
                    rename_fix("safe", ref, ref.lower(), "t"),
                    *(merge_fix(ref, other) for other in refs),
                    *(Fix("unsafe", "t", (Change("merge", (ref,), other),)) for other in refs)]:
            made = quick.made(fix)
            assert made == whole.made_fully(fix), fix
            offered += made is not None
    assert offered


def test_a_key_line_outside_cards_is_never_edited_as_the_card_s() -> None:
    """The quick way looks for a card's key in the `[cards]` table only: the same key at the
    top, or in another table, is not the card's."""
    # [meta] holds a note too: a table of counts alone would be a side zone (`deck-zone`)
    written = MEGA + "CyberSword = 1\n[meta]\nCyberSword = 2\nnote = \"x\"\n[cards]\n" \
        "# CyberSword = 3\n'AreaSteal' = 2\nCyberSword = 4\n\"1C8\" = 1\n"
    deck, read = parse_deck_text(written, Deck(path="d.toml", kind="toml"))
    assert not read
    before = Before(written, deck, resolver_of(deck), read)
    whole = Before(written, deck, resolver_of(deck), read, quick=False)
    for fix in (cut_fix(["CyberSword"], 1, "CyberSword"), cut_fix(["CyberSword"], 4, "t"),
                rename_fix("unsafe", "CyberSword", "Cyber Sword", "t"),
                cut_fix(["AreaSteal"], 1, "t"), cut_fix(["1C8"], 1, "t")):
        made = before._made_quickly(fix)
        assert made is not None and made == whole.made_fully(fix)
        assert made.edits[0].line == {"CyberSword": 9, "AreaSteal": 8, "1C8": 10}[
            fix.changes[0].refs[0]] + 1
