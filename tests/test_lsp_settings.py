"""`deckcli lsp` and the files beside the decks (issue 40): a configuration or pool changed on
disk with no file-change event (Neovim sends none) is read again before the next check, and a
mistake in the configuration is an `invalid-config` diagnostic on the configuration file and on
every deck it governs, with the did-you-mean `deckcli check` gives."""

from __future__ import annotations

import asyncio
import re

import pytest
from lsprotocol import types

from conftest import REPO, SAMPLES
from lsphelp import TIMEOUT, at, module_fixtures, open_doc, published, replace_all

pytestmark = pytest.mark.asyncio(loop_scope="module")
FIVE = (SAMPLES / "megaman" / "illegal-five-copies.toml").read_text(encoding="utf-8")

root, client = module_fixtures("lsp-settings")


def codes(found: list[types.Diagnostic]) -> list[str]:
    return [str(d.code) for d in found]


async def test_a_configuration_saved_outside_the_editor_is_read_at_the_next_check(client,
                                                                                 root):
    repo = root / "unwatched"
    repo.mkdir()
    uri = open_doc(client, repo / "five.toml", FIVE)
    assert [d.code for d in await published(client, uri)] == ["copies"]
    config = repo / "deckcli.toml"
    config.write_text('ignore = ["copies"]\n', encoding="utf-8")  # no event is sent
    replace_all(client, uri, FIVE, 2)  # the next keystroke's check
    assert codes(await published(client, uri, 2)) == ["config-silenced"]  # copies ignored
    config.write_text("# nothing ignored\n", encoding="utf-8")
    replace_all(client, uri, FIVE, 3)
    assert [d.code for d in await published(client, uri, 3)] == ["copies"]
    config.unlink()
    (repo / "pyproject.toml").write_text('[tool.deckcli]\nignore = ["copies"]\n',
                                         encoding="utf-8")
    replace_all(client, uri, FIVE, 4)
    assert codes(await published(client, uri, 4)) == ["config-silenced"]


async def test_a_pool_saved_in_the_editor_rechecks_the_open_decks(client, root):
    repo = root / "own-pool"
    (repo / "pools").mkdir(parents=True)
    (repo / "deckcli.toml").write_text('pools = ["pools"]\n', encoding="utf-8")
    pool = repo / "pools" / "megaman.toml"
    text = (REPO / "cardpools" / "megaman.toml").read_text(encoding="utf-8")
    pool.write_text(text, encoding="utf-8")
    uri = open_doc(client, repo / "five.toml", FIVE)
    [copies] = [d for d in await published(client, uri) if d.code == "copies"]
    assert "at most 4 per name" in copies.message
    rule = 'id = "copies"\nkind = "copies"\nkey = "name"\nmax = 4\n'
    assert rule in text
    pool_uri = open_doc(client, pool, text)
    two = text.replace(rule, rule.replace("max = 4", "max = 2"))
    replace_all(client, pool_uri, two, 2)
    pool.write_text(two, encoding="utf-8")  # saved by the editor, which then says so
    client.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=pool_uri)))
    said = [d.message for d in await published(client, uri) if d.code == "copies"]
    assert "5 × AreaSteal (1C8); at most 2 per name — cut 3" in said
    assert all("at most 2 per name" in message for message in said) and len(said) > 1


CONFIG = 'ignore = ["copeis"]\n\n[[decks]]\npath = "lists/*.txt"\ngame = "megamen"\n'


async def test_settings_mistakes_are_diagnostics_on_the_configuration_and_its_decks(
        client, root):
    repo = root / "mistaken"
    repo.mkdir()
    (repo / "deckcli.toml").write_text(CONFIG, encoding="utf-8")
    deck = open_doc(client, repo / "five.toml", FIVE)
    [found] = await published(client, deck)
    assert found.code == "invalid-config" and found.severity == types.DiagnosticSeverity.Error
    assert "unknown game 'megamen' (did you mean 'megaman'?)" in found.message
    assert found.message.endswith("(and 1 more mistake)")
    listed = open_doc(client, repo / "lists" / "torch.txt", "# game: megaman\n4 AirShot\n",
                      "plaintext")
    assert [d.code for d in await published(client, listed)] == ["invalid-config"]
    config = open_doc(client, repo / "deckcli.toml", CONFIG)
    shown = sorted(await published(client, config), key=lambda d: d.range.start.line)
    assert [d.code for d in shown] == ["invalid-config", "invalid-config"]
    assert "'copeis' is not a rule id of any game (did you mean 'copies'?)" in shown[0].message
    assert at(shown[0]) == (0, 0, len('ignore = ["copeis"]'))
    assert "unknown game 'megamen' (did you mean 'megaman'?)" in shown[1].message
    assert at(shown[1]) == (4, 0, len('game = "megamen"'))
    fixed = 'ignore = ["copies"]\n\n[[decks]]\npath = "lists/*.txt"\ngame = "megaman"\n'
    (repo / "deckcli.toml").write_text(fixed, encoding="utf-8")  # as the editor saves it
    client.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=config)))
    # both come, in either order, perhaps in one read: the client's latest of each is asked
    expected = {config: [], deck: ["config-silenced"]}  # sound now; copies ignored, said so
    for _ in range(int(TIMEOUT * 10)):
        if {uri: codes(client.diagnostics.get(uri, [])) for uri in expected} == expected:
            break
        await asyncio.sleep(0.1)
    assert {uri: codes(client.diagnostics.get(uri, [])) for uri in expected} == expected


async def test_the_same_mistakes_as_the_command_line(client, root, cli):
    repo = root / "same-words"
    repo.mkdir()
    (repo / "deckcli.toml").write_text(CONFIG, encoding="utf-8")
    (repo / "five.toml").write_text(FIVE, encoding="utf-8")
    run = cli("check", repo / "five.toml")
    assert run.code == 2
    said = [re.sub(r"^deckcli: error: ", "", line) for line in run.err.splitlines()]
    config = open_doc(client, repo / "deckcli.toml", CONFIG)
    assert sorted(d.message for d in await published(client, config)) == sorted(said)
