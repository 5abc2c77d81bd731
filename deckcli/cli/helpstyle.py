"""How every `--help` reads, through typer's public API: command classes passed with `cls=`.

`DeckCommand` and `DeckGroup` render the help themselves from each parameter's public
attributes (its option names, metavar, help, default), so it reads the same whatever typer
prints by default: values named in capitals by their metavar (`--game GAME`, `PATH...`),
never a Python type, a flag with no value; text as written (`[tool.deckcli]` is not markup);
words wrapped at spaces and option names never cut, at any width (below 60 columns each
option's help goes under its names). `DeckTyper` makes them the classes of every command.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand, TyperGroup

from deckcli.i18n import _

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.text import Text
    from typer._click.core import Context  # the type typer's classes take (click vendored)

NARROW = 60  # below this many columns, an option's help goes under its names
NAMES_SHARE = 0.4  # the names column takes at most this share of a wide panel


def value_name(param: Any) -> str:
    """An argument's or option's value as help and usage name it: its metavar, else its
    name in capitals; '...' when it takes several."""
    name = str(param.metavar or param.name.strip("_").upper().replace("_", "-"))
    if param.param_type_name == "argument" and param.nargs != 1 and not name.endswith("..."):
        name += "..."
    return name


def usage_pieces(params: Sequence[Any], options_metavar: str | None) -> list[str]:
    pieces = [options_metavar] if options_metavar else []
    for param in params:
        if param.param_type_name == "argument" and not param.hidden:
            name = value_name(param)
            pieces.append(name if param.required else f"[{name}]")
    return pieces


def _names(param: Any) -> str:
    if param.param_type_name == "argument":
        return value_name(param)
    names = ", ".join(sorted(param.opts, key=lambda opt: not opt.startswith("--")))
    if param.secondary_opts:
        names += " / " + ", ".join(param.secondary_opts)
    if not param.is_flag and param.metavar != "":
        names += " " + value_name(param)
    return names


def _default(param: Any) -> str | None:
    shown = getattr(param, "show_default", False)
    if isinstance(shown, str):
        return shown
    default = param.default
    if not shown or callable(default) or default in (None, "", (), []):
        return None
    if getattr(param, "is_flag", False):  # --play/--draw: the one that holds by default
        names = param.opts if default is True else param.secondary_opts
        return names[0].lstrip("-") if param.secondary_opts and names else None
    return str(default.value if isinstance(default, Enum) else default)


def _help(param: Any) -> tuple[str, str]:
    """The help text and what follows it in brackets (default, required); click's own help
    option says what it does in the chosen language."""
    text = " ".join(inspect.cleandoc(getattr(param, "help", None) or "").split())
    if param.name == "help" and param.is_eager and not param.expose_value:
        text = _("Show this message and exit.")
    default = _default(param)
    extras = [_("default: {default}").format(default=default)] if default else []
    if param.param_type_name == "argument" and param.required:
        extras.append(_("required"))
    return text, f"[{'; '.join(extras)}]" if extras else ""


def paragraphs(text: str) -> list[str]:
    """A docstring's paragraphs, each on one line ('\\b' paragraphs kept line by line)."""
    result = []
    for block in inspect.cleandoc(text).split("\n\n"):
        if block.startswith("\b"):
            result.append(block.lstrip("\b\n"))
        elif block.strip():
            result.append(" ".join(block.split()))
    return result


def _cell(console: Console, help_text: str, extra: str, width: int) -> Text:
    """The help, wrapped at spaces; its bracket after it, never split over two lines."""
    from rich.cells import cell_len
    from rich.text import Text

    if not extra:
        return Text(help_text)
    lines: list[Text] = list(Text(help_text).wrap(console, width)) if help_text else []
    last = lines[-1].plain if lines else ""
    fits = lines and cell_len(last) + 1 + cell_len(extra) <= width
    joiner = " " if fits else "\n" if help_text else ""
    return Text(help_text + joiner + extra)


def _panel(console: Console, title: str, rows: list[tuple[str, tuple[str, str]]]) -> None:
    from rich.box import ROUNDED
    from rich.cells import cell_len
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    if not rows:
        return
    inner = console.width - 4
    widest = max(cell_len(names) for names, _help_text in rows)
    grid = Table.grid(padding=(0, 2))
    if console.width >= NARROW and widest <= inner * NAMES_SHARE:
        grid.add_column(width=widest, no_wrap=True)
        grid.add_column()
        for names, (text, extra) in rows:
            grid.add_row(Text(names, style="bold cyan"),
                         _cell(console, text, extra, inner - widest - 2))
    else:  # names on their own line (never cut), the help under them
        grid.add_column()
        for names, (text, extra) in rows:
            grid.add_row(Text(names, style="bold cyan", overflow="fold"))
            if text or extra:
                grid.add_row(_indented(_cell(console, text, extra, inner - 4), 4))
    console.print(Panel(grid, title=title, title_align="left", box=ROUNDED,
                        border_style="dim"))


def _indented(text: str | Text, indent: int) -> RenderableType:
    from rich.padding import Padding
    from rich.text import Text

    return Padding(Text(text) if isinstance(text, str) else text, (0, 0, 0, indent))


def _text(console: Console, text: str) -> None:
    """Lines as written, each wrapped at spaces under its own indentation."""
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        console.print(_indented(stripped, 1 + len(line) - len(stripped)) if stripped else "")


def usage_line(ctx: Context) -> str:
    """`Usage: deckcli check [OPTIONS] PATH...` in the chosen language."""
    pieces = " ".join(ctx.command.collect_usage_pieces(ctx))
    return _("Usage: {command} {pieces}").format(command=ctx.command_path, pieces=pieces)


def render_help(command: Any, ctx: Context, console: Console | None = None) -> None:
    """The whole help of a command or group, on stdout."""
    from rich.console import Console

    console = console or Console(highlight=False)
    console.print()
    _text(console, usage_line(ctx))
    console.print()
    for paragraph in paragraphs(command.help or ""):
        _text(console, paragraph)
        console.print()
    params = [p for p in command.get_params(ctx) if not p.hidden]
    _panel(console, _("Arguments"), [(_names(p), _help(p)) for p in params
                                  if p.param_type_name == "argument"])
    _panel(console, _("Options"), [(_names(p), _help(p)) for p in params
                                if p.param_type_name == "option"])
    if isinstance(command, TyperGroup):
        subcommands = [(name, command.get_command(ctx, name))
                       for name in command.list_commands(ctx)]
        _panel(console, _("Commands"), [(name, ((paragraphs(sub.help or "") or [""])[0], ""))
                                     for name, sub in subcommands
                                     if sub is not None and not sub.hidden])
    if command.epilog:
        console.print()
        _text(console, command.epilog)
    console.print()


class DeckCommand(TyperCommand):
    """A command whose help and usage line deckcli renders (see the module's docstring), and
    whose values are coerced without pydantic where that is plain (`cli.coerce`)."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        from deckcli.cli.coerce import plain_first

        plain_first(self.get_params(ctx))
        return super().parse_args(ctx, args)

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        return usage_pieces(self.get_params(ctx), self.options_metavar)

    def format_help(self, ctx: Context, formatter: Any) -> None:
        render_help(self, ctx)


class DeckGroup(TyperGroup):
    """The group (`deckcli`, `deckcli pool`) counterpart of `DeckCommand`."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        from deckcli.cli.coerce import plain_first

        plain_first(self.get_params(ctx))
        return super().parse_args(ctx, args)

    def format_help(self, ctx: Context, formatter: Any) -> None:
        render_help(self, ctx)


class DeckTyper(typer.Typer):
    """A typer app whose group and commands are `DeckGroup` and `DeckCommand`, with help
    text taken as written (no rich markup) and usage errors as plain lines."""

    def __init__(self, **settings: Any) -> None:
        settings.setdefault("cls", DeckGroup)
        settings.setdefault("rich_markup_mode", None)
        super().__init__(**settings)

    def command(self, *args: Any, **settings: Any) -> Callable[[Any], Any]:
        settings.setdefault("cls", DeckCommand)
        return super().command(*args, **settings)


def epilog(*examples: tuple[str, str], exits: str = "") -> str:
    """The end of a command's help: examples (command, what it does), then exit statuses."""
    lines = [_("Examples:")]
    for command, what in examples:
        lines += [f"  {command}", f"      {what}"]
    text = "\n".join(lines)
    if exits:
        text += "\n\n" + _("Exit status: {statuses}").format(statuses=exits)
    return text
