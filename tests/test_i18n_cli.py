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
