"""The open hand messages: (table, user) -> the interaction of his newest ephemeral hand
message and when it opened (its token edits the message for 15 minutes) — or, after a
restart, that token read back (``StoredHand``: the controller saves each one).

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
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

Interaction = discord.Interaction[Any]


class StoredHand:
    """A hand message opened before a restart, read back from the database
    (``TableStore.load_hands``): its interaction's token edits it as the interaction
    itself would, until the token expires. The token is a secret: never shown or logged."""

    __slots__ = ("application_id", "client", "message_id", "token")

    def __init__(self, client: discord.Client, application_id: int, token: str,
                 message_id: int | None) -> None:
        self.client = client
        self.application_id = application_id
        self.token = token
        self.message_id = message_id  # the message his click was on (None: a command)

    def __repr__(self) -> str:
        return f"StoredHand(message_id={self.message_id})"

    async def edit_original_response(self, **fields: Any) -> None:
        """``Interaction.edit_original_response`` with the token alone (the same request:
        PATCH of the interaction's ``@original`` message)."""
        webhook = discord.Webhook.partial(self.application_id, self.token, client=self.client)
        with handle_message_parameters(
                **fields, previous_allowed_mentions=self.client.allowed_mentions) as params:
            await async_context.get().edit_original_interaction_response(
                self.application_id, self.token, session=webhook.session, proxy=webhook.proxy,
                proxy_auth=webhook.proxy_auth, payload=params.payload,
                multipart=params.multipart, files=params.files)


HandLink = Interaction | StoredHand  # what edits a hand message
Session = tuple[HandLink, float]


def uncycle(interaction: HandLink) -> None:
    """Cut the response's way back to an answered interaction (see the module)."""
    if isinstance(interaction, StoredHand):
        return
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


def message_id(interaction: HandLink) -> int | None:
    """The message whose component was clicked (a hand's own, or the table message that
    opened a hand as a new message); None for a command."""
    if isinstance(interaction, StoredHand):
        return interaction.message_id
    message = interaction.message
    return None if message is None else message.id
