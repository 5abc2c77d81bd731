"""A new, empty deck file's bytes, as `deckcli new` writes them and `deckcli build` starts one."""

from __future__ import annotations

from pathlib import Path

from deckcli.engine.resolver import Resolver
from deckcli.errors import UserError
from deckcli.formats.base import DeckFormat
from deckcli.formats.kinds import NATIVE, by_suffix, suffix_list
from deckcli.i18n import _


def new_deck_format(path: Path) -> DeckFormat:
    """The deck format a new file's suffix names; a usage error for a suffix none has."""
    file_format = by_suffix(path)
    if file_format is None:
        written = path.suffix or _("a file without an extension")
        raise UserError(_("{path}: new writes deck files ({suffix_list}), not {written}; "
                          "name it e.g. {name}").format(
                            path=path, suffix_list=suffix_list(), written=written,
                            name=path.with_suffix(NATIVE.suffixes[0]).name))
    return file_format


def new_deck_bytes(path: Path, resolver: Resolver, name: str | None) -> bytes:
    """An empty deck of the resolver's game and format, in the format of the file's suffix."""
    return "".join(new_deck_format(path).write(resolver, [], name)).encode("utf-8")
