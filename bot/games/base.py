"""``GameUI``: what the game-agnostic core (service, controller, commands, records) asks of a
game's UI module, and ``BaseUI``, the generic answers a game may keep.

A game's UI module supplies its pictures, its hand controls and its texts; the core supplies
the lobby, seats, table message frame, timers, stand-ins, restarts, archive, leaderboards and
settings. A toy game can run on ``BaseUI`` alone: one button per legal action labelled with
the action's text, no pictures, the common texts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import discord
from discord import app_commands

from bot.i18n import game_t, t, tn
from bot.render.common import entrant_names, readable_name
from bot.render.fonts import clean_name
from engine.game import GameEvent, GameSpec, Outcome, SeatViewBase

if TYPE_CHECKING:
    from bot.model import Table, TableSettings
    from bot.storage.models import PlayerStats
    from bot.ui.alt import CardWords

Item = discord.ui.Item[Any]
Picture = Callable[[], bytes]  # draws a PNG; the core calls it and copes with a failure


def picture_names(table: Table, lang: str) -> list[str]:
    """The seats' names for the table's pictures: at a tournament's table a name the
    pictures cannot draw stands in as its entrant's number in the tournament ("hráč č. 7",
    as on the tournament's standings and sheets); elsewhere the pictures put the seat's."""
    return entrant_names(table.names(), lang, table.entrants())


def pictured_as(names: Sequence[str], drawn: Sequence[str], lang: str) -> str:
    """The text's names beside the pictures' stand-ins for those the pictures cannot draw
    (emoji only): "🎲🎲 (na obrázku hráč 3)" for each such one, joined ("" when none), so
    that a sighted reader knows "hráč 3" in the picture is 🎲🎲 in the text. Only for a
    stand-in: a name the picture draws shortened or cleaned is still recognisable. The alt
    texts keep the names alone (a screen reader reads no picture)."""
    return ", ".join(t("core.pictured_as", lang, name=name, shown=shown)
                     for name, shown in zip(names, drawn, strict=True)
                     if not clean_name(name, ""))


def away_moves(table: Table, seat: int) -> int:
    """The moves an AI has made for ``seat``'s absent player since his absence began (0:
    none yet, or not known)."""
    s = table.seats[seat] if 0 <= seat < len(table.seats) else None
    return 0 if s is None or s.away_from is None else max(0, s.ai_moves - s.away_from)


def absent_prompt(table: Table, seat: int, lang: str) -> str:
    """A hand's prompt while an AI plays for its absent player: since when, how many moves
    so far (review 73: after one missed turn the AI played a whole lóra for him, and his
    hand told only the cards of the deal in play), and how he comes back."""
    n = away_moves(table, seat)
    if not n:
        return t("core.hand_absent", lang)
    return t("core.hand_absent_moves", lang, moves=tn("core.moves", lang, n))


def absent_over_line(table: Table, seat: int, lang: str) -> str | None:
    """The line of a finished game's hand whose player an AI played for to its end (None:
    he was not absent then, or no AI moved for him since)."""
    if not table.stood_in(seat):
        return None
    n = away_moves(table, seat)
    return t("core.hand_absent_over", lang, moves=tn("core.moves", lang, n)) if n else None


def picture_legend(table: Table, lang: str) -> str:
    """``pictured_as`` for the seats of ``table`` (what its pictures draw: the seat's
    stand-in, "hráč 3", or in a tournament the entrant's, "hráč č. 7")."""
    seated = [seat for seat, s in enumerate(table.seats) if s is not None]
    names, drawn = table.names(), picture_names(table, lang)
    return pictured_as([names[seat] for seat in seated],
                       [readable_name(drawn[seat], lang, seat + 1) for seat in seated], lang)


@dataclass
class HandParts:
    """A seat's private message: text lines, controls, a picture. No text stands in for a
    picture that cannot be drawn: the lines say his cards in words anyway."""

    lines: list[str]
    items: list[Item] = field(default_factory=list)
    picture: Picture | None = None
    # the line of ``lines`` that says whose turn he waits for ("Na tahu je …, tlačítka se
    # odemknou…"), if he waits: a hand's last edit puts its own line there (it will not
    # follow the turn any more)
    wait: str | None = None
    # the picture's alt text (a screen reader's words for it): what it shows, in words
    alt: str = ""


@dataclass
class Reply:
    """An ephemeral answer to a table button of the game: a text, a picture, or a picture
    with a text (the score sheet and its totals); ``description``: the picture's alt text.
    The picture is a recipe the core has the render pool draw, off the event loop (a big
    sheet drawn in a click's handler delayed every other table's clicks); when it fails, the
    text goes alone."""

    content: str | None = None
    picture: Picture | None = None
    filename: str = "picture.png"
    description: str | None = None
    # a score sheet's page: the labels of the sheet's pages (their buttons under it; none:
    # a sheet of one page) and which one this is
    pages: tuple[str, ...] = ()
    page: int = 0
    # the key each page's button carries (``SheetBook.keys``); none: the pages' indices
    keys: tuple[str, ...] = ()


def sheet_reply(lines: Sequence[str], picture: Picture | None, filename: str, lang: str,
                legend: str = "", about: Sequence[str] = (),
                cards: CardWords | None = None) -> Reply:
    """The score sheet for its button: the picture with its totals in words (``sheet_lines``:
    a heading, then a line per player) as the message's text and the picture's alt text —
    a screen reader reads no picture; ``legend`` (``picture_legend``) under the text only;
    ``about``: which page the picture is and what it shows, first in its alt text only,
    said as ``bot.ui.alt.spoken`` says it (``cards``: the game's), without the totals
    where both would not fit in one."""
    from bot.ui.alt import ALT_LIMIT, sentences, spoken

    head, *rows = lines or [""]
    alt = spoken(sentences([*about, *lines]), lang, cards)
    if len(alt) > ALT_LIMIT:  # (the page's own words first: the totals are the text's)
        alt = spoken(sentences(about), lang, cards)
    return Reply(content="\n".join([head, *(f"• {row}" for row in rows),
                                    *([legend] if legend else [])]).strip() or None,
                 picture=picture, filename=filename, description=alt)


class SheetBook(NamedTuple):
    """A score sheet by the pages a phone reads (``GameUI.sheet_book``): their buttons'
    labels (e.g. "1. tálie" … "Celkem"), and each page's picture, a recipe (a partial of a
    module-level render function with picklable arguments) the render pool draws."""

    labels: list[str]
    pictures: list[Picture]
    # per page, the keys a click on a page's button may carry to open it, its own button's
    # first (``page_index``); none: the pages' indices (pages that never move, Lóra's).
    # Taroky's pages are split anew as the round grows (review 72: a button by index opened
    # another range once a deal was added), so a page is named by the deals it holds.
    keys: tuple[tuple[str, ...], ...] = ()


def page_keys(book: SheetBook) -> tuple[str, ...]:
    """The key of each page's button: the page's first key, or its index."""
    if book.keys:
        return tuple(keys[0] for keys in book.keys)
    return tuple(str(i) for i in range(len(book.labels)))


def page_index(book: SheetBook, key: str) -> int | None:
    """The page a button's ``key`` opens now: the one whose keys hold it; digits (the ids of
    buttons posted before pages had keys, and pages that never move): that index. None: no
    such page (a stale button)."""
    if key.isdigit():
        index = int(key)
        return index if index < len(book.labels) else None
    return next((i for i, keys in enumerate(book.keys) if key in keys), None)


def sheet_page_reply(ui: GameUI, table: Table, lang: str, page: int,
                     book: SheetBook | None = None) -> Reply:
    """Page ``page`` of the score sheet of a game with pages (``GameUI.sheet_book``): its
    picture with the totals in words (``sheet_reply``) and the pages' labels for their
    buttons (``book``: the pages where the caller has them already). (A game of one page
    answers its sheet button with ``table_op`` alone.)"""
    book = ui.sheet_book(table, lang) if book is None else book
    page = min(max(page, 0), len(book.labels) - 1) if book.labels else 0
    reply = sheet_reply(ui.sheet_lines(table, lang),
                        book.pictures[page] if book.pictures else None,
                        t("core.sheet_file", lang), lang, picture_legend(table, lang),
                        ui.sheet_page_alt(table, lang, page), ui.card_words(lang))
    if book.labels:  # which page the text is beside, named as its button (review 66: every
        # page's answer read the same; its alt text names the page already); a sheet of one
        # page too (review 76: Taroky's read "Peníze a výsledek:" alone, unlike Lóra's)
        title = t("core.sheet_page_title", lang, page=book.labels[page])
        reply.content = "\n".join([title, *([reply.content] if reply.content else [])])
    reply.pages, reply.page, reply.keys = tuple(book.labels), page, page_keys(book)
    return reply


@dataclass(frozen=True)
class TableOp:
    """A button of the game on the table message (e.g. Lóra's score sheet)."""

    op: str  # in the custom id: lowercase letters only
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary


class GameUI(Protocol):
    spec: GameSpec[Any, Any]
    command: str  # the slash command group ("lora")
    sheet_command: str  # its command that shows the score sheet ("score", both games')
    # the game's table options as ``/<game> new`` takes them: name → built-in value (a
    # server may set its own defaults of them: ``bot.table_defaults``)
    option_defaults: dict[str, Any]
    # the options among them that give a round's length, each in its own unit (Taroky:
    # minutes, deals): a table takes one (``bot.table_defaults``)
    round_length_options: tuple[str, ...]

    def table_options(self, values: dict[str, Any]) -> dict[str, Any]:
        """The engine's options JSON from ``values`` of ``option_defaults``' names; raises
        ``ValueError`` when they make no valid table."""
        ...

    @property
    def kind(self) -> str: ...

    def name(self, lang: str) -> str: ...

    def settings_lines(self, settings: TableSettings, lang: str) -> list[str]: ...

    def short_lines(self, settings: TableSettings, lang: str) -> list[str]:
        """The table's options as a sentence lists what changed ("panák za 4 filky
        zapnut", "vklad 100 Kč"): short, lower case, no gloss (review 90: the long lobby
        lines with their own brackets, nested in a rematch's sentence)."""
        ...

    def rules_lines(self, settings: TableSettings, lang: str) -> list[str]:
        """``settings_lines`` but the round's length: the rules a table plays with, as a
        tournament's message lists them beside its own round."""
        ...

    def rules_values(self, settings: TableSettings | None, lang: str) -> dict[str, str]:
        """The words of the game's rules summary that depend on a table's options, by its
        placeholders (``settings`` None: asked away from a table, the built-in options)."""
        ...

    def option_choices(self, settings: TableSettings, lang: str) -> list[tuple[str, str]]: ...

    def value_choices(self, settings: TableSettings, lang: str) -> list[tuple[str, str]]:
        """The creator's choices of the options that take one of several values (Taroky's
        money and round's length), as (choice, label): the lobby's second select, its
        choices changed by ``change_option`` as the switches of ``option_choices`` are."""
        ...

    def change_option(self, options: dict[str, Any], choice: str,
                      start: dict[str, Any] | None = None) -> dict[str, Any] | None: ...

    def status_lines(self, table: Table, lang: str) -> list[str]: ...

    def table_picture(self, table: Table, lang: str) -> Picture | None: ...

    def table_alt(self, table: Table, lang: str) -> str:
        """The table picture's alt text: what it shows, in words (a screen reader reads it
        in place of the picture)."""
        ...

    def card_words(self, lang: str) -> CardWords | None:
        """How the game's cards are said in a picture's alt text (``bot.ui.alt.spoken``);
        None (``BaseUI``): a game without cards in its alt texts."""
        ...

    def sheet_lines(self, table: Table, lang: str) -> list[str]:
        """The score sheet's totals in words, a line per player (the Protokol button's text
        beside its picture, and the sheet's alt text)."""
        ...

    def table_ops(self, table: Table, lang: str, running: bool) -> list[TableOp]: ...

    def table_op(self, table: Table, op: str, lang: str) -> Reply: ...

    def sheet_book(self, table: Table, lang: str) -> SheetBook:
        """The score sheet's pages a phone reads (the game's catalog strings label them),
        each page's picture made ready with them (a split of the sheet into pages is made
        once: its pictures are not split again); none (``BaseUI``): one page, the whole
        sheet its sheet button's ``table_op`` answers with. A game with pages answers that
        button with ``sheet_page_reply`` of ``sheet_first_page``; a click on a page's
        button edits the answer to that page."""
        ...

    def sheet_first_page(self, table: Table) -> int:
        """The page the sheet opens on: the part being played, the overview at the end."""
        ...

    def sheet_page_alt(self, table: Table, lang: str, page: int) -> list[str]:
        """Which page ``page`` is and what it shows, in words: its alt text before the
        totals (``sheet_lines``), the pages' alt texts told apart; [] (``BaseUI``): none."""
        ...

    def hand(self, table: Table, view: SeatViewBase, lang: str) -> HandParts: ...

    def event_lines(self, table: Table, events: Sequence[GameEvent]) -> list[str]: ...

    def announcements(self, table: Table, events: Sequence[GameEvent]) -> list[str]: ...

    def starts_deal(self, events: Sequence[GameEvent]) -> bool: ...

    def deal_lines_from(self, events: Sequence[GameEvent]) -> int | None:
        """Where the lines of a deal that began among ``events`` start (the table message's
        recent events start there: those before are the last deal's, its result posted);
        None when no deal began in them (``bot.recent.new_deal_at``)."""
        ...

    def deal_pictures(self, table: Table, events: Sequence[GameEvent]
                      ) -> list[tuple[int, str, str, str]]: ...

    def named_picture(self, table: Table, name: str, lang: str) -> Picture | None: ...

    def turn_ping(self, table: Table, seat: int, mention: str) -> str: ...

    def outcome_note(self, outcome: Outcome, seat: int, lang: str) -> str: ...

    def seat_name(self, table: Table, seat: int, lang: str) -> str: ...

    def final_picture(self, table: Table, lang: str) -> Picture | None: ...

    def add_commands(self, group: app_commands.Group) -> None: ...

    def stats_fields(self, stats: PlayerStats, lang: str) -> list[tuple[str, str, bool]]: ...

    def score_text(self, value: float | None, lang: str) -> str | None: ...

    def refusal_text(self, error: Exception, lang: str) -> str | None: ...

    def disabled_reason(self, table: Table, seat: int, index: int, lang: str) -> str | None: ...

    def export_files(self, data: dict[str, Any], lang: str) -> list[discord.File]: ...


class BaseUI:
    """The generic answers of ``GameUI``; a game overrides what it shows its own way."""

    command: str = ""
    sheet_command: str = "score"
    option_defaults: dict[str, Any] = {}  # noqa: RUF012 (read only)
    round_length_options: tuple[str, ...] = ()

    def __init__(self, spec: GameSpec[Any, Any], command: str | None = None) -> None:
        self.spec = spec
        self.command = command or spec.name

    @property
    def kind(self) -> str:
        return self.spec.name

    def name(self, lang: str) -> str:
        return t(f"{self.kind}.name", lang)

    def settings_lines(self, settings: TableSettings, lang: str) -> list[str]:
        return []

    def short_lines(self, settings: TableSettings, lang: str) -> list[str]:
        return self.settings_lines(settings, lang)  # (a game whose lines are short)

    def table_options(self, values: dict[str, Any]) -> dict[str, Any]:
        return {}  # (a game without options of its own)

    def rules_lines(self, settings: TableSettings, lang: str) -> list[str]:
        return self.settings_lines(settings, lang)  # (a game without a round's length line)

    def rules_values(self, settings: TableSettings | None, lang: str) -> dict[str, str]:
        return {}  # (a summary that says the same at every table)

    def option_choices(self, settings: TableSettings, lang: str) -> list[tuple[str, str]]:
        """The changes of the game's options the creator may make in the lobby, as (choice,
        label); the seated players accept each change again."""
        return []

    def value_choices(self, settings: TableSettings, lang: str) -> list[tuple[str, str]]:
        return []  # (a game whose options are switches only)

    def change_option(self, options: dict[str, Any], choice: str,
                      start: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """The options after ``choice`` (one of ``option_choices`` or ``value_choices``;
        ``start``: the options the table was opened with, a value choice may go back to
        theirs), or None if unknown."""
        return None

    def status_lines(self, table: Table, lang: str) -> list[str]:
        state = table.state
        if state is None or state.finished or state.to_act is None:
            return [game_t(self.kind, "finished_line", lang)] if state is not None else []
        return [t("core.turn_line", lang, name=table.names()[state.to_act])]

    def table_picture(self, table: Table, lang: str) -> Picture | None:
        return None

    def table_alt(self, table: Table, lang: str) -> str:
        from bot.ui.alt import sentences

        return sentences(self.status_lines(table, lang))

    def card_words(self, lang: str) -> CardWords | None:
        return None

    def sheet_lines(self, table: Table, lang: str) -> list[str]:
        return []

    def table_ops(self, table: Table, lang: str, running: bool) -> list[TableOp]:
        return []

    def table_op(self, table: Table, op: str, lang: str) -> Reply:
        return Reply(content=t("core.stale", lang))

    def sheet_book(self, table: Table, lang: str) -> SheetBook:
        return SheetBook([], [])  # (one page: the sheet of ``table_op(table, "sheet", lang)``)

    def sheet_first_page(self, table: Table) -> int:
        return 0

    def sheet_page_alt(self, table: Table, lang: str, page: int) -> list[str]:
        return []

    def hand(self, table: Table, view: SeatViewBase, lang: str) -> HandParts:
        """One button per legal action, labelled with the action's text."""
        from bot.ui.components import ActionButton

        state = table.state
        lines = [f"**{game_t(self.kind, 'hand_title', lang)}**"]
        if state is not None and state.finished:
            lines.append(t("core.hand_finished", lang))
        elif view.legal:
            lines.append(game_t(self.kind, "hand_play", lang))
        elif view.public.to_act is not None:
            lines.append(t("core.hand_wait", lang, name=table.names()[view.public.to_act]))
        else:
            lines.append(t("core.hand_none", lang))
        items: list[Item] = [
            ActionButton(table.table_id, table.version, i, _action_label(a, lang, i))
            for i, a in enumerate(view.legal)
        ]
        return HandParts(lines, items)

    def event_lines(self, table: Table, events: Sequence[GameEvent]) -> list[str]:
        return [e.text(table.settings.lang) for e in events  # (a left seat's AI: not told)
                if getattr(e, "how", None) != "left"]

    def announcements(self, table: Table, events: Sequence[GameEvent]) -> list[str]:
        return []

    def starts_deal(self, events: Sequence[GameEvent]) -> bool:
        return False

    def deal_lines_from(self, events: Sequence[GameEvent]) -> int | None:
        return None

    def deal_pictures(self, table: Table, events: Sequence[GameEvent]
                      ) -> list[tuple[int, str, str, str]]:
        """Pictures of what ``events`` ended (a deal, all shown), each with the index of the
        line of ``announcements(table, events)`` it goes with: (index, name, file name, alt
        text — what the picture shows, not its line again);
        ``named_picture`` draws a name when the post is sent."""
        return []

    def named_picture(self, table: Table, name: str, lang: str) -> Picture | None:
        """The picture ``name`` of ``deal_pictures`` (None: unknown, or nothing to draw)."""
        return None

    def turn_ping(self, table: Table, seat: int, mention: str) -> str:
        return game_t(self.kind, "your_turn", table.settings.lang, mention=mention)

    def outcome_note(self, outcome: Outcome, seat: int, lang: str) -> str:
        return ""

    def seat_name(self, table: Table, seat: int, lang: str) -> str:
        """The seat's name where results are listed: a player who left is marked, an AI
        played his seat to the end (the result is the AI's, never rated for him): as the
        lines of moves name it (``Table.move_names``)."""
        return table.move_names()[seat]

    def final_picture(self, table: Table, lang: str) -> Picture | None:
        return None

    def add_commands(self, group: app_commands.Group) -> None:
        from bot.commands import new_command

        group.add_command(new_command(self, "new"))
        group.add_command(new_command(self, "defaults"))

    def stats_fields(self, stats: PlayerStats, lang: str) -> list[tuple[str, str, bool]]:
        return []

    def score_text(self, value: float | None, lang: str) -> str | None:
        """A score (``Outcome.scores``, or an average of them) as the game shows it in the
        records (Taroky: money); None: the core's plain number."""
        return None

    def refusal_text(self, error: Exception, lang: str) -> str | None:
        """Why the engine refused an action, in the game's words (the engine's own message
        by default); None when there is nothing to say."""
        message = getattr(error, "message", None)
        return str(message(lang)) if callable(message) else None

    def disabled_reason(self, table: Table, seat: int, index: int, lang: str) -> str | None:
        """Why the disabled control ``index`` of ``seat``'s hand cannot be used now, as the
        hand tells it (a raw click on it: Discord greys it out); None: not known."""
        return None

    def export_files(self, data: dict[str, Any], lang: str) -> list[discord.File]:
        import io
        import json

        from bot.storage.models import export_number

        text = json.dumps(data["replay"], ensure_ascii=False, indent=1).encode()
        return [discord.File(io.BytesIO(text),
                             filename=f"{self.kind}-{export_number(data)}.json")]


def _action_label(action: object, lang: str, index: int) -> str:
    text = getattr(action, "text", None)
    return str(text(lang)) if callable(text) else str(index + 1)
