"""`deckcli build`'s screen: search as you type, the deck list with its caps and problems, the
card's facts, the live verdict, stats and sample hands (Textual).

The screen holds no deck logic: every change goes to the `BuildSession` (the same edit,
placement and judge as `add`, `remove` and `check`), and every view is redrawn from it. Text
from pools and decks is always shown as `rich.text.Text`, never parsed as markup.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Input, Static, TabbedContent

from deckcli.errors import UserError
from deckcli.i18n import _, ngettext
from deckcli.model.card import Card
from deckcli.tui.dialogs import ChoiceScreen, GameScreen, HelpScreen
from deckcli.tui.handpane import HandPane
from deckcli.tui.screen import MAX_RESULTS, BuilderScreen
from deckcli.tui.session import DiskChanged, SaveFailed
from deckcli.tui.views import plain
from deckcli.tui.widgets import KEYS, CardTable, HandTable

DISK_POLL_SECONDS = 1.0
MAX_UNCOUNTED = 10  # a collection's uncounted lines a notification lists (`check` says all)


class BuildApp(BuilderScreen):
    """The deck builder: what each key and click does to the session."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", _("help")),
        Binding("question_mark", "help", _("help"), show=False),
        Binding("escape", "focus_search", _("search"), show=False),
        Binding("f2", "pane('deck')", _("deck")),
        Binding("f3", "pane('card')", _("card")),
        Binding("f4", "pane('check')", _("check")),
        Binding("f5", "pane('stats')", _("stats")),
        Binding("f6", "pane('hand')", _("hand")),
        Binding("ctrl+z", "undo", _("undo"), priority=True),
        Binding("ctrl+y", "redo", _("redo"), priority=True),
        Binding("ctrl+s", "save", _("save"), priority=True),
        Binding("ctrl+r", "reload", _("reload"), show=False, priority=True),
        Binding("ctrl+q", "quit", _("quit"), priority=True),
    ]

    def on_mount(self) -> None:
        self.query_one("#search", Input).focus()
        if self.session is None:
            self.push_screen(GameScreen(self.path_shown, self.games), self._game_chosen)
            return
        self._start()

    def _game_chosen(self, game: str | None) -> None:
        if game is None or self.create is None:
            self.exit(0)
            return
        try:
            self.session = self.create(game)
        except UserError as exc:
            self.failure = str(exc)
            self.exit(1)
            return
        self._start()

    def _start(self) -> None:
        assert self.session is not None
        self.run_search("", fill=False)
        self.refresh_deck()
        self.set_interval(DISK_POLL_SECONDS, self.watch_disk)
        self._uncounted()

    def _uncounted(self) -> None:
        """The collection's lines that count no card, said once (as `check` says them on
        stderr): a binder's typo is never dropped in silence."""
        from deckcli.app.collection import uncounted_lines
        from deckcli.escape import escape_controls

        assert self.session is not None
        lines = uncounted_lines(self.session.settings, self.session.registry)
        if lines:
            heading = ngettext("The collection has {count} line that counts no card:",
                               "The collection has {count} lines that count no card:",
                               len(lines)).format(count=len(lines))
            shown = [*map(escape_controls, lines[:MAX_UNCOUNTED]),
                     *(["…"] if len(lines) > MAX_UNCOUNTED else [])]
            self.notify("\n".join([heading, *shown]), severity="warning", timeout=30,
                        markup=False)

    # search

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search" and self.session is not None:
            self.run_search(event.value)

    def run_search(self, text: str, fill: bool = True) -> None:
        """The cards the query finds, as `deckcli cards` finds them, in the results table
        (filled now unless `fill` is false: the caller redraws everything next)."""
        from deckcli.engine.query import QueryError
        from deckcli.engine.search import search_cards

        assert self.session is not None
        found = self.query_one("#found", Static)
        try:
            self.results, _single = search_cards(self.session.resolver, text)
        except QueryError as exc:
            self.results = []
            found.update(plain(_("query: {error}").format(error=exc)))
        else:
            total = len(self.results)
            counted = ngettext("{count} card", "{count} cards", total).format(
                count=f"{total:,}")
            if total > MAX_RESULTS:
                counted = _("{counted} (showing {shown})").format(counted=counted,
                                                                  shown=MAX_RESULTS)
            found.update(plain(counted))
        if fill:
            self._fill_results()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "search":
            self.change_highlighted(self.query_one("#results", CardTable), 1)

    # changes

    def on_card_table_change(self, event: CardTable.Change) -> None:
        self.change_highlighted(event.table, event.step)

    def change_highlighted(self, table: CardTable, step: int) -> None:
        """+ or - on a table: the highlighted card gains or loses a copy."""
        shown = table.highlighted()
        if shown is not None:
            self.change_card(shown[0], shown[1], step)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if isinstance(event.data_table, CardTable):
            self.change_highlighted(event.data_table, 1)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        table = event.data_table
        if isinstance(table, CardTable):
            shown = table.cards.get(event.row_key.value or "")
            if shown is not None and shown[0] is not None:
                self.show_card(shown[0])

    def change_card(self, card: Card | None, ref: str | None, step: int) -> None:
        assert self.session is not None
        try:
            if step > 0 and card is not None:
                self.message = self.session.add(card, step)
            elif step < 0:
                self.message = self.session.remove(card, ref or "", -step)
        except UserError as exc:
            self.message = str(exc)
        self.refresh_deck()

    def action_undo(self) -> None:
        if self.session is not None:
            self.message = _("undone") if self.session.undo() else _("nothing to undo")
            self.refresh_deck()

    def action_redo(self) -> None:
        if self.session is not None:
            self.message = _("redone") if self.session.redo() else _("nothing to redo")
            self.refresh_deck()

    # panes and focus

    def action_pane(self, pane: str) -> None:
        self.query_one("#panes", TabbedContent).active = f"{pane}-pane"
        if pane == "deck":
            self.query_one("#deck", CardTable).focus()
        elif pane == "hand":
            self.query_one(HandPane).ensure_dealt()
            self.query_one("#hand", HandTable).focus()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "hand-pane":
            self.query_one(HandPane).ensure_dealt()

    def action_focus_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_help(self) -> None:
        self.push_screen(HelpScreen(KEYS))

    # the file

    def action_save(self, overwrite: bool = False) -> None:
        if self.session is None:
            return
        try:
            self.session.save(overwrite)
        except DiskChanged:
            self.push_screen(ChoiceScreen(
                _("{path} changed on disk since it was read. Overwrite it with your deck, "
                  "or reload it (undo brings your version back)?").format(
                    path=self.session.path),
                [("overwrite", "o", _("Overwrite the file")),
                 ("reload", "r", _("Reload it from disk")),
                 ("cancel", "c", _("Cancel"))]), self._disk_answer)
            return
        except SaveFailed as exc:
            self.message = str(exc)
            self.notify(str(exc), severity="error", markup=False)  # a path is no markup
        else:
            self.disk_warned = False
            self.message = _("saved {path}").format(path=self.session.path)
        self._title()
        self._status()

    def _disk_answer(self, answer: str | None) -> None:
        if answer == "overwrite":
            self.action_save(overwrite=True)
        elif answer == "reload":
            self._reload()

    def action_reload(self) -> None:
        if self.session is None:
            return
        self._reload()

    def _reload(self) -> None:
        assert self.session is not None
        try:
            self.session.reload()
        except SaveFailed as exc:
            self.message = str(exc)
        else:
            self.disk_warned = False
            self.message = _("reloaded {path} from disk").format(path=self.session.path)
        self.refresh_deck()

    def watch_disk(self) -> None:
        """Notice a file changed on disk meanwhile (it is never overwritten silently)."""
        if self.session is None or self.disk_warned:
            return
        if self.session.changed_on_disk():
            self.disk_warned = True
            self._status()

    async def action_quit(self) -> None:
        if self.session is None or not self.session.dirty:
            self.exit(0)
            return
        self.push_screen(ChoiceScreen(
            _("The deck has unsaved changes. Save them before quitting?"),
            [("save", "s", _("Save and quit")), ("discard", "d", _("Quit without saving")),
             ("cancel", "c", _("Cancel"))]), self._quit_answer)

    def _quit_answer(self, answer: str | None) -> None:
        if answer == "discard":
            self.exit(0)
        elif answer == "save":
            self.action_save()
            if self.session is not None and not self.session.dirty:
                self.exit(0)
