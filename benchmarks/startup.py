"""Start-up cost: `deckcli check` on one MegaMan deck against the import floor.

Prints the wall time of a cold `deckcli check` (pool cache warm, as after the first run)
beside two baselines measured in the same run: importing typer, rich and pydantic, and a
two-command typer app with the same kind of options that parses the deck's TOML and prints a
line (typer builds its parameters with pydantic, which `import typer` alone does not pay).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from _timing import command_time, python, report

REPO = Path(__file__).resolve().parent.parent
DECK = REPO / "samples" / "megaman" / "starter-megaman.toml"
TYPER_APP = '''
import tomllib
from pathlib import Path
from typing import Annotated
import typer
app = typer.Typer()
@app.command()
def check(paths: list[Path], fmt: Annotated[str, typer.Option("--format", "-f")] = "rich",
          strict: bool = False) -> None:
    data = tomllib.loads(paths[0].read_text(encoding="utf-8"))
    print(f"{paths[0]}: {len(data.get('cards', {}))} entries")
@app.command()
def other() -> None:
    pass
app()
'''


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "DECKCLI_CACHE": cache}
        command_time(python("-m", "deckcli", "check", str(DECK)), 1, env)  # fill the cache
        check = command_time(python("-m", "deckcli", "check", str(DECK), "--format", "json"),
                             7, env)
        uncached_env = {**os.environ, "DECKCLI_CACHE": "off"}
        uncached = command_time(python("-m", "deckcli", "check", str(DECK), "--format", "json"),
                                7, uncached_env)
    imports = command_time(python("-c", "import typer, rich, pydantic"), 7)
    app = command_time(python("-c", TYPER_APP, "check", str(DECK)), 7)
    bare = command_time(python("-c", "pass"), 7)
    report("deckcli check, one MegaMan deck", check, imports, "import typer+rich+pydantic")
    report("deckcli check, one MegaMan deck", check, app, "two-command typer app + TOML")
    report("deckcli check, pool cache off", uncached, app, "two-command typer app + TOML")
    report("python -c pass (interpreter)", bare, imports, "import typer+rich+pydantic")


if __name__ == "__main__":
    main()
