"""Lóra's hand message: all a player needs to play from it alone — the game, the last
events in his words, the prompt, why the other cards cannot be played (each reason once),
the picture (his cards and the table: trick, kvarta or rows, points, whose turn) and one
control per action.

The controls follow the kind of the legal actions (read with ``match``): a button per card
(playable or not, numbered like the picture) with *End turn* in desítky, a select for the
maturita choice, two buttons for the čistá stovka question.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import discord

from bot.games.base import HandParts, Item, absent_prompt, picture_names
from bot.games.lora.cards import action_card, card_label, cards_text
from bot.games.lora.events import game_name
from bot.games.lora.texts import (
    ai_led_last_kvarta,
    game_line,
    now_lines,
    private_lines,
    sheet_lines,
    trick_cards,
    turn_line,
)
from bot.i18n import has, t
from bot.model import Table
from bot.render import hand_labels, render_hand
from bot.render.hand import choice_lines, last_trick_places
from bot.ui import alt
from bot.ui.components import DISABLED, ActionButton, ChooseSelect
from engine.actions import Choose, Declare, EndTurn
from engine.cards import cards_of, suit_of
from engine.lora import refused_cards
from engine.lora_spec import lora_of
from engine.phase import Phase
from engine.views import DesitkyView, KvartyView, PublicView, SeatView


def why_word(code: str, lang: str, one: bool = False) -> str:
    """The engine's refusal code of a card in the game's words ("musíš ctít barvu"); ``one``:
    said of the one card clicked ("nenavazuje na žádnou řadu"), where the wording differs."""
    if one and has(f"lora.why_card.{code}"):
        return t(f"lora.why_card.{code}", lang)
    return t(f"lora.why.{code}" if has(f"lora.why.{code}") else "lora.why.other", lang)


def wild_line(view: SeatView, lang: str) -> str | None:
    """The kvarty leader's divoká karta or královská kvarta (R-KVARTY-FIRST, R-KVARTY-ROYAL)
    as the game recorded it, told in his hand from the deal until his first lead (his first
    kvarta may start at a filek then); None for anyone else and after it."""
    match view.game:
        case KvartyView(kvarty=(), royal=True):
            return t("lora.hand_royal", lang)
        case KvartyView(kvarty=(), wild=True):
            return t("lora.hand_wild", lang)
        case _:
            return None


def why_line(found: dict[str, list[int]], lang: str) -> str | None:
    """Why the other cards cannot be played, in the game's words, each reason once."""
    if not found:
        return None
    words = {code: why_word(code, lang) for code in found}
    if len(set(words.values())) == 1:
        return t("lora.why_one", lang, reason=next(iter(words.values())))
    parts = [f"{cards_text(cards)} – {words[code]}" for code, cards in found.items()]
    return t("lora.why_many", lang, reasons="; ".join(parts))


def prompt(table: Table, view: SeatView, lang: str) -> str:
    pub = view.public
    if pub.finished:
        return t("core.hand_finished", lang)
    if table.stood_in(view.seat):
        return absent_prompt(table, view.seat, lang)  # (his buttons would unlock never)
    if not view.legal:
        if pub.to_act is None:
            return t("core.hand_none", lang)
        name = table.names()[pub.to_act]
        if pub.phase is Phase.STOVKA:  # a question in turn, not a move
            return t("lora.hand_wait_stovka", lang, name=name)
        if pub.phase is Phase.CHOOSE:
            return t("lora.hand_wait_choose", lang, name=name)
        return t("core.hand_wait", lang, name=name)
    match view.legal[0]:
        case Declare():
            return t("lora.hand_stovka", lang)
        case Choose():
            return t("lora.hand_choose", lang)
    match pub.game:
        case KvartyView():
            return t("lora.hand_lead_kvarta", lang)
        case DesitkyView(turn=turn):
            return t("lora.hand_lay_more" if turn else "lora.hand_lay", lang)
        case _:
            return t("lora.hand_play", lang)


def controls(table: Table, view: SeatView, lang: str) -> list[Item]:
    tid, version = table.table_id, table.version
    items: list[Item] = []
    if table.stood_in(view.seat):
        return items  # (an AI plays for him: the button that brings him back is all)
    first = view.legal[0] if view.legal else None
    if view.hand and (first is None or action_card(first) is not None):
        labels = dict(hand_labels(view))
        index_of = {action_card(a): i for i, a in enumerate(view.legal)
                    if action_card(a) is not None}
        for card in cards_of(view.hand):
            i = index_of.get(card)
            items.append(
                ActionButton(
                    tid,
                    version,
                    i if i is not None else DISABLED + card,
                    f"{labels.get(card, '')} {card_label(card)}".strip(),
                    discord.ButtonStyle.primary if i is not None else discord.ButtonStyle.secondary,
                    disabled=i is None,
                )
            )
        for i, action in enumerate(view.legal):
            if isinstance(action, EndTurn):
                items.append(ActionButton(tid, version, i, t("lora.btn_end_turn", lang),
                                          discord.ButtonStyle.danger))
        return items
    match first:
        case Choose():
            options = [
                discord.SelectOption(
                    label=game_name(a.contract, lang),
                    value=str(i),
                    description=t(f"lora.choice_{a.contract.value}", lang),
                )
                for i, a in enumerate(view.legal)
                if isinstance(a, Choose)
            ]
            items.append(ChooseSelect(tid, version, options, t("lora.choose_placeholder", lang)))
        case Declare():
            for i, action in enumerate(view.legal):
                assert isinstance(action, Declare)
                key = "lora.btn_declare" if action.declare else "lora.btn_no_declare"
                style = (discord.ButtonStyle.success if action.declare
                         else discord.ButtonStyle.secondary)
                items.append(ActionButton(tid, version, i, t(key, lang), style))
        case _:
            pass
    return items


def disabled_reason(table: Table, seat: int, index: int, lang: str) -> str | None:
    """Why the disabled card button ``index`` of ``seat``'s hand cannot be played now: its
    engine refusal as the hand words it (``why_line``); None if it is no such button."""
    lora = lora_of(table.state)
    found = refused_cards(lora, lora.view(seat))
    card = index - DISABLED
    return next((why_word(code, lang, one=True) for code, cards in found.items() if card in cards),
                None)


def hand(table: Table, view: Any, lang: str) -> HandParts:
    """The parts of the hand message of ``view`` (a Lóra ``SeatView``)."""
    if not isinstance(view, SeatView):
        raise TypeError("a Lóra hand takes a Lóra SeatView")
    lora = lora_of(table.state)
    lines = [game_line(view.public, lang)]
    told = private_lines(table, view.seat, lang)
    lines.extend(f"• {line}" for line in told)
    lines.extend(now_lines(view.game, table.names(), lang, view.seat, told,
                           ai_led_last_kvarta(view.game, table, view.seat)))
    held = hand_text(view)
    if held:
        lines.append(t("core.hand_cards", lang, cards=held))
    wild = wild_line(view, lang)
    if wild:
        lines.append(wild)
    said = prompt(table, view, lang)
    if not view.public.finished:  # (over: the first line says so, "Lóra skončila.")
        lines.append(said)
    why = why_line(refused_cards(lora, view), lang)
    if why:
        lines.append(why)
    # a partial of a module-level function pickles: the render pool draws it (see UI)
    picture = partial(render_hand, view, lang, picture_names(table, lang),
                      not table.stood_in(view.seat))
    wait = said if waits(table, view) else None
    return HandParts(lines, controls(table, view, lang), picture, wait,
                     hand_alt(table, view, lang))


def hand_text(view: SeatView) -> str:
    """His cards in words, a group per suit ("7❤️ K❤️ · 8🍃 …"): the buttons' labels are
    numbers and letters a screen reader reads badly, and a player who cannot tell the
    suits' colours apart reads the suit here."""
    groups: dict[int, list[str]] = {}
    for card in cards_of(view.hand):
        groups.setdefault(int(suit_of(card)), []).append(card_label(card))
    return " · ".join(" ".join(cards) for cards in groups.values())


def hand_alt(table: Table, view: SeatView, lang: str) -> str:
    """The hand picture in words (``alt.hand_alt``): his cards, then the table's middle as
    the picture draws it — the trick in progress and the last trick, the last kvarta (also
    when an event line above tells it), the desítky rows, the čistá stovka answers so far,
    the games the maturant may choose, the final order — and whose turn."""
    names = table.names()
    pub = view.public
    if pub.finished:
        shown = sheet_lines(table, lang)
    else:
        ai_led = ai_led_last_kvarta(view.game, table, view.seat)
        shown = [*now_lines(view.game, names, lang, view.seat, ai_led=ai_led),
                 last_trick_line(view, names, lang),
                 stovka_line(pub, names, lang), choices_line(pub, lang)]
    return alt.hand_alt(lang, bool(view.hand), shown, turn_line(table, pub, lang, view.seat))


def last_trick_line(view: SeatView, names: Sequence[str], lang: str) -> str:
    """The last trick as the hand picture draws it (``last_trick_places``: under the trick
    in progress, in play order, who took it), in words; "" when it draws none."""
    places = last_trick_places(view)
    if not places:
        return ""
    cards = trick_cards(((seat, card) for seat, card, _x, _took in places), names)
    winner = next(seat for seat, _card, _x, took in places if took)
    return t("lora.alt_last_trick", lang, cards=cards, name=names[winner])


def stovka_line(pub: PublicView, names: Sequence[str], lang: str) -> str:
    """The čistá stovka answers so far as the picture lists them (from the leader on; who
    answers now is the turn's sentence); "" outside the question or before any answer."""
    if pub.phase != Phase.STOVKA:
        return ""
    order = [(pub.leader + k) % 4 for k in range(4)]
    answers = [t("lora.alt_stovka_yes" if pub.stovka[seat] else "lora.alt_stovka_no", lang,
                 name=names[seat]) for seat in order if pub.stovka[seat] is not None]
    return t("lora.alt_stovka", lang, answers=", ".join(answers)) if answers else ""


def choices_line(pub: PublicView, lang: str) -> str:
    """The games the maturant may choose as the picture lists them (``choice_lines``), one
    an earlier attempt failed in with its attempts; "" outside the choice."""
    if pub.phase != Phase.CHOOSE:
        return ""
    games = [t("lora.alt_choice_failed", lang, name=line.name,
               attempts=", ".join(map(str, line.failed))) if line.failed else line.name
             for line in choice_lines(pub, lang)]
    return t("lora.alt_choices", lang, games=", ".join(games))


def waits(table: Table, view: SeatView) -> bool:
    """Whether the seat waits for another's turn (``prompt`` says whose)."""
    return (not view.public.finished and not table.stood_in(view.seat) and not view.legal
            and view.public.to_act is not None)
