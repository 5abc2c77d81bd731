"""Which language a run speaks: locale names, the order of the sources, explicit choices."""

from __future__ import annotations

import pytest

from deckcli.i18n import _, chosen_explicitly, for_machine_output, language, ngettext, use_language
from deckcli.i18n.languages import (
    LANGUAGES,
    UnknownLanguage,
    choose_language,
    locale_language,
    match_language,
)


@pytest.mark.parametrize(("name", "expected"), [
    ("es", "es"), ("es_MX", "es"), ("es_ES.UTF-8", "es"), ("es-419", "es"), ("ES_mx", "es"),
    ("th_TH.UTF-8", "th"), ("ja_JP.eucJP", "ja"), ("ja", "ja"),
    ("zh_TW", "zh_Hant"), ("zh_HK.UTF-8", "zh_Hant"), ("zh_MO", "zh_Hant"),
    ("zh-Hant", "zh_Hant"), ("zh_Hant_TW", "zh_Hant"),
    ("zh_CN", "zh_Hans"), ("zh_SG", "zh_Hans"), ("zh", "zh_Hans"), ("zh-Hans-HK", "zh_Hans"),
    ("zh_Hans", "zh_Hans"), ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"), ("en_GB", "en"),
    ("fr_FR", None), ("de", None), ("", None), ("xx", None),
])
def test_a_locale_name_falls_back_to_its_language(name: str, expected: str | None) -> None:
    assert match_language(name) == expected


def test_the_locale_variables_are_read_in_order() -> None:
    everything = {"LANGUAGE": "th:en", "LC_ALL": "es_ES", "LC_MESSAGES": "ja_JP", "LANG": "zh_TW"}
    assert locale_language(everything) == "th"
    assert locale_language({**everything, "LANGUAGE": ""}) == "es"
    assert locale_language({"LC_MESSAGES": "ja_JP", "LANG": "zh_TW"}) == "ja"
    assert locale_language({"LANG": "zh_TW.UTF-8"}) == "zh_Hant"
    assert locale_language({"LANGUAGE": "fr:es_MX", "LANG": "th_TH"}) == "es"
    assert locale_language({"LC_ALL": "C", "LANG": "th_TH"}) == "en"
    assert locale_language({"LANG": "fr_FR"}) is None
    assert locale_language({}) is None


def test_an_explicit_choice_beats_the_locale_and_is_remembered_as_explicit() -> None:
    environ = {"DECKCLI_LANG": "ja", "LANG": "th_TH"}
    assert choose_language("es", environ, "zh_Hant") == ("es", True)
    assert choose_language(None, environ, "zh_Hant") == ("ja", True)
    assert choose_language(None, {"LANG": "th_TH"}, "zh_TW") == ("zh_Hant", True)
    assert choose_language(None, {"LANG": "th_TH"}, None) == ("th", False)
    assert choose_language(None, {"LANG": "fr_FR"}, None) == ("en", False)
    assert choose_language(None, {"DECKCLI_LANG": "", "LANG": "th_TH"}) == ("th", False)


@pytest.mark.parametrize(("flag", "environ", "configured", "origin"), [
    ("xx", {}, None, "--lang"), ("", {}, None, "--lang"),
    (None, {"DECKCLI_LANG": "klingon"}, None, "DECKCLI_LANG"),
    (None, {}, "fr", "lang"),
])
def test_an_unknown_explicit_language_is_an_error_naming_where_it_came_from(
        flag: str | None, environ: dict[str, str], configured: str | None, origin: str) -> None:
    with pytest.raises(UnknownLanguage) as raised:
        choose_language(flag, environ, configured)
    assert raised.value.origin == origin


def test_machine_output_is_english_unless_the_language_was_asked_for() -> None:
    try:
        use_language("th")
        for_machine_output()
        assert (language(), chosen_explicitly()) == ("en", False)
        use_language("th", explicit=True)
        for_machine_output()
        assert (language(), chosen_explicitly()) == ("th", True)
    finally:
        use_language("en")


def test_english_needs_no_catalog() -> None:
    use_language("en")
    assert _("Missing command.") == "Missing command."
    assert ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert LANGUAGES[0] == "en"
    with pytest.raises(ValueError, match="xx"):
        use_language("xx")
