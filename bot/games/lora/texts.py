"""Lóra's words at the table: the status lines, the event lines, announcements, pings."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.lora.cards import card_label, cards_text
from bot.i18n import t
from bot.model import Table
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
from engine.game import GameEvent
from engine.lora_spec import lora_of
from engine.messages import contract_name, event_text
from engine.phase import Phase
from engine.rules import trick_winner_offset
from engine.views import PublicView, TrickView

QUIET_EVENTS = (CardPlayed, CardLaid, GameStarted, MaturitaDealt)
DEAL_EVENTS = (GameStarted, MaturitaDealt, StovkaAsked)


def lora_events(events: Sequence[GameEvent]) -> list[Event]:
    return [e for e in events if isinstance(e, Event)]


def game_line(view: PublicView, lang: str) -> str:
    if view.finished:
        return t("lora.finished_line", lang)
    if view.phase == Phase.STOVKA:
        return t("lora.game_line_stovka", lang, tali=view.tali)
    if view.contract is Contract.HARAKIRI:
        return t("lora.game_line_harakiri", lang)
    if view.phase == Phase.CHOOSE:
        return t("lora.game_line_choose", lang, tali=view.tali, attempt=view.attempt)
    assert view.contract is not None
    name = contract_name(view.contract.value, lang)
    if view.attempt is not None:
        return t("lora.game_line_maturita", lang, contract=name, tali=view.tali,
                 attempt=view.attempt)
    return t("lora.game_line", lang, contract=name, tali=view.tali, game=view.game_no)


def turn_line(table: Table, view: PublicView, lang: str) -> str:
    if view.to_act is None:
        return ""
    name = table.names()[view.to_act]
    if view.phase == Phase.CHOOSE:
        return t("lora.turn_line_choose", lang, name=name)
    if view.phase == Phase.STOVKA:
        return t("lora.turn_line_stovka", lang, name=name)
    return t("core.turn_line", lang, name=name)


def status_lines(table: Table, lang: str) -> list[str]:
    view = lora_of(table.state).public_view()
    lines = [game_line(view, lang)]
    if not view.finished:
        lines.append(turn_line(table, view, lang))
    return lines


def event_lines(table: Table, events: Sequence[GameEvent]) -> list[str]:
    lang, names = table.settings.lang, table.names()
    shown = [e for e in lora_events(events) if not isinstance(e, QUIET_EVENTS)]
    return [event_text(e, lang, names, card_label) for e in shown]


def starts_deal(events: Sequence[GameEvent]) -> bool:
    return any(isinstance(e, DEAL_EVENTS) for e in events)


def standings(table: Table, before: Contract) -> str:
    lang = table.settings.lang
    totals = lora_of(table.state).totals
    names = table.names()
    order = sorted(range(4), key=lambda s: totals[s])
    text = ", ".join(f"{names[s]} {totals[s]}" for s in order)
    return t("lora.standings", lang, contract=contract_name(before.value, lang), standings=text)


def announcements(table: Table, events: Sequence[GameEvent]) -> list[str]:
    """New partial games, and the standing before červený král and maturita (R-MATURITA:
    before the čistá stovka question when there is one, since that is decided from it)."""
    lang, names = table.settings.lang, table.names()
    out = []
    mine = lora_events(events)
    for i, e in enumerate(mine):
        if isinstance(e, GameStarted) and e.attempt is None:
            if e.contract is Contract.HARAKIRI:
                out.append(t("lora.announce_harakiri", lang, leader=names[e.leader]))
                continue
            asked = any(isinstance(x, StovkaAnswered) for x in mine[:i])
            if e.contract is Contract.CERVENY_KRAL and not asked:
                out.append(standings(table, Contract.CERVENY_KRAL))
            out.append(
                t("lora.announce_game", lang, contract=contract_name(e.contract.value, lang),
                  tali=e.tali, game=e.game, dealer=names[e.dealer], leader=names[e.leader])
            )
        elif isinstance(e, MaturitaDealt):
            if e.attempt == 1:
                out.append(standings(table, Contract.MATURITA))
            out.append(t("lora.announce_maturita", lang, tali=e.tali, attempt=e.attempt,
                         leader=names[e.seat]))
        elif isinstance(e, StovkaAsked):
            out.append(standings(table, Contract.CERVENY_KRAL))
            out.append(event_text(e, lang, names))
    return out


def turn_ping(table: Table, mention: str) -> str:
    lora = lora_of(table.state)
    lang = table.settings.lang
    if lora.phase == Phase.CHOOSE:
        return t("lora.your_turn_choose", lang, mention=mention)
    if lora.phase == Phase.STOVKA:
        return t("lora.your_turn_stovka", lang, mention=mention)
    contract = lora.contract.value if lora.contract is not None else ""
    return t("lora.your_turn", lang, mention=mention, contract=contract_name(contract, lang))


def last_trick_text(table: Table, lang: str) -> str:
    match lora_of(table.state).public_view().game:
        case TrickView(last_trick=(leader, cards)):
            winner = (leader + trick_winner_offset(cards)) % 4
            return t("lora.last_trick", lang, cards=cards_text(cards), name=table.names()[winner])
        case _:
            return t("lora.no_last_trick", lang)
