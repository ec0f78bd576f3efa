"""The ids Discord gave the bot's command groups at its last sync (``LoraBot.setup_hook``):
with them a text names a command as a mention (``</lora leave:ID>``), which the reader
clicks to open it and which his own client shows in his own language (review 94: plain
"/lora odejít" had to be typed, from a hand-kept table of Czech names). One bot runs per
process; its sync replaces what an earlier one left. Unknown ids (not synced): None, and the
texts name commands as plain text."""

from __future__ import annotations

from collections.abc import Iterable

from discord import app_commands

_IDS: dict[str, int] = {}


def remember(commands: Iterable[app_commands.AppCommand]) -> None:
    """The synced commands' ids, by their names (those of any earlier sync dropped)."""
    _IDS.clear()
    _IDS.update({command.name: command.id for command in commands})


def forget() -> None:
    """No ids known (a bot that does not sync; tests between worlds)."""
    _IDS.clear()


def mention(path: str) -> str | None:
    """``path`` ("lora leave": the command's default names) as a clickable mention; None
    while its group's id is unknown."""
    command_id = _IDS.get(path.split(" ", 1)[0])
    return None if command_id is None else f"</{path}:{command_id}>"
