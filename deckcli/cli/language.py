"""The language of a run, chosen before any command's help is written: `--lang` and
`--card-lang` (taken out of the arguments wherever they stand), `DECKCLI_LANG`, the working
folder's configuration (`lang`, `card-lang`), then the locale (deckcli.i18n.languages)."""

from __future__ import annotations

import os
from pathlib import Path

from deckcli.errors import UserError
from deckcli.i18n import LANGUAGES, SOURCE_LANGUAGE, _, language, use_language
from deckcli.i18n.languages import (
    CARD_LANGUAGE_OF,
    CARD_NAME_LANGUAGES,
    UnknownLanguage,
    card_names_language,
    choose_language,
)

_card_lang: list[str | None] = [None]  # the run's card language, once chosen


def card_language() -> str | None:
    """The language card names are shown in (a key of a card's `names`), None for the name as
    printed or as the deck writes it: `--card-lang` or the configuration's `card-lang`, else
    the interface language where pools hold names in it (Japanese, Chinese)."""
    return _card_lang[0] or CARD_LANGUAGE_OF.get(language())


def take_value(args: list[str], option: str) -> str | None:
    """Take `option VALUE` (or `option=VALUE`) out of the arguments wherever it stands before
    a `--`; its last value, None if not given (a usage error when its value is missing)."""
    value = None
    i = 0
    while i < len(args) and args[i] != "--":
        if args[i] == option:
            if i + 1 >= len(args) or args[i + 1] == "--":
                raise UserError(_("{option} needs a value").format(option=option))
            value = args[i + 1]
            del args[i:i + 2]
        elif args[i].startswith(option + "="):
            value = args[i].partition("=")[2]
            del args[i]
        else:
            i += 1
    return value


def set_language(args: list[str]) -> None:
    """Speak the language this run asks for, and show cards by the names it asks for; an
    unknown name is a usage error listing the languages."""
    use_language(SOURCE_LANGUAGE)  # a usage error below is English: nothing chosen yet
    _card_lang[0] = None
    flag = take_value(args, "--lang")
    card_flag = take_value(args, "--card-lang")
    configured, configured_cards = (None, None)
    if (flag is None and not os.environ.get("DECKCLI_LANG")) or card_flag is None:
        configured, configured_cards = _configured()
    try:
        code, explicit = choose_language(flag, os.environ, configured)
    except UnknownLanguage as exc:
        raise UserError(_("{origin} '{value}' is not a language deckcli speaks; use one of "
                          "{languages}").format(origin=exc.origin, value=exc.name,
                                                languages=", ".join(LANGUAGES))) from None
    use_language(code, explicit=explicit)
    if card_flag is not None:
        _card_lang[0] = card_names_language(card_flag)
        if _card_lang[0] is None:
            raise UserError(_("--card-lang '{value}' is not a language of card names; use one "
                              "of {languages}").format(value=card_flag,
                                                       languages=", ".join(CARD_NAME_LANGUAGES)))
    else:
        _card_lang[0] = configured_cards


def _configured() -> tuple[str | None, str | None]:
    """`lang` and `card-lang` of the working folder's configuration (a mistake in them is
    reported where the settings are checked, as every other key's)."""
    here = Path(os.path.abspath("."))
    if not any((folder / name).is_file() for folder in (here, *here.parents)
               for name in ("deckcli.toml", "pyproject.toml")):
        return None, None  # no configuration anywhere above: nothing more to import
    from deckcli.app.config import load_settings

    settings = load_settings()
    return settings.lang.value, settings.card_lang.value
