"""Taroky at the table: the game's UI module (pictures, hand controls, texts, its commands,
its statistics).

The core (``bot.service``, ``bot.ui``, ``bot.commands``, ``bot.records``) calls ``UI``
through the ``GameUI`` protocol. The round's clock (``round_limit`` minutes) is the core's
(``GameSpec.time_limit``); this module only shows when the round ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

import discord
from discord import app_commands

from bot.games.base import (
    BaseUI,
    HandParts,
    Picture,
    Reply,
    SheetBook,
    TableOp,
    picture_names,
    sheet_page_reply,
)
from bot.games.taroky import hand as hand_message
from bot.games.taroky import texts
from bot.games.taroky.lobby import change_value, round_text, value_choices
from bot.games.taroky.pictures import (
    first_page,
    opening_page,
    page_keys,
    page_label,
    parts,
    render_deal,
    render_sheet,
    render_sheet_from_export,
    render_table,
)
from bot.games.taroky.stats import GAMES, taroky_stats
from bot.games.taroky.words import (
    flek_limit,
    game_name,
    halers,
    money,
    refusal,
    short_money,
    spoken_cards,
)
from bot.i18n import shown_name, t
from bot.model import Table, TableSettings, tournament_round
from bot.storage.models import PlayerStats, export_number
from bot.tournament.words import tournament_name
from bot.ui.alt import CardWords
from engine.game import GameEvent, Outcome, SeatViewBase
from engine.taroky import SPEC
from engine.taroky.options import TarokyOptions

# the lobby's two-valued switches: each value and the one a click turns it into
FLIP = {"reveal": "hidden", "hidden": "reveal", "zero": "one_eye", "one_eye": "zero",
        "forbidden": "allowed", "allowed": "forbidden"}


class TarokyUI(BaseUI):
    def __init__(self) -> None:
        from bot.games.taroky.commands import TABLE_DEFAULTS

        super().__init__(SPEC, "taroky")
        self.option_defaults = TABLE_DEFAULTS
        self.round_length_options = ("round_minutes", "round_deals")

    def table_options(self, values: dict[str, Any]) -> dict[str, Any]:
        from bot.games.taroky.commands import table_options

        return table_options(values)

    def settings_lines(self, settings: TableSettings, lang: str) -> list[str]:
        limit = round_text(TarokyOptions.from_json(settings.options), lang)
        return [t("taroky.opt_round", lang, value=limit), *self.rules_lines(settings, lang)]

    def rules_lines(self, settings: TableSettings, lang: str) -> list[str]:
        """Every option a player of the table may meet, in the game's words (review 57: the
        mond on the Škýz, the sólo's talon and the tie were said only when changed, and a
        tie's payment nowhere); what Varšava's options change, with Varšava played only."""
        o = TarokyOptions.from_json(settings.options)
        onoff = {True: t("core.on", lang), False: t("core.off", lang)}
        # (the cap worded as the rulebook's herní strop: what it limits, T-SCORE-NET; the
        # stake and the top-up each glossed on a line of its own, review 79: read as the
        # rates, and a server's mark on one of them read as the cap's)
        step = money(o.dokup_step, lang)
        said = self.rules_values(settings, lang)
        if o.varsava:
            varsava = onoff[True] + ("" if o.varsava_max_taroky is None else " " + t(
                "taroky.opt_varsava_max", lang, n=o.varsava_max_taroky))
            mond = (t("taroky.rule_mond", lang) if o.mond_rule
                    else t("taroky.opt_mond_allowed", lang))
            varsava_line = " · ".join((t("taroky.opt_varsava", lang, varsava=varsava,
                                         zduch=onoff[o.zduch]), mond))
        else:
            varsava_line = t("taroky.opt_varsava_off", lang, varsava=onoff[False])
        return [
            t("taroky.opt_stake", lang, stake=money(o.stake, lang)),
            t("taroky.opt_dokup", lang, step=step),
            t("taroky.opt_cap_none", lang) if o.cap is None
            else t("taroky.opt_cap", lang, cap=money(o.cap, lang)),
            varsava_line,
            t("taroky.opt_flek", lang, value=flek_limit(o.flek_max, lang)),
            t("taroky.opt_solo_talon", lang, value=said["solo_talon"]),
            t("taroky.opt_tie", lang, value=said["tie"]),
        ]

    def short_lines(self, settings: TableSettings, lang: str) -> list[str]:
        o = TarokyOptions.from_json(settings.options)
        onoff = {True: "on", False: "off"}
        lines = [t("taroky.short_round", lang, value=round_text(o, lang)),
                 t("taroky.short_stake", lang, stake=short_money(o.stake, lang)),
                 t("taroky.short_dokup", lang, step=short_money(o.dokup_step, lang)),
                 t("taroky.short_cap_none", lang) if o.cap is None
                 else t("taroky.short_cap", lang, cap=short_money(o.cap, lang)),
                 t(f"taroky.short_varsava_{onoff[o.varsava]}", lang)]
        if o.varsava:
            lines += [t(f"taroky.short_zduch_{onoff[o.zduch]}", lang),
                      t(f"taroky.short_mond_{o.varsava_mond_na_skyze}", lang)]
            if o.varsava_max_taroky is not None:
                lines.append(t("taroky.short_varsava_max", lang, n=o.varsava_max_taroky))
        return [*lines, t("taroky.short_flek", lang, value=flek_limit(o.flek_max, lang)),
                t(f"taroky.short_solo_{o.solo_talon}", lang),
                t(f"taroky.short_tie_{o.tie}", lang)]

    def rules_values(self, settings: TableSettings | None, lang: str) -> dict[str, str]:
        """The summary's words that follow the table's options, as its rules list says them
        too: the end of the bidding and Varšava's paragraph (review 72: offered at a table
        without Varšava) with T-PLAY-W's mond, the sólo's talon, the tie, the cap (review
        72: always the tournament's 40 Kč), the highest flek and the stake and top-up
        (review 79: neither said); the defaults (the tournament's) away from a table."""
        o = TarokyOptions() if settings is None else TarokyOptions.from_json(settings.options)
        play = (t("taroky.rule_varsava_play_mond", lang, mond=t("taroky.rule_mond", lang))
                if o.mond_rule else t("taroky.rule_varsava_play", lang))
        bid_end = "plain" if not o.varsava else ("zduch" if o.zduch else "varsava")
        if o.cap is None:
            cap = t("taroky.rule_cap_none", lang)
        else:
            cap = t("taroky.rule_cap_tournament" if settings is None else "taroky.rule_cap",
                    lang, cap=money(o.cap, lang))
        limit = ("" if o.flek_max is None
                 else t("taroky.rule_flek_limit", lang, limit=flek_limit(o.flek_max, lang)))
        return {"bid_end": t(f"taroky.rule_bid_end_{bid_end}", lang), "cap": cap,
                "flek_limit": limit,
                "money": t("taroky.rule_money", lang, stake=money(o.stake, lang),
                           step=money(o.dokup_step, lang)),
                "varsava": t("taroky.rules_varsava", lang, varsava_play=play)
                if o.varsava else "",
                "solo_talon": t(f"taroky.rule_solo_{o.solo_talon}", lang),
                "tie": t(f"taroky.rule_tie_{o.tie}", lang)}

    def option_choices(self, settings: TableSettings, lang: str) -> list[tuple[str, str]]:
        """The rule switches the creator may flip in the lobby (review 71: a table's rules
        were only ``/taroky new``'s options): Varšava, and with it the push and the mond on
        the Škýz, the sólo's talon and the tie (the money and the round's length:
        ``value_choices``)."""
        o = TarokyOptions.from_json(settings.options)
        onoff = {True: "off", False: "on"}
        choices = [("varsava", t(f"taroky.toggle_varsava_{onoff[o.varsava]}", lang))]
        if o.varsava:
            mond = "allow" if o.mond_rule else "forbid"
            choices += [("zduch", t(f"taroky.toggle_zduch_{onoff[o.zduch]}", lang)),
                        ("mond", t(f"taroky.toggle_mond_{mond}", lang))]
        return [*choices,
                ("solo_talon", t(f"taroky.toggle_solo_{FLIP[o.solo_talon]}", lang)),
                ("tie", t(f"taroky.toggle_tie_{FLIP[o.tie]}", lang))]

    def value_choices(self, settings: TableSettings, lang: str) -> list[tuple[str, str]]:
        """The stake, the top-up, the cap, the highest flek and the round's length, each
        among a few common values (``lobby.PRESETS``) and the table's starting one."""
        return value_choices(settings.options, lang, settings.first_options())

    def change_option(self, options: dict[str, Any], choice: str,
                      start: dict[str, Any] | None = None) -> dict[str, Any] | None:
        if "=" in choice:
            return change_value(options, choice, start)
        o = TarokyOptions.from_json(options)
        match choice:
            case "varsava":
                o = replace(o, varsava=not o.varsava)
            case "zduch":
                o = replace(o, zduch=not o.zduch)
            case "mond":
                o = replace(o, varsava_mond_na_skyze=FLIP[o.varsava_mond_na_skyze])
            case "solo_talon":
                o = replace(o, solo_talon=FLIP[o.solo_talon])
            case "tie":
                o = replace(o, tie=FLIP[o.tie])
            case _:
                return None
        return o.to_json()

    def status_lines(self, table: Table, lang: str) -> list[str]:
        return texts.status_lines(table, lang)

    def table_picture(self, table: Table, lang: str) -> Picture | None:
        view = texts.round_of(table).public_view()
        names = picture_names(table, lang)
        # partials of module-level functions pickle: the render pool draws them off the loop
        return partial(render_table, view, names, lang, tournament_round(table.tournament),
                       marks=table.marks(), tournament=tournament_name(table, lang))

    def table_alt(self, table: Table, lang: str) -> str:
        return texts.table_alt(table, lang)

    def card_words(self, lang: str) -> CardWords:
        return spoken_cards(lang)

    def sheet_lines(self, table: Table, lang: str) -> list[str]:
        return texts.sheet_lines(table, lang)

    def table_ops(self, table: Table, lang: str, running: bool) -> list[TableOp]:
        ops = [TableOp("sheet", t("taroky.btn_sheet", lang))]
        if running and texts.has_last_trick(table):
            ops.append(TableOp("last", t("taroky.btn_last", lang)))
        return ops

    def table_op(self, table: Table, op: str, lang: str) -> Reply:
        if op == "sheet":  # (its totals in words too: a screen reader reads no picture)
            book = self.sheet_book(table, lang)  # (split once: it measures every deal)
            first = opening_page(texts.round_of(table).public_view(), len(book.labels))
            return sheet_page_reply(self, table, lang, first, book)
        if op == "last":
            return Reply(content=texts.last_trick_text(table, lang))
        return super().table_op(table, op, lang)

    def sheet_book(self, table: Table, lang: str) -> SheetBook:
        """Pages of deals, as few as pages a phone shows whole take, and the summary
        (``pictures.pages``): the whole protocol shown on a phone had words under 10 px.
        Each page's picture a recipe the render pool draws (a protocol drawn in the click's
        handler held the loop), given its part: the split measures every deal's text."""
        view, names, left = (texts.round_of(table).public_view(), picture_names(table, lang),
                             left_seats(table))
        split = parts(view, names, left)
        return SheetBook([page_label(view, part, lang) for part in split],
                         [partial(render_sheet, view, names, lang,
                                  tournament_round(table.tournament), left, part)
                          for part in split],
                         tuple(page_keys(view, part) for part in split))

    def sheet_page_alt(self, table: Table, lang: str, page: int) -> list[str]:
        """A page of deals in words, a sentence per deal as its result told it (review
        92: it had the summary's alt text); the summary: its totals alone."""
        view, names = texts.round_of(table).public_view(), table.names()
        split = parts(view, picture_names(table, lang), left_seats(table))
        if not 0 <= page < len(split) or split[page].summary:
            return []
        title = t("taroky.alt_page", lang, page=page_label(view, split[page], lang))
        return [title, *(texts.page_deal_line(view.protocol[i], names, lang)
                         for i in split[page].deals)]

    def sheet_first_page(self, table: Table) -> int:
        return first_page(texts.round_of(table).public_view(),
                          picture_names(table, table.settings.lang), left_seats(table))

    def hand(self, table: Table, view: SeatViewBase, lang: str) -> HandParts:
        return hand_message.hand(table, view, lang)

    def event_lines(self, table: Table, events: Sequence[GameEvent]) -> list[str]:
        return texts.event_lines(table, events)

    def announcements(self, table: Table, events: Sequence[GameEvent]) -> list[str]:
        return texts.announcements(table, events)

    def starts_deal(self, events: Sequence[GameEvent]) -> bool:
        return texts.starts_deal(events)

    def deal_lines_from(self, events: Sequence[GameEvent]) -> int | None:
        return texts.deal_lines_from(events)

    def deal_pictures(self, table: Table, events: Sequence[GameEvent]
                      ) -> list[tuple[int, str, str, str]]:
        return texts.deal_pictures(table, events)

    def named_picture(self, table: Table, name: str, lang: str) -> Picture | None:
        """``deal:N``: deal N as counted, everything shown (only once it is over)."""
        kind, _, number = name.partition(":")
        if kind != "deal" or not number.isdigit():
            return None
        rnd = texts.round_of(table)
        n = int(number)
        deal = texts.finished_deal(rnd, n)
        if deal is None:
            return None
        return partial(render_deal, deal, rnd.protocol[n - 1], picture_names(table, lang),
                       lang)

    def turn_ping(self, table: Table, seat: int, mention: str) -> str:
        return texts.turn_ping(table, mention)

    def outcome_note(self, outcome: Outcome, seat: int, lang: str) -> str:
        extra = outcome.extra(seat)
        dokup = int(extra.get("dokup", 0))
        return t("taroky.outcome_note", lang,
                 result=money(outcome.scores[seat], lang, signed=True),
                 money=money(int(extra.get("money", 0)), lang),
                 dokup=t("taroky.outcome_dokup", lang, dokup=money(dokup, lang)) if dokup
                 else "")

    def final_picture(self, table: Table, lang: str) -> Picture | None:
        # the protocol's summary, the page a phone reads (the deals' pages are a click away,
        # on the Protokol button): the final post attaches it beside its embed
        return partial(render_sheet, texts.round_of(table).public_view(),
                       picture_names(table, lang), lang, tournament_round(table.tournament),
                       left_seats(table), -1)

    def add_commands(self, group: app_commands.Group) -> None:
        from bot.games.taroky.commands import taroky_commands

        for command in taroky_commands(self):
            group.add_command(command)

    def refusal_text(self, error: Exception, lang: str) -> str | None:
        return refusal(error, lang)

    def disabled_reason(self, table: Table, seat: int, index: int, lang: str) -> str | None:
        return hand_message.disabled_reason(table, seat, index, lang)

    def score_text(self, value: float | None, lang: str) -> str | None:
        if value is None:
            return "–"
        return money(halers(value), lang, signed=True)

    def stats_fields(self, stats: PlayerStats, lang: str) -> list[tuple[str, str, bool]]:
        data = taroky_stats(stats)
        fields: list[tuple[str, str, bool]] = []
        per_deal = "–" if data.per_deal is None else money(halers(data.per_deal), lang,
                                                            signed=True)
        best = "–" if data.best_deal is None else money(data.best_deal, lang, signed=True)
        fields.append((t("taroky.st_money", lang),
                       t("taroky.st_money_value", lang, deals=data.deals, per_deal=per_deal,
                         best=best), False))
        lines = [t("taroky.st_game_line", lang, game=game_name(g, lang), n=data.declared[g],
                   won=data.won.get(g, 0)) for g in GAMES if data.declared.get(g)]
        if data.partner:
            lines.append(t("taroky.st_partner", lang, n=data.partner, won=data.partner_won))
        fields.append((t("taroky.st_games_declared", lang),
                       "\n".join(lines) or t("taroky.st_none", lang), True))
        fields.append((t("taroky.st_pagat_valat", lang), "\n".join([
            t("taroky.st_pagat", lang, n=data.pagat_announced, won=data.pagat_announced_won,
              silent_won=data.pagat_silent_won, silent_lost=data.pagat_silent_lost),
            t("taroky.st_valat", lang, n=data.valat_announced, won=data.valat_announced_won,
              silent=data.valat_silent_won),
        ]), True))
        if stats.best is not None and stats.worst is not None:
            # one value when both are the same (a single round, or all alike)
            same = "_same" if stats.best[1] == stats.worst[1] else ""
            fields.append(("\u200b", t(f"taroky.st_best_worst{same}", lang,
                                       best=money(stats.best[1], lang, signed=True),
                                       best_id=stats.best[0],
                                       worst=money(stats.worst[1], lang, signed=True),
                                       worst_id=stats.worst[0]), False))
        return fields

    def export_files(self, data: dict[str, Any], lang: str) -> list[discord.File]:
        import io
        import json

        from bot.games.taroky.pictures import round_from_export
        from bot.render.export import export_names
        from bot.ui.alt import png_file, sentences, spoken

        game = export_number(data)
        names = [shown_name(n, lang) for n in export_names(data)]
        state = round_from_export(data)  # (replayed once: for the alt text and the picture)
        alt = spoken(sentences(texts.view_sheet_lines(state.public_view(), names, lang)), lang)
        return [
            png_file(render_sheet_from_export(data, lang, state=state), f"taroky-{game}.png",
                     alt),
            discord.File(
                io.BytesIO(json.dumps(data["replay"], ensure_ascii=False, indent=1).encode()),
                filename=f"taroky-{game}.json",
            ),
        ]


def left_seats(table: Table) -> list[bool]:
    """Per seat, an AI took it over from a player who left (the protocol marks it)."""
    return [s is not None and s.left for s in table.seats]


UI = TarokyUI()

__all__ = ["UI", "TarokyUI"]

