"""Taroky's hand message: the picture, who the seat is in this deal, the prompt, one control
per legal action of the phase, and the engine's reasons for what is not allowed.

Every enabled control is one of ``legal_actions()`` (a button carries its index); a choice of
several cards to lay away is one ``ActionsSelect`` whose options are single discards, which
the engine applies in an order it accepts (``TableService.act_many``). Disabled controls
show what the phase offers; why they are disabled is the engine's refusal, in words — the
reason lines of the hand, and the answer to a raw click on one (``disabled_reason``), both
read from one list of the step's candidates (``candidates``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any, NamedTuple

import discord

from bot.games.base import HandParts, Item, absent_prompt, picture_names
from bot.games.marks import SeatMoves, seat_moves
from bot.games.taroky.pictures import hand_text, render_hand
from bot.games.taroky.pictures.hand import extra_cards
from bot.games.taroky.texts import MOVES, round_of, stood_in_line, trick_cards, turn_line
from bot.games.taroky.words import (
    card_label,
    cards_text,
    flek_limit,
    flek_said,
    game_name,
    game_object,
    is_tarok,
    money,
    refusal,
)
from bot.i18n import has, t, tn
from bot.model import Table
from bot.ui import alt
from bot.ui.components import DISABLED, ActionButton, ActionsSelect
from engine.taroky import TarokyRound
from engine.taroky.actions import Announce, Bid, Call, Choose, DealAction, Discard, Play, Trojka
from engine.taroky.announce import FLEK_ITEMS, ITEMS
from engine.taroky.bidding import BID_WORDS, CHOICES
from engine.taroky.cards import PAGAT, cards_of, mask_of
from engine.taroky.errors import IllegalAction, TarokyError
from engine.taroky.events import CardPlayed, DealStarted
from engine.taroky.scoring import LAST_TRICK, PAGAT_ANNOUNCED, VALAT_ANNOUNCED
from engine.taroky.talon import CALLABLE, silent_solo
from engine.taroky.views import SeatView

PRIMARY = discord.ButtonStyle.primary
SECONDARY = discord.ButtonStyle.secondary
SUCCESS = discord.ButtonStyle.success
DANGER = discord.ButtonStyle.danger
FLEK_INDEX = {"game": 0, "pagat": 1, "valat": 2}
NEWCOMER_DEALS = 2  # the deals of a round whose hands explain the words (``explains``)


def explains(view: SeatView) -> bool:
    """The hand explains the words its turn offers — the glosses under the prompt, the
    bids and choices it may not make with why — in the first ``NEWCOMER_DEALS`` deals of
    the round; past them it shows only what the seat may say (review 93: a seasoned player
    read the same 8-line bid prompt in deal 9 as in deal 1). What tells the deal's state
    stays in every deal: the reasons for the cards it may not play or lay away (what the
    trick or the discard allows now) and the reminder to keep an announced pagát (review
    95: a misclick loses the same money in deal 9 as in deal 1)."""
    return view.public.deal_no <= NEWCOMER_DEALS


def refusal_text(rnd: TarokyRound, action: DealAction, lang: str) -> str | None:
    """The engine's reason why ``action`` is not allowed now (None: it is)."""
    try:
        rnd.verify(action)
    except TarokyError as exc:
        return refusal(exc, lang)
    return None


def _grouped(found: dict[str, list[str]], sep: str) -> list[str]:
    """One line per reason: its cards apart by spaces (``I K♥``, as Lóra shows cards), its
    buttons' labels of more words by ``, `` (``1P – first duty, 2P – with pagát``)."""
    return [f"• {sep.join(items)}: {why}" for why, items in found.items()]


def role_line(table: Table, view: SeatView, lang: str) -> str:
    """Who the seat is in this deal, as far as it knows (the secret partner knows himself)."""
    pub = view.public
    names = table.names()
    if pub.game is None or pub.declarer is None:
        return ""
    game = game_object(pub.game, lang)  # "Hraješ druhou povinnost"
    if pub.game == "W":
        return t("taroky.role_varsava_zduch" if pub.zduch else "taroky.role_varsava", lang)
    if view.seat == pub.declarer:
        if pub.game not in ("1P", "2P"):
            return t("taroky.role_declarer", lang, game=game)
        if pub.called is None:
            return t("taroky.role_declarer_calling", lang, game=game)
        card = card_label(pub.called, lang)
        if view.alone:  # a tiché sólo (or the called tarok drawn): secret until it is seen
            key = "taroky.role_declarer_alone_known" if pub.alone else "taroky.role_declarer_alone"
            return t(key, lang, game=game, card=card)
        if view.partner is not None:  # (as the partner's "Tvoje strana: …", known1)
            first, second = (names[s] for s in range(4) if s not in (view.seat, view.partner))
            return t("taroky.role_declarer_partner", lang, game=game,
                     name=names[view.partner], first=first, second=second)
        return t("taroky.role_declarer_called", lang, game=game, card=card)
    if view.side == "D":
        if pub.partner is None:
            return t("taroky.role_partner_secret", lang, name=names[pub.declarer],
                     card=card_label(pub.called or 0, lang))
        first, second = (names[s] for s in range(4) if s not in (view.seat, pub.declarer))
        return t("taroky.role_partner", lang, name=names[pub.declarer],  # (review 88: as
                 first=first, second=second)  # a revealed opponent's "Tvoje strana: …")
    if view.side == "O":  # (review 85: her own side in words, once she can know it)
        if view.partner is not None:
            mate = next(s for s in range(4) if s not in (view.seat, pub.declarer, view.partner))
            return t("taroky.role_opponent_pair", lang, name=names[pub.declarer],
                     partner=names[view.partner], mate=names[mate])
        if pub.called is not None and not view.alone:  # the partner still secret to her
            return t("taroky.role_opponent_called", lang, name=names[pub.declarer],
                     game=game_name(pub.game, lang), card=card_label(pub.called, lang))
        return t("taroky.role_opponent", lang, name=names[pub.declarer],
                 game=game_name(pub.game, lang))
    return t("taroky.role_unknown", lang, name=names[pub.declarer], game=game)


def trick_line(table: Table, view: SeatView, lang: str, forced: Sequence[int]) -> str:
    """The trick in progress, who played what (the hand's picture shows only the hand: a
    player on a phone must see what was led without scrolling up to the table); his card
    there is marked "(automaticky)" when it is one of ``forced`` (``forced_cards``)."""
    pub = view.public
    if pub.phase != "play" or not pub.trick or pub.finished:
        return ""
    auto = t("taroky.mark_auto", lang)
    cards = trick_cards(pub.trick, table.names(), lang,
                        lambda seat, card: auto if seat == view.seat and card in forced else "")
    return t("core.hand_trick", lang, cards=cards)


def forced_cards_line(view: SeatView, lang: str, forced: Sequence[int]) -> str:
    """His cards that the table played for him (``forced``: each his only legal one) since
    his last move of his own, in the tricks of this deal already taken: one click may play
    his card and then his only card in trick after trick, and the trick line shows only the
    trick in progress (it marks his forced card there). One card: "V 5. štychu šla tvoje
    karta K♥ (automaticky)." (the trick by its number: "poslední štych" would read as the
    12th, the pagát ultimo's); several: "Automaticky šly tvoje karty (pokaždé jediná
    možná): 7♣ (3. štych), XIV (4. štych).". Only in his hand, as the mark in the trick
    line: at the table it would tell that he held no other card he could play."""
    pub = view.public
    if pub.phase != "play" or pub.finished:
        return ""
    tricks = {card: n for n, trick in enumerate(pub.history, 1)
              for seat, card in trick.played if seat == view.seat}
    taken = [(card, tricks[card]) for card in forced if card in tricks]
    if not taken:
        return ""
    cards = ", ".join(t("taroky.hand_forced_card", lang, card=card_label(card, lang),
                        number=number) for card, number in taken)
    card, number = taken[-1]
    return tn("taroky.hand_forced", lang, len(taken), card=card_label(card, lang),
              number=number, cards=cards)


def forced_cards(events: Sequence[Any], seat: int, walked: SeatMoves | None = None
                 ) -> list[int]:
    """The cards the table played for ``seat`` in the deal in play (each the only legal one,
    ``Unclicked`` "auto") since his last move of his own, in order: his own hand tells them
    (``forced_cards_line``) and marks the one in the trick in progress "(automaticky)" —
    the table does not (``texts.event_lines``). A card of the deal before is not among
    them (he may hold it again). ``walked``: his moves in ``events`` (``walk``), when the
    hand has them already."""
    walked = walked if walked is not None else walk(events, seat)
    return [e.card for e in (events[i] for i in walked.unclicked_since("auto", walked.start))
            if isinstance(e, CardPlayed)]


def walk(events: Sequence[Any], seat: int) -> SeatMoves:
    """``seat``'s moves in ``events`` and the start of the deal in play, in one walk: all
    his hand reads of them (``forced_cards``, ``moved_since_stand_in``)."""
    return seat_moves(events, seat, MOVES, (DealStarted,))


def prompt(table: Table, view: SeatView, lang: str) -> str:
    pub = view.public
    if table.state is None or table.state.finished:  # (the table's words: "Konec kola.")
        return t("taroky.hand_finished", lang)
    if pub.finished:
        return t("core.hand_finished", lang)
    if table.stood_in(view.seat):
        return absent_prompt(table, view.seat, lang)  # (his buttons would unlock never)
    if not view.legal:
        if pub.to_act is None:
            return t("core.hand_none", lang)
        return t("taroky.hand_wait", lang, name=table.names()[pub.to_act])
    match view.legal[0]:
        case Bid():
            return t("taroky.hand_bid", lang, options=_either(_bid_options(view, lang), lang))
        case Choose():
            return t("taroky.hand_choose", lang)
        case Call():
            silent = any(isinstance(a, Call) and silent_solo(view.hand, a.card)
                         for a in view.legal)
            return t("taroky.hand_call", lang) + (
                " " + t("taroky.hand_call_silent", lang) if silent else "")
        case Trojka():
            key = "taroky.hand_trojka_upper" if pub.trojka == "upper" else (
                "taroky.hand_trojka_lower")
            return t(key, lang, cards=cards_text(view.trojka_cards, lang))
        case Discard():
            if view.discard_left > 1:
                return t("taroky.hand_discard_many", lang, n=view.discard_left)
            return t("taroky.hand_discard_one", lang)
        case Announce():
            return _announce_prompt(round_of(table), view, lang)
        case _:
            return t("taroky.hand_lead" if not pub.trick else "taroky.hand_play", lang)


def _either(options: Sequence[str], lang: str) -> str:
    """"a, b, or c" in the table's words (one option: itself)."""
    if len(options) < 2:
        return "".join(options)
    return t("taroky.either", lang, first=", ".join(options[:-1]), last=options[-1])


def _bid_options(view: SeatView, lang: str) -> list[str]:
    """What the seat may say in the bidding, as the engine's legal bids have it: a game
    (any of them), dobrá, žďuch (the předák who must open reads no dobrá)."""
    bids = {a.bid for a in view.legal if isinstance(a, Bid)}
    games = bids - {"dobra", "zduch"}
    return ([t("taroky.can_bid_game", lang)] if games else []) + [
        t(f"taroky.can_bid_{b}", lang) for b in ("dobra", "zduch") if b in bids]


def gloss_line(view: SeatView, lang: str) -> str:
    """Under the prompt, what each word the seat's turn offers commits it to, a short
    clause each in the order of the buttons (review 85: a newcomer went back to the rules
    at each step; the buttons stay short): the games it may bid or choose, the žďuch;
    the pagát ultimo and the valát it may announce, with their values announced (the
    engine's: T-HLASKY-PAGAT, T-HLASKY-VALAT). A dobrá or a flek needs none. Only while
    the hand ``explains``."""
    if not explains(view):
        return ""
    values = {"pagat": PAGAT_ANNOUNCED, "valat": VALAT_ANNOUNCED}
    words = [a.bid if isinstance(a, Bid) else a.game if isinstance(a, Choose) else a.item
             for a in view.legal if isinstance(a, Bid | Choose | Announce)]
    line = " · ".join(t(f"taroky.gloss_{w}", lang, card=card_label(PAGAT, lang),
                          tricks=LAST_TRICK, money=money(values.get(w, 0), lang))
                        for w in words if has(f"taroky.gloss_{w}"))
    return line[:1].upper() + line[1:]


def _announce_prompt(rnd: TarokyRound, view: SeatView, lang: str) -> str:
    """The announcement turn: what the seat said in it, and only what it may still say (the
    engine's legal items; ``done`` is always one: Dobrá, or Hotovo once it said something);
    with nothing to say but dobrá, why (``only_pass_reasons``)."""
    said = said_this_turn(view)
    legal = [a.item for a in view.legal if isinstance(a, Announce) and a.item != "done"]
    items = offer_words(legal, view, lang)
    if said:
        told = ", ".join(item_words(i, view, lang, said=True) for i in said)
        if items:
            return t("taroky.hand_announce_more", lang, said=told, items=items)
        return t("taroky.hand_announce_all", lang, said=told)
    if items:
        return t("taroky.hand_announce", lang, items=items)
    why = only_pass_reasons(rnd, view, lang)
    if why:
        return t("taroky.hand_announce_none_why", lang, why="; ".join(why))
    return t("taroky.hand_announce_none", lang)


def _any_of(items: Sequence[str], lang: str) -> str:
    """"a, b or c" (one: itself)."""
    return items[0] if len(items) == 1 else t(
        "taroky.any_of", lang, first=", ".join(items[:-1]), last=items[-1])


def only_pass_reasons(rnd: TarokyRound, view: SeatView, lang: str) -> list[str]:
    """Why the seat can only say dobrá in its announcement turn, from the cases of the
    engine's refusals of each item (``engine.taroky.announce.announce_refusal``; review 85):
    his own pagát announced already (review 88), the pagát ultimo and the valát only in a
    first turn, or announced already, or the pagát not held; each flek the other side's.
    Left out: a flek of nothing announced, and one past the table's highest
    (``flek_limit_lines`` says it)."""
    cases: dict[str, list[str]] = {}
    for item, params in _announce_params(rnd, view.seat, ITEMS).items():
        case = params.get("case")
        if isinstance(case, str):
            cases.setdefault(case, []).append(item)
    out = []
    for case in ("pagat_own", "first_turn_only", "pagat_announced", "pagat_not_held",
                 "valat_announced"):
        if case in cases:
            out.append(t(f"taroky.only_pass_{case}", lang, card=card_label(PAGAT, lang),
                         items=_any_of([item_words(i, view, lang) for i in cases[case]],
                                       lang)))
    fleks = [flek_said(level, key, lang)
             for key, level in (flek_level(i, view) for i in cases.get("flek_other_side", []))]
    if fleks:
        out.append(t("taroky.only_pass_flek_other_side", lang, fleks=_any_of(fleks, lang)))
    return out


def flek_limit_lines(table: Table, view: SeatView, lang: str) -> list[str]:
    """The fleks the seat would give now but for the table's highest flek (the engine's
    refusal names the limit only then), each with the limit: "Re na hru u tohoto stolu nejde
    – nejvýš jeden flek (bez re)." (review 79: the hand said only "you can only pass")."""
    if view.public.phase != "announce" or not view.legal:
        return []
    rnd = round_of(table)
    lines = []
    for item, params in _announce_params(rnd, view.seat, FLEK_ITEMS).items():
        limit = params.get("flek_max")
        if isinstance(limit, int):
            key, level = flek_level(item, view)
            words = flek_said(level, key, lang)
            lines.append(t("taroky.hand_flek_limit", lang, limit=flek_limit(limit, lang),
                           item=words[:1].upper() + words[1:]))
    return lines


def _announce_params(rnd: TarokyRound, seat: int,
                     items: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Each of ``items`` the engine refuses ``seat`` to announce now, with its refusal's
    params (in ``items``' order; legal ones, and other refusals, left out)."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        try:
            rnd.verify(Announce(seat, item))
        except IllegalAction as exc:
            out[item] = exc.params
        except TarokyError:
            continue
    return out


def secret_partner_warning(view: SeatView, names: Sequence[str], lang: str) -> str:
    """The secret partner offered an announcement: any of them makes his side public (the
    engine's reading of T-CALL-PARTNER), so his hand says so before he clicks — only his,
    only while he is still secret; naming only the announcements his legal actions offer
    now (review 53: a pagát ultimo and a re he could not announce were listed)."""
    pub = view.public
    if (pub.phase != "announce" or pub.game not in ("1P", "2P") or view.side != "D"
            or view.seat == pub.declarer or pub.partner is not None):
        return ""
    items = [item_words(a.item, view, lang) for a in view.legal
             if isinstance(a, Announce) and a.item != "done"]
    if not items:
        return ""
    assert pub.declarer is not None
    return t("taroky.hand_announce_reveals", lang, items=_any_of(items, lang),
             name=names[pub.declarer])


def said_this_turn(view: SeatView) -> list[str]:
    """The items the seat has said in its current speaking turn (before its ``done``)."""
    out: list[str] = []
    for seat, item in reversed(view.public.announcements):
        if item == "done" or seat != view.seat:
            break
        out.append(item)
    return out[::-1]


def flek_level(item: str, view: SeatView, said: bool = False) -> tuple[str, int]:
    """A flek item's stake ("game", "pagat", "valat") and the level saying it reaches
    (``said``: said already, the level it reached)."""
    key = FLEK_ITEMS[item]
    return key, view.public.flek[FLEK_INDEX[key]] + (0 if said else 1)


def item_text(item: str, view: SeatView, lang: str, said: bool = False) -> str:
    """An announcement item as its button says it: Pagát, Valát, "Flek/Re/Sup na hru" …
    (``said``: an item said already, its flek at the level it reached)."""
    if item in FLEK_ITEMS:
        key, level = flek_level(item, view, said)
        words = flek_said(max(1, level), key, lang)
        return words[:1].upper() + words[1:]
    if item == "done":
        return t("taroky.btn_done" if said_this_turn(view) else "taroky.btn_dobra", lang)
    return t(f"taroky.btn_{item}", lang)


def item_words(item: str, view: SeatView, lang: str, said: bool = False) -> str:
    """An item as a sentence names it: its button's words, lowercase ("flek na hru"); the
    pagát and the valát offered as the verb's object ("můžeš ohlásit pagáta")."""
    if not said and item in ("pagat", "valat"):
        return t(f"taroky.obj_{item}", lang)
    label = item_text(item, view, lang, said)
    return label[:1].lower() + label[1:]


def offer_words(items: Sequence[str], view: SeatView, lang: str) -> str:
    """The items a seat may still say, as the prompt's "you may …" goes on: pagát and valát
    under one verb ("announce pagát ultimo or valat"), each flek a verb of its own ("double
    the game", "redouble the pagát ultimo", past sup "double the game again (×16)"), so
    that every mix reads as a sentence (review 65: "you may announce redouble the game");
    "" when none."""
    said = [item_words(i, view, lang) for i in items if i not in FLEK_ITEMS]
    phrases = [t("taroky.offer_announce", lang,
                 items=t("taroky.offer_join", lang).join(said))] if said else []
    for item in items:
        if item in FLEK_ITEMS:
            key, level = flek_level(item, view)
            phrases.append(flek_said(level, key, lang))
    return ", ".join(phrases)


class Candidate(NamedTuple):
    """One control the seat's step offers: its action, its label and style (when enabled),
    whether it is enabled, and how the reason lines name it (a call: its card alone)."""

    action: DealAction
    label: str
    style: discord.ButtonStyle
    enabled: bool
    named: str


class Step(NamedTuple):
    """The controls of the seat's step, in the order of the hand's buttons: a disabled
    button carries ``DISABLED`` + its place here (``disabled_reason`` reads it back)."""

    candidates: list[Candidate]
    cards: bool = False  # they are cards: the reason lines set them apart by spaces
    rows: list[int] | None = None  # the buttons' rows (cards: taroks above the suits)
    select: bool = False  # several cards to lay away: one select of the enabled ones


def _buttons(table: Table, step: Step, view: SeatView) -> list[Item]:
    """One button per candidate: enabled with its index in ``legal``, else disabled with
    ``DISABLED`` + its place among the candidates."""
    index = {a: i for i, a in enumerate(view.legal)}
    items: list[Item] = []
    for k, c in enumerate(step.candidates):
        i = index.get(c.action) if c.enabled else None
        items.append(ActionButton(table.table_id, table.version,
                                  i if i is not None else DISABLED + k, c.label,
                                  c.style if i is not None else SECONDARY, disabled=i is None,
                                  row=None if step.rows is None else step.rows[k]))
    return items


def card_rows(cards: Sequence[int]) -> list[int]:
    """The button row of each card (five a row): taroks first, the suits from a new row."""
    rows, row, used, previous = [], 0, 0, None
    for card in cards:
        if used == 5 or (previous is not None and is_tarok(previous) != is_tarok(card)):
            row, used = row + 1, 0
        rows.append(row)
        used += 1
        previous = card
    return rows


def _reasons(rnd: TarokyRound, step: Step, lang: str) -> list[str]:
    """The engine's reasons for the disabled candidates, grouped by reason."""
    found: dict[str, list[str]] = {}
    for c in step.candidates:
        if c.enabled:
            continue
        why = refusal_text(rnd, c.action, lang)
        if why is not None:
            found.setdefault(why, []).append(c.named)
    return _grouped(found, " " if step.cards else ", ")


def candidates(view: SeatView, lang: str) -> Step | None:
    """What the seat's step offers, legal or not (None: nothing to click): the one list
    the hand's controls and reasons and a raw click's ``disabled_reason`` are read from."""
    if not view.legal:
        return None
    seat = view.seat
    legal = set(view.legal)
    first = view.legal[0]

    def one(action: DealAction, label: str, style: discord.ButtonStyle,
            named: str | None = None) -> Candidate:
        return Candidate(action, label, style, action in legal,
                         label if named is None else named)

    shown = explains(view)  # past the first deals: only the bids and choices it may make

    match first:
        case Bid():
            return Step([one(Bid(seat, b), t(f"taroky.btn_bid_{b}", lang),
                             SECONDARY if b == "dobra" else (DANGER if b == "zduch"
                                                             else PRIMARY))
                         for b in BID_WORDS if shown or Bid(seat, b) in legal])
        case Choose():
            return Step([one(Choose(seat, g), t(f"taroky.btn_choose_{g}", lang), PRIMARY)
                         for g in CHOICES if shown or Choose(seat, g) in legal])
        case Call():
            return Step([one(Call(seat, c), _call_label(view, c, lang), PRIMARY,
                             card_label(c, lang)) for c in reversed(CALLABLE)], cards=True)
        case Trojka():
            which = view.public.trojka or "upper"
            return Step([one(Trojka(seat, True), t(f"taroky.btn_take_{which}", lang), SUCCESS),
                         one(Trojka(seat, False), t(f"taroky.btn_reject_{which}", lang),
                             SECONDARY)])
        case Discard() if view.discard_left > 1:  # the cards of a legal whole discard
            return Step([Candidate(Discard(seat, c), card_label(c, lang), PRIMARY,
                                   bool(view.discardable >> c & 1), card_label(c, lang))
                         for c in cards_of(view.hand)], cards=True, select=True)
        case Discard() | Play():
            kind = type(first)
            hand_cards = cards_of(view.hand)
            return Step([one(kind(seat, c), card_label(c, lang), PRIMARY) for c in hand_cards],
                        cards=True, rows=card_rows(hand_cards))
        case Announce():  # only what the seat may say: what it may not is its own business
            return Step([one(a, item_text(a.item, view, lang),
                             SUCCESS if a.item == "done" else (DANGER if a.item in FLEK_ITEMS
                                                               else PRIMARY))
                         for a in view.legal if isinstance(a, Announce)])
        case _:
            return None


def controls(table: Table, view: SeatView, lang: str) -> tuple[list[Item], list[str]]:
    """The controls of the seat's turn and the reasons for the disabled ones."""
    step = candidates(view, lang)
    if step is None:
        return [], []
    rnd = round_of(table)
    reasons = _reasons(rnd, step, lang)
    if step.select:
        return [_discard_select(table, step, view, lang)], reasons
    return _buttons(table, step, view), reasons


def disabled_reason(table: Table, seat: int, index: int, lang: str) -> str | None:
    """Why the disabled control ``index`` of ``seat``'s hand (``DISABLED`` + its place
    among the candidates) cannot be used now: the engine's refusal, as the hand's reason
    lines word it; None if the hand shows no such disabled control."""
    rnd = round_of(table)
    step = candidates(rnd.view(seat), lang)
    k = index - DISABLED
    if step is None or step.select or not 0 <= k < len(step.candidates):
        return None
    candidate = step.candidates[k]
    return None if candidate.enabled else refusal_text(rnd, candidate.action, lang)


def _call_label(view: SeatView, card: int, lang: str) -> str:
    """A call's button; a call the declarer may make of a tarok he holds says tiché sólo."""
    label = card_label(card, lang)
    if Call(view.seat, card) in view.legal and silent_solo(view.hand, card):
        return t("taroky.btn_call_silent", lang, card=label)
    return label


def _discard_select(table: Table, step: Step, view: SeatView, lang: str) -> Item:
    """Several cards to lay away: one select of the cards that belong to a legal whole
    discard (the engine's ``discardable``; the others' reasons are below)."""
    n = view.discard_left
    offered = [(c.action.card, c) for c in step.candidates
               if c.enabled and isinstance(c.action, Discard)]
    options = [
        discord.SelectOption(label=c.label,
                             value=json.dumps(c.action.to_json(), separators=(",", ":")))
        for _card, c in sorted(offered, key=lambda x: (is_tarok(x[0]), x[0]))
    ]  # suit cards first: they are what is usually laid away
    return ActionsSelect(table.table_id, table.version, options,
                         t("taroky.discard_placeholder", lang, n=n), count=n)


def moved_since_stand_in(table: Table, seat: int, walked: SeatMoves | None = None) -> bool:
    """``seat``'s player made a move of his own (clicked: not one the table played for him,
    ``forced_cards``) after the last move an AI made for him: his hand tells what it did for
    him only until then (he read it on coming back). Read from the recent events (``walked``:
    his moves there, ``walk``); when the AI's moves are older than those, any move of his
    since counts."""
    s = table.seats[seat] if 0 <= seat < len(table.seats) else None
    if s is None or not s.ai_at:
        return False
    walked = walked if walked is not None else walk(table.events, seat)
    stood = walked.last_made("stand_in")
    if stood >= 0:
        return walked.last_click > stood
    log, ai = round_of(table).log, set(s.ai_at)
    return any(log[v].seat == seat and v not in ai for v in range(s.ai_at[-1] + 1, len(log)))


def talon_line(view: SeatView, lang: str) -> str:
    """What the seat took from the talon (1P/2P: his alone to know, T-TALON-411) and what
    it has laid away so far, while T-VIEW lets it look at them (the view holds both only
    until the announcements): "Vzato z talonu: … · odloženo za talon: …" — in words that
    fit any player (no gendered past tense), the cards in the usual order. "Z talonu máš"
    read as if the cards laid away were still in his hand (review 68)."""
    taken = cards_text(sorted(view.taken), lang)
    laid = cards_text(sorted(view.own_discards), lang)
    if taken and laid:
        return t("taroky.hand_taken_laid", lang, taken=taken, laid=laid)
    if taken:
        return t("taroky.hand_taken", lang, cards=taken)
    return t("taroky.hand_laid", lang, cards=laid) if laid else ""


def pagat_line(view: SeatView, lang: str) -> str:
    """While the seat's announced pagát ultimo is still open — in play, I still in his hand
    before the last trick — a reminder to keep it (review 74: a first-time player of the
    second duty, whose pagát was announced with the game, led I in trick 1 and lost it);
    in every deal: it warns about money at stake, not about a word (review 95)."""
    pub = view.public
    if (pub.phase != "play" or pub.pagat_by != view.seat
            or pub.tricks_done >= LAST_TRICK - 1 or not view.hand & mask_of((PAGAT,))):
        return ""
    return t("taroky.hand_pagat_keep", lang, card=card_label(PAGAT, lang))


def hand(table: Table, view: Any, lang: str) -> HandParts:
    """The parts of the hand message of ``view`` (a Taroky ``SeatView``)."""
    if not isinstance(view, SeatView):
        raise TypeError("a Taroky hand takes a Taroky SeatView")
    pub = view.public
    lines = [f"**{t('taroky.hand_title', lang, n=pub.deal_no)}**"]
    role = role_line(table, view, lang)
    if role:
        lines.append(role)
    walked = walk(table.events, view.seat)  # (once: all the hand reads of his moves)
    stood = ("" if moved_since_stand_in(table, view.seat, walked)  # what an AI said for him
             else stood_in_line(table, view.seat, lang, you=True))
    if stood:
        lines.append(stood)
    forced = forced_cards(table.events, view.seat, walked) if pub.phase == "play" else []
    told = forced_cards_line(view, lang, forced)
    if told:
        lines.append(told)
    trick = trick_line(table, view, lang, forced)
    if trick:
        lines.append(trick)
    if view.hand:  # (always, as Lóra's: the one place a screen reader hears them, grouped)
        lines.append(t("core.hand_cards", lang, cards=hand_text(view, lang)))
    talon = talon_line(view, lang)
    if talon:
        lines.append(talon)
    keep = pagat_line(view, lang)
    if keep:
        lines.append(keep)
    said = prompt(table, view, lang)
    lines.append(said)
    gloss = gloss_line(view, lang) if not table.stood_in(view.seat) else ""
    if gloss:
        lines.append(gloss)
    lines.extend(flek_limit_lines(table, view, lang))
    warning = secret_partner_warning(view, table.names(), lang)
    if warning:
        lines.append(warning)
    items, why = controls(table, view, lang)
    if why:
        lines.append(t("taroky.why_disabled", lang))
        lines.extend(why)
    names = picture_names(table, lang)
    # a partial of a module-level function pickles: the render pool draws it off the loop
    picture = partial(render_hand, view, names, lang) if view.hand or view.trojka_cards else None
    waiting = (not pub.finished and table.state is not None and not table.state.finished
               and not table.stood_in(view.seat) and not view.legal and pub.to_act is not None)
    return HandParts(lines, items, picture, said if waiting else None,
                     hand_alt(table, view, lang))


def hand_alt(table: Table, view: SeatView, lang: str) -> str:
    """The hand picture in words (``alt.hand_alt``): his cards, the cards drawn below them
    (the trojka he looks at, the cards taken from the talon or laid away: ``extra_cards``)
    and whose turn. (The picture shows no trick: the trick line above tells it.)"""
    title, extra = extra_cards(view, lang)
    shown = [f"{title}: {cards_text(extra, lang)}" if extra else ""]
    turn = turn_line(table, view.table, lang, view.seat) if view.table is not None else ""
    return alt.hand_alt(lang, bool(view.hand), shown, turn)
