"""Message builders of any game: the lobby, the table message's frame, a hand's frame.

The game's UI module (``bot.games``) fills them: its settings lines, status lines, picture,
buttons and hand controls. Pictures are rendered from the public view (table) or the seat's
own view (hand) only, inside the game's UI module.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.games import GameUI, Picture, ui_of
from bot.games.base import absent_over_line, picture_legend
from bot.i18n import game_key, game_t, has, t, unlisted
from bot.model import Table, TableSettings
from bot.tournament.words import scoring_rule, tournament_table_name, turn_time, worded
from bot.ui.alt import png_file, spoken
from bot.ui.components import (
    LobbyAIButton,
    LobbyButton,
    LobbyOptionSelect,
    TableButton,
    frozen_view,
)
from engine.game import SeatViewBase

log = logging.getLogger(__name__)
EMBED_COLOUR = discord.Colour.from_rgb(46, 125, 50)
Message = dict[str, Any]


def draw(picture: Picture | None, what: str) -> bytes | None:
    """A picture, or None when there is none or drawing it fails: the message then goes out
    without it (the buttons and the text still carry the game), and the next change tries
    again."""
    if picture is None:
        return None
    try:
        return picture()
    except Exception:
        log.exception("rendering %s failed", what)
        return None


def game_ui(table: Table) -> GameUI:
    return ui_of(table.game_kind)


# -- how players know a table ----------------------------------------------------------
def tournament_table_ref(link: dict[str, Any], lang: str) -> str:
    """A tournament's table where a sentence names it after the word for a table, in any
    case ("od stolu 1 (2. kolo turnaje č. 1)"): by the tournament's numbering, as its
    thread's title (``words.tournament_table_name``), never by the bot's table id."""
    return t("core.tournament.table_ref", lang, id=link.get("id"), round=link.get("round"),
             table=link.get("table"))


def busy_at(other: Table | None, lang: str) -> str:
    """Where one plays while an AI plays his tournament seat, after "hraješ" or "během tvé
    hry": a table of his own by its number and channel ("u stolu č. 3 (#hospoda)"), a
    tournament's as its thread names it ("u stolu 1 (2. kolo turnaje č. 1)"), "u jiného
    stolu" when it is not known."""
    if other is None:
        return t("core.tournament.at_other_table", lang)
    if other.tournament is not None:
        return t("core.tournament.at_tournament_table", lang,
                 table=tournament_table_ref(other.tournament, lang))
    return t("core.tournament.at_table", lang, id=other.table_id,
             channel=f"<#{other.channel_id}>")


def table_name(table: Table, lang: str) -> str:
    """How players know a table: "stůl č. 3" (its id, which the commands take), or a
    tournament's table by the tournament's numbering — its id is not shown beside it (it
    would contradict "stůl 1"; no command its players need takes it: a tournament's table is
    not aborted alone)."""
    if table.tournament is not None:
        return tournament_table_name(table.tournament, lang)
    return t("core.table_name", lang, id=table.table_id)


def table_title(table: Table, key: str, lang: str) -> str:
    """A title that names the table (``lobby_title``, ``table_title``, ``final_title``), as
    the table's game words it."""
    return game_t(table.game_kind, key, lang, id=table.table_id, name=table_name(table, lang),
                  game=game_ui(table).name(lang))


def closed_text(table: Table, key: str, lang: str, by: str | None = None,
                tournament: int | None = None) -> str:
    """That a table was closed (``core.closed_<reason>``, ``core.delivery.closed``; with
    ``_by`` after the key, naming ``by``, who closed it; ``tournament``: the tournament its
    creator plays); a tournament's table in the tournament's words."""
    if table.tournament is not None:
        link = table.tournament
        return unlisted(t("core.tournament.table_closed", lang, id=link.get("id"),
                          round=link.get("round"), table=link.get("table")))
    if by is not None:
        return t(key + "_by", lang, id=table.table_id, who=by)
    return t(key, lang, id=table.table_id, name=capitalised(table_name(table, lang)),
             tournament=tournament)


def creator_seat_name(table: Table) -> str | None:
    """The name of the creator's seat, seated or left (None: he has none at the table)."""
    return next((s.name for s in table.seats
                 if s is not None and table.creator_id in (s.user_id, s.left_by)), None)


def creator_shown(table: Table) -> str:
    """The table's creator as a refusal names him (review 84: "only its creator" left a
    player asking who that is): his seat's name, seated or left, else a mention."""
    return creator_seat_name(table) or f"<@{table.creator_id}>"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- lobby -----------------------------------------------------------------------------
def lobby_message(table: Table) -> Message:
    """The lobby: the seats (who still has to accept changed options), the table's options
    plainly (joining accepts them), and the controls: join, leave, start, an AI player per
    level, the creator's changes of the options and "I accept" when a change is pending."""
    lang = table.settings.lang
    ui = game_ui(table)
    waiting = set(table.not_agreed())
    embed = discord.Embed(
        title=table_title(table, "lobby_title", lang),
        description=lobby_description(table, bool(waiting)),
        colour=EMBED_COLOUR,
    )
    lines = []
    for i, seat in enumerate(table.seats):
        if seat is None:
            lines.append(f"{i + 1}. {t('core.seat_free', lang)}")
        elif seat.is_ai:
            level = t(f"core.ai_{seat.ai}", lang)
            lines.append(f"{i + 1}. {t('core.seat_ai', lang, name=seat.name, level=level)}")
        else:  # (who may start the game is named: review 71)
            mark = f" {t('core.seat_creator', lang)}" if seat.user_id == table.creator_id \
                else ""
            waits = f" – {t('core.seat_waits', lang)}" if i in waiting else ""
            lines.append(f"{i + 1}. <@{seat.user_id}>{mark}{waits}")
    # a rematch: whom the table still waits for, and who said he does not play this time
    awaited, declined = table.rematch_awaited(), table.rematch_declined()
    if awaited:
        lines.append(t("core.lobby_awaited", lang,
                       names=", ".join(f"<@{u}>" for u in awaited)))
    if declined:
        lines.append(t("core.lobby_declined", lang,
                       names=", ".join(f"<@{u}>" for u in declined)))
    embed.add_field(name=t("core.players_field", lang), value=unlisted("\n".join(lines)),
                    inline=False)
    settings = [f"• {line}" for line in table_settings_lines(
        ui, table.settings, lang, rematch=table.rematch is not None)]
    settings.append(f"*{t('core.join_accepts', lang)}*")
    embed.add_field(name=t("core.rules_field", lang), value="\n".join(settings), inline=False)
    tid = table.table_id
    items: list[Any] = [
        LobbyButton(tid, "join", t("core.btn_join", lang), discord.ButtonStyle.primary),
        LobbyButton(tid, "leave", t("core.btn_leave", lang)),
        LobbyButton(tid, "start", t("core.btn_start", lang), discord.ButtonStyle.success),
    ]
    if waiting:
        items.append(LobbyButton(tid, "agree", t("core.btn_agree", lang),
                                 discord.ButtonStyle.primary))
    items += [
        LobbyAIButton(tid, level, t("core.btn_add_ai", lang, level=t(f"core.ai_{level}", lang)))
        for level in ui.spec.ai_levels
    ]
    if table.full:  # nobody, nor an AI, can sit down at a full table (review 78: both
        # stayed clickable under "the table is full", to answer only "the table is full")
        for item in items:
            if isinstance(item, LobbyAIButton) or item.op == "join":
                item.item.disabled = True
    # the switches, then the options of several values (a club's stake and round length
    # were only /taroky new's) with the turn timer: two rows beside at most two rows of
    # buttons
    game_values = ui.value_choices(table.settings, lang)
    placeholders = ("options_placeholder", "values_placeholder"
                    if game_values else "timer_placeholder")
    for values, choices in enumerate((ui.option_choices(table.settings, lang),
                                      lobby_values(ui, table.settings, lang,
                                                   game=game_values))):
        if choices:
            items.append(LobbyOptionSelect(
                tid, table.settings.revision,
                [discord.SelectOption(label=label, value=value) for value, label in choices],
                game_t(ui.kind, placeholders[values], lang),
                values=bool(values),
            ))
    return {"content": None, "embed": embed, "view": frozen_view(*items), "attachments": []}


def aborted_line(reason: str | None, lang: str) -> str:
    """A closed game's first line: that it was closed, and why where the table tells it
    alone (``core.aborted_line_<reason>``: nobody sits there any more, review 71)."""
    key = f"core.aborted_line_{reason}"
    return t(key if has(key, lang) else "core.aborted_line", lang)


def lobby_description(table: Table, waiting: bool) -> str:
    """What a lobby asks for: seats to fill; once every seat is taken, that its creator
    (named) may start — after all accept changed rules, if some still have to (``waiting``;
    review 71: a full lobby kept asking to fill the seats). Seats to fill: what the AI
    levels mean, where the game says it (``ai_levels``)."""
    kind, lang = table.game_kind, table.settings.lang
    if not table.full or table.seat_of(table.creator_id) is None:
        desc = game_t(kind, "lobby_desc", lang, n=len(table.seats))
        # what the "+ AI (level)" buttons below add, where the game says it (review 85)
        levels = game_key(kind, "ai_levels")
        return f"{desc}\n{t(levels, lang)}" if has(levels) else desc
    return game_t(kind, "lobby_full_agree" if waiting else "lobby_full", lang,
                  creator=f"<@{table.creator_id}>")


def timer_line(timer: int, lang: str, *, tournament: bool = False) -> str:
    """The turn timer as a table's options list it ("Čas na tah: 60 s" / "bez limitu"); a
    ``tournament``'s table says what happens when it runs out ("…, pak hraje AI")."""
    if timer and tournament:
        return t("core.tournament.set_timer", lang, time=turn_time(timer, lang))
    return t("core.opt_timer", lang, value=_seconds(timer, lang))


def short_timer(timer: int, lang: str) -> str:
    """The turn timer as a sentence lists what changed ("čas na tah 60 s": ``short_lines``)."""
    return t("core.short_timer", lang, value=_seconds(timer, lang))


def _seconds(timer: int, lang: str) -> str:
    return t("core.seconds", lang, n=timer) if timer else t("core.no_timer", lang)


# the turn timers a lobby offers (seconds; 0: none), besides the table's starting one
TIMER_PRESETS = (60, 120, 300, 0)
TIMER_CHOICE = "turn_timer="  # a timer's choice in the lobby's values select ("turn_timer=60")
SELECT_OPTIONS_MAX = 25  # (Discord's limit of a select's options)


def timer_choices(settings: TableSettings, lang: str,
                  room: int = SELECT_OPTIONS_MAX) -> list[tuple[str, str]]:
    """The turn timers a lobby's creator may choose instead of the table's, as (choice,
    label) worded as the lobby lists the timer ("Čas na tah: 60 s"): the presets and, in
    its place, the one the table was opened with (a club's 45 s stays choosable back). At
    most ``room`` of them: the last presets give way first, never the starting one."""
    first = settings.first_timer()
    offered = [s for s in TIMER_PRESETS if s]
    if first not in TIMER_PRESETS:
        offered.append(first)
        offered.sort()
    offered = [s for s in (*offered, 0) if s != settings.turn_timer]
    while len(offered) > max(room, 0):
        offered.remove(next((s for s in reversed(offered) if s != first), offered[-1]))
    return [(f"{TIMER_CHOICE}{s}", timer_line(s, lang)) for s in offered]


def chosen_timer(choice: str, settings: TableSettings) -> int | None:
    """The turn timer a lobby's ``choice`` (``timer_choices``) picks: a preset or the one the
    table was opened with; None when it names neither (a forged or outdated choice)."""
    text = choice.removeprefix(TIMER_CHOICE)
    if text == choice or not text.isdigit():
        return None
    seconds = int(text)
    return seconds if seconds in TIMER_PRESETS or seconds == settings.first_timer() else None


def lobby_values(ui: GameUI, settings: TableSettings, lang: str, *,
                 game: list[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """The lobby's select of the options of several values: the game's
    (``GameUI.value_choices``, or ``game`` when already known), then the table's turn timer
    (``timer_choices``), within Discord's 25 options of a select."""
    if game is None:
        game = ui.value_choices(settings, lang)
    return [*game, *timer_choices(settings, lang, SELECT_OPTIONS_MAX - len(game))]


def table_settings_lines(ui: GameUI, settings: TableSettings, lang: str, *,
                         language: bool = True, rematch: bool = False) -> list[str]:
    """A table's options as its lobby lists them (also the server's defaults of them):
    the game's, the turn timer, the seating and (``language``) the table's language. A
    rematch seated by arrival keeps the last game's seats (``free_seat``): it says so."""
    seating = "kept" if rematch and settings.seating == "join" else settings.seating
    return [
        *ui.settings_lines(settings, lang),
        timer_line(settings.turn_timer, lang),
        t("core.opt_seating", lang, value=t(f"core.seating_{seating}", lang)),
        *([t("core.opt_lang", lang)] if language else []),
    ]


def table_rules_lines(ui: GameUI, table: Table, lang: str) -> list[str]:
    """The rules a table plays by, as its Rules button lists them: the game's options and
    the turn timer; at a tournament's table also a round's length where the options do not
    say it (the round is one whole game) and the tournament's turn timer, which its players
    otherwise read only in the tournament's message in the parent channel (review 40), and
    how the tournament scores (review 73)."""
    lines = ui.settings_lines(table.settings, lang)
    tournament = table.tournament is not None
    if tournament and not ui.spec.tournament_rules().round_units:
        lines.insert(0, worded("set_length_game", ui.kind, lang))
    # (its own table's turn timer is the one its lobby may have changed)
    lines.append(timer_line(table.settings.turn_timer, lang, tournament=tournament))
    if tournament:
        lines.append(scoring_rule(ui.kind, lang))
    return lines


def rules_text(kind: str, table: Table | None, lang: str) -> str:
    """The game's rules in brief. Where the summary speaks of the settings (Taroky's
    ``{settings}``: rounds of 60 minutes and a stake of 50 Kč by the tournament rules), asked
    at a table of the game it says that the table's (or its tournament's) own are listed
    under it, with the table's rules (review 53: "rounds of 60 minutes" read at a tournament
    of one-deal rounds); elsewhere the general words. What the table's options change in
    the rules (Taroky's Varšava, sólo, tie) it says as the table plays them."""
    at = table if table is not None and table.game_kind == kind else None
    where = "" if at is None else ("_tournament" if at.tournament is not None else "_table")
    key = f"{kind}.rules_settings{where}"
    # the rules the table's options change, as it plays them (review 57: Varšava's mond)
    values = ui_of(kind).rules_values(None if at is None else at.settings, lang)
    if has(key, lang):
        values["settings"] = t(key, lang)
    return game_t(kind, "rules_text", lang, **values)


# (Discord's limit of an embed field's value)
FIELD_VALUE_MAX = 1024


def rules_sections(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The rules in brief as an embed shows them: the first paragraph as its description, and
    where every further one opens with its topic in bold ("**Bidding**: …"), each as a field
    titled by it (review 71: Taroky's, ~3,000 characters in one block, read as several
    phone screens with no headings). Other texts stay whole (Lóra's list of games)."""
    first, *rest = text.split("\n")
    if not rest or not all(p.startswith("**") and "**" in p[2:] for p in rest):
        return text, []
    fields = []
    for paragraph in rest:
        name, _, after = paragraph[2:].partition("**")
        value = capitalised(after[2:]) if after.startswith(": ") else paragraph
        if len(value) > FIELD_VALUE_MAX:
            return text, []
        fields.append((name, value))
    return first, fields


# -- the table -------------------------------------------------------------------------
def table_message(table: Table, *, closed: bool = False, render: bool = True,
                  reason: str | None = None) -> Message:
    """The table's public message. ``render=False``: without its picture, whose recipe is
    left under ``"picture"`` for the caller to draw off the event loop (``attach``). A closed
    (aborted) table's message has no picture: its game stopped mid-way, and the picture would
    still show whose turn it was (the edit drops the attachment; the sheet stays a button)."""
    state = table.state
    assert state is not None
    lang = table.settings.lang
    ui = game_ui(table)
    running = not closed and not state.finished
    picture = None if closed else ui.table_picture(table, lang)
    alt = None if picture is None else spoken(ui.table_alt(table, lang), lang,
                                              ui.card_words(lang))
    image = draw(picture, f"the table picture of table {table.table_id}") if render else None
    lines = [aborted_line(reason, lang)] if closed else ui.status_lines(table, lang)
    if table.recent.lines:
        lines.append("")
        lines.append(f"__{t('core.recent', lang)}__")
        lines.extend(f"• {line}" for line in table.recent_shown())
    embed = discord.Embed(
        title=table_title(table, "table_title", lang),
        description="\n".join(lines),
        colour=EMBED_COLOUR,
    )
    if image is not None:
        embed.set_image(url="attachment://table.png")
    name = capitalised(table_name(table, lang))
    # "karty vidíš jen ty (Moje karty)" only while the button is there; under the picture,
    # who its stand-ins are ("🎲🎲 (na obrázku hráč 3)": the text names him 🎲🎲)
    footer = t("core.footer", lang, id=table.table_id, name=name) if running else name
    legend = "" if picture is None else picture_legend(table, lang)
    embed.set_footer(text=f"{legend}\n{footer}" if legend else footer)
    tid = table.table_id
    buttons: list[Any] = []
    if running:
        buttons.append(TableButton(tid, "hand", t("core.btn_hand", lang),
                                   discord.ButtonStyle.primary))
    for op in ui.table_ops(table, lang, running):
        buttons.append(TableButton(tid, op.op, op.label, op.style))
    buttons.append(TableButton(tid, "rules", t("core.btn_rules", lang)))
    message: Message = {
        "content": None,
        "embed": embed,
        "view": frozen_view(*buttons),
        "attachments": [] if image is None else [png_file(image, "table.png", alt)],
    }
    if not render:
        message["picture"] = picture
        message["filename"] = "table.png"
        message["description"] = alt
    return message


def attach(message: Message, image: bytes | None) -> Message:
    """A message built with ``render=False``, with its drawn picture (None: it goes without
    one; its text says the game anyway)."""
    out = dict(message)
    out.pop("picture", None)
    filename = out.pop("filename", "picture.png")
    description = out.pop("description", None)
    if image is not None:
        out["attachments"] = [png_file(image, filename, description)]
        if out.get("embed") is not None:
            out["embed"].set_image(url=f"attachment://{filename}")
    return out


# -- a hand ----------------------------------------------------------------------------
def refresh_button(table: Table, lang: str) -> TableButton:
    """A hand's button that shows it as the table is now (``Controller.refresh_hand``)."""
    return TableButton(table.table_id, "refresh", t("core.btn_refresh_hand", lang),
                       discord.ButtonStyle.primary)


def hand_message(table: Table, view: SeatViewBase, lang: str, *,
                 render: bool = True, last: bool = False) -> Message:
    """The ephemeral hand: the game's text, picture and one control per action
    (``render=False``: see ``table_message``). ``last``: the last edit its token allows
    (``Hands.edit``): it says it no longer follows the table, and a button
    refreshes it (its click's own token edits it from then on); its cards still work."""
    ui = game_ui(table)
    parts = ui.hand(table, view, lang)
    lines = list(parts.lines)
    over = table.state is None or table.state.finished
    if table.stood_in(view.seat) and not over:  # (the game's prompt says so): a click
        # brings him back (a game that is over has nothing to come back to: no button)
        parts.items = [*parts.items, TableButton(table.table_id, "hand",
                                                  t("core.btn_back", lang),
                                                  discord.ButtonStyle.success)]
    ended = absent_over_line(table, view.seat, lang) if over else None
    if ended is not None:  # (the AI played his seat to the end: how much of it)
        lines.append(ended)
    if last and parts.wait is not None and parts.wait in lines:
        # (whose turn it is now goes stale: the line says what to do on his turn)
        lines[lines.index(parts.wait)] = t("core.hand_last_wait", lang)
    elif last:
        lines.append(t("core.hand_last", lang))
    if last:
        try:
            view_ = frozen_view(*parts.items, refresh_button(table, lang))
        except ValueError:  # (no room left beside the controls: the refresh alone)
            view_ = frozen_view(refresh_button(table, lang))
    else:
        view_ = frozen_view(*parts.items)
    if parts.picture is not None:  # who the picture's stand-ins are ("hráč 3" is 🎲🎲)
        legend = picture_legend(table, lang)
        if legend:
            lines.append(legend)
    attachments = []
    alt = spoken(parts.alt, lang, ui.card_words(lang))
    if not render:
        return {"content": "\n".join(lines), "view": view_,
                "attachments": [], "embed": None, "picture": parts.picture,
                "filename": "hand.png", "description": alt}
    if parts.picture is not None:
        image = draw(parts.picture, f"the hand on table {table.table_id}")
        if image is not None:
            attachments.append(png_file(image, "hand.png", alt))
    return {
        "content": "\n".join(lines),
        "view": view_,
        "attachments": attachments,
        "embed": None,
    }
