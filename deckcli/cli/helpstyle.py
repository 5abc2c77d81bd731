"""How every `--help` reads: values named in capitals (never Python types), and examples.

Recent typer versions print each parameter's Python type (`<bool>`, `<list[Path]>`) and put
required arguments in braces (`{paths}`); deckcli's help names a value the way its usage line
does (`PATH...`, `--game GAME`) and says nothing for a flag. `plain_value_names` switches that
on once, for the whole app; on a typer without these hooks it changes nothing.
"""

from __future__ import annotations

from typing import Any


def plain_value_names() -> None:
    """Name values by metavar (or the parameter's name in capitals); flags show none."""
    from typer import core

    argument, option = getattr(core, "TyperArgument", None), getattr(core, "TyperOption", None)
    if argument is None or option is None or not hasattr(argument, "_usage_display_name"):
        return
    argument.display_name_raw = property(_argument_name)
    argument.display_type_rich = lambda self, ctx: None
    argument._usage_display_name = _usage_name
    option.display_type_rich = _option_value_name
    for kind in (argument, option):  # "[0<=x<=100]": the help text says it in words
        kind._get_number_range_help_str = lambda self: None


def _argument_name(param: Any) -> str:
    return str(param.metavar or param.name.strip("_").upper().replace("_", "-"))


def _usage_name(param: Any) -> str:
    name = _argument_name(param)
    if param.nargs != 1 and not name.endswith("..."):
        name += "..."
    return name if param.required else f"[{name}]"


def _option_value_name(param: Any, ctx: object) -> str | None:
    if param.metavar is not None:
        return str(param.metavar) or None
    if param.is_flag:
        return None
    return str(param.name.strip("_").upper().replace("_", "-"))


def epilog(*examples: tuple[str, str], exits: str = "") -> str:
    """The end of a command's help: examples (command, what it does), then exit statuses."""
    lines = ["Examples:"]
    for command, what in examples:
        lines += [f"  {command}", f"      {what}"]
    text = "\n".join(lines)
    if exits:
        text += f"\n\nExit status: {exits}"
    return text.replace("[", "\\[")  # rich markup: brackets in the text are literal
