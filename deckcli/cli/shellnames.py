"""The shells deckcli's completion supports, apart from the shared options: the app's own
options name them when `deckcli.cli.app` imports, before the language is chosen, while the
shared options' help is translated and so must wait for it."""

from __future__ import annotations

from enum import StrEnum


class Shell(StrEnum):
    """The shells deckcli's completion supports."""

    bash = "bash"
    zsh = "zsh"
    fish = "fish"
