"""Check reports, one renderer per output format, looked up by name.

Each renderer is a function `render(result, out, color)` in its own module; modules are
imported only when their format is asked for, so start-up stays lean. The rich format
imports rich only where rich would style or wrap: with colour, or on a terminal; elsewhere
(a pipe, a file, `-o FILE`) `plain_report` writes the very bytes rich would.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TextIO

from deckcli.model.result import CheckResult

Renderer = Callable[[CheckResult, TextIO, bool], None]

RENDERERS: dict[str, str] = {
    "rich": "deckcli.report.rich_report",
    "json": "deckcli.report.json_report",
    "text": "deckcli.report.text_report",
    "github": "deckcli.report.github",
    "sarif": "deckcli.report.sarif",
    "junit": "deckcli.report.junit",
    "markdown": "deckcli.report.markdown",
}

LOCAL: tuple[str, ...] = ("rich", "json", "text")  # for a person's terminal; the rest, for CI
# Renderers whose every line is safe as written in a CI log, so the output is not scanned for
# a line starting `::` (a workflow command): GitHub's writes its own commands and
# percent-encodes what it echoes; JSON's lines start with `{"decks"`, `  {` or `]` (the
# encoder escapes every line break inside a string), and 20,000 decks' lines cost the scan.
RAW_LINES: frozenset[str] = frozenset(("github", "json"))


def get_renderer(name: str) -> Renderer:
    """The renderer for an output format name (see RENDERERS)."""
    if name == "rich":
        return rich_or_plain
    module = importlib.import_module(RENDERERS[name])
    render: Renderer = module.render
    return render


def rich_or_plain(result: CheckResult, out: TextIO, color: bool) -> None:
    """The rich format: rich's renderer with colour or on a terminal, else the plain writer
    (rich, with no colour and soft wrap, prints plain text: the same bytes, 19 ms dearer)."""
    plain = not color and not out.isatty()
    module = importlib.import_module(PLAIN if plain else RENDERERS["rich"])
    render: Renderer = module.render
    render(result, out, color)


PLAIN = "deckcli.report.plain_report"  # the rich format's words, written without rich


def deck_line(problem_line: int | None) -> int:
    """Where a CI annotation points: the problem's line, else the top of the file."""
    return problem_line if problem_line is not None else 1
