"""The hand pane: a sample opening hand by the game's set-up, its next turns and mulligan, and
a want's odds by turn. It deals again with the same seed whenever the deck changes."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from deckcli.draw import DrawError
from deckcli.i18n import _, ngettext
from deckcli.tui.hands import SampleDeal, deal_sample, want_odds
from deckcli.tui.session import BuildSession
from deckcli.tui.views import hand_text, odds_text, plain
from deckcli.tui.widgets import HandTable


class HandPane(VerticalScroll):
    """Sample hands for the session `session_of` gives, from seed `seed` on."""

    def __init__(self, session_of: Callable[[], BuildSession | None], seed: int,
                 id: str | None = None) -> None:  # noqa: A002 (Textual's name)
        super().__init__(id=id)
        self.session_of = session_of
        self.seed = seed
        self.deal: SampleDeal | None = None
        self.marked: set[int] = set()
        self.note = ""

    def compose(self) -> ComposeResult:
        yield Static(id="hand-info", classes="pane-text")
        yield HandTable(id="hand", cursor_type="row", show_header=False)
        yield Input(placeholder=_("want: a count and a card or query, then Enter"), id="want")
        yield Static(id="odds", classes="pane-text")

    def on_mount(self) -> None:
        self.query_one(HandTable).add_columns(plain(""), plain(""), plain(""))

    def ensure_dealt(self) -> None:
        """Deal the first hand when the pane is first shown."""
        if self.deal is None:
            self.deal_seed(self.seed)

    def deck_changed(self) -> None:
        """The deck changed: the same seed's hand, from the deck as it is now."""
        if self.deal is not None:
            self.deal_seed(self.deal.seed)

    def deal_seed(self, seed: int) -> None:
        session = self.session_of()
        if session is None:
            return
        self.marked = set()
        try:
            self.deal = deal_sample(session, seed)
        except DrawError as exc:
            self.deal = None
            self.query_one("#hand-info", Static).update(plain(str(exc)))
            self.query_one(HandTable).clear()
            return
        self.show()

    def on_hand_table_act(self, event: HandTable.Act) -> None:
        event.stop()
        deal = self.deal
        if event.what == "new":
            self.deal_seed(deal.seed + 1 if deal else self.seed)
        elif event.what == "again" or deal is None:
            self.deal_seed(deal.seed if deal else self.seed)
        elif event.what == "next":
            deal.next_turn()
            self.show()
        elif event.what == "mark":
            self.marked ^= {self.query_one(HandTable).cursor_row}
            self.show()
        elif event.what == "mulligan":
            try:
                back = deal.mulligan(self.marked)
            except DrawError as exc:
                self.note = str(exc)
            else:
                self.note = ngettext("mulligan: {count} card returned",
                                     "mulligan: {count} cards returned", back).format(count=back)
            self.marked = set()
            self.show()

    def show(self) -> None:
        deal = self.deal
        if deal is None:
            return
        info = hand_text(deal)
        if self.note:
            info.append("\n" + self.note, style="bold")
            self.note = ""
        self.query_one("#hand-info", Static).update(info)
        table = self.query_one(HandTable)
        row = table.cursor_row
        table.clear()
        for index, card in enumerate(deal.hand):
            mark = plain("↩" if index in self.marked else " ", "bold")
            if card is None:
                table.add_row(mark, plain(""), plain(_("(a card not in the pool)")))
            else:
                table.add_row(mark, plain(card.number), plain(card.name))
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        session = self.session_of()
        odds = self.query_one("#odds", Static)
        if session is None or not event.value.strip():
            odds.update(plain(""))
            return
        try:
            rows = want_odds(session, event.value)
        except DrawError as exc:
            odds.update(plain(str(exc), "red"))
            return
        odds.update(odds_text(event.value, rows))
