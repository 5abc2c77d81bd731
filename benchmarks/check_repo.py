"""Cost per deck: `deckcli check` on a generated deck repository against parsing it alone.

Generates N deck files (default 5,000) across every game from the sample decks, with random
legal and illegal variations built from each pool's cards (swapped cards, counts off by one,
misspelt names) and a share of plain-text lists; then prints the best wall time of
`deckcli check DIR --format json` beside the best time of one Python process that only reads
the same files (tomllib for TOML, plain reads for text lists). The check runs four ways:
with its default worker processes, with `--jobs 1` (target: at most 1.2× the parse), with the
cache off (these three without the result cache, as a first run), and again over the
unchanged repository with the result cache filled (target: at most 0.35× the parse). Each round measures
its own baseline; ratios are printed as ranges over the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from _timing import command_time, python, report_range

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from deckcli.formats.read import read_deck_file  # noqa: E402
from deckcli.io import tomlread  # noqa: E402
from deckcli.model.deck import Deck  # noqa: E402
from deckcli.pools.registry import PoolRegistry  # noqa: E402

SAMPLES = REPO / "samples"
TEXT_SHARE = 0.2

PARSE_ONLY = """
import os, sys, tomllib
for root, dirs, files in os.walk(sys.argv[1]):
    for name in files:
        path = os.path.join(root, name)
        if name.endswith(".toml"):
            with open(path, "rb") as handle:
                tomllib.load(handle)
        else:
            with open(path, encoding="utf-8") as handle:
                handle.read().splitlines()
"""


def templates() -> list[Deck]:
    """Every sample deck that names its game and reads cleanly."""
    decks = []
    for path in sorted(SAMPLES.rglob("*")):
        if path.suffix in (".toml", ".txt"):
            deck, problems = read_deck_file(path)
            if deck.game and deck.entries and not problems:
                decks.append(deck)
    return decks


def vary(deck: Deck, card_refs: list[str], rng: random.Random, misspelt: float) -> dict[str, int]:
    """A deck's cards, changed at random: as is, cards swapped, a count off by one, a typo."""
    cards = {entry.ref: entry.count for entry in deck.entries}
    refs = list(cards)
    if rng.random() < misspelt:
        ref = rng.choice(refs)
        cards[ref[:-1] + "q" + ref[-1:]] = cards.pop(ref)
        return cards
    roll = rng.random()
    if roll < 0.4:
        return cards
    if roll < 0.8:
        for old in rng.sample(refs, k=min(len(refs), rng.randint(1, 3))):
            count = cards.pop(old)
            new = rng.choice(card_refs)
            cards[new] = cards.get(new, 0) + count
    else:
        ref = rng.choice(refs)
        cards[ref] = max(1, cards[ref] + rng.choice((-1, 1)))
    return cards


def deck_text(deck: Deck, cards: dict[str, int], as_text: bool) -> str:
    if as_text:
        head = [f"# game: {deck.game}", *([f"# format: {deck.format}"] if deck.format else [])]
        return "\n".join([*head, *(f"{count} {ref}" for ref, count in cards.items())]) + "\n"
    head = [f"game = {json.dumps(deck.game)}"]
    if deck.format:
        head.append(f"format = {json.dumps(deck.format)}")
    body = [f"{json.dumps(ref, ensure_ascii=False)} = {count}" for ref, count in cards.items()]
    return "\n".join([*head, "", "[cards]", *body]) + "\n"


def generate(folder: Path, count: int, seed: int, misspelt: float) -> None:
    """Write `count` deck files under `folder`, cycling through the games."""
    rng = random.Random(seed)
    registry = PoolRegistry([])
    by_game: dict[str, list[Deck]] = {}
    for deck in templates():
        by_game.setdefault(registry.resolve_id(deck.game) or deck.game, []).append(deck)
    refs = {game: [card.number for card in registry.load(game).cards] for game in by_game}
    games = sorted(by_game)
    for index in range(count):
        game = games[index % len(games)]
        deck = rng.choice(by_game[game])
        as_text = rng.random() < TEXT_SHARE
        target = folder / game / f"deck-{index:05d}.{'txt' if as_text else 'toml'}"
        target.parent.mkdir(parents=True, exist_ok=True)
        cards = vary(deck, refs[game], rng, misspelt)
        target.write_text(deck_text(deck, cards, as_text), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=5_000, help="how many deck files")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds, each with its own baseline; ranges are printed")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--misspelt", type=float, default=0.05,
                        help="share of decks with one misspelt card (unknown-card, suggestions)")
    args = parser.parse_args()
    figures: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as work:
        decks, cache = Path(work) / "decks", Path(work) / "cache"
        generate(decks, args.decks, args.seed, args.misspelt)
        time.sleep(2.1)  # files changed under 2 s ago get no stamp in the result cache (racy)
        check = python("-m", "deckcli", "check", str(decks), "--format", "json")
        warm_env = {**os.environ, "DECKCLI_CACHE": str(cache)}
        command_time(check, 1, warm_env)  # fill the pool and result caches, as a first run does
        runs = {
            "pool cache warm, default workers": ([*check, "--no-cache"], warm_env),
            "one process (--jobs 1)": ([*check, "--no-cache", "--jobs", "1"], warm_env),
            "pool cache off": (check, {**os.environ, "DECKCLI_CACHE": "off"}),
            "re-check, unchanged (result cache)": ([*check, "--jobs", "1"], warm_env),
        }
        for _ in range(args.rounds):
            figures.setdefault("parse", []).append(
                command_time(python("-c", PARSE_ONLY, str(decks)), args.repeat))
            for name, (argv, env) in runs.items():
                figures.setdefault(name, []).append(command_time(argv, args.repeat, env))
    print(f"{args.decks:,} decks, {args.misspelt:.0%} misspelt; TOML read by "
          f"{tomlread.parser_name()}; CPU time, best of {args.repeat}, {args.rounds} rounds")
    for name in runs:
        report_range(f"deckcli check, {name}", figures[name], figures["parse"],
                     "parse only (tomllib)")


if __name__ == "__main__":
    main()
