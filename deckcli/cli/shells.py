"""Tab completion per shell: candidates escaped as each shell expects, and its script.

typer's scripts run `deckcli` with `_DECKCLI_COMPLETE=complete_SHELL` and the words typed
(`COMP_WORDS`/`COMP_CWORD` for bash, `_TYPER_COMPLETE_ARGS` for zsh and fish); the classes
below, registered with click's `add_completion_class`, print the candidates:

- bash inserts a candidate as printed: it is escaped with backslashes, or quoted when the
  word being typed opened a quote (`'Fire It` → `'Fire It Up'`);
- zsh evaluates what is printed: `_describe` gets each candidate single-quoted, so a name
  with spaces, quotes or `$` is one word, and zsh escapes it as it inserts it;
- fish reads one candidate per line and escapes it itself: printed as it is.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from typer._completion_classes import BashComplete, FishComplete, ZshComplete

if TYPE_CHECKING:
    from typer._click.shell_completion import CompletionItem

COMPLETE_VAR = "_DECKCLI_COMPLETE"
SHELLS = ("bash", "zsh", "fish")
_BASH_PLAIN = re.compile(r"[\w@%+=:,./-]")


def open_quote(line: str) -> str:
    """The quote left open at the end of a command line as bash keeps it ('' if none)."""
    quote, escaped = "", False
    for char in line:
        if escaped:
            escaped = False
        elif char == "\\" and quote != "'":
            escaped = True
        elif quote and char == quote:
            quote = ""
        elif not quote and char in "'\"":
            quote = char
    return quote


def bash_word(value: str, quote: str) -> str:
    """`value` as bash must insert it for the word being typed (opened with `quote`)."""
    if quote == "'":
        return "'" + value.replace("'", "'\\''") + "'"
    if quote == '"':
        return '"' + re.sub(r'([\\"$`])', r"\\\1", value) + '"'
    return "".join(char if _BASH_PLAIN.fullmatch(char) else "\\" + char for char in value)


def zsh_quoted(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


class DeckBash(BashComplete):
    def format_completion(self, item: CompletionItem) -> str:
        # the word being completed is the last one typed: a quote it opened is still open
        return bash_word(str(item.value), open_quote(os.environ.get("COMP_WORDS", "")))


class DeckZsh(ZshComplete):
    def complete(self) -> str:
        args, incomplete = self.get_completion_args()
        entries = []
        for item in self.get_completions(args, incomplete):
            value = str(item.value).replace("\\", "\\\\").replace(":", "\\:")
            help_text = " ".join(str(item.help or "").split())
            entries.append(zsh_quoted(f"{value}:{help_text}" if help_text else value))
        if not entries:
            return "_files"
        return f"local -a deckcli_values; deckcli_values=({' '.join(entries)}); " \
            "_describe value deckcli_values"


def register() -> None:
    """Make these the classes typer's completion uses (before the command line runs)."""
    from typer._click.shell_completion import add_completion_class

    add_completion_class(DeckBash, "bash")
    add_completion_class(DeckZsh, "zsh")
    add_completion_class(FishComplete, "fish")


def detect() -> str | None:
    """The shell deckcli runs under, if it is one completion supports."""
    import importlib

    try:  # shellingham comes with typer (it has no type hints)
        name = str(importlib.import_module("shellingham").detect_shell()[0])
    except Exception:  # not detectable (no parent shell, unsupported OS)
        name = os.path.basename(os.environ.get("SHELL", ""))
    return name if name in SHELLS else None
