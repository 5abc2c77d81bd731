"""Check reports, one renderer per output format, looked up by name.

Each renderer is a function `render(result, out, color)` in its own module; modules are
imported only when their format is asked for, so start-up stays lean.
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


def get_renderer(name: str) -> Renderer:
    """The renderer for an output format name (see RENDERERS)."""
    module = importlib.import_module(RENDERERS[name])
    render: Renderer = module.render
    return render


def deck_line(problem_line: int | None) -> int:
    """Where a CI annotation points: the problem's line, else the top of the file."""
    return problem_line if problem_line is not None else 1
