"""The builder's screen as views of a session: the layout, and every pane redrawn from the
session after a change. `BuildApp` (app.py) adds what the keys do."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static, TabbedContent, TabPane

from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.tui.handpane import HandPane
from deckcli.tui.session import BuildSession
from deckcli.tui.views import card_text, plain, problems_text, stats_text, title_text
from deckcli.tui.widgets import CSS, CardTable, SearchBox

MAX_RESULTS = 200  # rows of search results shown (the count says how many matched)


class BuilderScreen(App[int]):
    """The builder's layout and views. `session` is None while the game of a new deck is
    being asked (`create` makes the session for the game chosen)."""

    CSS = CSS
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: BuildSession | None, *,
                 create: Callable[[str], BuildSession] | None = None,
                 games: list[tuple[str, str]] | None = None, path_shown: str = "",
                 seed: int = 1) -> None:
        super().__init__()
        self.session = session
        self.create = create
        self.games = games or []
        self.path_shown = path_shown
        self.seed = seed
        self.results: list[Card] = []
        self.disk_warned = False
        self.message = ""
        self.failure: str | None = None  # why the builder stopped before it could start

    # layout

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield SearchBox(placeholder=_("search: a name, a number or a query"),
                                id="search", select_on_focus=False)
                yield CardTable(id="results")
                yield Static(id="found")
            with Vertical(id="right"), TabbedContent(id="panes", initial="deck-pane"):
                with TabPane(_("Deck"), id="deck-pane"):
                    yield CardTable(id="deck", show_header=False)
                with TabPane(_("Card"), id="card-pane"), VerticalScroll():
                    yield Static(id="card", classes="pane-text")
                with TabPane(_("Check"), id="check-pane"), VerticalScroll():
                    yield Static(id="problems", classes="pane-text")
                with TabPane(_("Stats"), id="stats-pane"), VerticalScroll():
                    yield Static(id="stats", classes="pane-text")
                with TabPane(_("Hand"), id="hand-pane"):
                    yield HandPane(lambda: self.session, self.seed, id="hands")
        yield Static(id="status")
        yield Footer()

    def _stat_fields(self) -> list[str]:
        assert self.session is not None
        fields = [c for c in self.session.resolver.pool.header.game.columns
                  if c not in ("number", "name")]
        return fields if "type" in fields else ["type", *fields]

    def _fill_results(self) -> None:
        assert self.session is not None
        table = self.query_one("#results", CardTable)
        table.fill_results(self.session, self.results[:MAX_RESULTS], self._stat_fields())
        shown = table.highlighted()
        if shown is not None and shown[0] is not None:
            self.show_card(shown[0])

    # views

    def refresh_deck(self) -> None:
        """Redraw everything that follows from the deck: title, list, results' counts,
        verdict, stats, and the sample hand (dealt again with its seed)."""
        session = self.session
        assert session is not None
        self._title()
        self.query_one("#deck", CardTable).fill_deck(session)
        self._fill_results()
        self._problems()
        self._stats()
        self.query_one(HandPane).deck_changed()
        self._status()

    def _title(self) -> None:
        assert self.session is not None
        title = self.query_one("#title", Static)
        title.update(plain(title_text(self.session)))
        title.set_class(self.session.result.legal, "legal")
        title.set_class(not self.session.result.legal, "illegal")

    def _problems(self) -> None:
        assert self.session is not None
        self.query_one("#problems", Static).update(problems_text(self.session.result))

    def _stats(self) -> None:
        assert self.session is not None
        self.query_one("#stats", Static).update(stats_text(self.session))

    def _status(self) -> None:
        assert self.session is not None
        status = self.query_one("#status", Static)
        errors = [p for p in self.session.result.problems if p.severity == "error"]
        if self.disk_warned:
            line = _("⚠ the file changed on disk: Ctrl+R reloads it, Ctrl+S asks before "
                     "writing")
        elif self.message:
            line = self.message
        elif errors:
            line = f"✗ {errors[0].rule}: {errors[0].message}"
        else:
            line = _("✓ legal")
        if self.message and errors:
            line += f" · ✗ {errors[0].rule}: {errors[0].message}"
        status.update(plain(line))
        status.set_class(bool(errors) or self.disk_warned, "problem")
        self.message = ""

    def show_card(self, card: Card) -> None:
        assert self.session is not None
        self.query_one("#card", Static).update(card_text(self.session, card))

