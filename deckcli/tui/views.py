"""What the builder's panes say, as `rich.text.Text` worked out from the session: the title,
the check, the stats, a card, a sample hand, a want's odds. Pool and deck words are appended
as plain text, never parsed as markup."""

from __future__ import annotations

from rich.text import Text

from deckcli.i18n import _, ngettext
from deckcli.model.card import Card
from deckcli.model.result import DeckResult
from deckcli.report.cardview import card_record, show_value
from deckcli.tui.hands import SampleDeal
from deckcli.tui.session import BuildSession

BAR_WIDTH = 20


def plain(value: object, style: str = "") -> Text:
    """Text shown as itself: a pool's or a deck's words are never markup."""
    return Text(str(value), style=style)


def title_text(session: BuildSession) -> str:
    """'MegaMan starter · megaman standard · 60/60 · ✓ legal · unsaved'."""
    verdict = _("✓ legal") if session.result.legal else _("✗ illegal")
    text = _("{name} · {game} {format} · {size} · {verdict}").format(
        name=session.title, game=session.resolver.pool.game_id,
        format=session.resolver.format_id, size=session.size_text(), verdict=verdict)
    return text + " · " + _("unsaved") if session.dirty else text


def problems_text(result: DeckResult) -> Text:
    """Every problem `check` reports, with its rule id, where, and the message with its fix."""
    text = Text()
    if not result.problems:
        text.append(_("✓ legal: no problems") + "\n", style="bold green")
    for problem in result.problems:
        where = _("line {line}").format(line=problem.line) if problem.line else _("deck")
        style = {"error": "bold red", "warning": "yellow"}.get(problem.severity, "")
        text.append(f"{problem.severity} {problem.rule}", style=style)
        text.append(f"  ({where})\n")
        text.append(f"  {problem.message}\n")
    return text


def stats_text(session: BuildSession) -> Text:
    """Copies by card type and along the game's curve, as `show` counts them."""
    types, field_name, curve = session.stats()
    text = Text()
    text.append(_("Cards by type") + "\n", style="bold")
    text.append_text(bars(types))
    if field_name and curve:
        text.append("\n" + field_name.replace("_", " ") + "\n", style="bold")
        text.append_text(bars(curve))
    return text


def bars(rows: list[tuple[str, int]]) -> Text:
    """Counts as labelled bars, labels right-aligned by display width (究極体 is 6 columns)."""
    from rich.cells import cell_len

    text = Text()
    if not rows:
        return text
    width = max(cell_len(label) for label, _count in rows)
    peak = max(count for _label, count in rows) or 1
    for label, count in rows:
        pad = " " * (width - cell_len(label))
        bar = "█" * max(1, round(BAR_WIDTH * count / peak)) if count else ""
        text.append(f"{pad}{label} ")
        text.append(bar, style="cyan")
        text.append(f" {count}\n")
    return text


def card_text(session: BuildSession, card: Card) -> Text:
    """The card's every fact and its text, with its copies in the deck against the cap."""
    text = Text()
    text.append(card.name, style="bold")
    text.append(f"  {card.number}\n")
    held, cap = session.cap(card)
    copies = _("in the deck: {held}").format(held=held) if cap is None else _(
        "in the deck: {held} of at most {cap}").format(held=held, cap=cap)
    text.append(copies + "\n\n", style="bold")
    for key, value in card_record(card).items():
        if key in ("number", "name") or value in (None, "", [], {}):
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{lang}: {name}" for lang, name in value.items())
        text.append(key.replace("_", " ") + ": ", style="bold")
        text.append(show_value(value) + "\n")
    return text


def hand_text(deal: SampleDeal) -> Text:
    """The seed, the turn, what the set-up set aside and what went face down."""
    text = Text()
    text.append(_("seed {seed} · turn {turn} · {hand} in hand · {pile} in the pile").format(
        seed=deal.seed, turn=deal.turn, hand=len(deal.hand), pile=len(deal.pile)) + "\n",
        style="bold")
    if deal.set_aside:
        text.append(_("set aside: {cards}").format(cards=", ".join(
            item.card.name for item in deal.set_aside)) + "\n")
    if deal.face_down:
        text.append(ngettext("{count} card face down", "{count} cards face down",
                             len(deal.face_down)).format(count=len(deal.face_down)) + "\n")
    text.append(_("h new hand · r again · n next turn · m mulligan ({rule})").format(
        rule=deal.procedure.mulligan), style="dim")
    return text


def odds_text(spec: str, rows: list[tuple[int, int, float]]) -> Text:
    """A want's exact odds by turn."""
    text = Text()
    text.append(_("P({want}) by turn, exact:").format(want=spec) + "\n", style="bold")
    for turn, seen, probability in rows:
        text.append(_("turn {turn} ({seen} cards): {percent}").format(
            turn=turn, seen=seen, percent=f"{probability:.2%}") + "\n")
    return text
