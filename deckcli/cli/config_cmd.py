"""`deckcli config`: the settings a check of these paths would use, and where each came from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deckcli.cli.app import app, state
from deckcli.errors import UserError

if TYPE_CHECKING:
    from deckcli.app.config import Setting


@app.command("config")
def config_command(
    paths: Annotated[list[Path] | None, typer.Argument(
        help="The paths a check would be given (default: the working folder).",
        show_default=False)] = None,
    format_: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
) -> None:
    """Print the effective settings of `deckcli check` and where each came from.

    The configuration is `deckcli.toml`, or `[tool.deckcli]` in `pyproject.toml`, in the
    nearest folder above the paths (else above the working folder); see docs/ci.md.
    """
    from deckcli.app.config import chosen, output_format, pool_dirs
    from deckcli.app.scan import DEFAULT_EXCLUDE

    if format_ not in ("text", "json"):
        raise UserError(f"--format {format_!r}: use text or json")
    config = state.configure(list(paths or []))
    state.registry()  # a missing pool folder is reported here as in a check
    dirs = pool_dirs(config, state.pool_dirs)
    rows = [
        ("config", str(config.path) if config.path else None,
         "nearest above the paths" if config.path else "none found: defaults"),
        _row("exclude", chosen(None, config, "exclude", list(DEFAULT_EXCLUDE))),
        _row("extend-exclude", chosen(None, config, "extend-exclude", [])),
        ("pools", [str(folder.value) for folder in dirs],
         "; ".join(dict.fromkeys(folder.source for folder in dirs)) or "default"),
        _row("select", chosen(None, config, "select", [])),
        _row("ignore", chosen(None, config, "ignore", [])),
        _row("strict", chosen(None, config, "strict", False)),
        _row("format", output_format(None, config)),
        ("decks", [{"path": glob.path, "game": glob.game, "deck-format": glob.deck_format}
                   for glob in config.decks()], config.origin if config.decks() else "default"),
    ]
    if format_ == "json":
        typer.echo(json.dumps({key: {"value": value, "from": source}
                               for key, value, source in rows}, ensure_ascii=False, indent=2))
        return
    for key, value, source in rows:
        typer.echo(f"{key:<15} {json.dumps(value, ensure_ascii=False):<40}  # {source}")


def _row(key: str, setting: Setting) -> tuple[str, object, str]:
    return key, setting.value, setting.source
