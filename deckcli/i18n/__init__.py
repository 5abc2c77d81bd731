"""The one place a human-facing message is translated.

Every text a player reads goes through `_` (one message) or `ngettext` (a message whose words
depend on a count), written as a whole sentence with named placeholders filled in after
translation: `_("{count} × {card}; at most {limit} per name").format(...)`. `N_` marks a
message for the catalogs where it is defined, to be translated where it is shown.
"""

from __future__ import annotations


def _(message: str) -> str:
    """The message in the chosen language."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that fits `count`, in the chosen language."""
    return singular if count == 1 else plural


def N_(message: str) -> str:
    """Mark a message for the catalogs without translating it here."""
    return message
