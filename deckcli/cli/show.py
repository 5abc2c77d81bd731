"""`deckcli show`: a deck as a table grouped by card type, its curve, and its verdict."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckcli.cli.app import app, run_settings
from deckcli.cli.helpstyle import epilog
from deckcli.errors import UserError

if TYPE_CHECKING:  # imported lazily at run time, to keep --help fast
    from rich.console import Console

    from deckcli.cli.fit import Column

BAR_WIDTH = 30
PLAYABLE = "playable t3"
PLAYABLE_LEGEND = ("playable t3: the chance the card can be played by turn 3 (deckcli draw "
                   "--playable); ½tN: below 50% on turn 3, it first reaches 50% on turn N")
FORMATS = ("rich", "text", "json")


@app.command(epilog=epilog(
    ("deckcli show samples/megaman/starter-megaman.toml", "The deck by card type, its curve "
     "and its verdict."),
    ("deckcli show deck.toml --format text | grep Greymon", "Plain lines, one per card, for "
     "grep and scripts."),
    exits="0 shown (legal or not); 1 the deck cannot be read; 2 usage error.",
))
def show(
    path: Annotated[Path, typer.Argument(metavar="PATH",
                                         help="The deck file (TOML or text list).")],
    format_: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                         help="rich, text (plain lines, "
                                         "one per card) or json.")] = "rich",
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="LANG",
        help="Card names in ja, zh-Hans, zh-Hant or en (default: as the deck writes "
        "them).")] = None,
) -> None:
    """Show a deck: cards by type with their key stats, the curve, and whether it is legal."""
    from deckcli.app.opendeck import load_deck
    from deckcli.app.summary import deck_summary
    from deckcli.model.cardnames import LANGUAGES

    if format_ not in FORMATS:
        raise UserError(f"--format takes {', '.join(FORMATS)}, not {format_!r}")
    if lang is not None and lang not in LANGUAGES:
        raise UserError(f"--lang takes {', '.join(LANGUAGES)}, not {lang!r}")
    loaded = load_deck(path, run_settings([path]))
    summary = deck_summary(loaded, lang)
    if format_ == "json":
        typer.echo(json.dumps(summary, ensure_ascii=False, indent=2))
    elif format_ == "text":
        typer.echo("\n".join(plain_lines(summary)))
    else:
        _print(summary)


def _columns(summary: dict[str, Any], stats: list[str]) -> list[Column]:
    from deckcli.cli.fit import Column

    return [Column("count", "key", "right"), Column("number", "key"), Column("name", "name"),
            *(Column(stat.replace("_", " ")) for stat in stats)]


def plain_lines(summary: dict[str, Any]) -> list[str]:
    """`--format text`: the title, one aligned line per card (its type in a column), the
    curve and the verdict; the same whatever the terminal width."""
    from deckcli.cli.fit import Column, plain_table
    from deckcli.report.cardview import show_value

    stats = summary["columns"]
    columns = _columns(summary, stats)
    columns.insert(3, Column("type"))
    rows = [[str(row["count"]), row["number"] or "", row["name"], group["type"],
             *(show_value(row[stat]) for stat in stats)]
            for group in summary["groups"] for row in group["cards"]]
    lines = [_title(summary), *plain_table(columns, rows)]
    if PLAYABLE in stats and any(row[PLAYABLE] for group in summary["groups"]
                                 for row in group["cards"]):
        lines.append(PLAYABLE_LEGEND)
    if summary["curve"]["counts"]:
        lines.append(summary["curve"]["field"].replace("_", " ") + ": " + ", ".join(
            f"{item['value']} ×{item['count']}" for item in summary["curve"]["counts"]))
    return [*lines, *_verdict_lines(summary)]


def _title(summary: dict[str, Any]) -> str:
    return " · ".join(filter(None, (summary["name"], summary["game"], summary["format"])))


def _print(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.text import Text

    from deckcli.cli.fit import fit_table
    from deckcli.report.cardview import show_value

    console = Console(highlight=False)
    console.print(Text(_title(summary), style="bold"))
    # the playable column (games with costs) only where names need not wrap for it
    stats = [c for c in summary["columns"] if console.width >= 100 or c != PLAYABLE]
    rows: list[list[str | Text]] = []
    sections = set()
    for index, group in enumerate(summary["groups"]):
        if index:
            sections.add(len(rows))
        rows.append([Text(str(group["count"]), style="bold"), "",
                     Text(group["type"], style="bold"), *("" for _ in stats)])
        for row in group["cards"]:
            rows.append([str(row["count"]), row["number"] or "", Text(row["name"]),
                         *(Text(show_value(row[stat])) for stat in stats)])
    table, hidden = fit_table(console.width, _columns(summary, stats), rows,
                              frozenset(sections))
    console.print(table)
    if hidden:
        console.print(Text(f"not shown at this width: {', '.join(hidden)} (--format text "
                           "shows all)", style="dim"))
    if PLAYABLE in stats and PLAYABLE not in hidden:
        console.print(Text(PLAYABLE_LEGEND, style="dim"))
    _print_curve(console, summary["curve"])
    _print_verdict(console, summary)


def _print_curve(console: Console, curve: dict[str, Any]) -> None:
    from rich.text import Text

    if not curve["counts"]:
        return
    console.print()
    console.print(Text(curve["field"].replace("_", " "), style="bold"))
    from rich.cells import cell_len

    # labels right-aligned by display width: 究極体 takes 6 columns, as III takes 3
    width = max(cell_len(item["value"]) for item in curve["counts"])
    peak = max(item["count"] for item in curve["counts"])
    for item in curve["counts"]:
        bar = "█" * max(1, round(BAR_WIDTH * item["count"] / peak))
        pad = " " * (width - cell_len(item["value"]))
        console.print(Text(f"  {pad}{item['value']} {bar} {item['count']}"))


def _print_verdict(console: Console, summary: dict[str, Any]) -> None:
    from rich.text import Text

    console.print()
    verdict, *problems = _verdict_lines(summary)
    style = "green" if summary["legal"] else "red"
    console.print(Text(verdict, style=f"bold {style}"))
    for line in problems:
        console.print(Text(line))


def _verdict_lines(summary: dict[str, Any]) -> list[str]:
    mark = "✓ legal" if summary["legal"] else "✗ illegal"
    lines = [f"{mark} · {summary['cards']} cards"]
    for problem in summary["problems"]:
        where = f"line {problem['line']}" if problem["line"] else "deck"
        lines.append(f"  {where:>8}  {problem['severity']:<7} {problem['rule']}  "
                     f"{problem['message']}")
    return lines
