"""The language server speaks the `locale` its client sends in `initialize`: diagnostics and
code-action titles come from that language's catalog (pytest-lsp, the server a subprocess)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from conftest import SAMPLES
from deckcli.i18n import _, use_language
from lsphelp import CACHE, open_doc, published, server_config

LOCALE = "es-MX"  # a region of a language deckcli speaks: the server falls back to es
FIVE = (SAMPLES / "megaman" / "illegal-five-copies.toml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("lsp-locale")


@pytest_lsp.fixture(scope="module", config=server_config(CACHE))
async def client(lsp_client: LanguageClient, root: Path) -> AsyncIterator[None]:
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams) -> None:
        """The server asks to watch its configuration files: granted."""

    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=root.as_uri(),
        locale=LOCALE))
    yield
    await lsp_client.shutdown_session()


def spanish(make: object) -> str:
    """A message as the Spanish catalog says it, built in this process."""
    use_language("es")
    try:
        assert callable(make)
        return str(make())
    finally:
        use_language("en")


def copies_message() -> str:
    return _("{what}; at most {cap} per name — {fix}").format(
        what="5 × AreaSteal (1C8)", cap=4, fix=_("cut {count:,}").format(count=1))


def cut_title() -> str:
    """The copies rule's fix, titled by the fix engine with its applicability."""
    from deckcli.i18n import ngettext

    title = ngettext("Cut {count} × {card}", "Cut {count} × {card}", 1).format(
        count=1, card="AreaSteal (1C8)")
    return _("{title} (unsafe)").format(title=title)


@pytest.mark.asyncio(loop_scope="module")
async def test_diagnostics_and_code_actions_speak_the_client_locale(client, root) -> None:
    uri = open_doc(client, root / "five.toml", FIVE)
    found = await published(client, uri)
    assert [d.code for d in found] == ["copies"]
    assert found[0].message == spanish(copies_message)
    assert found[0].message == "5 × AreaSteal (1C8); como máximo 4 por nombre — quita 1"
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found)))
    titles = [action.title for action in actions or [] if isinstance(action, types.CodeAction)]
    assert spanish(cut_title) in titles
