"""The command line in the user's language: choosing it, usage errors, machine formats."""

from __future__ import annotations

import json

import pytest

from conftest import SAMPLES


def test_an_unknown_lang_is_a_usage_error_listing_the_languages(cli) -> None:
    run = cli("--lang", "xx", "games")
    assert run.code == 2
    assert run.err == ("deckcli: error: --lang 'xx' is not a language deckcli speaks; use one "
                       "of en, es, th, zh_Hans, zh_Hant, ja\n")
    assert run.out == ""


def test_an_unknown_deckcli_lang_is_a_usage_error_too(cli, monkeypatch) -> None:
    monkeypatch.setenv("DECKCLI_LANG", "klingon")
    run = cli("games", "--format", "text")
    assert run.code == 2
    assert "DECKCLI_LANG 'klingon' is not a language deckcli speaks" in run.err


def test_lang_needs_a_value_and_may_stand_after_the_command(cli) -> None:
    assert cli("games", "--lang").code == 2
    run = cli("games", "--format", "json", "--lang=es_MX")
    assert run.code == 0
    assert json.loads(run.out)


@pytest.mark.parametrize(("argv", "expected"), [
    (("chek",), "Usage: deckcli [OPTIONS] COMMAND [ARGS]...\nTry 'deckcli -h' for help.\n\n"
     "Error: No such command 'chek'. Did you mean 'check', 'schema'?\n"),
    (("games", "--formt"), "Usage: deckcli games [OPTIONS]\nTry 'deckcli games -h' for help.\n\n"
     "Error: No such option: --formt (possible options: --format)\n"),
    (("draw",), "Usage: deckcli draw [OPTIONS] DECK...\nTry 'deckcli draw -h' for help.\n\n"
     "Error: Missing argument 'DECK...'.\n"),
    (("games", "a", "b"), "Usage: deckcli games [OPTIONS]\nTry 'deckcli games -h' for help."
     "\n\nError: Unexpected extra arguments: a b\n"),
    (("draw", "x.toml", "--turns", "x"), "Usage: deckcli draw [OPTIONS] DECK...\nTry 'deckcli "
     "draw -h' for help.\n\nError: Invalid value for '--turns' / '-t': a whole number is "
     "expected.\n"),
    (("draw", "x.toml", "--turns"), "Error: Option '--turns' needs a value.\n"),
    (("check", "--strict=3", "x"), "Error: Option '--strict' does not take a value.\n"),
])
def test_usage_errors_are_rendered_by_deckcli(cli, argv: tuple[str, ...], expected: str) -> None:
    run = cli(*argv)
    assert (run.code, run.err, run.out) == (2, expected, "")


def test_machine_formats_stay_english_when_the_language_comes_from_the_locale(
        cli, monkeypatch) -> None:
    deck = SAMPLES / "megaman" / "starter-megaman.toml"
    english = cli("check", str(deck), "--format", "json")
    monkeypatch.setenv("LANGUAGE", "es")
    assert cli("check", str(deck), "--format", "json").out == english.out
    from deckcli.i18n import chosen_explicitly, language

    assert (language(), chosen_explicitly()) == ("en", False)
    cli("--lang", "es", "check", str(deck), "--format", "json")
    assert (language(), chosen_explicitly()) == ("es", True)


def test_the_configuration_chooses_the_languages_and_config_shows_them(
        cli, monkeypatch, tmp_path) -> None:
    (tmp_path / "deckcli.toml").write_text('lang = "zh_TW"\ncard_lang = "ja"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    rows = cli("config", "--format", "json").json()
    assert rows["lang"] == {"value": "zh_Hant", "from": str(tmp_path / "deckcli.toml")}
    assert rows["card-lang"]["value"] == "ja"
    from deckcli.cli.language import card_language
    from deckcli.i18n import chosen_explicitly, language

    assert (language(), chosen_explicitly(), card_language()) == ("zh_Hant", True, "ja")
    cli("--lang", "es", "--card-lang", "zh-Hans", "config")
    assert (language(), card_language()) == ("es", "zh-Hans")
    (tmp_path / "deckcli.toml").write_text('lang = "klingon"\n', encoding="utf-8")
    run = cli("check", str(SAMPLES / "megaman" / "starter-megaman.toml"))
    assert run.code == 2
    assert "lang 'klingon' is not a language deckcli speaks; use one of en, es" in run.err


def test_card_names_follow_the_interface_language_where_pools_hold_them(cli) -> None:
    deck = SAMPLES / "digimon-classic" / "example-japanese-names.toml"

    def first_name(*argv: str) -> str:
        summary = cli(*argv, "show", str(deck), "--format", "json").json()
        return str(summary["groups"][0]["cards"][0]["name"])

    assert first_name() == "アグモン"  # English: as the deck writes it
    assert first_name("--lang", "zh_Hant") == "亞古獸"
    assert first_name("--lang", "zh_Hant", "--card-lang", "en") == "Agumon"
    assert first_name("--lang", "es") == "アグモン"  # no Spanish names: as written
    assert cli("--card-lang", "fr", "games").code == 2
