"""The builder's dialogs: help, a question with a few answers, and the game of a new deck."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from deckcli.i18n import _


class HelpScreen(ModalScreen[None]):
    """Every key of the builder, where it works, and what it does (F1 or ? opens it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q,question_mark", "close", _("Close"), show=False)]

    def __init__(self, rows: list[tuple[str, str, str]]) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        text = Text()
        text.append(_("deckcli build — keys") + "\n\n", style="bold")
        width = max(len(keys) for _where, keys, _what in self.rows)
        where = None
        for place, keys, what in self.rows:
            if place != where:
                text.append(("\n" if where else "") + place + "\n", style="bold")
                where = place
            text.append(f"  {keys:<{width}}  ", style="bold")
            text.append(what + "\n")
        text.append("\n" + _("Esc, F1 or q closes this help."), style="dim")
        with VerticalScroll(id="help-box"):
            yield Static(text, id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ModalScreen[str]):
    """A question and its answers, each with a key; Esc gives the last answer (cancel)."""

    def __init__(self, question: str, answers: list[tuple[str, str, str]]) -> None:
        super().__init__()
        self.question = question
        self.answers = answers  # (result, key, label)

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Static(Text(self.question), id="choice-question")
            yield OptionList(*[Option(Text(f"[{key}] {label}"), id=result)
                               for result, key, label in self.answers], id="choice-list")

    def on_key(self, event: events.Key) -> None:
        for result, answer_key, _label in self.answers:
            if event.key == answer_key:
                event.stop()
                self.dismiss(result)
                return
        if event.key == "escape":
            event.stop()
            self.dismiss(self.answers[-1][0])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id or self.answers[-1][0])


class GameScreen(ModalScreen[str | None]):
    """The game of a new deck, picked from the games deckcli knows (Esc: none, quit)."""

    def __init__(self, path: str, games: list[tuple[str, str]]) -> None:
        super().__init__()
        self.path = path
        self.games = games  # (id, name)

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Static(Text(_("{path} does not exist yet. Which game is the new deck for? "
                                "(Enter picks, Esc quits)").format(path=self.path)),
                         id="choice-question")
            yield OptionList(*[Option(Text(f"{game_id} — {name}"), id=game_id)
                               for game_id, name in self.games], id="choice-list")

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape":
            event.stop()
            self.dismiss(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)
