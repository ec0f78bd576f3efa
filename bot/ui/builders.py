"""Message builders: what the lobby, the table, a hand and the score sheet look like.

Pictures are rendered from the public view (table, sheet) or the seat's own view (hand) only.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import t
from bot.model import Table
from bot.render import hand_labels, render_hand, render_sheet, render_table
from bot.ui.cards import action_card, card_label, cards_text
from bot.ui.components import (
    ActionButton,
    ChooseSelect,
    LobbyAISelect,
    LobbyButton,
    TableButton,
    frozen_view,
)
from engine.actions import Choose, Declare, EndTurn
from engine.cards import cards_of
from engine.contracts import Contract
from engine.errors import LoraError
from engine.messages import contract_name
from engine.rules import trick_winner_offset
from engine.views import PublicView, SeatView

log = logging.getLogger(__name__)
EMBED_COLOUR = discord.Colour.from_rgb(46, 125, 50)


def png_file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def _picture(render: Callable[..., bytes], *args: Any) -> bytes | None:
    """A picture, or None when rendering fails: the message then goes out without it (the
    buttons and the text still carry the game), and the next change tries again."""
    try:
        return render(*args)
    except Exception:
        log.exception("rendering %s failed", getattr(render, "__name__", render))
        return None


# -- lobby -----------------------------------------------------------------------------
def lobby_message(table: Table) -> dict[str, Any]:
    lang = table.settings.lang
    opts = table.settings.options
    embed = discord.Embed(
        title=t("lobby_title", lang, id=table.table_id),
        description=t("lobby_desc", lang),
        colour=EMBED_COLOUR,
    )
    lines = []
    for i, seat in enumerate(table.seats):
        if seat is None:
            lines.append(f"{i + 1}. {t('seat_free', lang)}")
        elif seat.is_ai:
            level = t(f"ai_{seat.ai}", lang)
            lines.append(f"{i + 1}. {t('seat_ai', lang, name=seat.name, level=level)}")
        else:
            lines.append(f"{i + 1}. <@{seat.user_id}>")
    embed.add_field(name="\u200b", value="\n".join(lines), inline=False)
    timer = table.settings.turn_timer
    settings = [
        t("opt_red_king", lang, value=t(opts.red_king_first_trick, lang)),
        t("opt_panak", lang, value=t("on" if opts.panak else "off", lang)),
        t("opt_stovka", lang, value=t("on" if opts.cista_stovka else "off", lang)),
        t("opt_timer", lang, value=t("seconds", lang, n=timer) if timer else t("no_timer", lang)),
        t("opt_seating", lang, value=t(f"seating_{table.settings.seating}", lang)),
        t("opt_lang", lang),
    ]
    embed.add_field(name="\u200b", value="\n".join(settings), inline=False)
    tid = table.table_id
    ai_options = [
        discord.SelectOption(label=t(f"ai_{level}", lang), value=level)
        for level in ("easy", "medium", "hard")
    ]
    view = frozen_view(
        LobbyButton(tid, "join", t("btn_join", lang), discord.ButtonStyle.primary),
        LobbyButton(tid, "leave", t("btn_leave", lang)),
        LobbyButton(tid, "start", t("btn_start", lang), discord.ButtonStyle.success),
        LobbyAISelect(tid, ai_options, t("ai_placeholder", lang)),
    )
    return {"content": None, "embed": embed, "view": view, "attachments": []}


# -- the table -------------------------------------------------------------------------
def game_line(view: PublicView, lang: str) -> str:
    if view.finished:
        return t("finished_line", lang)
    if view.phase == "stovka":
        return t("game_line_stovka", lang, tali=view.tali)
    if view.contract is Contract.HARAKIRI:
        return t("game_line_harakiri", lang)
    if view.phase == "choose":
        return t("game_line_choose", lang, tali=view.tali, attempt=view.attempt)
    assert view.contract is not None
    name = contract_name(view.contract.value, lang)
    if view.attempt is not None:
        return t("game_line_maturita", lang, contract=name, tali=view.tali, attempt=view.attempt)
    return t("game_line", lang, contract=name, tali=view.tali, game=view.game_no)


def turn_line(table: Table, view: PublicView, lang: str) -> str:
    if view.to_act is None:
        return ""
    name = table.names()[view.to_act]
    if view.phase == "choose":
        return t("turn_line_choose", lang, name=name)
    if view.phase == "stovka":
        return t("turn_line_stovka", lang, name=name)
    return t("turn_line", lang, name=name)


def table_message(table: Table, *, closed: bool = False) -> dict[str, Any]:
    assert table.lora is not None
    lang = table.settings.lang
    view = table.lora.public_view()
    image = _picture(render_table, view, table.names(), lang)
    lines = [t("aborted_line", lang) if closed else game_line(view, lang)]
    if not closed and not view.finished:
        lines.append(turn_line(table, view, lang))
    if table.recent:
        lines.append("")
        lines.append(f"__{t('recent', lang)}__")
        lines.extend(f"• {line}" for line in table.recent[-6:])
    embed = discord.Embed(
        title=t("table_title", lang, id=table.table_id),
        description="\n".join(lines),
        colour=EMBED_COLOUR,
    )
    if image is not None:
        embed.set_image(url="attachment://table.png")
    embed.set_footer(text=t("footer", lang, id=table.table_id))
    tid = table.table_id
    buttons: list[Any] = []
    if not closed and not view.finished:
        buttons.append(TableButton(tid, "hand", t("btn_hand", lang), discord.ButtonStyle.primary))
    buttons.append(TableButton(tid, "sheet", t("btn_sheet", lang)))
    if not closed and not view.finished:
        buttons.append(TableButton(tid, "last", t("btn_last", lang)))
    buttons.append(TableButton(tid, "rules", t("btn_rules", lang)))
    return {
        "content": None,
        "embed": embed,
        "view": frozen_view(*buttons),
        "attachments": [] if image is None else [png_file(image, "table.png")],
    }


def last_trick_text(table: Table, lang: str) -> str:
    assert table.lora is not None
    last = table.lora.public_view().last_trick
    if last is None:
        return t("no_last_trick", lang)
    leader, cards = last
    winner = (leader + trick_winner_offset(cards)) % 4
    return t("last_trick", lang, cards=cards_text(cards), name=table.names()[winner])


def sheet_file(table: Table, lang: str) -> discord.File:
    """The score sheet picture (a failure here is answered by the handler's error path)."""
    assert table.lora is not None
    return png_file(render_sheet(table.lora.public_view(), table.names(), lang), "protokol.png")


# -- a hand ----------------------------------------------------------------------------
def _reasons(table: Table, view: SeatView, lang: str) -> list[str]:
    """Why the other cards cannot be played now: the engine's own refusals."""
    lora = table.lora
    assert lora is not None
    if not view.legal:
        return []
    template = view.legal[0]
    if action_card(template) is None:
        return []
    playable = {action_card(a) for a in view.legal}
    reasons: dict[str, list[int]] = {}
    for card in cards_of(view.hand):
        if card in playable:
            continue
        try:
            lora.verify(type(template)(view.seat, card))  # type: ignore[call-arg]
        except LoraError as exc:
            reasons.setdefault(exc.message(lang), []).append(card)
    return [f"{' '.join(card_label(c) for c in cards)}: {msg}" for msg, cards in reasons.items()]


def hand_prompt(table: Table, view: SeatView, lang: str) -> str:
    pub = view.public
    if pub.finished:
        return t("hand_finished", lang)
    if not view.legal:
        if pub.to_act is None:
            return t("hand_none", lang)
        return t("hand_wait", lang, name=table.names()[pub.to_act])
    first = view.legal[0]
    if isinstance(first, Declare):
        return t("hand_stovka", lang)
    if isinstance(first, Choose):
        return t("hand_choose", lang)
    if pub.contract is Contract.KVARTY:
        return t("hand_lead_kvarta", lang)
    if pub.contract is Contract.DESITKY:
        return t("hand_lay_more" if pub.turn else "hand_lay", lang)
    return t("hand_play", lang)


def hand_message(table: Table, view: SeatView, lang: str) -> dict[str, Any]:
    """The ephemeral hand: picture, prompt, the engine's reasons, one control per action."""
    pub = view.public
    contract = pub.contract.value if pub.contract is not None else "maturita"
    lines = [f"**{t('hand_title', lang, contract=contract_name(contract, lang))}**"]
    lines.append(hand_prompt(table, view, lang))
    reasons = _reasons(table, view, lang)
    if reasons:
        lines.append(t("why_disabled", lang, reasons="; ".join(reasons)))
    tid, version = table.table_id, table.version
    items: list[Any] = []
    labels = dict(hand_labels(view))
    index_of = {action_card(a): i for i, a in enumerate(view.legal) if action_card(a) is not None}
    if view.hand and (not view.legal or action_card(view.legal[0]) is not None):
        for card in cards_of(view.hand):
            i = index_of.get(card)
            items.append(
                ActionButton(
                    tid,
                    version,
                    i if i is not None else 100 + card,
                    f"{labels.get(card, '')} {card_label(card)}".strip(),
                    discord.ButtonStyle.primary if i is not None else discord.ButtonStyle.secondary,
                    disabled=i is None,
                )
            )
        for i, action in enumerate(view.legal):
            if isinstance(action, EndTurn):
                items.append(
                    ActionButton(tid, version, i, t("btn_end_turn", lang),
                                 discord.ButtonStyle.danger)
                )
    elif view.legal and isinstance(view.legal[0], Choose):
        options = [
            discord.SelectOption(
                label=contract_name(a.contract.value, lang),
                value=str(i),
                description=t(f"choice_{a.contract.value}", lang),
            )
            for i, a in enumerate(view.legal)
            if isinstance(a, Choose)
        ]
        items.append(ChooseSelect(tid, version, options, t("choose_placeholder", lang)))
    elif view.legal and isinstance(view.legal[0], Declare):
        for i, action in enumerate(view.legal):
            assert isinstance(action, Declare)
            key = "btn_declare" if action.declare else "btn_no_declare"
            style = discord.ButtonStyle.success if action.declare else discord.ButtonStyle.secondary
            items.append(ActionButton(tid, version, i, t(key, lang), style))
    attachments = []
    if view.hand:
        image = _picture(render_hand, view, lang)
        if image is not None:
            attachments.append(png_file(image, "hand.png"))
        else:
            lines.append(" ".join(card_label(c) for c in cards_of(view.hand)))
    return {
        "content": "\n".join(lines),
        "view": frozen_view(*items),
        "attachments": attachments,
        "embed": None,
    }
