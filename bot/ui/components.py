"""Persistent components: every button and select is a ``DynamicItem`` whose ``custom_id``
carries what the click means (table, state version, action index). They survive restarts
without re-registering messages, and a stale click is recognised by its version. They know no
game: the table id leads to the table, and the table to its game. (The ``lora:`` prefix is the
bot's namespace, kept so that messages posted by earlier versions keep working.)
"""

from __future__ import annotations

from collections.abc import Sequence
from re import Match
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t

if TYPE_CHECKING:
    from bot.ui.controller import Controller

Interaction = discord.Interaction[Any]

# The kinds of ``lora:<kind>:<table id>:…`` ids: a game's own buttons (the table message's,
# a hand's actions, choices and multi-card confirmations), and the lobby's.
GAME_KINDS = ("t", "a", "c", "m")
TABLE_KINDS = (*GAME_KINDS, "l", "lai", "lo", "k", "kk", "sp")


def table_id_of(custom_id: str) -> int | None:
    """The table id a ``lora:<kind>:<table id>:…`` id names; None when it names none."""
    parts = custom_id.split(":")
    return int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else None


def _controller(interaction: Interaction) -> Controller:
    from bot.ui.controller import Controller

    controller = getattr(interaction.client, "controller", None)
    if not isinstance(controller, Controller):
        raise RuntimeError("the client has no controller")
    return controller


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:l:(?P<table>\d+):(?P<op>join|leave|quit|start|agree|decline)",
):
    def __init__(self, table_id: int, op: str, label: str = "",
                 style: discord.ButtonStyle | None = None) -> None:
        self.table_id, self.op = table_id, op
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=style or discord.ButtonStyle.secondary,
                custom_id=f"lora:l:{table_id}:{op}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> LobbyButton:
        return cls(int(match["table"]), match["op"])

    async def callback(self, interaction: Interaction) -> None:
        await _controller(interaction).on_lobby(interaction, self.table_id, self.op)


class LobbyAIButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:lai:(?P<table>\d+):(?P<level>[a-z]+)",
):
    """Adds an AI player of one level (a button per level: nothing to select, and nothing
    left selected afterwards)."""

    def __init__(self, table_id: int, level: str, label: str = "") -> None:
        self.table_id, self.level = table_id, level
        super().__init__(
            discord.ui.Button(
                label=label or level,
                style=discord.ButtonStyle.secondary,
                custom_id=f"lora:lai:{table_id}:{level}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> LobbyAIButton:
        return cls(int(match["table"]), match["level"])

    async def callback(self, interaction: Interaction) -> None:
        await _controller(interaction).on_add_ai(interaction, self.table_id, self.level)


class LobbyOptionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"lora:lo:(?P<table>\d+):(?P<revision>\d+)(?P<values>:v)?",
):
    """The creator changes one of the game's options; the id carries the options' revision,
    so the select is a new one (with nothing selected) after every change. ``values``: the
    select of the options set to one of several values (``GameUI.value_choices``), beside
    the one of the switches."""

    def __init__(self, table_id: int, revision: int,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, *, values: bool = False) -> None:
        self.table_id, self.revision = table_id, revision
        super().__init__(
            discord.ui.Select(
                custom_id=f"lora:lo:{table_id}:{revision}{':v' if values else ''}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> LobbyOptionSelect:
        return cls(int(match["table"]), int(match["revision"]), values=bool(match["values"]))

    async def callback(self, interaction: Interaction) -> None:
        values = _values(interaction)
        await _controller(interaction).on_option(interaction, self.table_id, self.revision,
                                                 values[0] if values else "")


class LobbyAISelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"lora:lai:(?P<table>\d+)"
):
    """The AI level select of lobbies posted by earlier versions (they still work)."""

    def __init__(self, table_id: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        self.table_id = table_id
        super().__init__(
            discord.ui.Select(
                custom_id=f"lora:lai:{table_id}",
                options=options or [discord.SelectOption(label="medium", value="medium")],
                placeholder=placeholder,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> LobbyAISelect:
        return cls(int(match["table"]))

    async def callback(self, interaction: Interaction) -> None:
        values = _values(interaction)
        level = values[0] if values else ""
        await _controller(interaction).on_add_ai(interaction, self.table_id, level)


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:t:(?P<table>\d+):(?P<op>[a-z]+)",
):
    def __init__(self, table_id: int, op: str, label: str = "",
                 style: discord.ButtonStyle | None = None, emoji: str | None = None) -> None:
        self.table_id, self.op = table_id, op
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=style or discord.ButtonStyle.secondary,
                custom_id=f"lora:t:{table_id}:{op}",
                emoji=emoji,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> TableButton:
        return cls(int(match["table"]), match["op"])

    async def callback(self, interaction: Interaction) -> None:
        await _controller(interaction).on_table_button(interaction, self.table_id, self.op)


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:k:(?P<table>\d+):(?P<op>abort|abortlobby|leave|leaveclose|back|forget)"
             r":(?P<until>\d+)",
):
    """The button of an ephemeral question about a table: "abort" (close its running game),
    "abortlobby" (close its lobby), "leave" (an AI plays on for him), "leaveclose" (he
    leaves and the table closes), "back" (take back the seat he left), "forget" (his
    personal data deleted: ``/… forget-me``, table 0). The op is what the question said: a
    click on it once the table has changed asks again. ``until`` (epoch seconds) is when the
    question lapses: a later click changes nothing. (Its other button: ``StayButton``.)"""

    def __init__(self, table_id: int, op: str, until: int, label: str = "",
                 style: discord.ButtonStyle | None = None) -> None:
        self.table_id, self.op, self.until = table_id, op, until
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=style or discord.ButtonStyle.danger,
                custom_id=f"lora:k:{table_id}:{op}:{until}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> ConfirmButton:
        return cls(int(match["table"]), match["op"], int(match["until"]))

    async def callback(self, interaction: Interaction) -> None:
        await _controller(interaction).on_confirm(interaction, self.table_id, self.op,
                                                  self.until)


class StayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:(?P<kind>k|tn):(?P<about>\d+):stay:(?P<until>\d+)",
):
    """A question's button that keeps things as they are (``question_view``): nothing
    changes, lapsed or not. Its id is the question's, "stay" for the op: a table's
    (``ConfirmButton``'s "k") or a tournament's (``TournamentButton``'s "tn")."""

    def __init__(self, kind: str, about: int, until: int, label: str = "stay") -> None:
        self.kind, self.about = kind, about
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"lora:{kind}:{about}:stay:{until}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> StayButton:
        return cls(match["kind"], int(match["about"]), int(match["until"]))

    async def callback(self, interaction: Interaction) -> None:
        await _controller(interaction).on_stay(interaction, self.kind, self.about)


class KickButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:kk:(?P<table>\d+):(?P<user>\d+):(?P<op>lobby|game|no):(?P<until>\d+)",
):
    """A button of ``/<game> kick``'s question (``bot.ui.removal``): remove the player
    ``user`` from the table — from its lobby ("lobby") or its game ("game"), as the question
    said — or not ("no"). ``until``: when the question lapses."""

    def __init__(self, table_id: int, user_id: int, op: str, until: int, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.danger,
                 disabled: bool = False) -> None:
        self.table_id, self.user_id, self.op, self.until = table_id, user_id, op, until
        super().__init__(discord.ui.Button(
            label=label or op, style=style, disabled=disabled,
            custom_id=f"lora:kk:{table_id}:{user_id}:{op}:{until}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> KickButton:
        return cls(int(match["table"]), int(match["user"]), match["op"], int(match["until"]))

    async def callback(self, interaction: Interaction) -> None:
        await _controller(interaction).on_kick(interaction, self.table_id, self.user_id,
                                               self.op, self.until)


# a disabled control's index: DISABLED + its place among the game's controls (a Lóra card, a
# Taroky candidate), never the index of a legal action; a raw click on it is told why
DISABLED = 100


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:a:(?P<table>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """One legal action of the engine at one state version."""

    def __init__(self, table_id: int, version: int, index: int, label: str = "",
                 style: discord.ButtonStyle | None = None, disabled: bool = False,
                 emoji: str | None = None, row: int | None = None) -> None:
        self.table_id, self.version, self.index = table_id, version, index
        super().__init__(
            discord.ui.Button(
                label=label or str(index),
                style=style or discord.ButtonStyle.primary,
                custom_id=f"lora:a:{table_id}:{version}:{index}",
                disabled=disabled,
                emoji=emoji,
                row=row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> ActionButton:
        return cls(int(match["table"]), int(match["version"]), int(match["index"]))

    async def callback(self, interaction: Interaction) -> None:
        await _controller(interaction).on_action(
            interaction, self.table_id, self.version, self.index
        )


class ChooseSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"lora:c:(?P<table>\d+):(?P<version>\d+)",
):
    """The maturant's choice: its values are indices of legal actions."""

    def __init__(self, table_id: int, version: int,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, disabled: bool = False) -> None:
        self.table_id, self.version = table_id, version
        super().__init__(
            discord.ui.Select(
                custom_id=f"lora:c:{table_id}:{version}",
                options=options or [discord.SelectOption(label="-", value="0")],
                placeholder=placeholder,
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> ChooseSelect:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: Interaction) -> None:
        values = _values(interaction)
        try:
            index = int(values[0])
        except (IndexError, ValueError):
            index = -1
        await _controller(interaction).on_action(interaction, self.table_id, self.version, index)


class ActionsSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"lora:m:(?P<table>\d+):(?P<version>\d+)",
):
    """Several actions of one seat chosen at once (e.g. the cards to lay away): each option's
    value is an action in the game's JSON; the engine decides in which order they apply, and
    refuses the choice as a whole (``TableService.act_many``)."""

    def __init__(self, table_id: int, version: int,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, count: int = 1) -> None:
        self.table_id, self.version = table_id, version
        options = options or [discord.SelectOption(label="-", value="{}")]
        count = max(1, min(count, len(options)))
        super().__init__(
            discord.ui.Select(
                custom_id=f"lora:m:{table_id}:{version}",
                options=options,
                placeholder=placeholder,
                min_values=count,
                max_values=count,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> ActionsSelect:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: Interaction) -> None:
        await _controller(interaction).on_actions(
            interaction, self.table_id, self.version, _values(interaction)
        )


def _values(interaction: Interaction) -> list[str]:
    data: Any = interaction.data or {}
    values = data.get("values") if isinstance(data, dict) else None
    return [str(v) for v in values] if isinstance(values, list) else []


class SheetPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:sp:(?P<table>\d+):(?P<page>[0-9]+|[a-z][a-z0-9]*)",
):
    """A page of a table's score sheet (``GameUI.sheet_book``) under the sheet's ephemeral
    answer: a click edits that answer to the page. The id carries the table and the page's
    key (``SheetBook.keys``: a page's index, or what it holds where pages move, e.g. a
    Taroky page by its first deal), so a click after a restart, or after the pages were
    split anew, opens what its label said."""

    def __init__(self, table_id: int, page: str, label: str = "", current: bool = False
                 ) -> None:
        self.table_id, self.page = table_id, page
        super().__init__(
            discord.ui.Button(
                label=label or page,
                style=discord.ButtonStyle.primary if current else discord.ButtonStyle.secondary,
                custom_id=f"lora:sp:{table_id}:{page}",
                disabled=current,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> SheetPageButton:
        return cls(int(match["table"]), match["page"])

    async def callback(self, interaction: Interaction) -> None:
        await _controller(interaction).on_sheet_page(interaction, self.table_id, self.page)


def sheet_view(table_id: int, pages: Sequence[str], page: int, keys: Sequence[str]
               ) -> discord.ui.View | None:
    """The buttons of a score sheet's pages (Discord puts five in a row), the one shown
    disabled and highlighted; ``keys``: each page's key (``page_keys``). None for a sheet
    of one page."""
    if len(pages) < 2:
        return None
    return frozen_view(*(SheetPageButton(table_id, key, label, i == page)
                         for i, (key, label) in enumerate(zip(keys, pages, strict=True))))


DYNAMIC_ITEMS = (LobbyButton, LobbyAIButton, LobbyOptionSelect, LobbyAISelect, TableButton,
                 ConfirmButton, StayButton, KickButton, ActionButton, ChooseSelect,
                 ActionsSelect, SheetPageButton)


def frozen_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view to send and forget: stopped, so discord.py does not store it; clicks reach the
    dynamic items instead (no view piles up per message, and restarts change nothing). Its
    items do not point back at it (``add_item`` makes view and item a reference cycle, which
    only the garbage collector's full pass frees — or, under the heap keeper, a thaw: two of
    every three objects such a pass found at 100 tables): dropped once sent, it is freed at
    once."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    for item in view.children:
        item._update_view(None)
    return view


def question_view(confirm: discord.ui.DynamicItem[Any], until: int, stay: str | None,
                  lang: str) -> discord.ui.View:
    """A question's buttons: ``confirm``, which acts, and before what cannot be undone the
    one that keeps things as they are (``StayButton``, labelled by the catalog key ``stay``;
    None: none). It is about what the question is about: the tournament of a tournament's
    question (``lora:tn:<id>:…``), else the table; ``until``: when the question lapses."""
    if stay is None:
        return frozen_view(confirm)
    kind, about = confirm.custom_id.split(":")[1:3]
    return frozen_view(confirm, StayButton("tn" if kind == "tn" else "k", int(about), until,
                                           t(stay, lang)))
