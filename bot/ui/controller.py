"""The Discord side of the tables: answers clicks and commands, and presents what the
service tells it (``Presenter``). It knows no game: the table's game UI module
(``bot.games``) supplies the pictures, the hand controls and the texts. Every REST failure is
contained: the game state is already saved, and the next change re-syncs the table message.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Concatenate, ParamSpec

import discord

from bot.errors import TableError
from bot.games import GameUI, ui_of
from bot.i18n import game_key, game_t, t, user_lang
from bot.model import RECENT_LINES, STATUS_FINISHED, STATUS_LOBBY, STATUS_PLAYING, Table
from bot.persist import archive
from bot.service import TableService
from bot.storage.protocol import TableStore
from bot.ui import builders
from engine.game import GameEvent

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
SESSION_SECONDS = 14 * 60  # interaction tokens live 15 minutes
ALLOWED = discord.AllowedMentions(users=True, roles=False, everyone=False)
P = ParamSpec("P")
Handler = Callable[Concatenate["Controller", Interaction, P], Coroutine[Any, Any, None]]


def answered(handler: Handler[P]) -> Handler[P]:
    """Every click and command gets an answer: a REST failure or a bug in a handler is logged
    and the user is told (as a follow-up when the response is already done), never silence."""

    async def wrapper(self: Controller, interaction: Interaction, /, *args: P.args,
                      **kwargs: P.kwargs) -> None:
        try:
            await handler(self, interaction, *args, **kwargs)
        except discord.HTTPException as exc:
            log.warning("answering %s failed: %s", handler.__name__, exc)
            await self.error(interaction, "core.error", user_lang(interaction))
        except Exception:
            log.exception("%s failed", handler.__name__)
            await self.error(interaction, "core.error", user_lang(interaction))

    functools.update_wrapper(wrapper, handler)
    return wrapper


class Controller:
    def __init__(self, bot: discord.Client, store: TableStore, *,
                 seed: int | None = None, now: Callable[[], float] = time.time) -> None:
        self.bot = bot
        self.store = store
        self.service = TableService(store, self, seed=seed, on_finished=self._archive, now=now)
        # (table, user) -> the interaction of his newest hand message and when it opened
        self.sessions: dict[tuple[int, int], tuple[Interaction, float]] = {}
        self.acting: set[tuple[int, int]] = set()

    # -- helpers -----------------------------------------------------------------------
    def _channel(self, table: Table) -> Any:
        return self.bot.get_channel(table.channel_id)

    async def error(self, interaction: Interaction, key: str, lang: str, **values: Any) -> None:
        """An ephemeral answer with the string ``key`` (a whole ``namespace.key``)."""
        text = t(key, lang, **values)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", interaction.id)

    async def refuse(self, interaction: Interaction, exc: TableError, lang: str,
                     kind: str | None) -> None:
        """A ``TableError`` as the table's game words it (with the engine's refusal in the
        game's words when it carries one: a refused choice of several cards)."""
        key = game_key(kind, exc.key) if kind is not None else f"core.{exc.key}"
        refusal = exc.params.get("refusal")
        if isinstance(refusal, Exception) and kind is not None:
            try:
                why = ui_of(kind).refusal_text(refusal, lang)
            except Exception:
                log.exception("a refusal could not be worded")
                why = None
            if why:
                await self.error(interaction, game_key(kind, "illegal_why"), lang, reason=why)
                return
        await self.error(interaction, key, lang, **exc.params)

    def _kind(self, table_id: int) -> str | None:
        table = self.service.tables.get(table_id)
        return None if table is None else table.game_kind

    def _table_lang(self, table_id: int) -> str:
        table = self.service.tables.get(table_id)
        return table.settings.lang if table is not None else "cs"

    # -- presenting (the service's Presenter) -------------------------------------------
    async def lobby_changed(self, table: Table) -> None:
        await self._edit_or_post(table, builders.lobby_message(table))

    async def note(self, table: Table, key: str, seat: int) -> None:
        table.recent.append(t(f"core.note_{key}", table.settings.lang,
                              name=table.names()[seat]))
        del table.recent[:-RECENT_LINES]

    async def remind(self, table: Table, seat: int, seconds_left: int) -> None:
        s = table.seats[seat]
        channel = self._channel(table)
        if s is None or s.user_id is None or channel is None:
            return
        text = t("core.reminder", table.settings.lang, mention=f"<@{s.user_id}>",
                 seconds=seconds_left)
        await self._ping(table, channel, text)

    async def table_closed(self, table: Table, reason: str) -> None:
        channel = self._channel(table)
        lang = table.settings.lang
        if table.state is not None:
            await self._edit_or_post(table, builders.table_message(table, closed=True))
        else:
            ui = builders.game_ui(table)
            title = game_t(table.game_kind, "lobby_title", lang, id=table.table_id,
                           game=ui.name(lang))
            embed = discord.Embed(title=title,
                                  description=t(f"core.closed_{reason}", lang, id=table.table_id))
            await self._edit_or_post(table, {"embed": embed, "view": None, "attachments": []})
        if channel is not None:
            try:
                await channel.send(t(f"core.closed_{reason}", lang, id=table.table_id))
            except discord.HTTPException:
                log.warning("could not announce the end of table %s", table.table_id)

    async def table_changed(self, table: Table, events: Sequence[GameEvent]) -> None:
        state = table.state
        assert state is not None
        channel = self._channel(table)
        if channel is None:
            return
        ui = builders.game_ui(table)
        table.recent.extend(ui.event_lines(table, events))
        del table.recent[:-RECENT_LINES]
        for text in ui.announcements(table, events):
            try:
                await channel.send(text)
            except discord.HTTPException:
                log.warning("announcement failed on table %s", table.table_id)
        if state.finished:
            await self._final(table, ui, channel)
        await self._edit_or_post(table, builders.table_message(table),
                                 repost=ui.starts_deal(events))
        await self._ping_turn(table, ui, channel, events)
        await self._refresh_hands(table)

    async def _final(self, table: Table, ui: GameUI, channel: Any) -> None:
        """The final order from the engine's outcome, with the game's notes and picture."""
        lang, kind = table.settings.lang, table.game_kind
        state = table.state
        assert state is not None
        outcome = state.outcome()
        assert outcome is not None
        names = table.names()
        lines = []
        for seat in outcome.order():
            line = game_t(kind, "place", lang, n=outcome.places[seat], name=names[seat],
                          points=outcome.scores[seat])
            lines.append(line + ui.outcome_note(outcome, seat, lang))
        embed = discord.Embed(title=game_t(kind, "final_title", lang, id=table.table_id),
                              colour=builders.EMBED_COLOUR)
        embed.add_field(name=t("core.final_order", lang), value="\n".join(lines), inline=False)
        picture = ui.final_picture(table, lang)
        if picture is None:
            with contextlib.suppress(discord.HTTPException):
                await channel.send(embed=embed)
            return
        embed.set_image(url="attachment://protokol.png")
        try:
            await channel.send(embed=embed, file=builders.png_file(picture(), "protokol.png"))
        except discord.HTTPException:
            log.warning("final message failed on table %s", table.table_id)
        except Exception:  # the picture could not be drawn: the order still goes out
            log.exception("the final picture of table %s failed", table.table_id)
            embed.set_image(url=None)
            with contextlib.suppress(discord.HTTPException):
                await channel.send(embed=embed)

    async def _edit_or_post(self, table: Table, message: dict[str, Any], *,
                            repost: bool = False) -> None:
        """Edit the table's one public message; post it anew when it is gone or buried."""
        channel = self._channel(table)
        if channel is None:
            return
        if table.message_id is not None and not repost:
            try:
                await channel.get_partial_message(table.message_id).edit(**message)
                return
            except discord.NotFound:
                pass
            except discord.HTTPException:
                log.warning("table message edit failed on table %s", table.table_id)
                return
        old = table.message_id
        try:
            sent = await channel.send(
                embed=message.get("embed"),
                view=message.get("view"),
                files=message.get("attachments") or [],
            )
        except discord.HTTPException:
            log.warning("table message post failed on table %s", table.table_id)
            return
        await self.service.set_message(table, sent.id)
        if old is not None and old != sent.id:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).delete()

    async def _ping(self, table: Table, channel: Any, text: str) -> None:
        """One short message that notifies (edits don't); the previous one is removed."""
        try:
            sent = await channel.send(text, allowed_mentions=ALLOWED)
        except discord.HTTPException:
            log.warning("ping failed on table %s", table.table_id)
            return
        old = table.ping_message_id
        await self.service.set_ping(table, sent.id)
        if old is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).delete()

    async def _ping_turn(self, table: Table, ui: GameUI, channel: Any,
                         events: Sequence[GameEvent]) -> None:
        state = table.state
        assert state is not None
        seat = state.to_act
        if seat is None or table.status != STATUS_PLAYING:
            return
        s = table.seats[seat]
        if s is None or s.user_id is None or s.absent:
            return
        if (table.table_id, s.user_id) in self.acting and not ui.starts_deal(events):
            return  # he is still on the move he just made (kvarty lead again, desítky turn)
        await self._ping(table, channel, ui.turn_ping(table, seat, f"<@{s.user_id}>"))

    async def _refresh_hands(self, table: Table) -> None:
        """Bring the open hand messages up to date (within their token's life)."""
        state = table.state
        assert state is not None
        now = time.monotonic()
        for seat, s in enumerate(table.seats):
            if s is None or s.user_id is None:
                continue
            key = (table.table_id, s.user_id)
            if key in self.acting or key not in self.sessions:
                continue
            interaction, opened = self.sessions[key]
            if now - opened > SESSION_SECONDS:
                del self.sessions[key]
                continue
            if state.to_act != seat and not state.finished:
                continue  # nothing for him to do yet; his buttons are already disabled
            message = builders.hand_message(table, state.view(seat),
                                            user_lang(interaction, table.settings.lang))
            try:
                await interaction.edit_original_response(**message)
            except discord.HTTPException:
                del self.sessions[key]

    async def _archive(self, table: Table) -> None:
        try:
            await archive(self.store, table)
        except Exception:  # the game is saved as finished; its archive can be redone
            log.exception("archiving table %s failed", table.table_id)

    async def resume_all(self) -> None:
        """After a (re)start: refresh every table message (re-post a deleted one), let AI
        seats whose move is due play it, and restart the turn timers."""
        for table in list(self.service.tables.values()):
            try:
                if table.state is None:
                    await self.lobby_changed(table)
                    continue
                await self.service.resume(table)
            except Exception:
                log.exception("resuming table %s failed", table.table_id)
        self.service.resume_timers()

    async def forget(self, user_id: int) -> None:
        """/… forget-me: off every table (an AI takes a running seat, nameless), then his
        personal data out of the database; his games stay, anonymized."""
        for table in list(self.service.tables.values()):
            active = table.status in (STATUS_LOBBY, STATUS_PLAYING)
            if active and table.seat_of(user_id) is not None:
                try:
                    await self.service.leave(table.table_id, user_id, anonymize=True)
                except TableError:
                    log.warning("could not seat an AI for %s on table %s", user_id,
                                table.table_id)
        for key in [k for k in self.sessions if k[1] == user_id]:
            del self.sessions[key]
        await self.store.forget_user(user_id)

    # -- interactions --------------------------------------------------------------------
    @answered
    async def on_lobby(self, interaction: Interaction, table_id: int, op: str) -> None:
        lang = user_lang(interaction, self._table_lang(table_id))
        user = interaction.user
        try:
            await interaction.response.defer()
            if op == "join":
                await self.service.join(table_id, user.id, user.display_name)
            elif op == "leave":
                await self.service.leave(table_id, user.id)
            else:
                await self.service.start(table_id, user.id)
        except TableError as exc:
            await self.refuse(interaction, exc, lang, self._kind(table_id))

    @answered
    async def on_add_ai(self, interaction: Interaction, table_id: int, level: str) -> None:
        lang = user_lang(interaction, self._table_lang(table_id))
        try:
            await interaction.response.defer()
            await self.service.add_ai(table_id, interaction.user.id, level)
        except TableError as exc:
            await self.refuse(interaction, exc, lang, self._kind(table_id))

    @answered
    async def on_table_button(self, interaction: Interaction, table_id: int, op: str) -> None:
        lang = user_lang(interaction, self._table_lang(table_id))
        table = self.service.tables.get(table_id)
        if table is None or table.state is None:
            await self.error(interaction, "core.no_table", lang)
            return
        if op == "hand":
            await self.open_hand(interaction, table)
            return
        if op == "rules":
            await self.send_rules(interaction, table.game_kind, lang)
            return
        reply = builders.game_ui(table).table_op(table, op, lang)
        if reply.png is not None:
            await interaction.response.send_message(
                file=builders.png_file(reply.png, reply.filename), ephemeral=True
            )
        else:
            await interaction.response.send_message(reply.content or "", ephemeral=True)

    async def send_rules(self, interaction: Interaction, kind: str, lang: str) -> None:
        name = ui_of(kind).name(lang)
        embed = discord.Embed(title=game_t(kind, "rules_title", lang, game=name),
                              description=game_t(kind, "rules_text", lang),
                              colour=builders.EMBED_COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @answered
    async def open_hand(self, interaction: Interaction, table: Table) -> None:
        """A fresh ephemeral hand message; it replaces the previous one of this user."""
        lang = user_lang(interaction, table.settings.lang)
        user_id = interaction.user.id
        seat = table.seat_of(user_id)
        if seat is None or table.state is None:
            await self.error(interaction, "core.spectator_hand", lang)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        s = table.seats[seat]
        if s is not None and s.absent:
            self.acting.add((table.table_id, user_id))
            try:
                await self.service.come_back(table.table_id, user_id)
            finally:
                self.acting.discard((table.table_id, user_id))
        message = builders.hand_message(table, table.state.view(seat), lang)
        await interaction.followup.send(ephemeral=True, **_followup(message))
        previous = self.sessions.get((table.table_id, user_id))
        self.sessions[(table.table_id, user_id)] = (interaction, time.monotonic())
        if previous is not None and time.monotonic() - previous[1] < SESSION_SECONDS:
            # the older hand stops: no buttons, a pointer to the new one
            with contextlib.suppress(discord.HTTPException):
                await previous[0].edit_original_response(
                    content=t("core.hand_replaced", lang), view=None, attachments=[]
                )

    @answered
    async def on_action(self, interaction: Interaction, table_id: int, version: int,
                        index: int) -> None:
        await self._act(interaction, table_id,
                        lambda user_id: self.service.act(table_id, user_id, version, index))

    @answered
    async def on_actions(self, interaction: Interaction, table_id: int, version: int,
                         values: list[str]) -> None:
        """A choice of several actions at once (``ActionsSelect``): each value is an action's
        JSON; a value that is not JSON makes the choice stale."""
        try:
            actions = [json.loads(v) for v in values]
        except ValueError:
            actions = []
        await self._act(
            interaction, table_id,
            lambda user_id: self.service.act_many(table_id, user_id, version, actions))

    async def _act(self, interaction: Interaction, table_id: int,
                   act: Callable[[int], Coroutine[Any, Any, Any]]) -> None:
        """A click on the hand: the service acts, then the hand message shows the new state
        (or the refusal is answered and, when the state moved on, the hand refreshed)."""
        lang = user_lang(interaction, self._table_lang(table_id))
        user_id = interaction.user.id
        key = (table_id, user_id)
        await interaction.response.defer()
        self.acting.add(key)
        try:
            await act(user_id)
        except TableError as exc:
            await self.refuse(interaction, exc, lang, self._kind(table_id))
            if exc.key not in ("stale", "not_your_turn", "illegal"):
                return
        finally:
            self.acting.discard(key)
        table = self.service.tables.get(table_id)
        if table is None or table.state is None:
            return
        seat = table.seat_of(user_id)
        if seat is None:
            return
        message = builders.hand_message(table, table.state.view(seat), lang)
        try:
            await interaction.edit_original_response(**message)
            self.sessions[key] = (interaction, time.monotonic())
        except discord.HTTPException:
            log.warning("hand refresh failed for %s", user_id)
        if table.status == STATUS_FINISHED:
            self.sessions.pop(key, None)


def _followup(message: dict[str, Any]) -> dict[str, Any]:
    """Arguments of ``followup.send`` from a builder's message."""
    out: dict[str, Any] = {"content": message["content"], "view": message["view"],
                           "files": message["attachments"]}
    if message.get("embed") is not None:
        out["embed"] = message["embed"]
    return out
