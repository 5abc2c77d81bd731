"""A 10,000-line collection checked: `deckcli own` against a floor measured in the same run.

Writes a Digimon collection of 10,000 lines (every card of the digimon-classic pool by number,
then by name, with copies spread over several lines as binder pages list them: counts add up),
and a 30-card deck. Prints, best of N runs each:

- `deckcli own DECK -c BIG --format json` as a process (CPU time) against the same command
  with a one-line collection (the floor: start-up, the pool, the deck); the difference is what
  10,000 lines cost (target: well under a second);
- reading and resolving the collection in process (`app.collection.load_collections`, the
  pool loaded, no reference resolved before) against splitting the same file into lines and
  counts (a floor no reader can beat).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from _timing import best_of, command_time, python, report

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from deckcli.app.collection import load_collections  # noqa: E402
from deckcli.app.config import load_settings  # noqa: E402
from deckcli.app.settings import CollectionSource, Settings  # noqa: E402
from deckcli.formats.textlist import deck_key  # noqa: E402

GAME = "digimon-classic"
DECK = REPO / "samples" / GAME / "example-agumon-gabumon.toml"


def collection_lines(lines: int, seed: int) -> list[str]:
    """`lines` lines of real cards: numbers and names, each reference on several lines."""
    settings = load_settings([])
    registry = settings.registry()
    resolver = registry.resolver(GAME, registry.header(GAME).game.default_format)
    cards = list(resolver.pool.cards)
    by_name = [key for card in cards  # names a text list reads back as this very card
               if (key := deck_key(resolver, card, text_list=True)) != card.number]
    refs = [card.number for card in cards] + by_name[:1_500]  # under the 5,000-entry bound
    rng = random.Random(seed)
    out = [f"# game: {GAME}"]
    while len(out) <= lines:
        out.append(f"{rng.randint(1, 3)} {rng.choice(refs)}")
    return out[: lines + 1]


def cold_read(sources: list[CollectionSource], settings: Settings) -> float:
    """CPU time of reading and resolving the collection with a resolver that has resolved
    nothing yet (a fresh registry, its pool loaded beforehand, untimed)."""
    registry = settings.registry()
    registry.resolver(GAME, registry.header(GAME).game.default_format)
    start = time.process_time()
    load_collections(sources, settings, registry)
    return time.process_time() - start


def split_only(path: Path) -> None:
    """The floor: the file's lines split into count and reference, nothing resolved."""
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        line.split(" ", 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        big, small = Path(folder) / "binder.txt", Path(folder) / "one.txt"
        big.write_text("\n".join(collection_lines(args.lines, 1)) + "\n", encoding="utf-8")
        small.write_text(f"# game: {GAME}\n1 St-1\n", encoding="utf-8")
        own = python("-m", "deckcli", "own", str(DECK), "--format", "json", "-c")
        floor = command_time([*own, str(small)], args.repeat)
        value = command_time([*own, str(big)], args.repeat)
        report(f"own, {args.lines:,}-line collection (CPU)", value, floor,
               "own, 1-line collection")
        print(f"{'  what the lines cost':<44} {(value - floor) * 1000:9.1f} ms")
        settings = load_settings([big])
        sources = [CollectionSource(big)]
        resolved = min(cold_read(sources, settings) for _ in range(args.repeat))
        split = best_of(lambda: split_only(big), args.repeat, cpu=True)
        report(f"read + resolve {args.lines:,} lines (in process)", resolved, split,
               "split the lines only")


if __name__ == "__main__":
    main()
