"""Lóra at the table: the game's UI module (pictures, hand controls, texts, its commands).

The core (``bot.service``, ``bot.ui``, ``bot.commands``, ``bot.records``) calls ``UI``
through the ``GameUI`` protocol and knows nothing below.
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
from bot.games.lora import hand as hand_message
from bot.games.lora import texts
from bot.games.lora.cards import spoken_cards
from bot.games.lora.events import game_name
from bot.games.lora.left import left_talie, ordinals, result_name, stood_in_whole
from bot.games.lora.stats import lora_stats
from bot.i18n import decimal, has, shown_name, t, tn, v_before
from bot.model import Table, TableSettings
from bot.render import render_sheet_from_export, render_sheet_page, render_table
from bot.render.sheet_pages import OVERVIEW, first_page
from bot.storage.models import PlayerStats, export_number
from bot.tournament.words import tournament_name
from bot.ui.alt import CardWords
from engine.contracts import TALIE_PER_LORA, Options
from engine.game import GameEvent, Outcome, SeatViewBase
from engine.lora_spec import SPEC, lora_of


class LoraUI(BaseUI):
    def __init__(self) -> None:
        from bot.games.lora.commands import RULE_DEFAULTS

        super().__init__(SPEC, "lora")
        self.option_defaults = RULE_DEFAULTS

    def table_options(self, values: dict[str, Any]) -> dict[str, Any]:
        from bot.games.lora.commands import rule_options

        # (the options the game declares for /lora new and defaults: ``option_defaults``,
        # whose names are ``rule_options``' parameters — a test holds them together)
        return rule_options(**{name: values[name] for name in self.option_defaults})

    def settings_lines(self, settings: TableSettings, lang: str) -> list[str]:
        opts = Options.from_json(settings.options)
        onoff = {True: t("core.on", lang), False: t("core.off", lang)}
        return [
            t("lora.opt_red_king", lang, value=t(f"lora.{opts.red_king_first_trick}", lang)),
            t("lora.opt_panak", lang, value=onoff[opts.panak]),
            t("lora.opt_stovka", lang, value=onoff[opts.cista_stovka]),
        ]

    def short_lines(self, settings: TableSettings, lang: str) -> list[str]:
        opts = Options.from_json(settings.options)
        onoff = {True: "on", False: "off"}
        return [t(f"lora.short_red_king_{opts.red_king_first_trick}", lang),
                t(f"lora.short_panak_{onoff[opts.panak]}", lang),
                t(f"lora.short_stovka_{onoff[opts.cista_stovka]}", lang)]

    def option_choices(self, settings: TableSettings, lang: str) -> list[tuple[str, str]]:
        """Čl. 10 and 13: panák and the red king in the first trick (and the čistá stovka)
        are agreed by all four at the start of the lóra; the creator may change them."""
        opts = Options.from_json(settings.options)
        king = "allow" if opts.red_king_first_trick == "forbidden" else "forbid"
        return [
            ("red_king", t(f"lora.toggle_red_king_{king}", lang)),
            ("panak", t(f"lora.toggle_panak_{'off' if opts.panak else 'on'}", lang)),
            ("stovka", t(f"lora.toggle_stovka_{'off' if opts.cista_stovka else 'on'}", lang)),
        ]

    def change_option(self, options: dict[str, Any], choice: str,
                      start: dict[str, Any] | None = None) -> dict[str, Any] | None:
        opts = Options.from_json(options)
        if choice == "red_king":
            forbidden = opts.red_king_first_trick == "forbidden"
            return replace(opts, red_king_first_trick="allowed" if forbidden else "forbidden"
                           ).to_json()
        if choice == "panak":
            return replace(opts, panak=not opts.panak).to_json()
        if choice == "stovka":
            return replace(opts, cista_stovka=not opts.cista_stovka).to_json()
        return None

    def status_lines(self, table: Table, lang: str) -> list[str]:
        return texts.status_lines(table, lang)

    def table_picture(self, table: Table, lang: str) -> Picture | None:
        # a partial of a module-level function: it pickles, so a worker process draws it
        return partial(render_table, lora_of(table.state).public_view(),
                       picture_names(table, lang), lang, marks=table.marks(),
                       tournament=tournament_name(table, lang))

    def table_alt(self, table: Table, lang: str) -> str:
        return texts.table_alt(table, lang)

    def card_words(self, lang: str) -> CardWords:
        return spoken_cards(lang)

    def sheet_lines(self, table: Table, lang: str) -> list[str]:
        return texts.sheet_lines(table, lang)

    def table_ops(self, table: Table, lang: str, running: bool) -> list[TableOp]:
        ops = [TableOp("sheet", t("lora.btn_sheet", lang))]
        if running and texts.has_last_trick(table):
            ops.append(TableOp("last", t("lora.btn_last", lang)))
        return ops

    def table_op(self, table: Table, op: str, lang: str) -> Reply:
        if op == "sheet":  # (its totals in words too: a screen reader reads no picture)
            return sheet_page_reply(self, table, lang, self.sheet_first_page(table))
        if op == "last":
            return Reply(content=texts.last_trick_text(table, lang))
        return super().table_op(table, op, lang)

    def sheet_book(self, table: Table, lang: str) -> SheetBook:
        """A page per tálie and the overview (``bot.render.sheet_pages``): the whole sheet
        shown on a phone had words 5 px high. Each a recipe the render pool draws (a sheet
        drawn in the click's handler held the loop)."""
        labels = [*(t("lora.btn_page_tali", lang, n=n) for n in range(1, TALIE_PER_LORA + 1)),
                  t("lora.btn_page_total", lang)]
        view, names = lora_of(table.state).public_view(), picture_names(table, lang)
        notes = sheet_notes(table, lang)
        return SheetBook(labels, [partial(render_sheet_page, view, names, lang, page,
                                          notes=notes) for page in range(len(labels))])

    def sheet_first_page(self, table: Table) -> int:
        return first_page(lora_of(table.state).public_view())

    def sheet_page_alt(self, table: Table, lang: str, page: int) -> list[str]:
        return [texts.sheet_page_line(table, lang, page)]

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

    def turn_ping(self, table: Table, seat: int, mention: str) -> str:
        return texts.turn_ping(table, mention)

    def outcome_note(self, outcome: Outcome, seat: int, lang: str) -> str:
        return texts.outcome_note(outcome, seat, lang)

    def seat_name(self, table: Table, seat: int, lang: str) -> str:
        return result_name(table, seat, lang)

    def refusal_text(self, error: Exception, lang: str) -> str | None:
        """An engine refusal by its stable code, in the game's words (never its rule id)."""
        code = getattr(error, "code", None)
        key = f"lora.why.{code}"
        return t(key, lang) if isinstance(code, str) and has(key) else None

    def disabled_reason(self, table: Table, seat: int, index: int, lang: str) -> str | None:
        return hand_message.disabled_reason(table, seat, index, lang)

    def final_picture(self, table: Table, lang: str) -> Picture | None:
        # the sheet's overview, the page a phone reads (the tálie's pages are a click away,
        # on the Protokol button): the final post attaches it beside its embed, not inside
        return partial(render_sheet_page, lora_of(table.state).public_view(),
                       picture_names(table, lang), lang, OVERVIEW, notes=sheet_notes(table, lang))

    def add_commands(self, group: app_commands.Group) -> None:
        from bot.games.lora.commands import lora_commands

        for command in lora_commands(self):
            group.add_command(command)

    def stats_fields(self, stats: PlayerStats, lang: str) -> list[tuple[str, str, bool]]:
        data = lora_stats(stats)
        fields: list[tuple[str, str, bool]] = []
        lines = [f"{game_name(c, lang)}: ⌀ {decimal(v, lang, 2)}"
                 for c, v in data.contracts.items()]
        if lines:
            fields.append((t("lora.st_contracts", lang), "\n".join(lines), True))
        # each a titled field, shown once there is something to count (no "0 of 0")
        if data.maturitas:
            rate = "–" if data.maturita_rate is None else f"{100 * data.maturita_rate:.0f} %"
            fields.append((game_name("maturita", lang), t(
                "lora.st_maturita", lang, passed=data.maturita_passed, count=data.maturitas,
                rate=rate, attempts=data.maturita_attempts), True))
        if data.stovka_declared:
            # (after "z 1" the genitive singular: "z 1 ohlášené", "z 1 rozstřelu"; review 54)
            fields.append((t("lora.st_stovka_title", lang), tn(
                "lora.st_stovka", lang, data.stovka_declared, made=data.stovka_made), True))
        if data.harakiri_played:
            fields.append((t("lora.st_harakiri_title", lang), tn(
                "lora.st_harakiri", lang, data.harakiri_played, won=data.harakiri_won), True))
        if stats.best is not None and stats.worst is not None:
            # one value when both are the same (a single lóra, or all alike)
            same = "_same" if stats.best[1] == stats.worst[1] else ""
            fields.append((t("lora.st_best_worst_title", lang), t(
                f"lora.st_best_worst{same}", lang, best=stats.best[1], best_id=stats.best[0],
                worst=stats.worst[1], worst_id=stats.worst[0]), False))
        return fields

    def export_files(self, data: dict[str, Any], lang: str) -> list[discord.File]:
        import io
        import json

        from bot.render.export import export_names, sheet_lora
        from bot.ui.alt import png_file, sentences, spoken

        game = export_number(data)
        names = [shown_name(n, lang) for n in export_names(data)]
        lora = sheet_lora(data)  # (replayed once: for the alt text and the picture)
        alt = spoken(sentences(texts.lora_sheet_lines(lora, names, lang)), lang)
        return [
            png_file(render_sheet_from_export(data, lang, lora=lora), f"lora-{game}.png", alt),
            discord.File(
                io.BytesIO(json.dumps(data["replay"], ensure_ascii=False, indent=1).encode()),
                filename=f"lora-{game}.json",
            ),
        ]


def sheet_notes(table: Table, lang: str) -> list[list[str]]:
    """Per seat, the moves an AI made for a human: an AI that took the place of a player
    who left (from which tálie, and in which before when he had come back), an AI standing
    in (all its moves for him, after he left too: one who left, came back and left again
    keeps the count of both stretches; every move of a finished lóra: the whole game). Not
    the forced moves the table played for him (his only legal card): every player has
    dozens, and a count of them on the public result read as though he had been idle
    (review 61)."""
    notes: list[list[str]] = []
    for i, seat in enumerate(table.seats):
        lines = []
        whole = False  # (an AI made all his moves: the count of them says nothing more)
        if seat is not None and seat.user_id is None and seat.left:
            left = left_talie(table, i)
            if left is None:
                lines.append(t("lora.pic.sheet_left", lang))
            elif left.whole:
                whole = True
                lines.append(t("lora.pic.sheet_left_whole", lang))
            elif left.earlier:
                end = "_harakiri" if left.harakiri else ""
                lines.append(t(f"lora.pic.sheet_left_again{end}", lang, n=left.tali,  # (a
                               tali=ordinals(left.earlier, lang),  # box's width: as each
                               v=v_before(left.earlier[0]),  # words it; "ve 2., 3. tálii")
                               nums=", ".join(map(str, left.earlier))))
            elif left.harakiri:
                lines.append(t("lora.pic.sheet_left_harakiri", lang))
            else:
                lines.append(t("lora.pic.sheet_left_from", lang, n=left.tali))
        elif stood_in_whole(table, i):  # (review 87: as one who left before his first move)
            whole = True
            lines.append(t("lora.pic.sheet_left_whole", lang))
        if seat is not None and (seat.user_id is not None or seat.left) and seat.ai_moves \
                and not whole:
            lines.append(t("lora.pic.sheet_stand_in", lang, n=seat.ai_moves))
        notes.append(lines)
    return notes


UI = LoraUI()

__all__ = ["UI", "LoraUI"]
