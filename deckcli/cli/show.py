"""`deckcli show`: a deck as a table grouped by card type, its curve, and its verdict."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckcli.cli.app import app, run_settings
from deckcli.cli.helpstyle import epilog
from deckcli.cli.language import card_language
from deckcli.errors import UserError
from deckcli.i18n import _, for_machine_output, ngettext

if TYPE_CHECKING:  # imported lazily at run time, to keep --help fast
    from rich.console import Console

    from deckcli.cli.fit import Column

BAR_WIDTH = 30
PLAYABLE = "playable t3"  # the column's key (its header is translated where it is shown)


def playable_legend() -> str:
    return _("playable t3: the chance the card can be played by turn 3 (deckcli draw "
             "--playable); ½tN: below 50% on turn 3, it first reaches 50% on turn N")
FORMATS = ("rich", "text", "json")


@app.command(help=_("Show a deck: cards by type with their key stats, the curve, and whether it "
                    "is legal."), epilog=epilog(
    ("deckcli show samples/megaman/starter-megaman.toml", _("The deck by card type, its "
                                                            "curve and its verdict.")),
    ("deckcli show deck.toml --format text | grep Greymon", _("Plain lines, one per card, "
                                                              "for grep and scripts.")),
    exits=_("0 shown (legal or not); 1 the deck cannot be read; 2 usage error."),
))
def show(
    path: Annotated[Path, typer.Argument(metavar="PATH",
                                         help=_("The deck file (TOML or text list)."))],
    format_: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                         help=_("rich, text (plain lines, one per card) or "
                                                "json."))] = "rich",
) -> None:
    from deckcli.app.opendeck import load_deck
    from deckcli.app.summary import deck_summary

    if format_ not in FORMATS:
        raise UserError(_("--format takes {items}, not {format!r}").format(
                            items=', '.join(FORMATS), format=format_))
    if format_ == "json":
        for_machine_output()
    loaded = load_deck(path, run_settings([path]))
    summary = deck_summary(loaded, card_language())
    if format_ == "json":
        typer.echo(json.dumps(summary, ensure_ascii=False, indent=2))
    elif format_ == "text":
        typer.echo("\n".join(plain_lines(summary)))
    else:
        _print(summary)


def _columns(summary: dict[str, Any], stats: list[str]) -> list[Column]:
    from deckcli.cli.fit import Column

    return [Column(_("count"), "key", "right"), Column(_("number"), "key"),
            Column(_("name"), "name"), *(Column(_column_header(stat)) for stat in stats)]


def _column_header(stat: str) -> str:
    """A stat column's header: the pool's field name as words; deckcli's own column translated."""
    return _("playable t3") if stat == PLAYABLE else stat.replace("_", " ")


def plain_lines(summary: dict[str, Any]) -> list[str]:
    """`--format text`: the title, one aligned line per card (its type in a column), the
    curve and the verdict; the same whatever the terminal width."""
    from deckcli.cli.fit import Column, plain_table
    from deckcli.report.cardview import show_value

    stats = summary["columns"]
    columns = _columns(summary, stats)
    columns.insert(3, Column(_("type")))
    rows = [[str(row["count"]), row["number"] or "", row["name"], group["type"],
             *(show_value(row[stat]) for stat in stats)]
            for group in summary["groups"] for row in group["cards"]]
    lines = [_title(summary), *plain_table(columns, rows)]
    if PLAYABLE in stats and any(row[PLAYABLE] for group in summary["groups"]
                                 for row in group["cards"]):
        lines.append(playable_legend())
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
        console.print(Text(not_shown(hidden), style="dim"))
    if PLAYABLE in stats and _column_header(PLAYABLE) not in hidden:
        console.print(Text(playable_legend(), style="dim"))
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
    from deckcli.i18n.width import display_width, ljust, rjust
    from deckcli.report.ci import severity_label

    mark = _("✓ legal") if summary["legal"] else _("✗ illegal")
    cards = ngettext("{count} card", "{count} cards", summary["cards"]).format(
        count=summary["cards"])
    lines = [f"{mark} · {cards}"]
    widest = max(display_width(severity_label(sev)) for sev in ("error", "warning", "info"))
    for problem in summary["problems"]:
        where = _("line {line}").format(line=problem["line"]) if problem["line"] else _("deck")
        lines.append(f"  {rjust(where, 8)}  {ljust(severity_label(problem['severity']), widest)} "
                     f"{problem['rule']}  {problem['message']}")
    return lines


def not_shown(hidden: list[str]) -> str:
    """The note under a table that had to leave columns out."""
    return _("not shown at this width: {columns} (--format text shows all)").format(
        columns=", ".join(hidden))
