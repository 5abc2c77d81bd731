"""tomllib's reasons for refusing a document, in the reader's language.

tomllib says why a document is not TOML in fixed English phrases ("Invalid value (at line 3,
column 9)"). Decks, pools and configuration files all show them, so they are translated in one
place: each phrase tomllib raises is a message of the catalogs (its English is tomllib's own
words, so English output is unchanged), the phrase's variable part a placeholder. A phrase not
listed (a newer Python's) is shown as tomllib wrote it.
"""

from __future__ import annotations

import re

from deckcli.i18n import N_, _

_AT = re.compile(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)")

# (tomllib's phrase as a pattern, the message with the pattern's groups as placeholders)
_PHRASES = (
    (r"Cannot overwrite a value", N_("Cannot overwrite a value")),
    (r"Cannot declare (?P<key>.+) twice", N_("Cannot declare {key} twice")),
    (r"Cannot mutate immutable namespace (?P<key>.+)",
     N_("Cannot mutate immutable namespace {key}")),
    (r"Cannot redefine namespace (?P<key>.+)", N_("Cannot redefine namespace {key}")),
    (r"Duplicate inline table key (?P<key>.+)", N_("Duplicate inline table key {key}")),
    (r"Escaped character is not a Unicode scalar value",
     N_("Escaped character is not a Unicode scalar value")),
    (r"Expected '=' after a key in a key/value pair",
     N_("Expected '=' after a key in a key/value pair")),
    (r"Expected '\]' at the end of a table declaration",
     N_("Expected ']' at the end of a table declaration")),
    (r"Expected '\]\]' at the end of an array declaration",
     N_("Expected ']]' at the end of an array declaration")),
    (r"Expected newline or end of document after a statement",
     N_("Expected newline or end of document after a statement")),
    (r"Expected (?P<text>'.*')", N_("Expected {text}")),
    (r"Found invalid character (?P<character>.+)", N_("Found invalid character {character}")),
    (r"Illegal character (?P<character>.+)", N_("Illegal character {character}")),
    (r"Invalid date or datetime", N_("Invalid date or datetime")),
    (r"Invalid hex value", N_("Invalid hex value")),
    (r"Invalid initial character for a key part",
     N_("Invalid initial character for a key part")),
    (r"Invalid statement", N_("Invalid statement")),
    (r"Invalid value", N_("Invalid value")),
    (r"Unclosed array", N_("Unclosed array")),
    (r"Unclosed inline table", N_("Unclosed inline table")),
    (r"Unescaped '\\' in a string", N_("Unescaped '\\' in a string")),
    (r"Unterminated string", N_("Unterminated string")),
)
_COMPILED = tuple((re.compile(pattern), message) for pattern, message in _PHRASES)


def split(error: str) -> tuple[str, int | None, int | None]:
    """(tomllib's phrase, line, column) of its error text; the place is None when not given."""
    found = _AT.search(error)
    line = column = None
    if found is not None and found.group(1):
        line, column = int(found.group(1)), int(found.group(2))
    return _AT.sub("", error).strip(), line, column


def translated(phrase: str) -> str:
    """tomllib's phrase (without its place) in the reader's language."""
    for pattern, message in _COMPILED:
        found = pattern.fullmatch(phrase)
        if found is not None:
            return _(message).format(**found.groupdict())
    return phrase


def reason(error: object) -> str:
    """A TOMLDecodeError as one translated line: the phrase, then where (at line 3, column 9)."""
    phrase, line, column = split(str(error))
    if line is None:
        return translated(phrase)
    return _("{reason} (at line {line}, column {column})").format(
        reason=translated(phrase), line=line, column=column)
