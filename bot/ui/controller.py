"""The Discord side of the tables: answers clicks and commands, and presents what the
service tells it (``Presenter``). Every REST failure is contained: the game state is already
saved, and the next change re-syncs the table message.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import time
from typing import Any

import discord

from bot.i18n import t, user_lang
from bot.model import RECENT_LINES, STATUS_FINISHED, Table
from bot.persist import archive
from bot.service import TableError, TableService
from bot.ui import builders
from bot.ui.cards import card_label
from engine.contracts import Contract
from engine.events import (
    CardLaid,
    CardPlayed,
    Event,
    GameStarted,
    MaturitaDealt,
    StovkaAnswered,
    StovkaAsked,
)
from engine.messages import contract_name, event_text

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
SESSION_SECONDS = 14 * 60  # interaction tokens live 15 minutes
QUIET_EVENTS = (CardPlayed, CardLaid, GameStarted, MaturitaDealt)
ALLOWED = discord.AllowedMentions(users=True, roles=False, everyone=False)


def answered(handler: Any) -> Any:
    """Every click and command gets an answer: a REST failure or a bug in a handler is logged
    and the user is told (as a follow-up when the response is already done), never silence."""

    @functools.wraps(handler)
    async def wrapper(self: Controller, interaction: Interaction, *args: Any) -> None:
        try:
            await handler(self, interaction, *args)
        except discord.HTTPException as exc:
            log.warning("answering %s failed: %s", handler.__name__, exc)
            await self._error(interaction, "error", user_lang(interaction))
        except Exception:
            log.exception("%s failed", handler.__name__)
            await self._error(interaction, "error", user_lang(interaction))

    return wrapper


class Controller:
    def __init__(self, bot: discord.Client, store: Any, *, seed: int | None = None) -> None:
        self.bot = bot
        self.store = store
        self.service = TableService(store, self, seed=seed, on_finished=self._archive)
        # (table, user) -> the interaction of his newest hand message and when it opened
        self.sessions: dict[tuple[int, int], tuple[Interaction, float]] = {}
        self.acting: set[tuple[int, int]] = set()

    # -- helpers -----------------------------------------------------------------------
    def _channel(self, table: Table) -> Any:
        return self.bot.get_channel(table.channel_id)

    async def _error(self, interaction: Interaction, key: str, lang: str, **values: Any) -> None:
        text = t(key, lang, **values)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", interaction.id)

    def _table_lang(self, table_id: int) -> str:
        table = self.service.tables.get(table_id)
        return table.settings.lang if table is not None else "cs"

    def _lines(self, table: Table, events: list[Event]) -> list[str]:
        lang, names = table.settings.lang, table.names()
        shown = [e for e in events if not isinstance(e, QUIET_EVENTS)]
        return [event_text(e, lang, names, card_label) for e in shown]

    # -- presenting (the service's Presenter) -------------------------------------------
    async def lobby_changed(self, table: Table) -> None:
        await self._edit_or_post(table, builders.lobby_message(table))

    async def note(self, table: Table, key: str, seat: int) -> None:
        table.recent.append(t(f"note_{key}", table.settings.lang, name=table.names()[seat]))
        del table.recent[:-RECENT_LINES]

    async def remind(self, table: Table, seat: int, seconds_left: int) -> None:
        s = table.seats[seat]
        channel = self._channel(table)
        if s is None or s.user_id is None or channel is None:
            return
        text = t("reminder", table.settings.lang, mention=f"<@{s.user_id}>", seconds=seconds_left)
        await self._ping(table, channel, text)

    async def table_closed(self, table: Table, reason: str) -> None:
        channel = self._channel(table)
        if table.lora is not None:
            await self._edit_or_post(table, builders.table_message(table, closed=True))
        else:
            lang = table.settings.lang
            embed = discord.Embed(title=t("lobby_title", lang, id=table.table_id),
                                  description=t(f"closed_{reason}", lang, id=table.table_id))
            await self._edit_or_post(table, {"embed": embed, "view": None, "attachments": []})
        if channel is not None:
            try:
                await channel.send(t(f"closed_{reason}", table.settings.lang, id=table.table_id))
            except discord.HTTPException:
                log.warning("could not announce the end of table %s", table.table_id)

    async def table_changed(self, table: Table, events: list[Event]) -> None:
        lora = table.lora
        assert lora is not None
        channel = self._channel(table)
        if channel is None:
            return
        table.recent.extend(self._lines(table, events))
        del table.recent[:-RECENT_LINES]
        new_game = any(isinstance(e, GameStarted | MaturitaDealt | StovkaAsked) for e in events)
        for text in self._announcements(table, events):
            try:
                await channel.send(text)
            except discord.HTTPException:
                log.warning("announcement failed on table %s", table.table_id)
        if lora.finished:
            await self._final(table, channel)
        await self._edit_or_post(table, builders.table_message(table), repost=new_game)
        await self._ping_turn(table, channel, events)
        await self._refresh_hands(table)

    def _announcements(self, table: Table, events: list[Event]) -> list[str]:
        """New partial games, and the standing before červený král and maturita (R-MATURITA:
        before the čistá stovka question when there is one, since that is decided from it)."""
        lang, names = table.settings.lang, table.names()
        lora = table.lora
        assert lora is not None
        out = []
        for i, e in enumerate(events):
            if isinstance(e, GameStarted) and e.attempt is None:
                if e.contract is Contract.HARAKIRI:
                    out.append(t("announce_harakiri", lang, leader=names[e.leader]))
                    continue
                asked = any(isinstance(x, StovkaAnswered) for x in events[:i])
                if e.contract is Contract.CERVENY_KRAL and not asked:
                    out.append(self._standings(table, Contract.CERVENY_KRAL))
                out.append(
                    t("announce_game", lang, contract=contract_name(e.contract.value, lang),
                      tali=e.tali, game=e.game, dealer=names[e.dealer], leader=names[e.leader])
                )
            elif isinstance(e, MaturitaDealt):
                if e.attempt == 1:
                    out.append(self._standings(table, Contract.MATURITA))
                out.append(t("announce_maturita", lang, tali=e.tali, attempt=e.attempt,
                             leader=names[e.seat]))
            elif isinstance(e, StovkaAsked):
                out.append(self._standings(table, Contract.CERVENY_KRAL))
                out.append(event_text(e, lang, names))
        return out

    def _standings(self, table: Table, before: Contract) -> str:
        lang = table.settings.lang
        assert table.lora is not None
        totals = table.lora.totals
        names = table.names()
        order = sorted(range(4), key=lambda s: totals[s])
        text = ", ".join(f"{names[s]} {totals[s]}" for s in order)
        return t("standings", lang, contract=contract_name(before.value, lang), standings=text)

    async def _final(self, table: Table, channel: Any) -> None:
        lang = table.settings.lang
        lora = table.lora
        assert lora is not None and lora.order is not None
        names = table.names()
        lines = []
        for place, seat in enumerate(lora.order, 1):
            line = t("place", lang, n=place, name=names[seat], points=lora.totals[seat])
            if lora.options.cista_stovka and lora.stovka[seat]:
                line += t("stovka_made" if lora.totals[seat] == 100 else "stovka_missed", lang)
            lines.append(line)
        embed = discord.Embed(title=t("final_title", lang, id=table.table_id),
                              colour=builders.EMBED_COLOUR)
        embed.add_field(name=t("final_order", lang), value="\n".join(lines), inline=False)
        embed.set_image(url="attachment://protokol.png")
        try:
            await channel.send(embed=embed, file=builders.sheet_file(table, lang))
        except discord.HTTPException:
            log.warning("final message failed on table %s", table.table_id)
        except Exception:  # the sheet could not be drawn: the order still goes out
            log.exception("the final sheet of table %s failed", table.table_id)
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

    async def _ping_turn(self, table: Table, channel: Any, events: list[Event]) -> None:
        lora = table.lora
        assert lora is not None
        seat = lora.to_act
        if seat is None or table.status != "playing":
            return
        s = table.seats[seat]
        if s is None or s.user_id is None or s.absent:
            return
        if (table.table_id, s.user_id) in self.acting and not any(
            isinstance(e, GameStarted | MaturitaDealt | StovkaAsked) for e in events
        ):
            return  # he is still on the move he just made (kvarty lead again, desítky turn)
        lang = table.settings.lang
        mention = f"<@{s.user_id}>"
        if lora.phase == "choose":
            text = t("your_turn_choose", lang, mention=mention)
        elif lora.phase == "stovka":
            text = t("your_turn_stovka", lang, mention=mention)
        else:
            contract = lora.contract.value if lora.contract is not None else ""
            text = t("your_turn", lang, mention=mention, contract=contract_name(contract, lang))
        await self._ping(table, channel, text)

    async def _refresh_hands(self, table: Table) -> None:
        """Bring the open hand messages up to date (within their token's life)."""
        lora = table.lora
        assert lora is not None
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
            if lora.to_act != seat and not lora.finished:
                continue  # nothing for him to do yet; his buttons are already disabled
            message = builders.hand_message(table, lora.view(seat), user_lang(interaction,
                                            table.settings.lang))
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
                if table.lora is None:
                    await self.lobby_changed(table)
                    continue
                await self.service.resume(table)
            except Exception:
                log.exception("resuming table %s failed", table.table_id)
        self.service.resume_timers()

    async def forget(self, user_id: int) -> None:
        """/lora forget-me: off every table (an AI takes a running seat, nameless), then
        his personal data out of the database; his games stay, anonymized."""
        for table in list(self.service.tables.values()):
            if table.status in ("lobby", "playing") and table.seat_of(user_id) is not None:
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
            await self._error(interaction, exc.key, lang, **exc.params)

    @answered
    async def on_add_ai(self, interaction: Interaction, table_id: int, level: str) -> None:
        lang = user_lang(interaction, self._table_lang(table_id))
        try:
            await interaction.response.defer()
            await self.service.add_ai(table_id, interaction.user.id, level)
        except TableError as exc:
            await self._error(interaction, exc.key, lang, **exc.params)

    @answered
    async def on_table_button(self, interaction: Interaction, table_id: int, op: str) -> None:
        lang = user_lang(interaction, self._table_lang(table_id))
        table = self.service.tables.get(table_id)
        if table is None or table.lora is None:
            await self._error(interaction, "no_table", lang)
            return
        if op == "hand":
            await self.open_hand(interaction, table)
        elif op == "sheet":
            await interaction.response.send_message(
                file=builders.sheet_file(table, lang), ephemeral=True
            )
        elif op == "last":
            await interaction.response.send_message(
                builders.last_trick_text(table, lang), ephemeral=True
            )
        else:
            await self.send_rules(interaction, lang)

    async def send_rules(self, interaction: Interaction, lang: str) -> None:
        embed = discord.Embed(title=t("rules_title", lang), description=t("rules_text", lang),
                              colour=builders.EMBED_COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @answered
    async def open_hand(self, interaction: Interaction, table: Table) -> None:
        """A fresh ephemeral hand message; it replaces the previous one of this user."""
        lang = user_lang(interaction, table.settings.lang)
        user_id = interaction.user.id
        seat = table.seat_of(user_id)
        if seat is None or table.lora is None:
            await self._error(interaction, "spectator_hand", lang)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        s = table.seats[seat]
        if s is not None and s.absent:
            self.acting.add((table.table_id, user_id))
            try:
                await self.service.come_back(table.table_id, user_id)
            finally:
                self.acting.discard((table.table_id, user_id))
        message = builders.hand_message(table, table.lora.view(seat), lang)
        await interaction.followup.send(ephemeral=True, **_followup(message))
        previous = self.sessions.get((table.table_id, user_id))
        self.sessions[(table.table_id, user_id)] = (interaction, time.monotonic())
        if previous is not None and time.monotonic() - previous[1] < SESSION_SECONDS:
            # the older hand stops: no buttons, a pointer to the new one
            with contextlib.suppress(discord.HTTPException):
                await previous[0].edit_original_response(
                    content=t("hand_replaced", lang), view=None, attachments=[]
                )

    @answered
    async def on_action(self, interaction: Interaction, table_id: int, version: int,
                        index: int) -> None:
        lang = user_lang(interaction, self._table_lang(table_id))
        user_id = interaction.user.id
        key = (table_id, user_id)
        await interaction.response.defer()
        self.acting.add(key)
        try:
            await self.service.act(table_id, user_id, version, index)
        except TableError as exc:
            await self._error(interaction, exc.key, lang, **exc.params)
            if exc.key not in ("stale", "not_your_turn"):
                return
        finally:
            self.acting.discard(key)
        table = self.service.tables.get(table_id)
        if table is None or table.lora is None:
            return
        seat = table.seat_of(user_id)
        if seat is None:
            return
        message = builders.hand_message(table, table.lora.view(seat), lang)
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
