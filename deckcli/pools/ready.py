"""The shipped pools' ready form: each validated, then written as plain data beside them
(`cardpools/ready/`), so that a run reads a shipped pool without pydantic and without parsing
its TOML, even with an empty cache folder (`pools.catalogue`, `pools.cache`).

`catalogue.json` lists each pool file with a hash of its bytes, its game's id and aliases,
its format ids and its validated header (`model.spec.encode`); `<stem>.cards.json` holds its
cards (the cards store's codec). A pool file whose bytes no longer have the listed hash is
read from its TOML as any other, so a stale ready form is never wrong, only slower; the
tests (`tests/test_ready_pools.py`) and the wheel's build (`hatch_build.py`) fail when it is
stale or a shipped pool is not valid.

    python -m deckcli.pools.ready            # write the ready form of cardpools/
    python -m deckcli.pools.ready --check    # exit 1, naming the files, when it is stale
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from deckcli.io.cachestore import dumps
from deckcli.io.stamps import sha256_hex
from deckcli.model.spec import encode
from deckcli.pools.cache import to_entry
from deckcli.pools.catalogue import READY, READY_FORMAT, builtin_pool_dir
from deckcli.pools.load import load_pool, validate_header
from deckcli.pools.poolfile import head_of, parse_header, read_pool_bytes


def build(folder: Path) -> dict[str, str]:
    """The ready form of every pool file in a folder: file name (inside `ready/`) -> text.
    PoolError when a pool is not valid."""
    pools: dict[str, object] = {}
    files: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        data = read_pool_bytes(path)
        raw = parse_header(path, head_of(data))
        header = validate_header(path, raw)
        pool = load_pool(path, data, header)
        pools[path.name] = {"hash": sha256_hex(data), "names": [header.game.id,
                                                                *header.game.aliases],
                            "formats": list(header.formats),
                            "header": encode(header)}
        files[f"{path.stem}.cards.json"] = dumps(to_entry(pool)) + "\n"
    files["catalogue.json"] = json.dumps({"format": READY_FORMAT, "pools": pools},
                                         ensure_ascii=False, indent=1) + "\n"
    return files


def stale(folder: Path) -> list[str]:
    """The ready files that are missing, differ from what `build` makes, or are left over."""
    wanted = build(folder)
    ready = folder / READY
    found = {path.name for path in ready.glob("*.json")} if ready.is_dir() else set()
    wrong = [name for name, text in wanted.items()
             if not (ready / name).is_file()
             or (ready / name).read_text(encoding="utf-8") != text]
    return sorted(wrong + sorted(found - set(wanted)))


def write(folder: Path) -> list[str]:
    """Write the ready form of a folder's pools; the names of the files written."""
    ready = folder / READY
    ready.mkdir(exist_ok=True)
    wanted = build(folder)
    for path in ready.glob("*.json"):
        if path.name not in wanted:
            path.unlink()
    for name, text in wanted.items():
        (ready / name).write_text(text, encoding="utf-8", newline="\n")
    return sorted(wanted)


def main(argv: list[str]) -> int:
    """`--check`: 1 when the ready form is stale; else write it."""
    folder = builtin_pool_dir()
    if "--check" in argv:
        wrong = stale(folder)
        for name in wrong:
            sys.stderr.write(f"stale: {folder / READY / name}\n")
        if wrong:
            sys.stderr.write("run: python -m deckcli.pools.ready\n")
        return 1 if wrong else 0
    for name in write(folder):
        sys.stdout.write(f"wrote {folder / READY / name}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
