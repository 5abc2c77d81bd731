"""`deckcli games`: every game and format with its deck rules, one line each."""

from __future__ import annotations

from typing import Annotated, TypedDict

import typer

from deckcli.cli.app import app, open_registry
from deckcli.cli.guard import error
from deckcli.cli.helpstyle import epilog
from deckcli.errors import UserError
from deckcli.i18n import _

FORMATS = ("rich", "text", "json")


class _Row(TypedDict):
    """One game format as `games` lists it (and prints it as JSON)."""

    game: str
    format: str
    default: bool
    name: str
    format_name: str
    rules: list[str]
    aliases: list[str]


@app.command(help=_("List the games and formats deckcli knows, with their deck rules."),
             epilog=epilog(
    ("deckcli games", _("Every game and deck format, with its rules in a few words.")),
    ("deckcli games --format text | grep megaman", _("One plain line per format.")),
    ("deckcli --pools ./my-pools games", _("Games from your own pool files too.")),
))
def games(
    format_: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                         help=_("rich, text (one plain line per format) or "
                                                "json."))] = "rich",
) -> None:
    import json

    if format_ not in FORMATS:
        raise UserError(_("--format takes {items}, not {format!r}").format(
                            items=', '.join(FORMATS), format=format_))

    registry = open_registry()
    rows: list[_Row] = []
    from deckcli.engine.rules import describe
    from deckcli.pools.poolfile import PoolError

    for game_id in registry.game_ids():
        try:
            header = registry.header(game_id)
        except PoolError:
            continue  # listed with the broken pools below
        for format_id, fmt in header.formats.items():
            rows.append({
                "game": game_id, "format": format_id,
                "default": format_id == header.game.default_format,
                "name": header.game.name, "format_name": fmt.name,
                "rules": [describe(rule) for rule in fmt.rules],
                "aliases": header.game.aliases,
            })
    for broken in registry.broken:
        error(_("pool not loaded: {error}").format(error=broken.error))
    if format_ == "json":
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    from deckcli.i18n.width import display_width, ljust

    default = _("(default)")
    labels = [f"{r['game']}/{r['format']}" + (f" {default}" if r["default"] else "") for r in rows]
    if format_ == "text":
        width = max(map(display_width, labels), default=0)
        for label, row in zip(labels, rows, strict=True):
            typer.echo(f"{ljust(label, width)}  {'; '.join(row['rules'])}")
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(highlight=False)
    if console.width < max(map(display_width, labels), default=0) + 30:  # too narrow: one
        for label, row in zip(labels, rows, strict=True):
            console.print(label, style="bold", markup=False)
            console.print("  " + "\n  ".join(row["rules"]), markup=False)
        return
    table = Table(show_edge=False, pad_edge=False, header_style="bold", show_lines=True)
    table.add_column(_("game/format"), no_wrap=True)
    table.add_column(_("deck rules"), overflow="fold")
    for label, row in zip(labels, rows, strict=True):  # a pool's text, never rich markup
        table.add_row(Text(label.replace(f" {default}", f"\n{default}")),
                      Text("\n".join(row["rules"])))
    console.print(table)
