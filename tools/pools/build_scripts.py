"""Write cardpools/scripts/<game>.json: the script-search rows of every shipped pool.

Run after a builder changes a pool's names or readings:
    python tools/pools/build_scripts.py
The rows (each name's romaji, readings, pinyin and other Chinese characters; see
deckcli/engine/scripts.py) need pykakasi, pypinyin and OpenCC, which take seconds to import;
shipped with the pools, a search or a deck line in another script never imports them for a
shipped pool. Each file records the hash of the pool file and of the names it was made from;
deckcli makes (and caches) the rows again when the pool no longer matches either.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
from deckcli.engine.scripts import build_rows  # noqa: E402
from deckcli.io.stamps import sha256_hex  # noqa: E402
from deckcli.pools.registry import PoolRegistry, builtin_pool_dir  # noqa: E402
from deckcli.pools.scriptcache import FOLDER, shipped_data  # noqa: E402


def main() -> None:
    """Make and write the rows of every shipped pool."""
    registry = PoolRegistry([])
    folder = builtin_pool_dir() / FOLDER
    folder.mkdir(exist_ok=True)
    for game_id in registry.game_ids():
        pool = registry.load(game_id)
        rows = build_rows(pool)
        digest = sha256_hex(pool.path.read_bytes())
        text = json.dumps(shipped_data(pool, digest, rows), ensure_ascii=False,
                          separators=(",", ":"))
        target = folder / f"{pool.path.stem}.json"
        target.write_text(text + "\n", encoding="utf-8")
        print(f"wrote {target}: {len(rows):,} rows")


if __name__ == "__main__":
    main()
