"""`deckcli lsp` end to end: completion (English and Japanese names, numbers, game and format
values, `# game:` lines), hover, each quick fix applied and re-checked, formatting and the
outline."""

from __future__ import annotations

import re

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import SAMPLES
from lsphelp import applied, complete, module_fixtures, open_doc, published, replace_all

pytestmark = pytest.mark.asyncio(loop_scope="module")
STARTER = (SAMPLES / "megaman" / "starter-megaman.toml").read_text(encoding="utf-8")
JAPANESE = (SAMPLES / "digimon-classic" / "example-japanese-names.toml").read_text(
    encoding="utf-8")


root, client = module_fixtures("lsp-editing")


def edits(found: types.CompletionList) -> dict[str, str]:
    result = {}
    for item in found.items:
        assert isinstance(item.text_edit, types.TextEdit)
        result[item.label] = item.text_edit.new_text
    return result


async def test_completion_of_an_english_name_as_a_toml_key(client, root):
    text = STARTER.replace('1C8 = 4', '"Area = 4')
    uri = open_doc(client, root / "starter.toml", text)
    await published(client, uri)
    row = text.splitlines().index('"Area = 4  # AreaSteal (BattleChip)')
    found = await complete(client, uri, row, len('"Area'))
    written = edits(found)
    assert written["AreaSteal"] == '"AreaSteal"'  # the line has its "= 4" already
    item = next(i for i in found.items if i.label == "AreaSteal")
    assert item.detail is not None and item.detail.startswith("1C8 · BattleChip")
    assert isinstance(item.text_edit, types.TextEdit)
    assert (item.text_edit.range.start.character, item.text_edit.range.end.character) == (0, 5)


async def test_completion_of_a_number_and_of_a_new_key(client, root):
    text = STARTER + '"1C1'
    uri = open_doc(client, root / "new-key.toml", text)
    await published(client, uri)
    found = edits(await complete(client, uri, len(text.splitlines()) - 1, 4))
    assert found["1C12"] == '"1C12" = 1'


async def test_completion_of_a_japanese_name(client, root):
    lines = JAPANESE.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith('"アグモン"'))
    lines[row] = '"アグ'
    uri = open_doc(client, root / "japanese.toml", "\n".join(lines))
    found = edits(await complete(client, uri, row, 3))
    assert found["アグモン"] == '"アグモン" = 1'


async def test_completion_in_a_text_list(client, root):
    text = "# game: megaman\n4 Area\n"
    uri = open_doc(client, root / "list.txt", text, "plaintext")
    found = edits(await complete(client, uri, 1, len("4 Area")))
    assert found["AreaSteal"] == "AreaSteal"
    replace_all(client, uri, "# game: megaman\nAreaS", 2)
    bare = edits(await complete(client, uri, 1, len("AreaS")))
    assert bare["AreaSteal"] == "1 AreaSteal"  # a line without a count gets one
    replace_all(client, uri, "# game: megaman\n", 3)
    empty = await complete(client, uri, 1, 0)  # the line after the last newline
    assert empty.is_incomplete and len(empty.items) > 10


async def test_completion_of_game_and_format_values_and_game_lines(client, root):
    text = 'game = "\n'
    uri = open_doc(client, root / "fresh.toml", text)
    games = edits(await complete(client, uri, 0, len('game = "')))
    assert games["megaman"] == '"megaman"'
    assert {"haikyu", "digimon-classic", "orbs", "digi-battle"} <= set(games)
    replace_all(client, uri, 'game = "digimon-classic"\nformat = \n', 2)
    formats = edits(await complete(client, uri, 1, len("format = ")))
    assert formats["ultimate-battle"] == '"ultimate-battle"'
    listed = open_doc(client, root / "fresh.txt", "# g\n", "plaintext")
    lines = edits(await complete(client, listed, 0, 3))
    assert lines["# game: megaman"] == "# game: megaman"


FIVE = (SAMPLES / "megaman" / "illegal-five-copies.toml").read_text(encoding="utf-8")


async def hover(client: LanguageClient, uri: str, line: int, character: int) -> str | None:
    found = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=character)))
    if found is None:
        return None
    assert isinstance(found.contents, types.MarkupContent)
    return found.contents.value


async def test_hover_shows_facts_copies_against_the_cap_and_turn_3_odds(client, root):
    uri = open_doc(client, root / "five.toml", FIVE)
    row = next(i for i, line in enumerate(FIVE.splitlines()) if line.startswith('1C8 '))
    text = await hover(client, uri, row, 2)
    assert text is not None
    assert text.startswith("**AreaSteal** · 1C8")
    assert "type: BattleChip" in text and "destiny: 4" in text
    assert "copies in the deck: 5 (at most 4 per name; rule copies)" in text
    # the value `deckcli show` prints for this card of this deck: 48% ½t4
    assert "playable on turn 3: 48%; 50% from turn 4" in text
    assert await hover(client, uri, row, 20) is None  # past the reference: nothing


async def test_hover_shows_the_players_facts_not_where_the_data_came_from(client, root):
    uri = open_doc(client, root / "digimon-hover.txt", "# game: digimon-classic\n4 St-1\n",
                   "plaintext")
    text = await hover(client, uri, 1, 3)
    assert text is not None
    assert text.startswith("**Agumon** · St\\-1") and "level: III" in text
    # St-1 prints no effect text: no "text: None"; no field telling how the pool was built
    for internal in ("None", "reference file", "ja name derived", "name match"):
        assert internal not in text


async def test_hover_escapes_markup_and_names_unknown_cards(client, root):
    uri = open_doc(client, root / "list-hover.txt", "# game: megaman\n4 *Cyber Swordd*\n",
                   "plaintext")
    text = await hover(client, uri, 1, 4)
    assert text is not None
    assert text.startswith('"\\*Cyber Swordd\\*" is not a MegaMan')


TORCH = (SAMPLES / "megaman" / "starter-torchman.txt").read_text(encoding="utf-8")


async def fixes(client: LanguageClient, uri: str, line: int) -> dict[str, types.CodeAction]:
    found = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=line, character=0),
                          end=types.Position(line=line, character=0)),
        context=types.CodeActionContext(diagnostics=client.diagnostics.get(uri, []))))
    actions = [a for a in found or [] if isinstance(a, types.CodeAction)]
    assert all(a.kind == types.CodeActionKind.QuickFix for a in actions)
    return {action.title: action for action in actions}


async def apply_fix(client: LanguageClient, uri: str, text: str, action: types.CodeAction,
                    version: int) -> tuple[str, list[types.Diagnostic]]:
    """Apply a fix as the editor would, and the diagnostics of the fixed document."""
    assert action.edit is not None and action.edit.changes is not None
    fixed = applied(text, list(action.edit.changes[uri]))
    replace_all(client, uri, fixed, version)
    return fixed, await published(client, uri, version)


async def test_quick_fix_did_you_mean(client, root):
    typo = TORCH.replace("4 Power Pastries", "4 Powr Pastries")
    uri = open_doc(client, root / "typo.txt", typo, "plaintext")
    assert [d.code for d in await published(client, uri)] == ["unknown-card"]
    actions = await fixes(client, uri, typo.splitlines().index("4 Powr Pastries"))
    choice = actions["Replace Powr Pastries with Power Pastries (1C59) (unsafe)"]
    assert not choice.is_preferred and choice.diagnostics  # a guess: never preferred
    fixed, found = await apply_fix(client, uri, typo, choice, 2)
    assert fixed == TORCH and found == []


async def test_quick_fix_cuts_copies_over_the_cap(client, root):
    uri = open_doc(client, root / "cut.toml", FIVE)
    await published(client, uri)
    row = next(i for i, line in enumerate(FIVE.splitlines()) if line.startswith('1C8 '))
    actions = await fixes(client, uri, row)
    fixed, found = await apply_fix(client, uri, FIVE, actions["Cut 1 × AreaSteal (1C8) (unsafe)"],
                                   2)
    assert fixed.splitlines()[row] == '1C8 = 4  # AreaSteal (BattleChip) -- 5 copies'
    assert [d.code for d in found] == ["deck-size"]  # 59 cards now: the copies rule holds


async def test_quick_fix_writes_each_reading_of_an_ambiguous_name(client, root):
    text = "# game: digi-battle\n1 Togemon\n"
    uri = open_doc(client, root / "togemon.txt", text, "plaintext")
    assert "ambiguous-card" in [d.code for d in await published(client, uri)]
    actions = await fixes(client, uri, 1)
    readings = sorted(title for title in actions if title.startswith("Write "))
    assert [title.split()[1] for title in readings] == ["BO-84", "ST-10"]
    fixed, found = await apply_fix(client, uri, text, actions[readings[1]], 2)
    assert fixed == "# game: digi-battle\n1 ST-10\n"
    assert "ambiguous-card" not in [d.code for d in found]


async def test_quick_fix_adds_the_game_line(client, root):
    text = "4 CyberSword\n4 AreaSteal\n4 LaserBlast\n4 Zzyzx One\n4 Zzyzx Two\n"
    uri = open_doc(client, root / "nogame.txt", text, "plaintext")
    assert [d.code for d in await published(client, uri)] == ["missing-game"]  # not clear
    actions = await fixes(client, uri, 0)
    first = next(iter(actions.values()))
    # one choice per game, the game naming most first; a choice is never preferred
    assert first.title == "Write the game megaman in the file (unsafe)"
    assert not first.is_preferred
    fixed, found = await apply_fix(client, uri, text, first, 2)
    assert fixed.startswith("# game: megaman\n")
    codes = [d.code for d in found]
    assert "missing-game" not in codes and codes.count("unknown-card") == 2  # judged now


async def test_a_game_inferred_or_from_the_configuration_can_be_written_in(client, root):
    text = TORCH.replace("# game: megaman\n", "")
    uri = open_doc(client, root / "inferred.txt", text, "plaintext")
    notice = await published(client, uri)
    assert [(d.code, d.severity) for d in notice] == [
        ("game-inferred", types.DiagnosticSeverity.Information)]
    actions = await fixes(client, uri, notice[0].range.start.line)
    title = "Write the game megaman in the file (safe)"
    fixed, found = await apply_fix(client, uri, text, actions[title], 2)
    assert fixed == "# game: megaman\n" + text and found == []
    (root / "cfg").mkdir()
    (root / "cfg" / "deckcli.toml").write_text('[[decks]]\npath = "*.txt"\ngame = "megaman"\n',
                                               encoding="utf-8")
    uri = open_doc(client, root / "cfg" / "torch.txt", text, "plaintext")
    assert await published(client, uri) == []
    actions = await fixes(client, uri, 3)
    title = "Write the game megaman, which the configuration gives, in the file (safe)"
    fixed, found = await apply_fix(client, uri, text, actions[title], 2)
    assert fixed == "# game: megaman\n" + text and found == []


async def test_formatting_a_toml_deck_and_its_outline(client, root):
    messy = 'game = "megaman"\n\n[cards]\n"areasteal" = 4\n"1St101" = 1\n'
    uri = open_doc(client, root / "messy.toml", messy)
    await published(client, uri)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=4, insert_spaces=True)))
    assert edits
    formatted = applied(messy, list(edits))
    assert formatted.endswith('[cards]\n# NetNavi (1)\n1St101 = 1\n\n'  # a number stays
                              '# BattleChip (4)\nAreaSteal = 4\n')
    replace_all(client, uri, formatted, 2)
    await published(client, uri, 2)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert symbols is not None
    shown = [(s.name, [(c.name, [g.name for g in c.children or []])
                       for c in s.children or []])
             for s in symbols if isinstance(s, types.DocumentSymbol)]
    assert shown == [("game", []), ("[cards]", [("NetNavi", ["1St101"]),
                                                ("BattleChip", ["AreaSteal"])])]
    again = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=4, insert_spaces=True)))
    assert again is not None and list(again) == []  # formatted once: nothing to change


def inserted(text: str, row: int, item: types.CompletionItem) -> str:
    """The line after accepting an item as the specification says: the edit's range replaced
    by its text (a snippet's escapes undone; these items carry no tab stop)."""
    assert isinstance(item.text_edit, types.TextEdit)
    new_text = item.text_edit.new_text
    if item.insert_text_format == types.InsertTextFormat.Snippet:
        assert "$0" not in new_text and "${" not in new_text
        new_text = re.sub(r"\\(.)", r"\1", new_text)
    edit = types.TextEdit(range=item.text_edit.range, new_text=new_text)
    return applied(text, [edit]).splitlines()[row]


@pytest.mark.parametrize(("line", "label", "result"), [
    ("fire it", "Fire It Up", '"Fire It Up" = 1'),
    ('"Area', "AreaSteal", '"AreaSteal" = 1'),
    ('"area', "AreaSteal", '"AreaSteal" = 1'),
    ('"Area"', "AreaSteal", '"AreaSteal" = 1'),  # the closing quote an editor paired
    ('"Area = 4', "AreaSteal", '"AreaSteal" = 4'),
])
async def test_a_toml_completion_writes_the_whole_key(client, root, line, label, result):
    text = 'game = "megaman"\n[cards]\n' + line + "\n"
    name = re.sub(r"\W", "-", line)
    uri = open_doc(client, root / f"whole-{name}.toml", text)
    cursor = len(line.split(" = ")[0].rstrip('"')) if line.endswith('"') or " = " in line \
        else len(line)
    found = await complete(client, uri, 2, cursor)
    item = next(i for i in found.items if i.label == label)
    assert inserted(text, 2, item) == result
    typed = line[:cursor]
    assert item.filter_text is not None and item.filter_text.startswith(typed)
    assert isinstance(item.text_edit, types.TextEdit)
    assert (item.text_edit.range.start.character, item.text_edit.range.end.character) == (
        0, cursor + (line[cursor:cursor + 1] == '"'))  # what was typed, quotes included


@pytest.mark.parametrize(("line", "label", "result"), [
    ("2 Fire", "Fire Factory", "2 Fire Factory"), ("2 fire f", "Fire Factory", "2 Fire Factory"),
    ("Power Pas", "Power Pastries", "1 Power Pastries")])
async def test_a_text_list_completion_writes_the_whole_name(client, root, line, label, result):
    text = "# game: megaman\n" + line + "\n"
    uri = open_doc(client, root / f"whole-{line.replace(' ', '-')}.txt", text, "plaintext")
    found = await complete(client, uri, 1, len(line))
    item = next(i for i in found.items if i.label == label)
    assert inserted(text, 1, item) == result
    start = len(line) - len(line.lstrip("0123456789 ")) if line[0].isdigit() else 0
    assert item.filter_text is not None and item.filter_text.startswith(line[start:])


async def test_a_snippet_escapes_what_snippets_read(client, root):
    from deckcli.lsp.requests import filter_text, snippet_text

    assert snippet_text('"A$b}c\\d" = 1') == '"A\\$b\\}c\\\\d" = 1'
    assert filter_text('"area', '"AreaSteal" = 1') == '"areaSteal" = 1'
    assert filter_text("fire it", '"Fire It Up" = 1') == 'fire it"Fire It Up" = 1'
async def fix_all(client: LanguageClient, uri: str) -> list[types.CodeAction]:
    found = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0),
                          end=types.Position(line=0, character=0)),
        context=types.CodeActionContext(diagnostics=[], only=["source.fixAll"])))
    return [a for a in found or [] if isinstance(a, types.CodeAction)]


async def test_source_fix_all_applies_the_safe_fixes_only(client, root):
    text = ('game = "megaman"\n\n[cards]\n"areasteal" = 3  # chips\n"1c12" = 4\n'
            '1C8 = 2\n"Cyber Swordd" = 1\n')
    uri = open_doc(client, root / "fixall.toml", text)
    await published(client, uri)
    [action] = await fix_all(client, uri)
    assert action.kind == "source.fixAll.deckcli"
    assert action.edit is not None and action.edit.changes is not None
    fixed = applied(text, list(action.edit.changes[uri]))
    # spellings and the merge are made; the unknown name's guess (unsafe) is not
    assert fixed == ('game = "megaman"\n\n[cards]\n"AreaSteal" = 5  # chips\n"1C12" = 4\n'
                     '"Cyber Swordd" = 1\n')
    replace_all(client, uri, fixed, 2)
    await published(client, uri, 2)
    assert await fix_all(client, uri) == []  # nothing safe is left to fix
    quick = await fixes(client, uri, 5)  # no source action among the quick fixes
    assert all(a.kind == types.CodeActionKind.QuickFix for a in quick.values())
