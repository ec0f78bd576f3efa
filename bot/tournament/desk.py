"""The Discord side of tournaments: the tournament's message (registration, then the rounds)
with its buttons, a thread per table, the sheets, the standings after every round and the
final ones, and the export. It presents what ``TournamentService`` tells it
(``TournamentPresenter``) and answers the tournament's buttons. What the channel must see
goes through the bot's outbox (``bot.delivery``): composed here, written by the service in
the tournament change's own transaction, delivered with retries, paced per channel, the
tournament's message refreshed by one superseding entry and its pictures drawn when they are
sent. Only a table's thread is made directly (its id is where the table plays).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from re import Match
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import discord

from bot.delivery import items
from bot.errors import TableError
from bot.games import ui_of
from bot.i18n import and_list, counted, game_t, shown_name, t, tn, unlisted
from bot.member_names import current_names
from bot.model import STATUS_LOBBY, Seat, TableSettings
from bot.permissions import manages_server
from bot.storage.models import (
    ACTIVE_TOURNAMENT,
    EntrantRecord,
    OutboxEntry,
    OutboxItem,
    TournamentRecord,
    TournamentStatus,
    TournamentTableRecord,
)
from bot.tournament import model
from bot.tournament.export import (
    document_bytes,
    export_document,
    pictures_zip,
    standings_csv,
)
from bot.tournament.model import settings_of
from bot.tournament.pages import Page, page_title, standings_messages
from bot.tournament.pictures import (
    game_name,
    marked_name,
    number,
    score_unit,
    sheet_alt,
    sheet_png,
    standings_alt,
    standings_pages,
    standings_png,
    value_text,
)
from bot.tournament.scoring import Standing, podium, standings
from bot.tournament.service import TournamentService, withdrawable
from bot.tournament.status import status_text
from bot.tournament.words import (
    K,
    listed_place,
    scoring_rule,
    tournament_table_name,
    tt,
    turn_time,
    worded,
)
from bot.ui.alt import png_file
from bot.ui.builders import (
    EMBED_COLOUR,
    busy_at,
)
from bot.ui.components import frozen_view, question_view
from engine import games

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
FILES_PER_MESSAGE = 10
K_PLAYERS = "core.tournament.players"  # a number of players, in its plural form
KNOWN_TOURNAMENTS = 64  # records kept for the outbox's deliveries after they leave play
# a round's tables wait at most this long for the channel's posts before them (its
# standings): a channel Discord refuses for long must not stop the tournament
CATCH_UP_SECONDS = 30.0


def _controller(interaction: Interaction) -> Controller:
    from bot.commands import controller_of

    return controller_of(interaction)


class TournamentButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:tn:(?P<tid>\d+)"
             r":(?P<op>join|leave|start|cancel|standings|export|withdraw|cancelnow)"
             r"(?::(?P<until>\d+))?",
):
    """A button of the tournament's message; "withdraw" is the one of the question that
    Odstoupit asks first, lapsing at ``until`` (epoch seconds) like a table's question, and
    "cancelnow" the one of the question that Zrušit turnaj asks first (their other one:
    ``StayButton``)."""

    def __init__(self, tournament_id: int, op: str, label: str = "",
                 style: discord.ButtonStyle | None = None, until: int | None = None) -> None:
        self.tournament_id, self.op, self.until = tournament_id, op, until
        tail = "" if until is None else f":{until}"
        super().__init__(discord.ui.Button(
            label=label or op, style=style or discord.ButtonStyle.secondary,
            custom_id=f"lora:tn:{tournament_id}:{op}{tail}"))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: Match[str]) -> TournamentButton:
        until = match["until"]
        return cls(int(match["tid"]), match["op"], until=None if until is None else int(until))

    async def callback(self, interaction: Interaction) -> None:
        desk = _controller(interaction).desk
        if self.op == "withdraw":
            await desk.on_withdraw(interaction, self.tournament_id, self.until or 0)
        elif self.op == "cancelnow":
            await desk.on_cancel(interaction, self.tournament_id, self.until or 0)
        else:
            await desk.on_button(interaction, self.tournament_id, self.op)


class TournamentAISelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"lora:tnai:(?P<tid>\d+)"
):
    def __init__(self, tournament_id: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        self.tournament_id = tournament_id
        super().__init__(discord.ui.Select(
            custom_id=f"lora:tnai:{tournament_id}",
            options=options or [discord.SelectOption(label="medium", value="medium")],
            placeholder=placeholder))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: Match[str]) -> TournamentAISelect:
        return cls(int(match["tid"]))

    async def callback(self, interaction: Interaction) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") if isinstance(data, dict) else None
        level = str(values[0]) if isinstance(values, list) and values else ""
        await _controller(interaction).desk.on_add_ai(interaction, self.tournament_id, level)


DYNAMIC_ITEMS = (TournamentButton, TournamentAISelect)


# -- messages ---------------------------------------------------------------------------
def settings_lines(t_: TournamentRecord, lang: str) -> list[str]:
    s = settings_of(t_)
    lines = [tt("set_rounds", lang, n=s.rounds)]
    if "deals" in s.length:
        lines.append(tt("set_length_deals", lang,
                        deals=tn("core.deals", lang, int(s.length["deals"]))))
    elif "minutes" in s.length:
        lines.append(tt("set_length_minutes", lang,
                        minutes=tn("core.minutes", lang, int(s.length["minutes"]))))
    else:
        lines.append(worded("set_length_game", t_.game_kind, lang))
    level = t(f"core.ai_{s.ai_level}", lang)
    lines.append(tt(f"set_fill_{s.fill}", lang, level=level))
    lines.append(tt("set_timer", lang, time=turn_time(s.turn_timer, lang)))
    lines.append(tt("set_withdrawn", lang, level=level))
    lines.append(scoring_rule(t_.game_kind, lang))
    return lines


def game_settings_lines(t_: TournamentRecord, lang: str) -> list[str]:
    """The options the tournament's tables play with (the organiser's choices over the
    game's tournament defaults: Taroky's stake, cap, dokup, Varšava, flek …), in the game's
    own words, as a table's lobby lists them (review 24: not shown at all) — but the round's
    length, which ``settings_lines`` says in the tournament's words (``rules_lines``)."""
    try:
        ui = ui_of(t_.game_kind)
    except KeyError:
        return []
    s = settings_of(t_)
    rules = games.get(t_.game_kind).tournament_rules()
    options = rules.round_options(s.options, s.length, s.rounds)
    return ui.rules_lines(TableSettings(options=options, lang=lang), lang)


def entrant_lines(t_: TournamentRecord, lang: str) -> list[str]:
    """The players as the tournament's message lists them, numbered 1, 2, 3… in the order
    they registered (not by their registration's number: one withdrawn before the start
    leaves no gap). A substitute of a tournament that is over is told in the past (review
    40: "an AI plays for them" under "The tournament is over.")."""
    over = t_.status not in ACTIVE_TOURNAMENT
    lines = [status_text(t_, e, "line", lang, over, n=n, name=shown_name(e.name, lang),
                         user=e.user_id) for n, e in enumerate(t_.entrants, 1)]
    return lines or [tt("no_entrants", lang)]


def seat_names(t_: TournamentRecord, round_no: int, seats: Sequence[int], lang: str,
               table_no: int | None = None) -> str:
    """A table's players in seat order; one an AI plays for this round is marked
    ("Bob (AI)"): he withdrew, or (``table_no`` given) he has a substitute at it."""
    names = []
    for seat, entrant_no in enumerate(seats):
        e = model.entrant(t_, entrant_no)
        name = shown_name(e.name, lang)
        replaced = e.ai_level is None and (
            model.withdrawn(e, round_no) or (
                table_no is not None
                and model.substitution(t_, round_no, table_no, seat) is not None))
        names.append(t("core.left_name", lang, name=name) if replaced else name)
    return ", ".join(names)


def table_lines(t_: TournamentRecord, lang: str) -> list[str]:
    lines = []
    for s in model.tables_of(t_, t_.round_no):
        names = seat_names(t_, t_.round_no, s.seats, lang, s.table_no)
        where = f"<#{s.thread_id}>" if s.thread_id else "—"
        state = tt("table_done", lang) if s.result is not None else tt("table_playing", lang)
        lines.append(tt("table_line", lang, n=s.table_no, where=where, names=names, state=state))
    return lines


class Prizes(NamedTuple):
    """The podium's rows (``scoring.podium``: placed among those who may be crowned), the
    note naming who it passes over (``passed_over``), how many of the final standings it
    leaves out, and each entrant's row in the final standings (by entrant number: a podium
    row's place in the standings)."""

    rows: list[Standing]
    note: str | None
    left_out: int
    standing: dict[int, Standing]


def prize_rows(t_: TournamentRecord, lang: str) -> Prizes:
    """The podium of the final standings (``scoring.podium``: not one who withdrew or made
    no move in a whole round — they keep their place in the standings, tagged), with the
    note on those it passes over: the podium, the winner's line and the picture's medals."""
    final = standings(t_, settings_of(t_).rounds)
    rows = podium(t_, final)
    left_out = sum(not model.played_on(t_, model.entrant(t_, row.entrant)) for row in final)
    return Prizes(rows, passed_over(t_, final, rows, lang), left_out,
                  {row.entrant: row for row in final})


def passed_over(t_: TournamentRecord, final: list[Standing], rows: list[Standing],
                lang: str) -> str | None:
    """"Mimo stupně vítězů (…): Hana" — those left off the podium (``rows``) whom the final
    standings place within the first three or above its lowest person (review 97: Eva, 4th,
    above the winner from 5th, went unexplained); None when there is nobody such."""
    placed = {row.entrant: row.place for row in final}
    lowest = max((placed[row.entrant] for row in rows), default=0)
    names = [standing_name(t_, e, lang) for row in final
             if (row.place <= 3 or row.place < lowest)
             and not model.played_on(t_, e := model.entrant(t_, row.entrant))]
    return tt("podium_passed_over", lang, names=and_list(names, lang)) if names else None


def podium_lines(t_: TournamentRecord, lang: str) -> list[str]:
    """The final first three places (all who share one), with their points: the message a
    club pins names who won (review 24) — by their names, as the standings do (a mention in
    an embed pings nobody, and reads "<@123…>" where the client does not know the user).
    Only those who played on stand on it (``prize_rows``), each at his place in the
    standings (review 97: "1. AI Karel" read against the standings' "5. AI Karel" — one
    number for a place everywhere); one left out placed above them is named under it.
    Fewer than three on it because the others were left out: said so (review 87: "1. AI
    Karel – 6 b." alone read oddly)."""
    lines = []
    rows, note, left_out, standing = prize_rows(t_, lang)
    tie = tie_break(t_, lang)
    for row in rows:
        e = model.entrant(t_, row.entrant)
        lines.append(tie(row, counted(K + "podium_line", lang, row.points,
                                      place=listed_place(standing[row.entrant], lang),
                                      name=standing_name(t_, e, lang),
                                      points=number(row.points, lang))))
    empty = 3 - len(lines)
    if empty > 0 and left_out:  # (all who played on stand on it)
        lines.append(counted(K + "podium_empty", lang, empty))
    return [*lines, note] if note else lines


def tie_break(t_: TournamentRecord, lang: str
              ) -> Callable[[Standing, str], str]:
    """A standings line with the score that breaks equal points ("1. AI Božena – 6,5 b.
    (+29,00 Kč)"; Lóra: penalty points): the text tells why the order, as the picture's score
    column does (review 65: three players on 6.5 pts in an order nothing explained) — on
    every line, as the picture and the CSV have it for everyone (review 75: only the lines
    of equal points had it, and a club follows everyone's running money)."""
    unit = score_unit(t_)

    def line(row: Standing, text: str) -> str:
        if not unit:
            return text
        value = value_text(row.score, unit, lang, sign=unit == "hal")
        return f"{text} {worded('tied', unit, lang, value=value)}"
    return line


def _clip(lines: list[str], limit: int) -> str:
    """``lines`` within ``limit`` characters, the rest counted ("… (+12)"): ``clipped``."""
    return "\n".join(clipped(lines, limit, lambda n: f"… (+{n})"))


def tournament_message(t_: TournamentRecord, lang: str,
                       ai_levels: Sequence[str]) -> dict[str, Any]:
    status = TournamentStatus(t_.status)
    s = settings_of(t_)
    desc_key = f"desc_{status.value}"
    lines = [tt(desc_key, lang, round=t_.round_no, rounds=s.rounds,
                organiser=f"<@{t_.organiser_id}>" if t_.organiser_id else "—")]
    if status == TournamentStatus.FINISHED:
        lines += ["", f"__{tt('field_podium', lang)}__", *podium_lines(t_, lang)]
    lines += ["", f"__{tt('field_players', lang, n=len(t_.entrants))}__",
              *entrant_lines(t_, lang)]
    if status == TournamentStatus.PLAYING:
        lines += ["", f"__{tt('field_tables', lang, round=t_.round_no)}__",
                  *table_lines(t_, lang)]
    embed = discord.Embed(title=tt("title", lang, game=game_name(t_, lang), id=t_.tournament_id),
                          description=_clip([unlisted(line) for line in lines], 4000),
                          colour=EMBED_COLOUR)
    embed.add_field(name=tt("field_settings", lang), value="\n".join(settings_lines(t_, lang)),
                    inline=False)
    game_lines = game_settings_lines(t_, lang)
    if game_lines:
        embed.add_field(name=tt("field_game_rules", lang, game=game_name(t_, lang)),
                        value="\n".join(game_lines), inline=False)
    tid = t_.tournament_id
    items: list[discord.ui.Item[Any]] = []
    if status == TournamentStatus.REGISTRATION:
        items += [
            TournamentButton(tid, "join", tt("btn_join", lang), discord.ButtonStyle.primary),
            TournamentButton(tid, "leave", tt("btn_leave", lang)),
            TournamentButton(tid, "start", tt("btn_start", lang), discord.ButtonStyle.success),
            TournamentButton(tid, "cancel", tt("btn_cancel", lang), discord.ButtonStyle.danger),
            TournamentAISelect(tid, [discord.SelectOption(label=t(f"core.ai_{lv}", lang),
                                                          value=lv) for lv in ai_levels],
                               tt("ai_placeholder", lang)),
        ]
    elif status == TournamentStatus.PLAYING:
        items += [
            TournamentButton(tid, "standings", tt("btn_standings", lang),
                             discord.ButtonStyle.primary),
            TournamentButton(tid, "export", tt("btn_export", lang)),
            TournamentButton(tid, "leave", tt("btn_withdraw", lang)),
            TournamentButton(tid, "cancel", tt("btn_cancel", lang), discord.ButtonStyle.danger),
        ]
    else:
        items += [
            TournamentButton(tid, "standings", tt("btn_standings", lang),
                             discord.ButtonStyle.primary),
            TournamentButton(tid, "export", tt("btn_export", lang)),
        ]
    return {"embed": embed, "view": frozen_view(*items)}


class TournamentDesk:
    """The ``TournamentPresenter`` of the bot, and the handler of the tournament's buttons."""

    def __init__(self, controller: Controller, seed: int | None = None) -> None:
        self.controller = controller
        self.bot = controller.bot
        self.service = TournamentService(controller.store, controller.service, self, seed=seed)
        self.known: OrderedDict[int, TournamentRecord] = OrderedDict()  # see KNOWN_TOURNAMENTS

    def _channel(self, channel_id: int) -> Any:
        return self.bot.get_channel(channel_id)

    @staticmethod
    def _lang(t_: TournamentRecord) -> str:
        return settings_of(t_).lang

    def _seen(self, t_: TournamentRecord) -> None:
        self.known[t_.tournament_id] = t_
        self.known.move_to_end(t_.tournament_id)
        while len(self.known) > KNOWN_TOURNAMENTS:
            self.known.popitem(last=False)

    @staticmethod
    def _post(channel_id: int, content: str | None = None, *,
              embed: discord.Embed | None = None, picture: items.Picture | None = None,
              pictures: Sequence[items.Picture] = (), embeds: Sequence[Page] = (),
              table_id: int | None = None) -> OutboxItem:
        """One message to a channel or thread, as an outbox entry (pictures by name, each
        with its alt text; ``embeds`` after ``embed``, each with its picture in it);
        ``table_id``: it goes in line with that table's entries (its thread's posts)."""
        name, filename, alt = picture if picture is not None else (None, "picture.png", None)
        as_dict = None if embed is None else _as_dict(embed)
        return items.post(channel_id, content, embed=as_dict, picture=name, filename=filename,
                          description=alt, pictures=pictures, mentions=True,
                          table_id=table_id, embeds=[(_as_dict(e), p) for e, p in embeds])

    # -- what the outbox's deliverer asks (through the controller) ---------------------------
    async def _record(self, tournament_id: int) -> TournamentRecord | None:
        t_ = self.service.tournaments.get(tournament_id) or self.known.get(tournament_id)
        if t_ is None:
            t_ = await self.controller.store.get_tournament(tournament_id)
            if t_ is not None:
                self._seen(t_)
        return t_

    def message_id(self, tournament_id: int) -> int | None:
        t_ = self.service.tournaments.get(tournament_id) or self.known.get(tournament_id)
        return None if t_ is None else t_.message_id

    async def message(self, tournament_id: int) -> dict[str, Any] | None:
        t_ = await self._record(tournament_id)
        if t_ is None:
            return None
        return tournament_message(t_, self._lang(t_), games.get(t_.game_kind).ai_levels)

    async def set_message(self, tournament_id: int, message_id: int,
                          ends: Callable[[int], list[OutboxItem]]) -> None:
        """The tournament's message was posted: saved, with ``ends(old)`` — the entries that
        end the one it replaces — in the same transaction (``TournamentService.set_message``).
        Found again after a crash, it was saved already, and its old one's end queued."""
        t_ = await self._record(tournament_id)
        if t_ is None or t_.message_id == message_id:
            return
        old = t_.message_id
        await self.service.set_message(t_, message_id, [] if old is None else ends(old))
        for other in (self.service.tournaments.get(tournament_id),
                      self.known.get(tournament_id)):
            if other is not None:
                other.message_id = message_id

    async def picture(self, name: str, lang: str | None = None) -> bytes | None:
        """A tournament picture by its outbox name: ``tsheet:T:R:N`` (the sheet of table N of
        round R) or ``tstandings:T:R`` (the standings after round R; their page P > 1:
        ``tstandings:T:R:P``); in ``lang`` (the Standings button's asker's), else the
        tournament's."""
        kind, _, rest = name.partition(":")
        try:
            numbers = [int(x) for x in rest.split(":")]
        except ValueError:
            return None
        t_ = await self._record(numbers[0])
        if t_ is None:
            return None
        lang = lang or self._lang(t_)
        if kind == "tsheet" and len(numbers) == 3:
            try:
                slot = model.slot(t_, numbers[1], numbers[2])
            except Exception:
                return None
            return await _draw(sheet_png, t_, slot, lang)
        if kind == "tstandings" and len(numbers) in (2, 3):  # (page 1's name has none)
            return await _draw(standings_png, t_, numbers[1], lang, *numbers[2:])
        return None

    async def paged_standings(self, payload: dict[str, Any]) -> dict[str, Any]:
        """A standings post queued before the standings had pages — one picture of the
        whole field (``tstandings:T:R`` filed as "standings.png", no further embeds), which
        now draws places 1–8 alone — as it is posted now where the field takes more pages:
        a picture per page, each in an embed of its own, its title and text kept (the
        first ten pages: the embeds a post takes). Any other post as it is."""
        name = str(payload.get("picture"))
        numbers = name.split(":")[1:]
        if (payload.get("embeds") or payload.get("filename") != "standings.png"
                or len(numbers) != 2 or not all(n.isdigit() for n in numbers)):
            return payload
        t_ = await self._record(int(numbers[0]))
        if t_ is None or standings_pages(t_) == 1:
            return payload
        embed = payload.get("embed") or {}
        first = standings_messages(t_, int(numbers[1]), self._lang(t_),
                                   str(embed.get("title") or ""), embed.get("description"))[0]
        paged = self._post(t_.channel_id, embed=first[0][0], picture=first[0][1],
                           embeds=first[1:]).payload
        shown = ("embed", "picture", "filename", "description", "embeds")
        return {**{k: v for k, v in payload.items() if k not in shown},
                **{k: paged[k] for k in shown if k in paged}}

    # -- TournamentPresenter -----------------------------------------------------------
    def tournament_shown(self, t_: TournamentRecord) -> list[OutboxItem]:
        """Refresh the tournament's message (posted anew when it is gone)."""
        return [items.tournament_refresh(t_.channel_id, t_.tournament_id)]

    def tournament_committed(self, entries: Sequence[OutboxEntry]) -> None:
        self.controller.delivery.submit(entries)

    def tournament_seen(self, t_: TournamentRecord) -> None:
        self._seen(t_)

    async def channel_caught_up(self, t_: TournamentRecord) -> None:
        await self.controller.delivery.posts_delivered(t_.channel_id, CATCH_UP_SECONDS)

    async def open_thread(self, t_: TournamentRecord, round_no: int, table_no: int, *,
                          again: bool = False) -> int | None:
        lang = self._lang(t_)
        name = game_t(t_.game_kind, "table_title", lang, game=game_name(t_, lang),
                      name=tournament_table_name(model.link(t_, round_no, table_no), lang))
        if again:
            name = tt("thread_again", lang, title=name)
        return await self.controller.threads.open(
            t_.channel_id, name, f"table {table_no} of tournament {t_.tournament_id}")

    def opening_shown(self, t_: TournamentRecord, slot: TournamentTableRecord,
                      seats: Sequence[Seat], *, again: bool = False) -> list[OutboxItem]:
        lang = self._lang(t_)
        players = ", ".join(f"<@{s.user_id}>" if s.user_id is not None
                            else t("core.left_name", lang, name=shown_name(s.name, lang))
                            if s.left else s.name
                            for s in seats)
        text = tt("opening", lang, round=slot.round_no, table=slot.table_no, players=players)
        if again:
            text = tt("opening_again", lang) + "\n" + text
        for seat, entrant_no in zip(seats, slot.seats, strict=True):
            e = model.entrant(t_, entrant_no)
            if not seat.left or model.ai_plays(e, slot.round_no):
                continue
            assert e.user_id is not None  # (not withdrawn: registered, not forgotten)
            # seated at a running table elsewhere: he is told, by a mention (review 24:
            # "Bob → AI", and he never heard of it)
            other = self.controller.service.table_of_user(t_.guild_id, e.user_id)
            text += "\n" + tt("opening_busy", lang, user=e.user_id, at=busy_at(other, lang))
        return [self._post(slot.thread_id or t_.channel_id, text)]

    def round_drawn_shown(self, t_: TournamentRecord, round_no: int,
                          drawn: Sequence[Sequence[int]]) -> list[OutboxItem]:
        """The round begins: who sits at which table, in the channel (review 24: the draw
        was only in an edit of the tournament's message, far up); the tables' threads,
        named by their table, follow it."""
        lang = self._lang(t_)
        lines = [tt("next_round", lang, round=round_no)]
        lines += [tt("drawn_line", lang, n=n, names=seat_names(t_, round_no, seats, lang))
                  for n, seats in enumerate(drawn, 1)]
        return [self._post(t_.channel_id, _clip(lines, items.CONTENT_LIMIT))]

    def table_done_shown(self, t_: TournamentRecord,
                         slot: TournamentTableRecord) -> list[OutboxItem]:
        lang = self._lang(t_)
        text = tt("table_finished", lang, round=slot.round_no, table=slot.table_no)
        sheet = (f"tsheet:{t_.tournament_id}:{slot.round_no}:{slot.table_no}", "sheet.png",
                 _alt(sheet_alt, t_, slot, lang))
        # in the table's own lane of the outbox (``table_id``): after the game's last posts,
        # which were queued before it — in a lane of its own it went beside them, and a busy
        # table's end ("Stav před hrou Maturita", the final order) came after the sheet
        return [self._post(slot.thread_id or t_.channel_id, text, pictures=[sheet],
                           table_id=slot.table_id)]

    def absent_shown(self, t_: TournamentRecord, round_no: int,
                     entrants: Sequence[int]) -> list[OutboxItem]:
        """One line in the tournament's channel to these entrants, each mentioned: they made
        no move of their own in round ``round_no`` (the AI played all their moves), so they
        are withdrawn from the next round on (review 75: nobody was told); the organiser
        mentioned after it, for his information (review 80: only he was mentioned, first,
        and the line read as if it were about him)."""
        lang = self._lang(t_)
        absent = [model.entrant(t_, n) for n in entrants]
        names = [f"<@{e.user_id}>" if e.user_id is not None else shown_name(e.name, lang)
                 for e in absent]
        last = round_no >= settings_of(t_).rounds
        key = ("absent_notice_last" if last else "absent_notice") + (
            "_many" if len(names) > 1 else "")
        organiser = t_.organiser_id
        note = (tt("absent_notice_organiser", lang, user=organiser)
                if organiser and all(e.user_id != organiser for e in absent) else "")
        text = tt(key, lang, organiser=note, name=names[0], names=and_list(names, lang),
                  round=round_no, next=round_no + 1)
        return [self._post(t_.channel_id, text)]

    def round_done_shown(self, t_: TournamentRecord, round_no: int) -> list[OutboxItem]:
        lang = self._lang(t_)
        # a picture per eight entrants, each in an embed of its own (``pages``)
        messages = standings_messages(t_, round_no, lang, standings_title(t_, round_no, lang),
                                      leader_lines(t_, round_no, lang))
        out = [self._post(t_.channel_id, embed=message[0][0], picture=message[0][1],
                          embeds=message[1:])
               for message in messages]
        sheets = [(f"tsheet:{t_.tournament_id}:{round_no}:{slot.table_no}",
                   f"sheet-{round_no}-{slot.table_no}.png", _alt(sheet_alt, t_, slot, lang))
                  for slot in model.tables_of(t_, round_no)]
        for i in range(0, len(sheets), FILES_PER_MESSAGE):
            out.append(self._post(t_.channel_id,
                                  tt("sheets", lang, round=round_no) if i == 0 else None,
                                  pictures=sheets[i:i + FILES_PER_MESSAGE]))
        return out

    def winner_shown(self, t_: TournamentRecord) -> list[OutboxItem]:
        """"🏆 …": the best of those who played on (``prize_rows``; one who withdrew or was
        absent a whole round is never crowned, review 75), the people congratulated."""
        lang = self._lang(t_)
        rows, note, _, standing = prize_rows(t_, lang)
        if not rows:
            return []

        # a person is an entrant with no AI level: every row played on (``model.played_on``),
        # so he has a user and has not withdrawn
        def named(es: list[EntrantRecord]) -> str:
            return and_list([f"<@{e.user_id}>" if e.ai_level is None
                             else standing_name(t_, e, lang) for e in es], lang)

        placed = [(r.place, model.entrant(t_, r.entrant)) for r in rows]
        winners = [e for place, e in placed if place == 1]
        people = [e for e in winners if e.ai_level is None]
        tie = len(winners) > 1
        if people:  # people won (a tie in the plural): congratulated (with an AI sharing
            # it in one sentence, each mentioned once — review 80: "… <@Dana> and AI Božena.
            # Congratulations to <@Dana>!")
            if len(people) < len(winners):
                text = tt("winners_mixed", lang, names=named(winners), id=t_.tournament_id)
            else:
                text = tt("winners" if tie else "winner", lang, names=named(winners),
                          id=t_.tournament_id)
        else:  # an AI won: the result, and the best-placed people named, not congratulated
            text = tt("winners_ai" if tie else "winner_ai", lang, names=named(winners),
                      id=t_.tournament_id)
            best = next((r for r, (_, e) in zip(rows, placed, strict=True)
                         if e.ai_level is None), None)
            if best is not None:
                text += " " + tt("best_person", lang,
                                 place=listed_place(standing[best.entrant], lang),
                                 humans=named([e for p, e in placed
                                               if p == best.place and e.ai_level is None]))
        return [self._post(t_.channel_id, " ".join(filter(None, (text, note))))]

    def tournament_closed_shown(self, t_: TournamentRecord, reason: str,
                                by: str | None = None) -> list[OutboxItem]:
        """The tournament's end told in its channel; who cancelled it, when known: by name,
        as a table's abort (review 84: a mention pinged him)."""
        lang = self._lang(t_)
        text = (tt(f"closed_{reason}", lang, id=t_.tournament_id) if by is None
                else tt("closed_by", lang, id=t_.tournament_id, who=by))
        return [self._post(t_.channel_id, text)]

    # -- interactions --------------------------------------------------------------------
    async def _refuse(self, interaction: Interaction, exc: TableError, lang: str) -> None:
        params = dict(exc.params)
        if exc.key == "tournament.not_divisible":  # "chybí ještě 3 hráči", "1 hráč"
            params["missing"] = tn(K_PLAYERS, lang, int(params["missing"]))
        await self.controller.replies.error(interaction, f"core.{exc.key}", lang, **params)

    async def on_button(self, interaction: Interaction, tournament_id: int, op: str) -> None:
        lang = await self._answer_lang(interaction, tournament_id)
        try:
            if op in ("standings", "export"):
                await self._show(interaction, tournament_id, op, lang)
                return
            if op == "leave":
                if self._playing(tournament_id):  # for good: asked first
                    await self._ask_withdraw(interaction, tournament_id, lang)
                    return
                await interaction.response.defer(ephemeral=True, thinking=True)
                done = await self.service.leave(tournament_id, interaction.user.id)
                await interaction.followup.send(tt(done, lang, id=tournament_id),
                                                ephemeral=True)
                return
            if op == "cancel":
                await self._cancel(interaction, tournament_id, lang)
                return
            await interaction.response.defer()
            if op != "join":
                await self.service.start(tournament_id, interaction.user.id,
                                         manager=manages_server(interaction.user))
                return
            await self.service.join(tournament_id, interaction.user.id,
                                    interaction.user.display_name)
        except TableError as exc:
            await self._refuse(interaction, exc, lang)
        except discord.HTTPException as exc:
            log.warning("answering a tournament button failed: %s", exc)
            await self.controller.replies.error(interaction, "core.error", lang)
        except Exception:
            log.exception("the tournament button %s failed", op)
            await self.controller.replies.error(interaction, "core.error", lang)
        else:  # registered (the other ops returned): the warning is no part of it
            await self._warn_busy(interaction, tournament_id, lang)

    async def _warn_busy(self, interaction: Interaction, tournament_id: int,
                         lang: str) -> None:
        """One registered while he plays a running game of the server is told, privately,
        what happens if he still plays it when a round begins (an AI plays his seat until he
        is free, then he takes it back: ``opening_busy``); one waiting in a lobby, that he
        leaves it when the tournament starts (his own closes). A warning Discord refuses
        comes with his next click (``Replies.tell``)."""
        t_ = self.service.tournaments.get(tournament_id)
        if t_ is None:
            return
        user_id = interaction.user.id
        other = self.service.playing_elsewhere(t_.guild_id, user_id)
        if other is not None:
            await self.controller.replies.tell(
                interaction, tt("joined_busy", lang, id=tournament_id,
                                at=busy_at(other, lang)), lang)
            return
        # a lobby he waits in he leaves when the tournament starts — his own closes
        # (``TournamentService._leave_lobby``): said now, not found out then (review 54)
        lobby = self.service.tables.table_of_user(t_.guild_id, user_id)
        if lobby is not None and lobby.status == STATUS_LOBBY:
            key = "joined_lobby_own" if lobby.creator_id == user_id else "joined_lobby"
            await self.controller.replies.tell(
                interaction, tt(key, lang, id=tournament_id, table=lobby.table_id,
                                channel=f"<#{lobby.channel_id}>"), lang)

    def _playing(self, tournament_id: int) -> bool:
        t_ = self.service.tournaments.get(tournament_id)
        return t_ is not None and t_.status == TournamentStatus.PLAYING

    async def _ask_withdraw(self, interaction: Interaction, tournament_id: int,
                            lang: str) -> None:
        """Odstoupit in a running tournament cannot be undone: an ephemeral question with
        its one button, lapsing like the question before leaving a table."""
        withdrawable(self.service.get(tournament_id), interaction.user.id)
        until = self.controller.questions.confirm_until()
        button = TournamentButton(tournament_id, "withdraw", tt("btn_withdraw_confirm", lang),
                                  discord.ButtonStyle.danger, until=until)
        await interaction.response.send_message(
            tt("withdraw_confirm", lang, id=tournament_id),
            view=question_view(button, until, "core.btn_stay", lang), ephemeral=True)

    async def on_withdraw(self, interaction: Interaction, tournament_id: int,
                          until: int) -> None:
        """The question's button: he withdraws (unless it lapsed)."""

        async def withdraw(lang: str) -> str:
            if not self._playing(tournament_id):
                raise TableError("tournament.none")
            return tt(await self.service.leave(tournament_id, interaction.user.id), lang,
                      id=tournament_id)

        await self._answer(interaction, tournament_id, until, withdraw, "withdrawal")

    async def _answer(self, interaction: Interaction, tournament_id: int, until: int,
                      act: Callable[[str], Awaitable[str]], what: str) -> None:
        """A confirmation question's button: ``act`` (unless the question lapsed), and the
        question becomes its answer — done or refused — its buttons gone, whatever it is."""
        lang = await self._answer_lang(interaction, tournament_id)
        try:
            if await self.controller.questions.answered_lapsed(interaction, until, lang):
                return
            await interaction.response.defer()
            try:
                text = await act(lang)
            except TableError as exc:
                text = t(f"core.{exc.key}", lang, **exc.params)
            await interaction.edit_original_response(content=text, view=None)
        except discord.HTTPException as exc:
            log.warning("answering a tournament's %s failed: %s", what, exc)
            await self.controller.replies.error(interaction, "core.error", lang)
        except Exception:
            log.exception("the %s of tournament %s failed", what, tournament_id)
            await self.controller.replies.error(interaction, "core.error", lang)

    def _may_cancel(self, interaction: Interaction, tournament_id: int) -> TournamentRecord:
        """The tournament, when the user may cancel it (its organiser or a server manager)."""
        t_ = self.service.get(tournament_id)
        if interaction.user.id != t_.organiser_id and not manages_server(interaction.user):
            raise TableError("tournament.cancel_denied", organiser=model.organiser_shown(t_))
        return t_

    async def _cancel(self, interaction: Interaction, tournament_id: int, lang: str) -> None:
        """Zrušit turnaj: a running tournament, or one others registered for, is asked
        about first (it cannot be undone); the organiser's own empty list goes at once."""
        t_ = self._may_cancel(interaction, tournament_id)
        others = [e.name for e in t_.entrants if e.user_id and e.ai_level is None
                  and e.user_id != interaction.user.id]
        if t_.status == TournamentStatus.PLAYING:
            question = tt("cancel_confirm", lang, id=tournament_id, round=t_.round_no)
        elif others:
            question = tt("cancel_confirm_registered", lang, id=tournament_id,
                          names=", ".join(others))
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.service.cancel(tournament_id, interaction.user.display_name)
            await interaction.followup.send(tt("cancelled_ok", lang, id=tournament_id),
                                            ephemeral=True)
            return
        until = self.controller.questions.confirm_until()
        button = TournamentButton(tournament_id, "cancelnow", tt("btn_cancel", lang),
                                  discord.ButtonStyle.danger, until=until)
        await interaction.response.send_message(
            question, view=question_view(button, until, "core.tournament.btn_keep", lang),
            ephemeral=True)

    async def on_cancel(self, interaction: Interaction, tournament_id: int,
                        until: int) -> None:
        """The question's button: the tournament is cancelled (unless the question lapsed or
        the tournament is over already)."""

        async def cancel(lang: str) -> str:
            self._may_cancel(interaction, tournament_id)
            await self.service.cancel(tournament_id, interaction.user.display_name)
            return tt("cancelled_ok", lang, id=tournament_id)

        await self._answer(interaction, tournament_id, until, cancel, "cancellation")

    async def _show(self, interaction: Interaction, tournament_id: int, op: str,
                    lang: str) -> None:
        """The standings so far, or the export (while it runs: the tables finished so far):
        for anyone, privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        t_ = await self._record(tournament_id)  # (the record its pictures are drawn of)
        if t_ is None or t_.guild_id != interaction.guild_id:
            raise TableError("tournament.none")
        done = model.finished_rounds(t_)
        if op == "standings":
            if done == 0:
                await interaction.followup.send(tt("standings_none", lang), ephemeral=True)
                return
            # the channel post's words with the picture (review 65: a bare picture told a
            # slow connection or a screen reader nothing)
            words = leader_lines(t_, done, lang)
            if standings_pages(t_) == 1:  # the picture as an attachment, the words above it
                picture = await _draw(standings_png, t_, done, lang)
                files = [] if picture is None else [
                    png_file(picture, "standings.png", _alt(standings_alt, t_, done, lang))]
                await interaction.followup.send(
                    f"**{standings_title(t_, done, lang)}**\n{words}", files=files,
                    ephemeral=True)
                return
            # a larger field: each page in an embed (attachments side by side were shown
            # half as wide), titled by its places; drawn by its name, as the post's are
            for message in standings_messages(t_, done, lang, page_title(t_, 1, lang, done),
                                              words):
                files = []
                for embed, (name, filename, alt) in message:
                    picture = await self.picture(name, lang)
                    if picture is not None:
                        files.append(png_file(picture, filename, alt))
                        embed.set_image(url=f"attachment://{filename}")
                await interaction.followup.send(embeds=[e for e, _ in message], files=files,
                                                ephemeral=True)
            return
        if all(s.result is None for s in t_.tables):  # nothing to export: no empty files
            key = "export_none" if t_.status in (TournamentStatus.REGISTRATION,
                                                 TournamentStatus.PLAYING) else "export_none_over"
            await interaction.followup.send(tt(key, lang, id=tournament_id), ephemeral=True)
            return
        document = await export_document(self.controller.store, t_)
        pictures = await asyncio.to_thread(pictures_zip, t_, lang)
        today = await current_names(interaction, (e.user_id for e in t_.entrants))
        name = f"{t_.game_kind}-tournament-{tournament_id}"
        await interaction.followup.send(
            content=tt("export_ready" if t_.status != TournamentStatus.PLAYING
                       else "export_so_far", lang, id=tournament_id),
            files=[discord.File(io.BytesIO(document_bytes(document)), filename=f"{name}.json"),
                   discord.File(io.BytesIO(standings_csv(t_, lang, today)),
                                filename=f"{name}.csv"),
                   discord.File(io.BytesIO(pictures), filename=f"{name}-pictures.zip")],
            ephemeral=True)

    async def on_add_ai(self, interaction: Interaction, tournament_id: int, level: str) -> None:
        lang = await self._answer_lang(interaction, tournament_id)
        try:
            await interaction.response.defer()
            await self.service.add_ai(tournament_id, interaction.user.id, level,
                                      manager=manages_server(interaction.user))
        except TableError as exc:
            await self._refuse(interaction, exc, lang)
        except Exception:
            log.exception("adding an AI player to tournament %s failed", tournament_id)
            await self.controller.replies.error(interaction, "core.error", lang)

    async def _tournament_lang(self, tournament_id: int) -> str:
        """The tournament's language, also once it is over (a finished tournament leaves
        ``service.tournaments``; its Standings and Export buttons still answer)."""
        t_ = await self._record(tournament_id)
        return "cs" if t_ is None else self._lang(t_)

    async def _answer_lang(self, interaction: Interaction, tournament_id: int) -> str:
        """A private answer speaks the player's own chosen language, else the tournament's."""
        chosen = await self.controller.languages.chosen_lang(interaction.user.id)
        return chosen or await self._tournament_lang(tournament_id)


def _as_dict(embed: discord.Embed) -> dict[str, Any]:
    return cast(dict[str, Any], embed.to_dict())


async def _draw(render: Any, *args: Any) -> bytes | None:
    """A picture drawn off the event loop; None (and logged) when it fails."""
    try:
        return bytes(await asyncio.to_thread(render, *args))
    except Exception:
        log.exception("a tournament picture failed")
        return None



def standing_name(t_: TournamentRecord, e: EntrantRecord, lang: str) -> str:
    """An entrant's name in the standings' and the winner's text: one whose seat an AI took
    over is marked ("Cyril (AI od 1. kola)"), as the standings picture tags him. Whether he
    may win is the club's rule; the text only does not hide it."""
    return (e.name if e.ai_level is not None
            else marked_name(t_, e, shown_name(e.name, lang), lang))


def standings_title(t_: TournamentRecord, round_no: int, lang: str) -> str:
    """The standings post's title: "Lóra – turnaj č. 1: pořadí po 1. kole", after the last
    round "… konečné pořadí"."""
    key = "final_title" if round_no >= settings_of(t_).rounds else "round_title"
    return tt(key, lang, game=game_name(t_, lang), id=t_.tournament_id, round=round_no)


EMBED_DESCRIPTION = 4096  # characters Discord takes in an embed's description


def leader_lines(t_: TournamentRecord, round_no: int, lang: str) -> str:
    """The standings post's text: every entrant's place, name and points (review 48: it had
    the first three only, and a player further down with pictures off saw nothing of
    himself), then the legend; more than an embed's description takes (64 entrants of long
    names) end with "… and N more"."""
    lines = []
    rows = standings(t_, round_no)
    tie = tie_break(t_, lang)
    for row in rows:
        e = model.entrant(t_, row.entrant)
        lines.append(unlisted(tie(row, counted(K + "leader_line", lang, row.points,
                                               place=listed_place(row, lang),
                                               name=standing_name(t_, e, lang),
                                               points=number(row.points, lang)))))
    legend = scoring_rule(t_.game_kind, lang)
    return "\n".join([*clipped(lines, EMBED_DESCRIPTION - len(legend) - 1,
                                lambda n: tn("core.tournament.more", lang, n)), legend])


def clipped(lines: list[str], limit: int, more: Callable[[int], str]) -> list[str]:
    """As many of ``lines`` as ``limit`` characters take (joined by newlines), the rest
    said by ``more(n)`` within the limit."""
    if len("\n".join(lines)) <= limit:
        return lines
    for keep in range(len(lines) - 1, -1, -1):
        shown = [*lines[:keep], more(len(lines) - keep)]
        if len("\n".join(shown)) <= limit:
            return shown
    return [more(len(lines))]


def _alt(describe: Callable[..., str], *args: Any) -> str | None:
    """A picture's alt text (``standings_alt``, ``sheet_alt``); None when its record cannot
    be read (the picture is not drawn then either: no alt text is worth failing a post)."""
    try:
        return describe(*args)
    except Exception:
        log.exception("the alt text of a tournament picture failed")
        return None
