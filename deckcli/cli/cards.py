"""`deckcli cards GAME [QUERY]`: search a game's card pool with the query language."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckcli.cli import complete
from deckcli.cli.app import app, open_registry
from deckcli.cli.helpstyle import DeckCommand, epilog
from deckcli.errors import EXIT_FAILED, UserError
from deckcli.i18n import _, ngettext

if TYPE_CHECKING:
    from typer._click.core import Context

    from deckcli.engine.resolver import Resolver
    from deckcli.engine.scripts import Found
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
        raise UserError(registry.unknown_game(game))
    if format_ not in FORMATS:
        raise UserError(_("--format takes {items}, not {format!r}").format(
                            items=', '.join(FORMATS), format=format_))
    try:
        resolver = registry.resolver(game_id, registry.header(game_id).game.default_format)
    except PoolError as exc:
        raise UserError(str(exc), EXIT_FAILED) from None
    pool = resolver.pool
    text = " ".join(query or [])
    matched: dict[str, Found] = {}
    try:
        found, single = search_cards(resolver, text)
    except QueryError as exc:
        raise UserError(_("query: {reason}").format(reason=exc)) from None
    if single is None and text.strip() and plain_words(text):  # then other scripts' names,
        matched = script_matches(resolver, text, found)         # after every exact match
        found += [item.card for item in matched.values()]
    shown = found[:limit] if limit > 0 else found
    if format_ == "json":
        records = [card_record(card) for card in shown]
        for record in records:
            if record["number"] in matched:
                record["matched"] = matched[record["number"]].said()
        typer.echo(json.dumps(records, ensure_ascii=False, indent=2))
    elif single is not None:
        _print_card(single, plain=format_ == "text")
    else:
        said = {number: item.said() for number, item in matched.items()}
        _print_table(pool, shown, len(found), plain=format_ == "text", matched=said)
    raise typer.Exit(0 if found else 1)


_QUERY_SYNTAX = re.compile(r"""[:<>=()"]|(?:^|\s)-\S|(?:^|\s)(?:or|and|not)(?:\s|$)""",
                           re.IGNORECASE)


def plain_words(text: str) -> bool:
    """Whether a query is only words (no field, operator, negation or parenthesis): a name
    being looked for, which may be typed in another script."""
    return _QUERY_SYNTAX.search(text) is None


def script_matches(resolver: Resolver, text: str, exact: list[Card]) -> dict[str, Found]:
    """Cards a name in another script finds (romaji, kana, pinyin, the other Chinese
    characters, Latin without accents) that the exact search did not: they never hide it."""
    known = {card.number for card in exact}
    return {item.card.number: item for item in resolver.scripts().containing(text)
            if item.card.number not in known}


def _print_table(pool: Pool, shown: list[Card], total: int, plain: bool,
                 matched: dict[str, str] | None = None) -> None:
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
    if matched:  # which name a card was found by, when another script found it
        columns.insert(2, Column(_("matched")))
        for row, card in zip(rows, shown, strict=True):
            row.insert(2, matched.get(card.number, ""))
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
    from rich.cells import cell_len
    from rich.console import Console
    from rich.text import Text

    from deckcli.report.cardview import card_record, show_value
    from deckcli.report.wrap import wrap_words

    facts = []
    for key, value in card_record(card).items():
        if isinstance(value, dict):
            value = ", ".join(f"{lang}: {name}" for lang, name in value.items())
        facts.append((key.replace("_", " "), show_value(value)))
    if plain:
        typer.echo("\n".join(f"{key}: {value}" for key, value in facts))
        return
    console = Console(highlight=False)
    shown = [(key, value) for key, value in facts if value]  # an empty fact says nothing
    width = max(cell_len(key) for key, _ in shown) + 2
    for key, value in shown:  # a pool's text as written, never rich markup; wrapped at
        lines = wrap_words(value, max(console.width - width, 20))  # spaces, URLs whole
        console.print(Text.assemble((key, "bold"), " " * (width - cell_len(key)), lines[0]),
                      soft_wrap=True)
        for line in lines[1:]:
            console.print(Text(" " * width + line), soft_wrap=True)
