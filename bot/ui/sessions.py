"""The open hand messages: (table, user) -> the interaction of his newest ephemeral hand
message and when it opened (its token edits the message for 15 minutes).

discord.py's ``InteractionResponse`` points back at its ``Interaction`` (``_parent``): the pair
is a reference cycle, so an interaction dropped from here — with the message it came from, its
buttons, its user, about fifty objects — waited for the garbage collector's full pass, and
with the heap keeper (``bot.heap``) in the frozen part until the next thaw (190,000 objects
in two minutes at 200 tables, one interaction per click). An interaction leaves here only
once answered; what may still use it then (a follow-up, an edit of its message) goes through
the interaction itself, never back from its response, so the cycle is cut as it leaves and
the whole interaction is freed when its last holder lets go."""

from __future__ import annotations

from typing import Any

import discord

Interaction = discord.Interaction[Any]
Session = tuple[Interaction, float]


def uncycle(interaction: Interaction) -> None:
    """Cut the response's way back to an answered interaction (see the module)."""
    response = interaction.response
    if response.is_done():
        response._parent = None  # type: ignore[assignment]


class HandSessions(dict[tuple[int, int], Session]):
    """A dict that uncycles every interaction replaced or removed (``discard``, not ``pop``)."""

    def __setitem__(self, key: tuple[int, int], value: Session) -> None:
        old = self.get(key)
        super().__setitem__(key, value)
        if old is not None and old[0] is not value[0]:
            uncycle(old[0])

    def __delitem__(self, key: tuple[int, int]) -> None:
        old = self[key]
        super().__delitem__(key)
        uncycle(old[0])

    def discard(self, key: tuple[int, int]) -> None:
        if key in self:
            del self[key]
