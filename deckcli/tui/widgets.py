"""The builder's widgets and key table: the search box, tables of cards, the sample hand.

The widgets know nothing of decks: a key on them posts a message the app acts on.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import DataTable, Input

from deckcli.i18n import _
from deckcli.model.card import Card
from deckcli.report.cardview import show_value
from deckcli.tui.session import BuildSession
from deckcli.tui.views import plain

CSS = """
Screen { layout: vertical; }
#title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
#title.legal { background: $success-darken-2; color: $text; }
#title.illegal { background: $error-darken-2; color: $text; }
#body { height: 1fr; }
#left { width: 1fr; min-width: 30; }
#right { width: 1fr; min-width: 30; }
#search { height: 1; border: none; padding: 0 1; background: $boost; }
#search:focus { background: $accent 30%; }
#results { height: 1fr; }
#found { height: 1; padding: 0 1; color: $text-muted; }
#status { height: auto; max-height: 2; padding: 0 1; background: $panel; }
#status.problem { color: $error; }
TabbedContent { height: 1fr; }
TabPane { padding: 0; }
#deck { height: 1fr; }
.pane-text { padding: 0 1; }
#hand { height: auto; max-height: 12; }
#want { height: 1; border: none; padding: 0 1; background: $boost; }
#help-box, #choice-box { width: 76; max-width: 100%; height: auto; max-height: 90%;
    border: round $accent; background: $surface; padding: 0 1; }
HelpScreen, ChoiceScreen, GameScreen { align: center middle; }
#choice-list { height: auto; max-height: 16; }
"""

# Every key of the builder: (where, keys, what). The help screen lists exactly these.
KEYS: list[tuple[str, str, str]] = [
    (_("Anywhere"), "F1  ?", _("this help (? outside the search box)")),
    (_("Anywhere"), "Esc", _("back to the search box")),
    (_("Anywhere"), "Tab  Shift+Tab", _("move between the search box, results and panes")),
    (_("Anywhere"), "F2 F3 F4 F5 F6", _("show the deck, card, check, stats or hand pane")),
    (_("Anywhere"), "Ctrl+Z  Ctrl+Y", _("undo, redo")),
    (_("Anywhere"), "Ctrl+S", _("save (asks if the file changed on disk)")),
    (_("Anywhere"), "Ctrl+R", _("reload the file from disk (undo brings your version back)")),
    (_("Anywhere"), "Ctrl+Q", _("quit (asks when there are unsaved changes)")),
    (_("Search box"), _("typing"), _("search as you type: names, numbers, or the query "
                                    "language of deckcli cards (type:NetNavi level>=IV)")),
    (_("Search box"), "Enter", _("add one copy of the highlighted result (the first by "
                                 "default)")),
    (_("Search box"), "Up  Down", _("highlight another result")),
    (_("Results, deck list"), "+  Enter", _("add one copy of the highlighted card")),
    (_("Results, deck list"), "-  Delete", _("remove one copy of the highlighted card")),
    (_("Results, deck list"), _("click"), _("highlight a card; click again to add a copy")),
    (_("Hand pane"), "h", _("deal a new sample hand (the next seed)")),
    (_("Hand pane"), "r", _("deal this seed's hand again")),
    (_("Hand pane"), "n", _("draw the next turn")),
    (_("Hand pane"), "Space", _("mark a card to return with the mulligan")),
    (_("Hand pane"), "m", _("take the game's mulligan (marked cards, or the whole hand)")),
    (_("Hand pane"), _("want box, Enter"), _("the odds of a want by turn, as deckcli draw "
                                             "computes them (e.g. 2 CyberSword)")),
]


class SearchBox(Input):
    """The search box: Up and Down move the highlight in the results without leaving it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "results(1)", show=False),
        Binding("up", "results(-1)", show=False),
    ]

    def action_results(self, step: int) -> None:
        table = self.app.query_one("#results", DataTable)
        table.move_cursor(row=max(0, table.cursor_row + step))


class CardTable(DataTable[Text]):
    """A table of cards (search results, the deck list): + and - change the deck."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "change(1)", _("add"), show=False),
        Binding("minus,delete", "change(-1)", _("remove"), show=False),
    ]

    class Change(Message):
        """+ or - pressed on a table of cards: the highlighted card gains or loses a copy."""

        def __init__(self, table: CardTable, step: int) -> None:
            super().__init__()
            self.table = table
            self.step = step

    def __init__(self, id: str, show_header: bool = True) -> None:  # noqa: A002
        super().__init__(id=id, cursor_type="row", show_header=show_header,
                         zebra_stripes=False)
        self.cards: dict[str, tuple[Card | None, str]] = {}  # row key -> card, reference

    def action_change(self, step: int) -> None:
        self.post_message(self.Change(self, step))

    def on_key(self, event: events.Key) -> None:
        """A letter typed on a table of cards goes on with the search: the box takes the
        focus and the letter (+, - and ? keep their meaning here)."""
        if event.is_printable and event.character and event.character not in "+-=? ":
            event.stop()
            search = self.app.query_one(SearchBox)
            search.focus()
            search.insert_text_at_cursor(event.character)

    def highlighted(self) -> tuple[Card | None, str] | None:
        """The card (or the reference no card answers) on the highlighted row; None on a
        group's heading or in an empty table."""
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key(Coordinate(self.cursor_row, 0)).row_key.value
        return self.cards.get(key) if key is not None else None

    def fill_results(self, session: BuildSession, cards: list[Card], fields: list[str]) -> None:
        """Search results: copies held, number, name and the game's key stats."""
        row = self.cursor_row
        self.clear(columns=True)  # column widths follow the cards shown, not earlier ones
        for label in (_("deck"), _("number"), _("name"), *(f.replace("_", " ") for f in fields)):
            self.add_column(plain(label))
        self.cards = {}
        holding = session.holding()
        for card in cards:
            held = holding.get(card.number, 0)
            self.cards[card.number] = (card, card.number)
            self.add_row(plain(held or "", "bold"), plain(card.number), plain(card.name),
                         *(plain(show_value(card.attrs.get(field))) for field in fields),
                         key=card.number)
        self._keep_cursor(row)

    def fill_deck(self, session: BuildSession) -> None:
        """The deck list as `show` groups it: copies against the cap, a red ✗ on each line
        with a problem."""
        row = self.cursor_row
        self.clear(columns=True)
        groups = session.groups()
        owning = any(line.owned is not None for group in groups for line in group.lines)
        self.add_columns(plain(""), plain(""), plain(""), *(plain(""),) * owning)
        self.cards = {}
        for group in groups:
            self.add_row(plain(""), plain(group.count, "bold"), plain(group.label, "bold"),
                         *(plain(""),) * owning, key=f"group:{group.label}")
            for index, line in enumerate(group.lines):
                mark = plain("✗", "bold red") if line.problems else plain(" ")
                counted = str(line.count) if line.cap is None else f"{line.count}/{line.cap}"
                if line.held != line.count and line.cap is not None:
                    counted = f"{line.count} ({line.held}/{line.cap})"  # counted with others
                style = "red" if line.problems else ""
                key = f"{group.label}:{index}:{line.ref}"
                self.cards[key] = (line.card, line.ref)
                self.add_row(mark, plain(counted, style), plain(line.name, style),
                             *(owned_cell(line.owned),) * owning, key=key)
        self._keep_cursor(row)

    def _keep_cursor(self, row: int) -> None:
        if self.row_count:
            self.move_cursor(row=min(row, self.row_count - 1))


def owned_cell(owned: tuple[int, int] | None) -> Text:
    """'owned 3 · missing 1' in red, or 'owned 4' (a card line with a collection given)."""
    if owned is None:
        return plain("")
    holding, missing = owned
    if missing:
        return plain(_("owned {owned} · missing {missing}").format(owned=holding,
                                                                    missing=missing), "red")
    return plain(_("owned {owned}").format(owned=holding), "green")


class HandTable(DataTable[Text]):
    """The sample hand: keys deal, draw and mulligan."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hand('new')", _("new hand")),
        Binding("r", "hand('again')", _("same seed")),
        Binding("n", "hand('next')", _("next turn")),
        Binding("space", "hand('mark')", _("mark")),
        Binding("m", "hand('mulligan')", _("mulligan")),
    ]

    class Act(Message):
        """A key of the hand pane: deal, draw, mark or mulligan."""

        def __init__(self, what: str) -> None:
            super().__init__()
            self.what = what

    def action_hand(self, what: str) -> None:
        self.post_message(self.Act(what))
