"""tomllib's reasons, translated in one place (`io/tomlreasons`) for decks, pools and the
configuration: every phrase this Python's tomllib can raise is known, the English is tomllib's
own, and the place (line, column) survives."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from deckcli.i18n import use_language
from deckcli.io import tomlreasons

PARSER = Path(tomllib.__file__).parent / "_parser.py"


def raised_phrases() -> list[str]:
    """Every message tomllib's parser passes to `suffixed_err` (its escapes decoded), f-string
    fields as {…}."""
    source = PARSER.read_text(encoding="utf-8")
    return [literal.encode("ascii").decode("unicode_escape")
            for literal in re.findall(r'suffixed_err\(\s*src,\s*\w+,\s*f?"([^"]+)"', source)]


def test_every_phrase_tomllib_raises_has_a_message() -> None:
    phrases = raised_phrases()
    assert len(phrases) >= 20  # the parser was read
    for phrase in phrases:
        sample = re.sub(r"\{[^}]*\}", "'x'", phrase)
        assert tomlreasons.translated(sample) == sample  # English: tomllib's own words
        assert any(re.fullmatch(pattern, sample) for pattern, _message in tomlreasons._PHRASES), \
            phrase


@pytest.mark.parametrize(("text", "english"), [
    ('[cards]\n"AreaSteal" = = 4\n', "Invalid value (at line 2, column 15)"),
    ("[cards]\n[cards]\n", "Cannot declare ('cards',) twice (at line 2, column 7)"),
    ('a = "open\n', "Illegal character '\\n' (at line 1, column 10)"),
])
def test_a_reason_keeps_its_place_and_is_translated(text: str, english: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError) as raised:
        tomllib.loads(text)
    assert tomlreasons.reason(raised.value) == english
    try:
        use_language("es")
        spanish = tomlreasons.reason(raised.value)
    finally:
        use_language("en")
    assert spanish != english  # other words, the same place:
    assert re.findall(r"\d+", spanish) == re.findall(r"\d+", english)


def test_a_card_given_twice_is_named_in_every_language() -> None:
    """The repeated key is found from tomllib's English phrase, not from its translation."""
    from deckcli.formats.tomldeck import toml_error_problem

    text = 'game = "megaman"\n\n[cards]\n"AreaSteal" = 2\n"AreaSteal" = 2\n'
    with pytest.raises(tomllib.TOMLDecodeError) as raised:
        tomllib.loads(text)
    english = toml_error_problem(str(raised.value), text)
    assert english.message == ("invalid TOML: 'AreaSteal' is given twice (first on line 4); "
                               "list each card once, with its total count")
    for language in ("es", "th", "ja"):
        try:
            use_language(language)
            found = toml_error_problem(str(raised.value), text)
        finally:
            use_language("en")
        assert found.line == english.line == 5
        assert "'AreaSteal'" in found.message and "4" in found.message
        assert found.message != english.message
