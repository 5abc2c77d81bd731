"""`deckcli config`: the settings a check of these paths would use, and where each came from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from deckcli.cli.app import app, run_settings
from deckcli.cli.helpstyle import epilog
from deckcli.errors import UserError
from deckcli.i18n import _


@app.command("config", help=_(
    "Print the effective settings of `deckcli check` and where each came from.\n\nThe "
    "configuration is `deckcli.toml`, or `[tool.deckcli]` in `pyproject.toml`, in the nearest "
    "folder above the paths (else above the working folder); see docs/ci.md."), epilog=epilog(
    ("deckcli config", _("The settings a check of the working folder would use, each with "
                         "where it came from (default, a configuration file, the "
                         "environment).")),
    ("deckcli config decks/ --format json", _("The same for the decks under decks/, as "
                                              "JSON.")),
    exits=_("0 printed; 2 a mistake in the configuration (every one reported, one line "
            "each)."),
))
def config_command(
    paths: Annotated[list[Path] | None, typer.Argument(metavar="PATH...",
        help=_("The paths a check would be given (default: the working folder)."),
        show_default=False)] = None,
    format_: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                         help=_("text or json."))] = "text",
) -> None:
    if format_ not in ("text", "json"):
        raise UserError(_("--format {format!r}: use text or json").format(format=format_))
    settings = run_settings(list(paths or []))
    settings.registry(everything=True)  # a mistake is reported here as in a check
    rows = settings.rows()
    if format_ == "json":
        typer.echo(json.dumps({key: {"value": value, "from": source}
                               for key, value, source in rows}, ensure_ascii=False, indent=2))
        return
    for key, value, source in rows:
        typer.echo(f"{key:<15} {json.dumps(value, ensure_ascii=False):<40}  # {_(source)}")

