"""The one place a human-facing message is translated, and the one place the language is set.

Every text a player reads goes through `_` (one message) or `ngettext` (a message whose words
depend on a count), written as a whole sentence with named placeholders filled in after
translation: `_("{count} × {card}; at most {limit} per name").format(...)`. `N_` marks a
message for the catalogs where it is defined, to be translated where it is shown.

The language is chosen once per run (`use_language`, by the command line from `--lang`, the
environment and the configuration, by the language server from its client) before any text is
built; its catalog is read on the first translated message, so English costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.i18n.languages import LANGUAGES, SOURCE_LANGUAGE

if TYPE_CHECKING:
    from collections.abc import Iterable
    from gettext import NullTranslations

__all__ = ["LANGUAGES", "N_", "SOURCE_LANGUAGE", "_", "chosen_explicitly", "for_machine_output",
           "joined", "language", "language_stamp", "ngettext", "use_language"]

# [language, chosen explicitly (--lang, DECKCLI_LANG, the configuration)?]
_chosen: list[object] = [SOURCE_LANGUAGE, False]
# The catalog of the chosen language once read; None while unread (or for English)
_catalog: list[NullTranslations | None] = [None]


def use_language(code: str, *, explicit: bool = False) -> None:
    """Speak `code` (one of LANGUAGES) from now on; `explicit` when the user asked for it by
    name rather than through the locale (machine formats stay English otherwise)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}")
    _chosen[:] = [code, explicit]
    _catalog[0] = None


def language() -> str:
    """The language messages are shown in."""
    return str(_chosen[0])


def chosen_explicitly() -> bool:
    """Whether the language was asked for by name (not taken from the locale)."""
    return bool(_chosen[1])


def for_machine_output() -> None:
    """English from now on unless the language was asked for by name: a JSON, SARIF, JUnit or
    annotations run in CI reads the same whatever the runner's locale."""
    if not chosen_explicitly():
        use_language(SOURCE_LANGUAGE)


def language_stamp() -> str:
    """The language of messages and its catalog's size and time: a cache of results holding
    messages keys on it, so that a run in another language (or after a translation changed)
    is not served the old words."""
    code = str(_chosen[0])
    if code == SOURCE_LANGUAGE:
        return code
    from deckcli.i18n.catalog import catalog_paths

    stamps = [code]
    for path in catalog_paths(code):
        try:
            info = path.stat()
            stamps.append(f"{path.suffix}:{info.st_size}:{info.st_mtime_ns}")
        except OSError:
            stamps.append(f"{path.suffix}:-")
    return " ".join(stamps)


def _translations() -> NullTranslations | None:
    if _catalog[0] is None and _chosen[0] != SOURCE_LANGUAGE:
        from deckcli.i18n.catalog import load_catalog

        _catalog[0] = load_catalog(str(_chosen[0]))
    return _catalog[0]


def _(message: str) -> str:
    """The message in the chosen language."""
    catalog = _translations()
    return message if catalog is None else catalog.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that fits `count`, in the chosen language."""
    catalog = _translations()
    if catalog is None:
        return singular if count == 1 else plural
    return catalog.ngettext(singular, plural, count)


def joined(items: Iterable[str], pattern: str) -> str:
    """Items joined pair by pair with a translated `pattern` holding {first} and {second}:
    `joined(names, _("{first} or {second}"))` is 'A or B or C' in the reader's language."""
    said = ""
    for index, item in enumerate(items):
        said = item if index == 0 else pattern.format(first=said, second=item)
    return said


def N_(message: str) -> str:
    """Mark a message for the catalogs without translating it here."""
    return message
