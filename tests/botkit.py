"""Helpers for driving the real bot in SimCord like users do."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import simcord

from bot.app import LoraBot, create_bot
from bot.command_ids import mention
from bot.i18n import CZECH_NAMES

# a game's command by its Czech name ("protokol" is Lóra's score and Taroky's protocol)
_ENGLISH = {cs: en for en, cs in CZECH_NAMES.items()}
_COMMAND = re.compile(r"(?<![<\w])/([a-z]+) ([^\W\d_][\w-]*)")


def mentioned(text: str) -> str:
    """``text`` as the synced bot words it: each command written "/lora leave" or as a Czech
    client lists it ("/lora odejít") is a clickable mention (``bot.command_ids``; that their
    ids are the synced commands' own: ``test_command_mentions``)."""

    def one(match: re.Match[str]) -> str:
        game, name = match.group(1), match.group(2)
        name = _ENGLISH.get(name, name)
        if name not in CZECH_NAMES:
            return match.group(0)
        return mention(f"{game} {name}") or match.group(0)

    return _COMMAND.sub(one, text)


class BotHarness:
    """One SimCord world with the bot; makes new bot generations for restarts."""

    def __init__(self, db_path: Any, seed: int = 1234, database_url: str | None = None,
                 **bot_options: Any) -> None:
        self.db_path = db_path
        self.database_url = database_url
        self.seed = seed
        # AI decisions and pictures on the event loop unless a test asks for worker processes
        self.bot_options = {"ai_workers": 0, "render_workers": 0, **bot_options}
        self.bots: list[LoraBot] = []
        self.env: Any = None

    def make_bot(self) -> LoraBot:
        bot = create_bot(db_path=self.db_path, seed=self.seed, database_url=self.database_url,
                         now=self.now, **self.bot_options)
        self.bots.append(bot)
        return bot

    def now(self) -> float:
        """SimCord's virtual wall time (the round clocks run on it; ``advance_time`` moves it)."""
        return self.env.now().timestamp() if self.env is not None else 0.0

    @property
    def bot(self) -> LoraBot:
        return self.bots[-1]

    @property
    def service(self) -> Any:
        assert self.bot.controller is not None
        return self.bot.controller.service

    async def restart(self) -> LoraBot:
        """A new bot generation on the same database and world. As a real restart, the old
        bot ends first (its writes land, its pools go: its writer still busy made the new
        bot's settle run out under load), then the new one starts. SimCord settles the new
        bot within a fixed 5 s (``restart_bot`` → ``_attach_bot``; the world's
        ``settle_timeout`` does not apply): with real worker pools and a backlog of pictures
        at the restart it can still raise "bot did not settle … Sender._run /
        Coalescer._runs: unknown wait (Future)" — those wait for the render pool's answers
        (review 45 measured 22 pictures drawn by two fresh workers in ~4 s on a loaded
        machine), not for a timer that never comes. Keep restarts in tests with real pools
        to a quiet world, or settle the backlog before restarting."""
        old = self.bot
        await old.shutdown()  # (its controller's too)
        new = self.make_bot()
        await self.env.restart_bot(new)
        return new

    async def close(self) -> None:
        """Every bot generation shut down (each, whatever an earlier one raised)."""
        failure: BaseException | None = None
        for bot in self.bots:
            try:
                await bot.shutdown()
            except BaseException as exc:  # (raised after the others are shut down too)
                failure = failure or exc
        if failure is not None:
            raise failure

    async def stop(self) -> None:
        """SimCord's world shut down, then every bot generation (a fixture's teardown). A
        cancellation met on the way is raised as an error: pytest would otherwise keep the
        test's function fixtures (its ``tmp_path``, so its database) for the next test."""
        try:
            try:
                await self.env.shutdown()
            finally:
                await self.close()
        except asyncio.CancelledError as exc:
            raise RuntimeError("the bot's shutdown was cancelled") from exc


async def open_harness(tmp_path: Any, seed: int = 1234, database_url: str | None = None,
                       bot_options: dict[str, Any] | None = None,
                       **options: Any) -> BotHarness:
    harness = BotHarness(tmp_path / "lora.sqlite3", seed, database_url, **(bot_options or {}))
    harness.env = simcord.Env(harness.make_bot(), **options)
    await harness.env.start()
    return harness


# how long (real seconds, settling aside) ``channel_delivered`` waits for the outbox: a burst
# of a round's posts goes at the bot's global pace (45 a second) in well under a second, even
# on a loaded CI machine; a route answered 429 waits for its bucket (at most 5 s)
DELIVERED_WITHIN = 15.0
# settles after which the channels must be quiet (each one lets go on what waited for their
# deliveries, which may post more: a round's next tables wait for the round's posts)
DELIVERED_SETTLES = 10


async def channel_delivered(h: BotHarness, *channel_ids: int,
                            within: float = DELIVERED_WITHIN) -> None:
    """Until the outbox holds nothing more for the channels (every channel if none is
    named) and the bot's work is settled: what their readers see a moment after the bot's
    change, before a test reads them or clicks a button the change makes.

    A SimCord operation returns when the bot's work is settled, but the sender may still
    hold entries behind a timer: a burst of posts (a round's standings, sheets and winner,
    the tournament message's edit; a reminder after a stand-in's moves) waits for the bot's
    global pace, whose budget refills by the real clock while its timer runs on SimCord's
    virtual loop, and a route answered 429 waits for its bucket. ``advance_time`` parks the
    timers due after its end, a settle those due after its deadline, and returns. Their
    real-time fallbacks fire while this waits (virtual time moves only to each timer's
    instant); then a settle lets what waited for those posts go on (the next round's
    tables), until both hold at once. Fails naming what is left after ``within`` real
    seconds of waiting for deliveries, or ``DELIVERED_SETTLES`` settles."""
    assert h.bot.controller is not None
    sender = h.bot.controller.delivery

    def left() -> dict[int, int]:
        return {cid: channel.size() for cid, channel in sender.channels.items()
                if channel.size() and (not channel_ids or cid in channel_ids)}

    waited = 0.0
    for _ in range(DELIVERED_SETTLES):
        while left():
            if waited >= within:
                raise AssertionError(f"the outbox still holds entries (channel: count) "
                                     f"{left()} after {within} s")
            start = time.perf_counter()
            await asyncio.sleep(0.01)
            waited += time.perf_counter() - start
        await h.env.settle()
        if not left():
            return
    raise AssertionError(f"the channels {left()} (channel: entries) were not quiet after "
                         f"{DELIVERED_SETTLES} settles")


def club(harness: BotHarness, member: str) -> tuple[Any, Any, Any, Any]:
    """A server with a text channel "klub", a manager "Mod" (a role with Manage Server) and
    one more member (SimCord's clients: en-US): ``(guild, channel, mod, member)``."""
    import discord

    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("klub")
    role = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod", global_name="Mod"), roles=[role])
    other = guild.add_member(env.create_user(member, global_name=member.capitalize()))
    return guild, ch, mod, other


def reply(res: Any) -> Any:
    """The message a user sees as the answer to an interaction (a deferred answer's
    follow-up replaces the "thinking" state)."""
    return res.followups[-1] if res.followups else res.response


def controls(message: Any) -> list[dict[str, Any]]:
    """The buttons and selects of a message (ResponseMessage or discord.Message) as dicts."""
    out = []
    for row in message.components:
        children = row["components"] if isinstance(row, dict) else row.children
        for comp in children:
            out.append(comp if isinstance(comp, dict) else comp.to_dict())
    return out


def enabled_controls(message: Any) -> list[dict[str, Any]]:
    """The enabled buttons and selects of a message (ResponseMessage or discord.Message)."""
    return [data for data in controls(message) if not data.get("disabled")]


def button_labels(message: Any) -> list[tuple[str, bool]]:
    """The message's buttons as (label, disabled)."""
    return [(data["label"], bool(data.get("disabled"))) for data in controls(message)]


class Players:
    """Simulated humans who play only by clicking what the bot shows them."""

    def __init__(self, harness: BotHarness, channel: Any, table_id: int, users: list[Any],
                 rng: Any) -> None:
        self.h = harness
        self.channel = channel
        self.table_id = table_id
        self.users = {u.id: u for u in users}
        self.rng = rng
        self.hands: dict[int, Any] = {}  # user id -> his newest hand message
        self.clicks = 0

    @property
    def table(self) -> Any:
        return self.h.service.tables[self.table_id]

    def table_message(self) -> Any:
        return self.channel.get_message(self.table.message_id) if hasattr(
            self.channel, "get_message") else next(
            m for m in self.channel.history() if m.id == self.table.message_id)

    async def open_hand(self, user: Any) -> Any:
        res = await user.click(self.table_message(), custom_id=f"lora:t:{self.table_id}:hand")
        assert res.ephemeral
        msg = reply(res)
        self.hands[user.id] = msg
        return msg

    def pick(self, user: Any, controls: list[dict[str, Any]]) -> dict[str, Any]:
        """Which control to use (random; subclasses choose on purpose)."""
        return dict(self.rng.choice(controls))

    async def move(self) -> None:
        """The human to act makes a random legal move by clicking his hand message."""
        lora = self.table.state
        seat = lora.to_act
        user = self.users[self.table.seats[seat].user_id]
        msg = self.hands.get(user.id)
        controls = enabled_controls(msg) if msg is not None else []
        version = f":{self.table.version}"
        if not controls or version not in controls[0]["custom_id"]:
            msg = await self.open_hand(user)
            controls = enabled_controls(msg)
        assert controls, f"no enabled control for seat {seat}"
        pick = self.pick(user, controls)
        self.clicks += 1
        if pick["type"] == 3:
            option = self.rng.choice(pick["options"])
            await user.select(msg, [option["value"]], custom_id=pick["custom_id"])
        else:
            await user.click(msg, custom_id=pick["custom_id"])


async def raw_click(actor: Any, message: Any, custom_id: str) -> Any:
    """A click as a client sends it, on a message as it was: a double click, a stale button,
    or a modified client naming any custom id (SimCord's own component path, no checks).
    ``message`` is a SimCord stored message (a snapshot: ``stored_message``) or a handle."""
    from simcord.actors import _component_interaction
    from simcord.enums import ComponentType

    stored = message
    if not hasattr(message, "visible_to"):
        stored = stored_message(actor, message)
    data = {"custom_id": custom_id, "component_type": ComponentType.BUTTON}
    return await _component_interaction(actor, stored, data)


def stored_message(actor: Any, message: Any) -> Any:
    """A copy of SimCord's stored message as it is now (later edits do not change it)."""
    import copy

    channel_id = getattr(message, "channel_id", None) or message.channel.id
    return copy.deepcopy(actor._env.backend.get_message(channel_id, message.id))


def table_message(ch: Any, table: Any) -> Any:
    """The table's own message in ``ch`` (its lobby, then its game's)."""
    return next(m for m in ch.history() if m.id == table.message_id)


async def put_state(harness: BotHarness, table: Any, state: Any) -> None:
    """Seat the given game state at the table, saved and shown as the bot would."""
    table.state = state
    await harness.service._save(table)
    await harness.bot.controller.presenter.table_changed(table, [])


async def open_table(harness: BotHarness, names: list[str], ai_levels: tuple[str, ...] = (),
                     *, game: str = "lora", **options: Any) -> tuple[Any, Any, list[Any], int]:
    """A guild, a channel, users by name; /``game`` new by the first (a Czech table unless
    ``language`` says otherwise), the others join, AIs fill, start."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel(game)
    users = [guild.add_member(env.create_user(n, global_name=n.capitalize())) for n in names]
    options.setdefault("seating", "join")
    options.setdefault("turn_timer", 0)
    options.setdefault("language", "cs")  # (without it, the opener's client's: en-US here)
    await users[0].slash(ch, f"{game} new", **options)
    lobby = ch.last_message
    tid = harness.service.table_of_user(guild.id, users[0].id).table_id
    for u in users[1:]:
        await u.click(lobby, custom_id=f"lora:l:{tid}:join")
    for level in ai_levels:
        await users[0].click(lobby, custom_id=f"lora:lai:{tid}:{level}")
    await users[0].click(lobby, custom_id=f"lora:l:{tid}:start")
    return guild, ch, users, tid


def emit_component(actor: Any, message: Any, custom_id: str,
                   values: list[str] | None = None) -> Any:
    """A click (or a select's choice) sent to the bot *without* waiting for it to settle, so
    that several are in flight together (``await env.settle()`` afterwards). Returns the
    ``InteractionResult`` to read once settled."""
    from simcord import interactions as _interactions
    from simcord.backend import serializers
    from simcord.enums import ComponentType, InteractionType
    from simcord.results import InteractionResult

    env = actor._env
    backend = env.backend
    channel_id = getattr(message, "channel_id", None) or message.channel.id
    stored = backend.get_message(channel_id, message.id)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": ComponentType.BUTTON}
    if values is not None:
        data = {"custom_id": custom_id, "component_type": ComponentType.STRING_SELECT,
                "values": list(values)}
    guild = getattr(actor, "guild", None)
    record, payload = _interactions.base_payload(
        backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=channel_id,
        guild_id=guild.id if guild is not None else None, user_id=actor.id, data=data)
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    env._notify_dispatch_observers(record)
    backend.emit("INTERACTION_CREATE", payload)
    return InteractionResult(env, record)


def emit_slash(actor: Any, channel: Any, name: str, **options: Any) -> Any:
    """A slash command sent to the bot *without* waiting for it to settle (like
    ``emit_component``), so that several are in flight together (``await env.settle()``
    afterwards). Returns the ``InteractionResult`` to read once settled."""
    from simcord import actors as _actors
    from simcord import interactions as _interactions
    from simcord.enums import AppCommandType, InteractionType
    from simcord.results import InteractionResult

    env = actor._env
    parts = name.split()
    root = _actors._resolve_visible_command(actor, channel.id, parts[0],
                                            AppCommandType.CHAT_INPUT)
    leaf, nesting = _interactions.walk_to_subcommand(root, parts[1:])
    leaf_options, resolved = _interactions.build_options(actor, name, leaf, options,
                                                         channel_id=channel.id)
    data: dict[str, Any] = {"id": root["id"], "name": root["name"],
                            "type": root.get("type", AppCommandType.CHAT_INPUT),
                            "options": _interactions.nest_options(root, nesting, leaf_options)}
    if resolved:
        data["resolved"] = resolved
    if root.get("guild_id"):
        data["guild_id"] = root["guild_id"]
    guild = getattr(actor, "guild", None)
    record, payload = _interactions.base_payload(
        env.backend, type=InteractionType.APPLICATION_COMMAND, channel_id=channel.id,
        guild_id=guild.id if guild is not None else None, user_id=actor.id, data=data)
    env._notify_dispatch_observers(record)
    env.backend.emit("INTERACTION_CREATE", payload)
    return InteractionResult(env, record)
