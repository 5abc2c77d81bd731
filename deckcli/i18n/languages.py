"""The languages deckcli speaks and how a locale name (`es_MX.UTF-8`, `zh_TW`, `C`) or a
language tag (`zh-Hant`) maps to one of them; pure functions, no I/O."""

from __future__ import annotations

from collections.abc import Mapping

SOURCE_LANGUAGE = "en"  # the language messages are written in
# Every language of the interface: the source language, then one catalog each
LANGUAGES = ("en", "es", "th", "zh_Hans", "zh_Hant", "ja")
# The environment variables that name the locale, the first set one deciding (`LANGUAGE` may
# list several, colon-separated, in order of preference)
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

# The languages a card's `names` may hold (the pools' keys), and the card names each
# interface language shows by default: only where pools hold names in it (English and the
# others keep the printed names)
CARD_NAME_LANGUAGES = ("ja", "zh-Hans", "zh-Hant", "en")
CARD_LANGUAGE_OF = {"ja": "ja", "zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant"}

_TRADITIONAL_REGIONS = frozenset({"tw", "hk", "mo"})  # Chinese written in Traditional script


def match_language(name: str) -> str | None:
    """The language of LANGUAGES a locale name or language tag stands for, None if none.

    The encoding and modifier are ignored (`th_TH.UTF-8@x`), `-` and `_` are the same, case
    does not matter, a region falls back to its language (`es_MX` -> `es`), and Chinese picks
    its script from the tag or the region (`zh_TW` -> `zh_Hant`, `zh_CN` -> `zh_Hans`).
    """
    base = name.split(".", 1)[0].split("@", 1)[0].strip()
    if base in ("C", "POSIX"):
        return SOURCE_LANGUAGE
    parts = base.replace("-", "_").lower().split("_")
    if parts[0] == "zh":
        subtags = set(parts[1:])
        if "hant" in subtags or subtags & _TRADITIONAL_REGIONS and "hans" not in subtags:
            return "zh_Hant"
        return "zh_Hans"
    return parts[0] if parts[0] in LANGUAGES else None


def locale_language(environ: Mapping[str, str]) -> str | None:
    """The language the locale variables ask for: the first variable of LOCALE_VARIABLES
    that names a language deckcli speaks (`C` and `POSIX` name English); None if none does."""
    for variable in LOCALE_VARIABLES:
        for entry in environ.get(variable, "").split(":" if variable == "LANGUAGE" else "\0"):
            found = match_language(entry) if entry.strip() else None
            if found:
                return found
    return None


def card_names_language(name: str) -> str | None:
    """A card language as a key of the pools' names ("zh_TW" -> "zh-Hant", "C" -> "en");
    None when pools hold no names in it."""
    code = match_language(name)
    return "en" if code == SOURCE_LANGUAGE else CARD_LANGUAGE_OF.get(code or "")


class UnknownLanguage(ValueError):
    """A language was asked for by a name deckcli does not speak."""

    def __init__(self, name: str, origin: str) -> None:
        super().__init__(name)
        self.name = name
        self.origin = origin  # "--lang", "DECKCLI_LANG" or the configuration's "lang"


def choose_language(flag: str | None, environ: Mapping[str, str],
                    configured: str | None = None) -> tuple[str, bool]:
    """The language of a run and whether it was asked for by name: `--lang` (`flag`), then
    DECKCLI_LANG, then the configuration's `lang`, then the locale; English if none.

    A name asked for explicitly that deckcli does not speak is an UnknownLanguage error; a
    locale it does not speak is passed over (the machine's locale is not the user's choice).
    """
    for origin, asked in (("--lang", flag), ("DECKCLI_LANG", environ.get("DECKCLI_LANG")),
                          ("lang", configured)):
        if asked is not None and (asked.strip() or origin == "--lang"):
            found = match_language(asked)
            if found is None:
                raise UnknownLanguage(asked, origin)
            return found, True
    return locale_language(environ) or SOURCE_LANGUAGE, False
