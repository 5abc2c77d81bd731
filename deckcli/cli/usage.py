"""Usage errors in the chosen language, rendered by deckcli from the public attributes of the
exception typer's bundled click raised (its context, option name, parameter, message).

Click's own texts are English; each one deckcli knows is matched and said again through the
catalogs; one it does not know is shown as click wrote it, inside a translated frame.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any

from typer import Abort

from deckcli.errors import EXIT_USAGE
from deckcli.i18n import _, ngettext


def _extra_arguments(found: re.Match[str]) -> str:
    words = found["arguments"].split()
    return ngettext("Unexpected extra argument: {arguments}",
                    "Unexpected extra arguments: {arguments}", len(words)).format(
        arguments=found["arguments"])


def _no_such_command(found: re.Match[str]) -> str:
    if found["suggestions"]:
        return _("No such command '{name}'. Did you mean {suggestions}?").format(
            name=found["name"], suggestions=found["suggestions"])
    return _("No such command '{name}'.").format(name=found["name"])


def _needs_values(found: re.Match[str]) -> str:
    count = int(found["count"] or 1)
    return ngettext("Option '{option}' needs a value.", "Option '{option}' needs {count} values.",
                    count).format(option=found["option"], count=count)


# Click's English texts deckcli says again in the user's language
_KNOWN: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"No such command '(?P<name>.*?)'\.(?: Did you mean (?P<suggestions>.*)\?)?$"),
     _no_such_command),
    (re.compile(r"Missing command\.$"), lambda found: _("Missing command.")),
    (re.compile(r"Got unexpected extra argument\(s\) \((?P<arguments>.*)\)$"),
     _extra_arguments),
    (re.compile(r"Option '(?P<option>.*)' requires (?:an argument|(?P<count>\d+) arguments)\.$"),
     _needs_values),
    (re.compile(r"Option '(?P<option>.*)' does not take a value\.$"),
     lambda found: _("Option '{option}' does not take a value.").format(
         option=found["option"])),
    (re.compile(r"(?:Value error, )?'(?P<value>.*)' is not one of (?P<choices>.*?)\.?$"),
     lambda found: _("'{value}' is not one of {choices}.").format(
         value=found["value"], choices=found["choices"])),
    (re.compile(r"Input should be a valid integer.*$"),
     lambda found: _("a whole number is expected.")),
    (re.compile(r"Input should be a valid number.*$"),
     lambda found: _("a number is expected.")),
)


def said_again(message: str) -> str:
    """Click's English `message` in the chosen language, where deckcli knows it."""
    for pattern, say in _KNOWN:
        found = pattern.match(message)
        if found:
            return say(found)
    return message


def error_text(error: Any) -> str:
    """The one-line description of a usage error (what follows "Error:")."""
    param = getattr(error, "param", None)
    kind = type(error).__name__
    if kind == "NoSuchOption":
        option = error.option_name
        if error.possibilities:
            return _("No such option: {option} (possible options: {options})").format(
                option=option, options=", ".join(sorted(error.possibilities)))
        return _("No such option: {option}").format(option=option)
    if kind == "MissingParameter" and param is not None:
        name = param.get_error_hint()
        if param.param_type_name == "argument":
            return _("Missing argument {name}.").format(name=name)
        return _("Missing option {name}.").format(name=name)
    if kind == "BadParameter" and param is not None:
        return _("Invalid value for {name}: {reason}").format(
            name=param.get_error_hint(), reason=said_again(error.message))
    return said_again(error.format_message())


def show_usage_error(error: Any) -> None:
    """The usage line, how to get help and the error, on stderr, as click lays them out."""
    ctx = error.ctx
    lines = []
    if ctx is not None:
        from deckcli.cli.helpstyle import usage_line

        lines.append(usage_line(ctx))
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(_("Try '{command} {option}' for help.").format(
                command=ctx.command_path, option=ctx.help_option_names[0]))
        lines.append("")
    lines.append(_("Error: {message}").format(message=error_text(error)))
    sys.stderr.write("\n".join(lines) + "\n")


def usage_error_status(exc: Any) -> int:
    """A usage error click raised, shown in the chosen language (exit 2); an abort (end of
    input at a prompt), exit 1."""
    if isinstance(exc, Abort):
        sys.stderr.write(_("Aborted.") + "\n")
        return 1
    if type(exc).__name__ == "NoArgsIsHelpError":
        return EXIT_USAGE  # the help is already printed
    show_usage_error(exc)
    return int(getattr(exc, "exit_code", EXIT_USAGE))
