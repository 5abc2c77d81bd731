"""Text wrapped at spaces for a terminal, as people read it: a number stays with its word,
and a path or URL is never cut (copied from the terminal, it must still name the file)."""

from __future__ import annotations

import re

NUMBER = re.compile(r"[\d,.]+[;,.)]*")
# A path or URL, never cut: a slash or backslash in it, or a file name's suffix at its end.
PATHLIKE = re.compile(r"^\S*(?:[/\\]\S*|\.[A-Za-z]\w{0,5}[;:,)]*)$")


def wrap_words(text: str, width: int) -> list[str]:
    """Lines of at most `width` cells, broken at spaces; a number stays with the word before
    it ("add 1", "exactly 60"), or after it when it starts a phrase ("59 cards"); a path or
    URL is never cut (a line of its own when it is wider than one); only another word wider
    than a line (text without spaces, as Japanese is written) is folded."""
    from rich.cells import cell_len

    tokens: list[str] = []
    leading = False  # the last token is a number that starts a phrase ("59 cards")
    for word in text.split(" "):
        if tokens and tokens[-1] and (leading or NUMBER.fullmatch(word)):
            tokens[-1] += " " + word
            leading = False
        else:
            leading = bool(NUMBER.fullmatch(word))
            tokens.append(word)
    lines = [""]
    for token in tokens:
        joined = f"{lines[-1]} {token}" if lines[-1] else token
        if cell_len(joined) <= width:
            lines[-1] = joined
            continue
        if lines[-1]:
            lines.append("")
        while cell_len(token) > width and not PATHLIKE.match(token):
            cut = next(i for i in range(len(token), 0, -1) if cell_len(token[:i]) <= width)
            lines[-1] = token[:max(cut, 1)]
            lines.append("")
            token = token[max(cut, 1):]
        lines[-1] = token
    return [line.rstrip() for line in lines]
