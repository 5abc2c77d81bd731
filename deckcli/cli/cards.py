"""`deckcli cards GAME [QUERY]`: search a game's card pool with the query language."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckcli.cli import complete
from deckcli.cli.app import app, open_registry
from deckcli.cli.helpstyle import DeckCommand, epilog
from deckcli.errors import EXIT_FAILED, UserError
from deckcli.i18n import _, ngettext

if TYPE_CHECKING:
    from typer._click.core import Context

    from deckcli.model.card import Card
    from deckcli.model.pool import Pool

FORMATS = ("rich", "text", "json")


class QueryCommand(DeckCommand):
    """A command whose words after the first argument (the game) are a query, whatever they
    start with: `-color:Red` is a negated term, not an option; the command's own options
    still work anywhere."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        parsed: list[str] = super().parse_args(ctx, query_words_last(self.get_params(ctx),
                                                                     args))
        return parsed


def query_words_last(params: list[Any], args: list[str]) -> list[str]:
    """The command line with the options first, then `--`, then the arguments in order."""
    takes_value = {name: not param.is_flag for param in params
                   if param.param_type_name == "option"
                   for name in (*param.opts, *param.secondary_opts)}
    options: list[str] = []
    words: list[str] = []
    rest = iter(args)
    for arg in rest:
        name = arg.split("=", 1)[0]
        if arg == "--":
            words.extend(rest)
        elif name in takes_value:
            options.append(arg)
            if takes_value[name] and "=" not in arg:
                following = next(rest, None)
                if following is None:
                    return args  # a value missing: the parser says so
                options.append(following)
        elif takes_value.get(arg[:2]) and not arg.startswith("--"):
            options.append(arg)  # -fjson
        elif arg.startswith("-") and not words:
            options.append(arg)  # before the game: the parser says what is wrong with it
        else:
            words.append(arg)
    return [*options, "--", *words]


@app.command(help=_("Search a card pool; a card number alone shows that card in full."),
             cls=QueryCommand, epilog=epilog(
    ("deckcli cards megaman type:NetNavi", _("Every NetNavi.")),
    ('deckcli cards digimon-classic "level>=IV -type:Option" --limit 20', _("A query with a "
                                                                            "comparison and "
                                                                            "a negation, first 20 "
                                                                            "cards.")),
    ("deckcli cards megaman 1C12", _("One card in full, by its number.")),
    exits=_("0 cards found; 1 no card matches; 2 a bad query or an unknown game."),
))
def cards(
    game: Annotated[str, typer.Argument(metavar="GAME",
                                        help=_("Game id or alias (see deckcli games)."),
                                        autocompletion=complete.game_ids)],
    query: Annotated[list[str] | None, typer.Argument(metavar="QUERY...",
        help=_('Card query, e.g. type:NetNavi, "level>=IV -type:Option", a card number.'))] = None,
    format_: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                         help=_("rich, text (plain aligned columns) or "
                                                "json."))] = "rich",
    limit: Annotated[int, typer.Option("--limit", metavar="N",
                                       help=_("Show at most N cards (0: all)."))] = 0,
) -> None:
    from deckcli.engine.query import QueryError
    from deckcli.engine.search import search_cards
    from deckcli.pools.poolfile import PoolError
    from deckcli.report.cardview import card_record

    registry = open_registry()
    game_id = registry.resolve_id(game)
    if game_id is None:
        raise UserError(_("unknown game {game!r}; games: {items}").format(
                            game=game, items=', '.join(registry.game_ids())))
    if format_ not in FORMATS:
        raise UserError(_("--format takes {items}, not {format!r}").format(
                            items=', '.join(FORMATS), format=format_))
    try:
        resolver = registry.resolver(game_id, registry.header(game_id).game.default_format)
    except PoolError as exc:
        raise UserError(str(exc), EXIT_FAILED) from None
    pool = resolver.pool
    text = " ".join(query or [])
    try:
        found, single = search_cards(resolver, text)
    except QueryError as exc:
        raise UserError(_("query: {reason}").format(reason=exc)) from None
    shown = found[:limit] if limit > 0 else found
    if format_ == "json":
        typer.echo(json.dumps([card_record(card) for card in shown], ensure_ascii=False,
                              indent=2))
    elif single is not None:
        _print_card(single, plain=format_ == "text")
    else:
        _print_table(pool, shown, len(found), plain=format_ == "text")
    raise typer.Exit(0 if found else 1)


def _print_table(pool: Pool, shown: list[Card], total: int, plain: bool) -> None:
    from rich.console import Console

    from deckcli.cli.fit import Column, fit_table, plain_table
    from deckcli.report.cardview import show_value

    fields = [c for c in pool.header.game.columns if c not in ("number", "name")]
    if "type" not in fields:
        fields.insert(0, "type")
    from deckcli.cli.language import card_language
    from deckcli.cli.show import not_shown
    from deckcli.model.cardnames import display_name

    names = card_language()
    columns = [Column(_("number"), "key"), Column(_("name"), "name"),
               *(Column(field.replace("_", " ")) for field in fields)]
    rows = [[card.number, display_name(card, names),
             *(show_value(card.attrs.get(field)) for field in fields)] for card in shown]
    if len(shown) < total:
        summary = ngettext("{count:,} {game} card (showing {shown:,})",
                           "{count:,} {game} cards (showing {shown:,})", total)
    else:
        summary = ngettext("{count:,} {game} card", "{count:,} {game} cards", total)
    summary = summary.format(count=total, game=pool.game_id, shown=len(shown))
    if plain:
        typer.echo("\n".join([*plain_table(columns, rows), summary]))
        return
    console = Console(highlight=False)
    table, hidden = fit_table(console.width, columns, rows)
    console.print(table)
    if hidden:
        summary += "; " + not_shown(hidden)
    console.print(summary, style="dim", markup=False)


def _print_card(card: Card, plain: bool) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from deckcli.report.cardview import card_record, show_value

    facts = []
    for key, value in card_record(card).items():
        if isinstance(value, dict):
            value = ", ".join(f"{lang}: {name}" for lang, name in value.items())
        facts.append((key.replace("_", " "), show_value(value)))
    if plain:
        typer.echo("\n".join(f"{key}: {value}" for key, value in facts))
        return
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for key, value in facts:
        table.add_row(Text(key), Text(value))  # a pool's text as written, never rich markup
    Console(highlight=False).print(table)
