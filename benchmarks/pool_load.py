"""Pool load time: the full Digimon pool (parse + validate + index), cold, from the cards
store of the cache folder (as a user pool is), and from the shipped ready form.

Figures are in-process CPU times against the import floor of typer + rich + pydantic, measured
(CPU time too) in a fresh interpreter in the same run.
"""

from __future__ import annotations

import os
import sys
import tempfile
import tomllib
from pathlib import Path

from _timing import best_of, command_time, python, report

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from deckcli.io.cachestore import CACHE_ENV  # noqa: E402
from deckcli.pools import cache as poolcache  # noqa: E402
from deckcli.pools.catalogue import Catalogue  # noqa: E402
from deckcli.pools.load import load_pool, read_header  # noqa: E402
from deckcli.pools.registry import builtin_pool_dir  # noqa: E402


def main(game: str = "digimon-classic") -> None:
    path = builtin_pool_dir() / f"{game}.toml"
    bare = command_time(python("-c", "pass"), 7)
    floor = command_time(python("-c", "import typer, rich, pydantic"), 7) - bare
    parse = best_of(lambda: tomllib.loads(path.read_text(encoding="utf-8")), 3, cpu=True)
    full = best_of(lambda: load_pool(path).trigrams, 3, cpu=True)
    with tempfile.TemporaryDirectory() as cache:
        os.environ[CACHE_ENV] = cache
        header = read_header(path)
        shipped = best_of(lambda: poolcache.load_cached(path, header, Catalogue(path.parent)),
                          5, cpu=True)
        poolcache.load_cached(path, header, Catalogue(None))  # as a user pool: the cards store
        cached = best_of(lambda: poolcache.load_cached(path, header, Catalogue(None)), 5,
                         cpu=True)
    cards = len(load_pool(path).cards)
    print(f"{game}: {cards:,} cards, {path.stat().st_size / 1e6:.1f} MB of TOML")
    report("tomllib parse only", parse, floor, "import typer+rich+pydantic")
    report("parse + validate + index (no cache)", full, floor, "import typer+rich+pydantic")
    report("load from the cards store", cached, floor, "import typer+rich+pydantic")
    report("load from the shipped ready form", shipped, floor, "import typer+rich+pydantic")


if __name__ == "__main__":
    main(*sys.argv[1:])
