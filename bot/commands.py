"""The slash command group of each game (``/lora …``; ``/taroky …`` later): the commands every
game shares (hand, rules, leave, abort, tournament, and the records: leaderboard, stats,
history, export, settings, forget-me) plus the game's own (``new`` with its options, Lóra's
``score``; a ``tournament`` with the game's options), added by its UI module. The tables,
seats, timers, tournaments, leaderboards and settings behind them are shared.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands

from bot.asked_table import (
    ended_text,
    other_game_text,
    playing_in_threads,
    table_here,
    threads_text,
)
from bot.command_ids import mention
from bot.errors import TableError
from bot.games import GameUI, all_uis, ui_of
from bot.i18n import (
    CZECH_NAMES,
    CZECH_PARAMETERS,
    LANGS,
    desc,
    game_key,
    game_t,
    has,
    lang_of_locale,
    t,
)
from bot.model import (
    MAX_TIMER,
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_LOBBY,
    STATUS_PLAYING,
    Table,
)
from bot.permissions import (
    THREAD_PERMISSIONS,
    manages_server,
    may_open_threads,
    missing_key,
    missing_to_post,
    permission_names,
)
from bot.ui.builders import creator_shown
from bot.ui.gone import gone_text

if TYPE_CHECKING:
    from bot.service import Place
    from bot.ui.controller import Controller

Interaction = discord.Interaction[Any]


def controller_of(interaction: Interaction) -> Controller:
    from bot.ui.controller import Controller

    controller = getattr(interaction.client, "controller", None)
    if not isinstance(controller, Controller):
        raise RuntimeError("the client has no controller")
    return controller


def choice(key: str, value: str) -> app_commands.Choice[str]:
    """An option's choice, named in English unless the client's language has its name
    (``Translator``)."""
    return app_commands.Choice(name=app_commands.locale_str(t(key, "en"), key=key), value=value)


def gdesc(ui: GameUI, key: str) -> app_commands.locale_str:
    """A description as the game words it (its namespace first, then ``core``)."""
    return desc(game_key(ui.kind, key), game=ui.name("cs"))


def my_table(interaction: Interaction) -> Table | None:
    if interaction.guild_id is None:
        return None
    return controller_of(interaction).service.table_of_user(interaction.guild_id,
                                                             interaction.user.id)


def table_numbered(interaction: Interaction, table_id: int) -> Table | None:
    """The table of this server by its number, wherever it plays, open or just over (None:
    no such table, or another server's): ``/<game> abort`` answers about one that is over
    in its language."""
    table = controller_of(interaction).service.tables.get(table_id)
    return table if table is not None and table.guild_id == interaction.guild_id else None


def open_table_numbered(interaction: Interaction, table_id: int) -> Table | None:
    """The open table (a lobby, a game) of this server by its number, wherever it plays, as
    ``/<game> kick`` names one (None: no such table, another server's, or over)."""
    table = table_numbered(interaction, table_id)
    return table if table is not None and table.is_open else None


async def send_sheet(interaction: Interaction, ui: GameUI) -> None:
    """The score sheet of the asker's table of ``ui``'s game, privately. Seated at the other
    game's: of the game's table he left (an AI plays his seat), or of the one where he asks;
    else he is told so and its command (review 76: its sheet was shown unnamed). Seated
    nowhere (or in a lobby), the sheet of the game where he asks (``table_here``: a
    spectator opens it with the table's Protokol button anyway; review 61), else of the
    table of the game he last played at on this server: finished, or still played (he left
    it; an AI plays his seat); else where the channel's tables of the game play."""
    from bot.ui.builders import game_ui

    controller = controller_of(interaction)
    table = my_table(interaction)
    if table is not None and table.game_kind != ui.kind and interaction.guild_id is not None:
        seated = table  # (the game's table he left, still played; else the one asked at)
        table = controller.questions.returnable_of_game(
            interaction.guild_id, interaction.user.id, ui.kind) or table_here(
            controller, interaction, ui.kind)
        if table is None:
            lang = await controller.languages.lang_for(interaction, seated)
            await interaction.response.send_message(other_game_text(
                ui, seated, lang, "sheet", czech_client(interaction)), ephemeral=True)
            return
    lobby, last = None, None
    if table is None or table.state is None:  # (a lobby has no sheet yet)
        lobby, table = table, table_here(controller, interaction, ui.kind)
    if table is None:
        last = await controller.languages.last_table(interaction)
        if last is not None and last.status in (STATUS_FINISHED, STATUS_PLAYING) \
                and last.game_kind == ui.kind:
            table = last
    lang = await controller.languages.lang_for(interaction, table or lobby, last=last)
    if table is None or table.state is None:
        text = not_started_text(lobby, lang) if lobby is not None else threads_text(
            playing_in_threads(controller, interaction, ui.kind), lang)
        await interaction.response.send_message(
            text or seated_nowhere_text(interaction, ui, lang), ephemeral=True)
        return
    reply = game_ui(table).table_op(table, "sheet", lang)
    if reply.picture is None:
        await interaction.response.send_message(reply.content, ephemeral=True)
        return
    # acknowledged before the render pool draws it: a busy pool must not miss Discord's
    # three seconds
    await interaction.response.defer(ephemeral=True, thinking=True)
    await controller.send_reply(interaction, reply, table.table_id, lang)  # (its pages' buttons)


def not_started_text(lobby: Table, lang: str) -> str:
    """That the game of his lobby has not started, naming it: asked elsewhere, a bare "the
    game has not started" read as if about the game in front of him (review 54)."""
    return t("core.not_started_at", lang, id=lobby.table_id, channel=f"<#{lobby.channel_id}>")


def abortable_here(interaction: Interaction, kind: str) -> list[Table]:
    """The open tables of their own (no tournament's) that play in this channel or thread
    itself and that the asker, seated at none of them, may abort: what ``/<game> abort``
    without ``table`` is about — those of the game ``kind`` when there are any (the other
    game's table is then refused, with its own command: ``other_game_table_text``). Unlike
    ``Removal.tables_here_with_tournaments`` (a kick), not the tables of the channel's
    tournaments in its threads: only a whole tournament is cancelled."""
    if interaction.channel_id is None:
        return []
    controller = controller_of(interaction)
    tables = [x for x in controller.service.tables_in_channel(interaction.channel_id)
              if x.tournament is None and controller.questions.may_abort(x, interaction.user)]
    return [x for x in tables if x.game_kind == kind] or tables


def not_abortable_here_text(interaction: Interaction, ui: GameUI, lang: str) -> str | None:
    """Why a bare ``/<game> abort`` by one seated nowhere aborts none of the tables of their
    own that play in this channel (``abortable_here`` found none he may abort): who may —
    the creator of the game's table here (else of the other game's), named (review 94: he
    was told he sits at no table, about the table in front of him). None: no such table."""
    if interaction.channel_id is None:
        return None
    here = sorted((x for x in controller_of(interaction).service.tables_in_channel(
        interaction.channel_id) if x.tournament is None), key=lambda x: x.table_id)
    tables = [x for x in here if x.game_kind == ui.kind] or here
    if len(tables) == 1:
        return t("core.no_permission", lang, creator=creator_shown(tables[0]))
    if not tables:
        return None
    creators = dict.fromkeys(creator_shown(x) for x in tables)  # (each once, in order)
    return t("core.no_permission_many", lang, ids=", ".join(str(x.table_id) for x in tables),
             creators=", ".join(creators))


def other_game_table_text(ui: GameUI, table: Table, command: str, lang: str,
                          czech: bool) -> str | None:
    """``/<game> kick`` or ``abort`` (``command``) about a table of the other game: not acted
    on, but the table's own game's command named (review 84: ``/lora kick`` removed a
    Taroky player; review 87: "Stůl č. 1 hraje Taroky – hráče od něj odebereš příkazem …");
    None for a table of ``ui``'s game."""
    if table.game_kind == ui.kind:
        return None
    other = ui_of(table.game_kind)
    return t(f"core.other_game_table_{command}", lang, id=table.table_id,
             game=t(f"{other.kind}.name_played", lang),
             cmd=command_shown(other, command, czech), table=option_shown("table", czech))


def abort_elsewhere_text(interaction: Interaction, ui: GameUI, lang: str) -> str | None:
    """To a server manager whose bare ``/<game> abort`` found no table of his here, nor one
    he sits at: the server's open tables of the game he may close, and how to name one with
    ``table`` (he was told only that he sits at none; review 46; the other game's have
    their own command: review 84). None for anybody else, or when the server has no such
    table."""
    if interaction.guild_id is None or not manages_server(interaction.user):
        return None
    service = controller_of(interaction).service
    tables = sorted((x for x in service.open_tables(interaction.guild_id)
                     if x.tournament is None and x.game_kind == ui.kind),
                    key=lambda x: x.table_id)
    if not tables:
        return None
    czech = czech_client(interaction)
    shown = ", ".join(f"{x.table_id} (<#{x.channel_id}>)" for x in tables[:ABORT_LISTED])
    if len(tables) > ABORT_LISTED:
        shown += ", …"
    return t("core.abort_elsewhere", lang, tables=shown,
             cmd=command_shown(ui, "abort", czech), table=option_shown("table", czech),
             id=tables[0].table_id)


ABORT_LISTED = 10  # the most tables ``abort_elsewhere_text`` names


def tournament_here_text(interaction: Interaction, lang: str) -> str | None:
    """To the organiser or a server manager whose bare ``/<game> abort`` found no table of
    his, in the channel of a tournament not over (or one of its tables' threads): that only
    the whole tournament is cancelled, by its button (he was told he sits at no table;
    review 54). None elsewhere, or for anybody else."""
    from bot.storage.models import TournamentStatus

    channel = interaction.channel
    if channel is None or interaction.guild_id is None:
        return None
    here = {channel.id, getattr(channel, "parent_id", None)}
    for t_ in controller_of(interaction).desk.service.tournaments.values():
        if t_.channel_id in here and t_.guild_id == interaction.guild_id \
                and t_.status in (TournamentStatus.REGISTRATION, TournamentStatus.PLAYING) \
                and (t_.organiser_id == interaction.user.id or manages_server(interaction.user)):
            return t("core.tournament.abort_here", lang, id=t_.tournament_id,
                     channel=f"<#{t_.channel_id}>",
                     cancel=t("core.tournament.btn_cancel", lang))
    return None


def no_table_text(interaction: Interaction, ui: GameUI, lang: str,
                  last: Table | None = None) -> str:
    """The asker sits at no table of this server: so he is told, and his next step
    (``seated_nowhere_text``), unless there is more to tell him (``no_table_reason``)."""
    reason = no_table_reason(interaction, lang, last)
    return seated_nowhere_text(interaction, ui, lang) if reason is None else reason


def seated_nowhere_text(interaction: Interaction, ui: GameUI, lang: str) -> str:
    """That the asker sits at no table of this server, and what he does next: sit down at a
    lobby of ``ui``'s game that waits for players (named, where it is), or open a table
    (review 94: a first-timer was told only that he sits nowhere)."""
    waiting = [] if interaction.guild_id is None else sorted(
        (x for x in controller_of(interaction).service.open_tables(interaction.guild_id)
         if x.status == STATUS_LOBBY and x.tournament is None and x.game_kind == ui.kind
         and not x.full), key=lambda x: x.table_id)[:WAITING_LISTED]
    values = {"cmd": command_shown(ui, "new", czech_client(interaction)),
              "join": t("core.btn_join", lang)}
    if not waiting:
        after = t("core.no_table_next", lang, **values)
    elif len(waiting) == 1:
        after = t("core.no_table_waiting", lang, id=waiting[0].table_id,
                  channel=f"<#{waiting[0].channel_id}>", **values)
    else:
        after = t("core.no_table_waiting_many", lang, **values, tables=", ".join(
            t("core.no_table_waiting_item", lang, id=x.table_id, channel=f"<#{x.channel_id}>")
            for x in waiting))
    return t("core.no_table_here", lang) + " " + after


WAITING_LISTED = 3  # the most waiting lobbies ``seated_nowhere_text`` names


def hand_refusal(interaction: Interaction, ui: GameUI, lang: str, last: Table | None) -> str:
    """``/<game> hand`` of one who sits at no table: the game's table where he asks, what
    the table's Moje karty tells a spectator (review 71: "you sit at no table" only); his
    last table of the game finished: that it did (review 76: he was sent to another game's
    table), or aborted: that it was (review 84); the game's tables in the channel's
    threads: where they play; unless there is more to tell him."""
    reason = no_table_reason(interaction, lang, last)
    if reason is not None:
        return reason
    controller = controller_of(interaction)
    here = table_here(controller, interaction, ui.kind)
    if here is not None and here.status == STATUS_PLAYING:
        return controller.replies.spectator_text(here, interaction.user.id, lang)
    if last is not None and last.game_kind == ui.kind and last.status == STATUS_FINISHED \
            and (here is None or here.table_id == last.table_id):
        return ended_text(last, lang, czech_client(interaction))
    if last is not None and last.game_kind == ui.kind and last.status == STATUS_ABORTED \
            and last.state is not None and here is None:
        return aborted_text(last, lang)
    there = playing_in_threads(controller, interaction, ui.kind) if here is None else []
    return threads_text(there, lang) or seated_nowhere_text(interaction, ui, lang)


def aborted_text(table: Table, lang: str) -> str:
    """To a player of ``table``, whose game was aborted, asking for his cards: that it was
    (review 84: "you sit at no table" only)."""
    return t("core.game_aborted_at", lang, id=table.table_id,
             game=ui_of(table.game_kind).name(lang), channel=f"<#{table.channel_id}>")


def no_table_reason(interaction: Interaction, lang: str, last: Table | None = None
                    ) -> str | None:
    """Why the asker, at no table of this server, sits at none, where he is told more than
    that (None: nothing more): if he left a running tournament of the server for good, that
    an AI plays his seat to its end (as Moje karty at its table tells him); asked in the
    thread of a tournament table where an AI plays his seat this round (he was playing
    elsewhere when it began), that. His last table (``last``) ended because its channel was
    deleted, or a lobby he sat at since closed so (told once): that (he could not see it
    happen)."""
    controller = controller_of(interaction)
    lobby = controller.gone.lobby_gone(interaction.guild_id, interaction.user.id)
    if lobby is not None and (last is None or last.table_id < lobby.table_id):
        return gone_text(lobby, lobby.settings.lang)  # (the table's, as it spoke)
    if last is not None and last.gone and last.status == STATUS_ABORTED:
        return gone_text(last, lang)
    replies = controller.replies
    left = replies.tournament_left_text(interaction.guild_id, interaction.user.id, lang)
    here = controller.languages.thread_table(interaction)
    if left is None and here is not None and here.tournament is not None:
        left = replies.tournament_busy_text(here.tournament, interaction.user.id, lang)
    return left or None


async def opener_langs(interaction: Interaction, language: str) -> tuple[str, str]:
    """The languages of ``/<game> new`` (and ``/<game> tournament``): of its answers — the
    opener's own choice (``/… settings language``), else the new table's — and of the table
    (or tournament) it opens: its ``language`` option when given; else the opener's own
    choice; else his Discord client's (an English-speaking group's first table spoke Czech;
    review 27); else Czech."""
    chosen = await controller_of(interaction).languages.chosen_lang(interaction.user.id)
    table = language if language in LANGS else chosen or lang_of_locale(interaction.locale)
    return chosen or table, table


async def new_table_lang(interaction: Interaction, language: str) -> str:
    """The language of the answers to ``/<game> new`` (``opener_langs``)."""
    return (await opener_langs(interaction, language))[0]


async def refuse_unpostable(interaction: Interaction, key: str, lang: str, *,
                            threads: bool = False) -> bool:
    """Refused (True) where the bot may not show what a command would open: a table or a
    tournament whose message cannot be posted is invisible, and its opener sat at it with
    nothing to click (review 27). ``key`` names the missing permissions as Discord's
    settings call them (``core.perm.…``); ``threads``: see ``missing_to_post``."""
    in_thread = isinstance(interaction.channel, discord.Thread)
    missing = missing_to_post(interaction.app_permissions, in_thread=in_thread,
                              threads=threads)
    if not missing:
        return False
    key = missing_key(key, missing, in_thread=in_thread)
    await interaction.response.send_message(t(key, lang, missing=permission_names(missing, lang)),
                                            ephemeral=True)
    return True


def czech_client(interaction: Interaction) -> bool:
    """The asker's client lists the commands by their Czech names (``Translator``)."""
    return interaction.locale is discord.Locale.czech


def seated_text(seated: Table, lang: str, czech: bool) -> str:
    """Why one who sits at a table of the server opens no other, nor sits down at one
    (``/<game> new``, a lobby's Přisednout, Hrát znovu): the table he sits at — its game,
    number and channel — and that he leaves it first, with its game's leave command as his
    client (``czech``: a Czech one) lists it; a tournament's table is named as its thread
    names it, and leaving it hands his seat to an AI for the rest of the tournament."""
    from bot.ui.builders import game_ui, tournament_table_ref

    leave = command_shown(ui_of(seated.game_kind), "leave", czech)
    if seated.tournament is None:
        return t("core.seated_at", lang, id=seated.table_id, game=game_ui(seated).name(lang),
                 channel=f"<#{seated.channel_id}>", leave=leave)
    return t("core.tournament.seated", lang, table=tournament_table_ref(seated.tournament, lang),
             leave=leave)


async def run_table_command(name: str, interaction: Interaction, ui: GameUI,
                            given: dict[str, Any]) -> None:
    """``/<game> new`` or ``/<game> defaults`` (``name``): they take the same options, the
    table options of the game (``given``: None for an option not given)."""
    if name == "defaults":
        from bot.table_defaults import set_defaults

        await set_defaults(interaction, ui, given)
        return
    await open_new_table(interaction, ui, given)


async def open_new_table(interaction: Interaction, ui: GameUI, given: dict[str, Any]) -> None:
    """``/<game> new``: a table of ``ui``'s game with the options ``given``, the others the
    server's defaults or the built-in ones (``bot.table_defaults``)."""
    from bot.table_defaults import built, merged, stored_defaults, two_lengths

    controller = controller_of(interaction)
    # the server's settings, read once: its defaults of the options, where tables play
    server = {} if interaction.guild_id is None else \
        await controller.store.guild_settings(interaction.guild_id)
    values = merged(ui, stored_defaults(ui, server), given)
    lang, table_lang = await opener_langs(interaction, values["language"])
    if interaction.guild_id is None or interaction.channel is None:
        await interaction.response.send_message(game_t(ui.kind, "guild_only", lang),
                                                ephemeral=True)
        return
    settings = two_lengths(ui, given, lang) or built(ui, values | {"language": table_lang}, lang)
    if isinstance(settings, str):  # (why its options make no table)
        await interaction.response.send_message(settings, ephemeral=True)
        return
    if await refuse_unpostable(interaction, "core.cannot_post", lang):
        return
    seated = controller.service.table_of_user(interaction.guild_id, interaction.user.id)
    if seated is not None:
        await controller.replies.tell(
            interaction, seated_text(seated, lang, czech_client(interaction)), lang)
        return  # (answered at once, before a thread's deferral; the service refuses too)
    if (busy := thread_table_text(controller, interaction.channel, lang)) is not None:
        await controller.replies.tell(interaction, busy, lang)
        return
    guild_id, channel_id = interaction.guild_id, interaction.channel.id
    wanted: list[bool] = []  # a thread of its own was wanted (its opener told if not made)

    async def placement() -> Place | None:
        # a channel that already has a table: the new one plays in a thread of its own (the
        # server's ``table_threads``), made once the table has its number
        place = await controller.threads.placement(guild_id, channel_id, server)
        wanted[:] = [place is not None]
        if place is not None and not may_open_threads(interaction.app_permissions):
            place = None  # (a thread it could not post in would hide the table: the channel)
        if place is not None:  # a thread is a REST call more (retried if rate limited):
            # the answer may take longer than Discord's three seconds for a first answer
            await interaction.response.defer(ephemeral=True, thinking=True)
        return place

    try:
        table = await controller.service.create(
            guild_id,
            channel_id,
            interaction.user.id,
            interaction.user.display_name,
            settings,
            ui.kind,
            placement=placement,
        )
    except TableError as exc:  # (he sat down meanwhile: the table he sits at is named)
        await controller.replies.refuse(interaction, exc, lang, ui.kind)
        return
    controller.replies.opened(("table", table.table_id), interaction)
    created = t("core.table_created", lang, id=table.table_id)
    if table.channel_id != interaction.channel.id:
        created += " " + t("core.table_created_thread", lang, thread=f"<#{table.channel_id}>")
    elif wanted == [True]:  # (why it plays beside another table: review 41)
        created += " " + no_thread_text(interaction.app_permissions, lang)
    await controller.replies.tell(interaction, created, lang)


def thread_table_text(controller: Controller, channel: Any, lang: str) -> str | None:
    """Why no new table opens in a thread where a table plays: a thread has no threads, so
    it would play beside that table in the same thread (review 71); it is opened in the
    channel the thread belongs to. None: a channel, or a thread with no table in it."""
    if not isinstance(channel, discord.Thread):
        return None
    there = controller.service.tables_in_channel(channel.id)
    if not there:
        return None
    return t("core.table_in_thread_busy", lang, id=there[0].table_id,
             channel=f"<#{channel.parent_id}>")


def no_thread_text(perms: discord.Permissions, lang: str) -> str:
    """Why a table meant for a thread of its own plays in the channel: the permissions the
    bot lacks to make one and post there, or (it had them) that Discord refused it."""
    missing = [name for name in THREAD_PERMISSIONS if not getattr(perms, name)]
    if not missing:
        return t("core.table_no_thread", lang)
    return t("core.table_no_thread_perm", lang,
             missing=permission_names(missing, lang))


TABLE_OPTIONS = {
    "turn_timer": "core.opt_timer_desc",
    "language": "core.opt_lang_desc",
    "seating": "core.opt_seating_desc",
    "autoplay": "core.opt_autoplay_desc",
}
TABLE_CHOICES = {
    "language": [choice("core.choice_cs", "cs"), choice("core.choice_en", "en")],
    "seating": [choice("core.choice_draw", "draw"), choice("core.choice_join", "join")],
}


# ``/<game> defaults reset``'s one choice: its name's key and its value
RESET_CHOICE = ("core.choice_yes", "yes")


def reset_shown(czech_client: bool) -> str:
    """``reset`` with its choice, as the asker's client shows them ("obnovit:ano")."""
    name = t(RESET_CHOICE[0], "cs" if czech_client else "en")
    return f"{option_shown('reset', czech_client)}:{name}"


def slash_option(name: str, annotation: Any) -> inspect.Parameter:
    """An option of ``new``/``defaults``: None when not given (``run_table_command``)."""
    return inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                             annotation=Optional[annotation])  # noqa: UP045 (a value)


# before the game's own options: a newcomer meets language and timer first, the house rules
# after (review 94)
TABLE_PARAMS = (
    slash_option("language", str),
    slash_option("turn_timer", app_commands.Range[int, 0, MAX_TIMER]),
    slash_option("seating", str),
    slash_option("autoplay", bool),
)


def new_command(ui: GameUI, name: str, own: Sequence[inspect.Parameter] = (),
                descriptions: dict[str, app_commands.locale_str] | None = None,
                choices: dict[str, list[app_commands.Choice[str]]] | None = None,
                ) -> app_commands.Command[Any, Any, None]:
    """``new`` or ``defaults`` (``name``: ``run_table_command``) of ``ui``'s game: the table
    options (``TABLE_PARAMS``), then the game's ``own`` (``slash_option``, with their
    ``descriptions`` and ``choices``); only ``defaults`` offers ``reset`` (dropping the
    server's defaults of the game). Each option is declared once: discord.py reads a
    command's slash options from its callback's signature, which is built here from them."""

    async def command(interaction: Interaction, /, **given: Any) -> None:
        await run_table_command(name, interaction, ui, given)

    first = inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD)
    params = [first, *TABLE_PARAMS, *own]
    descriptions = {**(descriptions or {}), **{k: desc(v) for k, v in TABLE_OPTIONS.items()}}
    choices = {**(choices or {}), **TABLE_CHOICES}
    if name == "defaults":
        # one choice, named in the client's language ("obnovit: ano"): a boolean's True and
        # False are Discord's own words, which texts naming the option could only guess
        params.append(slash_option("reset", str))
        descriptions["reset"] = desc("core.opt_reset_desc")
        choices["reset"] = [choice(RESET_CHOICE[0], RESET_CHOICE[1])]
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    described = app_commands.describe(**descriptions)(command)
    return app_commands.command(name=name, description=gdesc(ui, f"cmd_{name}"))(
        app_commands.choices(**choices)(described))


class GameGroup(app_commands.Group):
    """``/<game> …``: the shared commands; the game's UI adds its own."""

    def __init__(self, ui: GameUI) -> None:
        super().__init__(name=ui.command, description=gdesc(ui, "cmd_group"), guild_only=True)
        self.ui = ui
        for command in shared_commands(ui):
            self.add_command(command)
        ui.add_commands(self)
        if self.get_command("tournament") is None:  # unless the game has its own
            from bot.tournament.commands import tournament_command

            self.add_command(tournament_command(ui))
        from bot.records import add_records_commands

        add_records_commands(self, ui)
        self.add_command(help_command(self))


# ``/<game> help``: its sections and the commands each lists, in order; the game's own
# commands (their score) are listed where one plays
HELP_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("start", ("new",)),
    ("play", ("hand", "rules")),
    ("leave", ("leave", "kick", "abort")),
    ("tournament", ("tournament",)),
    ("records", ("leaderboard", "stats", "history", "export")),
    ("settings", ("settings", "defaults", "forget-me")),
)
HELP_OWN_SECTION = "play"


def command_shown(ui: GameUI, name: str, czech_client: bool) -> str:
    """A command as a clickable mention, which each reader's client names in his language
    (``bot.command_ids``); before a sync gave the ids, as the asker's slash menu lists it:
    Czech clients see the Czech names (``bot.i18n.Translator``)."""
    return mention(f"{ui.command} {name}") or \
        f"/{ui.command} {CZECH_NAMES.get(name, name) if czech_client else name}"


def option_shown(name: str, czech_client: bool) -> str:
    """A slash option as the asker's client lists it (Czech names on a Czech client)."""
    return CZECH_PARAMETERS[name] if czech_client else name


def help_embed(group: app_commands.Group, ui: GameUI, lang: str, *,
               czech_client: bool = False) -> discord.Embed:
    """The game's help: how to open a table and play, leave and come back, tournaments,
    records, settings — every command of its ``group`` (but ``help``) named once, by the name
    the asker's client shows, each section's buttons by their labels."""
    from bot.tournament.model import MAX_ENTRANTS, MAX_ROUNDS
    from bot.tournament.words import scoring_rule
    from bot.ui.builders import EMBED_COLOUR

    commands = {c.name: c for c in group.commands if c.name != "help"}
    listed = {name for _, names in HELP_SECTIONS for name in names}
    own = [name for name in commands if name not in listed]
    values = {f"cmd_{name.replace('-', '_')}": command_shown(ui, name, czech_client)
              for name in commands}
    values |= {name: option_shown(option, czech_client)
               for name, option in (("language", "language"), ("timer", "turn_timer"),
                                    ("table", "table"),
                                    ("ai_share", "ai_share"), ("threads", "table_threads"))}
    values["reset"] = reset_shown(czech_client)  # ("obnovit:ano")
    tournament = "core.tournament."
    values |= {
        "join": t("core.btn_join", lang), "start": t("core.btn_start", lang),
        "again": t("core.btn_again", lang),
        "hand": t("core.btn_hand", lang), "sheet": game_t(ui.kind, "btn_sheet", lang)
        if has(game_key(ui.kind, "btn_sheet")) else "",
        "register": t(tournament + "btn_join", lang),
        "tstart": t(tournament + "btn_start", lang),
        "standings": t(tournament + "btn_standings", lang),
        "withdraw": t(tournament + "btn_withdraw", lang),
        "most": str(MAX_ENTRANTS), "rounds": str(MAX_ROUNDS), "seats": str(ui.spec.seats),
        "scoring": scoring_rule(ui.kind, lang),
    }
    embed = discord.Embed(title=game_t(ui.kind, "help.title", lang, game=ui.name(lang)),
                          colour=EMBED_COLOUR)
    for section, names in HELP_SECTIONS:
        shown = [n for n in names if n in commands] + (own if section == HELP_OWN_SECTION
                                                       else [])
        lines = [help_line(ui, commands[n], lang, values) for n in shown]
        if lines and has(game_key(ui.kind, f"help.{section}_note")):
            lines.append(game_t(ui.kind, f"help.{section}_note", lang, **values))
        if lines and section == "start" and has(game_key(ui.kind, "ai_levels")):
            lines.append(game_t(ui.kind, "ai_levels", lang))  # what "+ AI (level)" adds
        name = game_t(ui.kind, f"help.{section}", lang)
        for chunk in field_chunks(lines):
            embed.add_field(name=name, value=chunk, inline=False)
            name = CONTINUED  # (its lines go on under the same heading)
    return embed


FIELD_LIMIT = 1024  # Discord's most characters in an embed field's value
CONTINUED = "\u200b"  # the name of a field going on with its section (Discord wants one)


def field_chunks(lines: list[str]) -> list[str]:
    """A section's lines as field values of at most ``FIELD_LIMIT`` characters, whole lines
    each: named by mentions (``command_shown``), a section outgrew one field (review 94)."""
    chunks: list[str] = []
    for line in lines:
        if chunks and len(chunks[-1]) + 1 + len(line) <= FIELD_LIMIT:
            chunks[-1] += "\n" + line
        else:
            chunks.append(line)
    return chunks


def help_line(ui: GameUI, command: Any, lang: str, values: dict[str, str]) -> str:
    """A command's line in the help, as the game words it; a command without one: its
    slash menu description."""
    name = command.name.replace("-", "_")
    cmd = values[f"cmd_{name}"]
    if has(game_key(ui.kind, f"help.cmd_{name}")):
        return game_t(ui.kind, f"help.cmd_{name}", lang, **(values | {"cmd": cmd}))
    key = game_key(ui.kind, f"cmd_{name}")
    text = t(key, lang, game=ui.name(lang)) if has(key) else str(command.description)
    return f"{cmd} – {text}"  # (a mention is highlighted: no bold around it, review 95)


def help_command(group: GameGroup) -> app_commands.Command[Any, Any, None]:
    """``help``: the game's help (``help_embed``) to the asker alone, in the language of the
    other answers away from a table (``Languages.lang_for``)."""
    ui = group.ui

    @app_commands.command(name="help", description=gdesc(ui, "cmd_help"))
    async def help_(interaction: Interaction) -> None:
        lang = await controller_of(interaction).languages.lang_for(interaction,
                                                                   my_table(interaction))
        await interaction.response.send_message(
            embed=help_embed(group, ui, lang, czech_client=czech_client(interaction)),
            ephemeral=True)

    return help_


def shared_commands(ui: GameUI) -> list[app_commands.Command[Any, Any, None]]:
    @app_commands.command(name="hand", description=gdesc(ui, "cmd_hand"))
    async def hand(interaction: Interaction) -> None:
        controller = controller_of(interaction)
        table = my_table(interaction)
        if table is not None and table.game_kind != ui.kind:
            # seated at a table of the other game: with a seat of this game's he may take
            # back, told how to come back to it; else that he plays the other game, and its
            # command (review 76: its hand was shown, unnamed)
            live = None if interaction.guild_id is None else \
                controller.questions.returnable_of_game(interaction.guild_id,
                                                        interaction.user.id, ui.kind)
            lang = await controller.languages.lang_for(interaction, live or table)
            back = None if live is None else controller.questions.seated_elsewhere(
                live, interaction.user.id, lang, czech_client(interaction))
            if back is not None and table.state is None:  # (his lobby named: review 54)
                back = not_started_text(table, lang) + "\n" + back
            await interaction.response.send_message(back or other_game_text(
                ui, table, lang, "hand", czech_client(interaction)), ephemeral=True)
            return
        if table is not None and table.state is not None:
            await controller.open_hand(interaction, table)
            return
        # one who left a game that still runs: his seat back is offered (sitting in a
        # lobby meanwhile, he is told that its game has not started, and how to come back)
        # (in a tournament table's thread, its language: not his last table's; review 25)
        last = await controller.languages.last_table(interaction)
        lang = await controller.languages.lang_for(interaction, table, last=last)
        if table is not None:
            live = None if last is None else controller.questions.returnable(last.table_id,
                                                                             interaction.user.id)
            back = None if live is None else controller.questions.seated_elsewhere(
                live, interaction.user.id, lang, czech_client(interaction))
            text = not_started_text(table, lang) + ("\n" + back if back else "")
            await interaction.response.send_message(text, ephemeral=True)
        elif last is None or not await controller.questions.offer_return(interaction, last, lang):
            # in the thread of a tournament table whose seat he began the round away from
            here = controller.languages.thread_table(interaction)
            if here is None or here.tournament is None \
                    or not await controller.questions.offer_return(interaction, here, lang):
                await interaction.response.send_message(
                    hand_refusal(interaction, ui, lang, last), ephemeral=True)

    @app_commands.command(name="rules", description=gdesc(ui, "cmd_rules"))
    async def rules(interaction: Interaction) -> None:
        controller = controller_of(interaction)
        table = my_table(interaction)
        lang = await controller.languages.lang_for(interaction, table)
        await controller.send_rules(interaction, ui.kind, lang, table)

    @app_commands.command(name="leave", description=gdesc(ui, "cmd_leave"))
    async def leave(interaction: Interaction) -> None:
        table = my_table(interaction)
        lang = await controller_of(interaction).languages.lang_for(interaction, table)
        if table is None:
            await interaction.response.send_message(no_table_text(interaction, ui, lang),
                                                    ephemeral=True)
            return
        if table.state is not None:  # a running game: he is asked first (and told there)
            await controller_of(interaction).questions.ask_leave(interaction, table, lang)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:  # (told there; the creator is asked first while others sit there)
            await controller_of(interaction).questions.leave_lobby(interaction, table.table_id,
                                                                   lang)
        except TableError as exc:
            await interaction.followup.send(game_t(table.game_kind, exc.key, lang),
                                            ephemeral=True)

    @app_commands.command(name="kick", description=gdesc(ui, "cmd_kick"))
    @app_commands.describe(user=desc("core.opt_kick_user_desc"),
                           table=desc("core.opt_table_desc"))
    async def kick(interaction: Interaction, user: discord.User,
                   table: int | None = None) -> None:
        # ``discord.User``: one who has left the server comes without member data and is
        # still removable (review 84: ``discord.Member`` refused him with an error)
        from bot.ui.removal import kick as remove

        await remove(interaction, ui, user, table)

    @kick.autocomplete("table")
    async def kick_tables(interaction: Interaction, typed: str
                          ) -> list[app_commands.Choice[int]]:
        from bot.autocomplete import table_choices

        return await table_choices(interaction, ui, typed, seated=True)

    @app_commands.command(name="abort", description=gdesc(ui, "cmd_abort"))
    @app_commands.describe(table=desc("core.opt_table_desc"))
    async def abort(interaction: Interaction, table: int | None = None) -> None:
        """Without ``table``: the table he sits at in this channel; else the one of this
        channel he may abort (a server manager, say, seated elsewhere: he is about the
        table where he typed it, not one far away), or which one when there are several;
        with no such table here, the table he sits at anywhere on the server."""
        controller = controller_of(interaction)
        target = my_table(interaction)
        if table is not None:
            target = table_numbered(interaction, table)
        elif target is None or target.channel_id != interaction.channel_id:
            here = abortable_here(interaction, ui.kind)
            if len(here) == 1:
                target = here[0]
            elif here:
                lang = await controller.languages.lang_for(interaction, here[0])
                await interaction.response.send_message(t(
                    "core.abort_which", lang, ids=", ".join(str(x.table_id) for x in here),
                    cmd=command_shown(ui, "abort", czech_client(interaction)),
                    table=option_shown("table", czech_client(interaction)),
                    id=here[0].table_id), ephemeral=True)
                return
        lang = await controller.languages.lang_for(interaction, target)
        if target is None or target.status not in (STATUS_LOBBY, STATUS_PLAYING):
            if table is not None:
                text = t("core.abort_no_such_table", lang, id=table)
            else:  # (a manager is shown the server's tables he may name instead)
                reason = no_table_reason(interaction, lang)
                text = reason if reason is not None else (
                    tournament_here_text(interaction, lang)
                    or not_abortable_here_text(interaction, ui, lang)
                    or abort_elsewhere_text(interaction, ui, lang)
                    or seated_nowhere_text(interaction, ui, lang))
            await interaction.response.send_message(text, ephemeral=True)
            return
        if target.tournament is not None:  # only the whole tournament can be cancelled
            await interaction.response.send_message(t("core.tournament.no_abort", lang),
                                                    ephemeral=True)
            return
        if not controller.questions.may_abort(target, interaction.user):
            await interaction.response.send_message(t(
                "core.no_permission", lang, creator=creator_shown(target)), ephemeral=True)
            return
        other = other_game_table_text(ui, target, "abort", lang, czech_client(interaction))
        if other is not None:
            await interaction.response.send_message(other, ephemeral=True)
            return
        if controller.questions.abort_asks(target, interaction.user.id):  # a game, or others seated
            await controller.questions.ask_abort(interaction, target, lang)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await controller.service.abort(target.table_id, by=interaction.user.display_name)
        await interaction.followup.send(t("core.aborted_ok", lang, id=target.table_id),
                                        ephemeral=True)

    @abort.autocomplete("table")
    async def abort_tables(interaction: Interaction, typed: str
                           ) -> list[app_commands.Choice[int]]:
        from bot.autocomplete import table_choices

        return await table_choices(interaction, ui, typed)

    return [hand, rules, leave, kick, abort]


def game_groups() -> list[GameGroup]:
    """One command group per game the bot can seat."""
    return [GameGroup(ui) for ui in all_uis()]
