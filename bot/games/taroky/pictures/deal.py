"""A finished Taroky deal as it is counted at a real table (T-VIEW Decision 18: when the deal
ends everything is shown): the game and who played it with whom, the talon's cards the
seats took (3P: which trojka, whether shown; Varšava: to whose trick each card went), then
each side with its eyes and, per seat, the cards of its tricks and what it laid away, and
the talon's cards that count for the opponents (sólo, 3P: which trojka). A card is drawn
once, but for a taken talon card, recorded in the talon's box (sólo has none); Varšava's
turned talon cards are drawn only there, each under the name of the player it went to.

Drawn from the finished deal's public view (its ``reveal``, which exists only once the deal
is over) and its protocol row (the eyes): the engine says what counts for whom; nothing here
knows a rule. 800 px wide like a hand, and a phone shows it ``PHONE_W`` (342) px wide as long
as it is at most ``MOST_H`` high: its words are at least 29 px (12 px on the phone), and each
card is drawn 124 px wide (53 px on the phone, nearly a hand card's 64) but only its top
(``TAB_H``: its index and the top of its picture), so that every deal stays within that
height (review 65: with 80 px cards and 26 px words, 9–10 px on a phone, a 3P deal was 1666 px
high and shown narrower still). Each card's index is redrawn large in the strip the next card
leaves (``record``: its rank and suit sign 11.5 px on a phone; the art's were 7.7, review 77).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial

from PIL import Image

from bot.games.taroky.pictures import palette
from bot.games.taroky.pictures.chips import (
    GAP,
    ROWS,
    Chip,
    ChipRows,
    chip_rows,
    draw_chips,
    fill_rows,
    varsava_chips,
)
from bot.games.taroky.pictures.record import CARD_W, STEP, TAB_H, put_record
from bot.games.taroky.texts import valat_owners
from bot.games.taroky.words import amount, card_label, game_name, level_text, pic, word
from bot.i18n import lang_of, tn
from bot.render.common import (
    BAR,
    GOLD,
    GREEN,
    MUTED,
    PANEL,
    PHONE_H,
    PHONE_W,
    RED,
    RGB,
    TEXT,
    check_names,
    encode,
    felt,
    panel,
    paste,
    phone_px,
    text,
)
from bot.render.fonts import fit, fitted, font
from bot.render.names import fit_apart
from engine.taroky.cards import cards_of
from engine.taroky.protocol import DealRecord
from engine.taroky.talon import lower, upper
from engine.taroky.views import PublicView, Reveal

W = 800
M = 12  # the panels' margin
PAD = 12  # inside a panel
INNER = W - 2 * M - 2 * PAD  # what a row of cards may take
MOST_H = PHONE_H * W // PHONE_W  # px (1534): no taller, a phone shows it PHONE_W wide
SMALLEST = phone_px(W, 12)  # px (29): 12 px on a phone, which shows it 342 px wide
NAME_PX = phone_px(W, 13)  # px (31): the players' names, the panels' titles
TITLE_PX = phone_px(W, 14)  # px (33): the header's
HEADER_H = 60
CHIP_H = 42
LEGEND_H = 36  # the line of the chips' sign's legend (review 81)
# (the cards: ``record.CARD_W`` (124) px wide, 53 px on a phone, nearly a hand's card's
# 64; their tops ``TAB_H`` high, ``STEP`` apart: each shows its index, "10" too)
TALON_STEP = CARD_W // 2  # the talon's cards: half of each shown
GROUP_GAP = 22
LINE = 40  # a line of words over cards
ROW_GAP = 10
ROW = TAB_H + ROW_GAP  # a row of cards
Group = tuple[str, str, list[int]]  # a talon group: whose, what it was, its cards


def _eyes(n: int, lang: str) -> str:
    return tn("taroky.pic.deal_eyes", lang, n)


def _chips(deal: PublicView, row: DealRecord, names: list[str], lang: str,
           paid: bool = True, owners: bool = True) -> list[Chip]:
    """Who played the game and with whom, and each item that moved money: (label, value,
    the value's colour); ``paid``: with what each item brought the declarer's side;
    ``owners``: the pagát's and the valát's with whose they are."""
    if row.game == "W":
        return varsava_chips(row.declarer, row.zduch, row.bids, names, lang)
    chips: list[Chip] = [(pic("plays", lang), names[row.declarer], GOLD)]
    if row.called is not None:
        chips.append((pic("calls", lang), card_label(row.called, lang), TEXT))
    if row.partner is not None:
        chips.append((pic("deal_partner", lang), names[row.partner], GOLD))
    elif row.tiche_solo:
        chips.append((pic("deal_silent_solo", lang), "", TEXT))
    elif row.game in ("1P", "2P"):
        chips.append((pic("alone", lang), "", TEXT))
    if row.flek[0]:
        chips.append((pic("flek_game", lang), level_text(row.flek[0], lang), RED))
    if row.tie:  # 35:35, and who pays it as a loss by one eye where the table's rule says
        payer = row.tie_payer  # (review 72: the 35 read green, the tie not at all)
        pays = ("" if payer is None else "deal_tie_o" if payer == "O"
                else "deal_tie_d" if row.partner is None else "deal_tie_pair")
        chips.append((pic("deal_tie", lang), pic(pays, lang) if pays else "", TEXT))
    # each item that moved money (review 72 LOW 6: the result's message named the hlášky, the
    # picture did not): each hláška that counted, with its holder (T-SCORE-HLASKY: one not
    # counted moved nothing); the pagát and each valát, announced (with its flek) or
    # silent, ✓ made or ✗ failed, with whose it is as the protocol names it (review 70:
    # "pagát sup ×8 ✗" beside a lost game read as the declarer's failing) — each with what
    # it brought the declarer's side, as the protocol and the result's account sign it
    # (review 81: an opponent's pagát read −4,00 here, +4,00 there; the legend says so)
    for s, said in row.hlasky_said:
        chips.extend(_money(pic("deal_said", lang, what=word(h, lang), name=names[s]), "",
                            hal if s in row.declarers else -hal, paid, lang)
                     for h, counted, hal in said if counted)
    if row.pagat is not None:
        p = row.pagat
        label = pic("note_pagat" if p.announced else "deal_pagat_silent", lang)
        if owners:
            label = pic("deal_said", lang, what=label, name=names[p.seat])
        chips.append(_made(label, p.level, p.won, p.amount, paid, lang))
    for v in row.valats:
        label = pic("note_valat" if v.announced else "deal_valat_silent", lang)
        if owners:
            label = pic("deal_said", lang, what=label, name=valat_owners(row, v, names, lang))
        chips.append(_made(label, v.level, v.won, v.amount, paid, lang))
    return chips


def _made(label: str, level: int, won: bool, hal: int, paid: bool, lang: str) -> Chip:
    """An item's chip: its flek ("sup ×8", none without one), ✓ made or ✗ failed, and
    (``paid``) what it brought the declarer's side (``_money``); without the money green
    when made, red when failed."""
    mark = "✓" if won else "✗"
    said = f"{level_text(level, lang)} {mark}" if level else mark
    if not paid:
        return label, said, GREEN if won else RED
    return _money(label, said, hal, True, lang)


def _money(label: str, said: str, hal: int, paid: bool, lang: str) -> Chip:
    """A chip with what its item brought the declarer's side after ``said`` ("+0,50",
    "−8,00"; none without ``paid``): green for his side, red for the opponents."""
    if paid:
        said = f"{said} {amount(hal, lang, signed=True)}".strip()
    return label, said, GREEN if hal > 0 else RED if hal < 0 else TEXT


def _priced(row: DealRecord) -> bool:
    """Whether the chips show money: a hláška that counted, a pagát, a valát (never in
    Varšava, whose chips say who made it)."""
    return row.game != "W" and bool(row.pagat or row.valats or any(
        counted for _s, said in row.hlasky_said for _h, counted, _hal in said))


def _chip_rows(deal: PublicView, row: DealRecord, names: list[str], lang: str,
               rest: int | None = None) -> tuple[ChipRows, str]:
    """The chips in rows within the picture (``chips.chip_rows``): names whole in as many
    rows as the picture's height leaves them (``rest``: what all but the chips take,
    ``_rest_height``), at least two, else cut where they can be; should even that take
    more (or a chip be wider than a row even so: a valát of three long names, review 89's
    brackets), without the items' money (the result's account says it), then without whose
    the pagát and the valát are too (it names them). With the money, the legend of its sign
    under them ("+ pro stranu vydražitele", as the protocol's: review 81), else ""."""
    if rest is None:
        rest = _rest_height(deal, row, names, lang)
    legend = pic("deal_legend", lang) if _priced(row) else ""

    def rows_for(extra: int) -> int:
        return max(ROWS, (MOST_H - rest - extra + GAP) // (CHIP_H + GAP))

    most = rows_for(legend_height(legend))
    laid = chip_rows(lambda short: _chips(deal, row, short, lang), names, W - 2 * M, SMALLEST,
                     most_rows=most)
    if laid is not None and len(laid.rows) <= most:
        return laid, legend
    most = rows_for(0)  # (no legend: no money)
    for owners in (True, False):
        laid = chip_rows(partial(_chips, deal, row, lang=lang, paid=False, owners=owners),
                         names, W - 2 * M, SMALLEST, most_rows=most)
        if laid is not None and len(laid.rows) <= most:
            break
    assert laid is not None  # (without whose: every chip names one player at most)
    return laid, ""


def legend_height(legend: str) -> int:
    """The height the sign's legend takes under the chips (none without one)."""
    return LEGEND_H if legend else 0


def _rest_height(deal: PublicView, row: DealRecord, names: list[str], lang: str) -> int:
    """The picture's height without its chips: the talon's panel and the sides'."""
    assert deal.reveal is not None
    groups = _talon_groups(deal, row, deal.reveal, names, lang)
    talon_rows, _widths, _labels = _talon_layout(groups, names)
    return _height(0, _talon_height(groups, talon_rows),
                   _blocks(deal, row, deal.reveal, names, lang))


def _talon_groups(deal: PublicView, row: DealRecord, reveal: Reveal, names: list[str],
                  lang: str) -> list[Group]:
    """The talon in groups as it went: (whose, what it was, its cards) in the talon's order
    — what the seats took (a record: each card is drawn again where it was counted); the
    opponents' part (sólo, 3P) is drawn only where it counts, under the opponents. Varšava:
    each turned card on its own under the name of the trick's winner it went to (review 64:
    "Carol" over two cards read as over the first), drawn nowhere else (``_varsava_pile``)."""
    talon = list(row.talon)
    if row.game == "W":  # each card to the winner of the trick it was turned after
        return [(names[seat] if seat is not None else "", "", [card])
                for card, seat in deal.turned]

    parts = [(names[s], list(reveal.taken[s])) for s in range(4) if reveal.taken[s]]
    parts.sort(key=lambda p: min(talon.index(c) for c in p[1]))
    return [(who, _trojka(row, cs, lang), sorted(cs, key=talon.index)) for who, cs in parts]


def _trojka(row: DealRecord, cs: Sequence[int], lang: str) -> str:
    """3P: which trojka of the talon ``cs`` is, and whether it was shown ("" otherwise)."""
    if not row.game.startswith("3P"):
        return ""
    key = "deal_upper" if tuple(cs) == upper(row.talon) else (
        "deal_lower" if tuple(cs) == lower(row.talon) else "")
    if not key:
        return ""
    shown = all(c in row.shown for c in cs)
    return pic(key, lang) + (" · " + pic("deal_shown", lang) if shown else "")


def _talon_layout(groups: list[Group], names: Sequence[str]
                  ) -> tuple[list[list[int]], list[int], list[str]]:
    """The groups (their indices) in rows as their cards fit (``_talon_rows``); each
    group's width — its cards, or its words if wider, cut to what the row's cards leave
    them — and its name as it fits that (bold; a name apart from the other ``names`` cut
    so: ``fit_apart``)."""
    bold, small = font(SMALLEST, "bold"), font(SMALLEST, "narrow")
    cards_w = [CARD_W + TALON_STEP * (len(cs) - 1) for _w, _s, cs in groups]
    want = [min(INNER, max(cw, math.ceil(bold.getlength(who)),
                           math.ceil(small.getlength(sub))))
            for cw, (who, sub, _cs) in zip(cards_w, groups, strict=True)]
    rows = _talon_rows(cards_w)
    for row in rows:
        room = INNER - GROUP_GAP * (len(row) - 1)
        if sum(want[i] for i in row) > room:  # the words cut to what the cards leave
            spare = max(0, room - sum(cards_w[i] for i in row))
            share = spare / max(1, sum(want[i] - cards_w[i] for i in row))
            for i in row:
                want[i] = cards_w[i] + int((want[i] - cards_w[i]) * share)
    return rows, want, [fit_apart(who, names, bold, w)
                        for w, (who, _s, _c) in zip(want, groups, strict=True)]


def _talon_rows(widths: Sequence[int]) -> list[list[int]]:
    """The groups (their indices) ``widths`` px wide in rows as they fit, in order; as
    many in each row as the rows allow (Varšava's six cards three and three, not five and
    one)."""
    rows = fill_rows(widths, INNER, GROUP_GAP)
    even = fill_rows(widths, INNER, GROUP_GAP, math.ceil(len(widths) / max(1, len(rows))))
    return even if len(even) == len(rows) else rows


def _talon_lines(groups: list[Group], row: list[int]) -> int:
    """The lines over a talon row's cards: its names, and 3P's line of which trojka."""
    return 2 if any(groups[i][1] for i in row) else 1


def _talon_height(groups: list[Group], rows: list[list[int]]) -> int:
    """The talon's panel: its title, then each row's names (and 3P's trojka line) over
    its cards."""
    if not groups:
        return 0
    return PAD + LINE + sum(LINE * _talon_lines(groups, row) + ROW for row in rows) + PAD - ROW_GAP


def _pile_rows(count: int, first_room: int) -> list[int]:
    """How many of a pile's ``count`` cards each row holds: the first row ``first_room`` px
    wide (none if it has no room), the others the whole row."""
    def fits(width: int) -> int:
        return 0 if width < CARD_W else 1 + (width - CARD_W) // STEP

    rows: list[int] = []
    left, room = count, first_room
    while left > 0:
        rows.append(min(fits(room), left))
        left -= rows[-1]
        room = INNER
    return rows


def _laid_w(laid: Sequence[int]) -> int:
    return CARD_W + STEP * (len(laid) - 1) if laid else 0


def _seat_height(pile: Sequence[int], laid: Sequence[int], head: bool = True) -> int:
    rows = _pile_rows(len(pile), INNER - (_laid_w(laid) + GROUP_GAP if laid else 0))
    n = max(len(rows), 1 if laid else 0)
    return (LINE if head or laid else 0) + n * ROW


def _head(img: Image.Image, x: int, y: int, name: str, role: str, tricks: int, room: int,
          lang: str) -> None:
    """A seat's name, its role and its tricks on one line ``room`` px wide at most."""
    fb, fr = font(NAME_PX, "bold"), font(SMALLEST)
    took = tn("taroky.pic.tricks", lang, tricks)  # ("1 trick", "5 štychů": review 89)
    role_w = fr.getlength(role) + 10 if role else 0
    shown = fit(name, fb, max(60, room - role_w - fr.getlength(took) - 16))
    nx = x + int(text(img, (x, y + LINE // 2), shown, fb, TEXT, "lm"))
    if role:
        nx += 10 + int(text(img, (nx + 10, y + LINE // 2 + 1), role, fr, GOLD, "lm"))
    text(img, (nx + 16, y + LINE // 2 + 1), took, fr, MUTED, "lm")


def _seat(img: Image.Image, x: int, y: int, name: str, role: str, tricks: int,
          pile: Sequence[int], laid: Sequence[int], lang: str, head: bool = True) -> int:
    """One seat: its name, role and tricks (``head``; else its panel's title says them),
    the cards of its tricks, what it laid away (right, under its word); returns the height
    used."""
    laid_w = _laid_w(laid)
    right = x + INNER - (laid_w + GROUP_GAP if laid else 0)
    if head:  # (clear of the word over what it laid away)
        word = font(SMALLEST).getlength(pic("deal_laid", lang)) if laid else 0
        _head(img, x, y, name, role, tricks,
              INNER - (int(max(laid_w, word)) + GROUP_GAP if laid else 0), lang)
    top = y + (LINE if head or laid else 0)
    if laid:
        text(img, (x + INNER, y + LINE // 2 + 1), pic("deal_laid", lang), font(SMALLEST),
             MUTED, "rm")
        for i, card in enumerate(laid):
            put_record(img, card, x + INNER - laid_w + i * STEP, top, lang)
    cy, k = top, 0
    for n in _pile_rows(len(pile), right - x):
        for i in range(n):
            put_record(img, pile[k], x + i * STEP, cy, lang)
            k += 1
        cy += ROW
    return _seat_height(pile, laid, head)


Block = tuple[str, str, RGB, list[tuple[str, str, int, list[int], list[int]]]]


def _side_eyes(eyes: int, won: int, lang: str) -> str:
    """A side's eyes with its verdict in words ("47 očí ✓ výhra", "23 očí ✗ prohra"; ``won``
    > 0 it won the game, < 0 lost it, 0 a tie: the eyes alone, the strip's chip says it):
    the green and red were the same yellow to colour-blind eyes (review 83)."""
    if won == 0:
        return _eyes(eyes, lang)
    return pic("deal_side_won" if won > 0 else "deal_side_lost", lang, eyes=_eyes(eyes, lang))


def _blocks(deal: PublicView, row: DealRecord, reveal: Reveal, names: list[str],
            lang: str) -> list[Block]:
    """The panels under the talon: (title, its eyes, their colour, its seats: name, role,
    tricks, the cards of its tricks, what it laid away) — each side, or in Varšava each
    player."""
    def seat(s: int, role: str = "") -> tuple[str, str, int, list[int], list[int]]:
        return (names[s], role, row.tricks[s], _varsava_pile(deal, reveal, s)
                if row.game == "W" else cards_of(reveal.piles[s]), list(reveal.discards[s]))

    if row.game == "W":
        assert row.eyes_by_seat is not None
        blana = row.blana or (False, False, False, False)
        order = [(row.declarer + i) % 4 for i in range(4)]
        return [(names[s], _eyes(row.eyes_by_seat[s], lang)
                 + (" · " + pic("deal_blana", lang) if blana[s] else ""), TEXT,
                 [seat(s)]) for s in order]
    assert row.eyes is not None and row.components is not None
    declarers = row.declarers
    others = [s for s in ((row.declarer + i) % 4 for i in range(1, 4)) if s not in declarers]
    won = 0 if row.tie else row.components["G"]  # (a tie neither side won, paid or not)
    mine = GREEN if won > 0 else (RED if won < 0 else TEXT)
    theirs = RED if won > 0 else (GREEN if won < 0 else TEXT)
    roles = {row.declarer: pic("plays", lang)}  # (as its chip: "hraje", "declarer")
    if row.partner is not None:
        roles[row.partner] = pic("deal_with_declarer", lang)
    side_d = [seat(s, roles.get(s, "")) for s in declarers]
    side_o = [seat(s) for s in others]
    if reveal.opp_talon:  # (drawn here only: the talon's box shows what seats took)
        what = _trojka(row, reveal.opp_talon, lang)
        side_o.append((pic("deal_talon_theirs", lang) + (" · " + what if what else ""), "",
                       -1, sorted(reveal.opp_talon, key=list(row.talon).index), []))
    return [  # (a side of two or three: its seats below are named)
        (pic("deal_side_d", lang), _side_eyes(row.eyes[0], won, lang), mine, side_d),
        (pic("deal_side_o", lang), _side_eyes(row.eyes[1], -won, lang), theirs, side_o),
    ]


def _varsava_pile(deal: PublicView, reveal: Reveal, seat: int) -> list[int]:
    """A Varšava player's pile without the talon cards turned to him: the talon's box
    shows them under his name (review 64: each was drawn twice)."""
    turned = {card for card, _seat in deal.turned}
    return [c for c in cards_of(reveal.piles[seat]) if c not in turned]


def _single(block: Block) -> bool:
    """A side of one player (a declarer alone, a player of Varšava): its title is his."""
    return len(block[3]) == 1


def _block_height(block: Block) -> int:
    head = not _single(block)
    return LINE + PAD + PAD // 2 + sum(_seat_height(p, laid, head) + PAD
                                       for _n, _r, _t, p, laid in block[3])


def _height(chips_h: int, talon_h: int, blocks: list[Block]) -> int:
    """The picture's height: the header, the chips' rows, the talon's panel, the sides'."""
    return (HEADER_H + 8 + chips_h + 10 + (talon_h + 10 if talon_h else 0)
            + sum(_block_height(b) + 10 for b in blocks) + 2)


def deal_image(deal: PublicView, row: DealRecord, names: Sequence[str],
               lang: str = "cs") -> Image.Image:
    """The finished deal ``deal`` (its public view, with the reveal) and its protocol row as
    a Pillow image (RGB)."""
    if not isinstance(deal, PublicView) or deal.reveal is None:
        raise ValueError("a deal is drawn only once it is over (its reveal)")
    lang = lang_of(lang)
    who = check_names(names, lang)
    reveal = deal.reveal
    groups = _talon_groups(deal, row, reveal, who, lang)
    talon_rows, widths, labels = _talon_layout(groups, who)
    talon_h = _talon_height(groups, talon_rows)
    blocks = _blocks(deal, row, reveal, who, lang)
    strip, legend = _chip_rows(deal, row, who, lang, _height(0, talon_h, blocks))
    height = _height(strip.height(CHIP_H) + legend_height(legend), talon_h, blocks)
    img = felt(W, height).copy()
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    # the header: the deal, its game; the eyes of the sides
    title = pic("deal_no", lang, n=row.deal_no)
    big = font(TITLE_PX, "bold")
    x = 14 + int(text(img, (14, HEADER_H // 2), title, big, TEXT, "lm"))
    score = "" if row.eyes is None else f"{row.eyes[0]}:{row.eyes[1]}"
    score_w = int(text(img, (W - 14, HEADER_H // 2), score, big, GOLD, "rm"))
    sub, fs = fitted(game_name(row.game, lang, zduch=row.zduch), SMALLEST, "regular",
                     W - 14 - x - 12 - score_w - 16, smallest=SMALLEST)
    text(img, (x + 12, HEADER_H // 2 + 1), sub, fs, MUTED, "lm")
    # who played it with whom
    y = HEADER_H + 8 + draw_chips(img, M, HEADER_H + 8, CHIP_H, strip) + 10
    if legend:  # the sign of the chips' money (muted, under them)
        shown, fl = fitted(legend, SMALLEST, "regular", INNER, smallest=SMALLEST)
        text(img, (M + PAD, y - 4 + LEGEND_H // 2), fit(shown, fl, INNER), fl, MUTED,
             "lm")
        y += LEGEND_H
    # the talon, in groups as it went, in rows as they fit
    if groups:
        paste(img, panel(W - 2 * M, talon_h, PANEL, radius=14), M, y)
        text(img, (M + PAD, y + PAD + LINE // 2), pic("talon", lang),
             font(NAME_PX, "bold"), TEXT, "lm")
        top = y + PAD + LINE
        label_font = font(SMALLEST, "bold")
        for line in talon_rows:
            over = _talon_lines(groups, line) * LINE  # (3P: a line says which trojka)
            gx = M + PAD
            for i in line:
                w, (_who, what, cs) = widths[i], groups[i]
                text(img, (gx, top + LINE // 2), labels[i], label_font, GOLD, "lm")
                if what:
                    shown, fw = fitted(what, SMALLEST, "narrow", w, smallest=SMALLEST)
                    text(img, (gx, top + LINE + LINE // 2), fit(shown, fw, w), fw, MUTED,
                         "lm")
                for k, card in enumerate(cs):
                    put_record(img, card, gx + k * TALON_STEP, top + over, lang)
                gx += w + GROUP_GAP
            top += over + ROW
        y += talon_h + 10
    # each side (Varšava: each player) with its eyes, and its seats' cards
    for title_s, eyes, colour, seats in blocks:
        h = _block_height((title_s, eyes, colour, seats))
        paste(img, panel(W - 2 * M, h, PANEL, radius=14), M, y)
        fb = font(NAME_PX, "bold")
        eyes_w = int(text(img, (W - M - PAD, y + PAD + LINE // 2), eyes, fb, colour, "rm"))
        single = _single((title_s, eyes, colour, seats))
        if single:
            name, role, tricks, _p, _l = seats[0]
            _head(img, M + PAD, y + PAD, name, role, tricks, INNER - eyes_w - 16, lang)
        else:
            shown = fit(title_s, fb, INNER - eyes_w - 16)
            text(img, (M + PAD, y + PAD + LINE // 2), shown, fb, TEXT, "lm")
        sy = y + PAD + LINE + PAD // 2
        for name, role, tricks, pile, laid in seats:
            if tricks < 0:  # the talon's part that counts for this side
                text(img, (M + PAD, sy + LINE // 2 + 1), fit(name, font(SMALLEST), INNER),
                     font(SMALLEST), MUTED, "lm")
                for i, card in enumerate(pile):
                    put_record(img, card, M + PAD + i * STEP, sy + LINE, lang)
                sy += _seat_height(pile, laid) + PAD
                continue
            sy += _seat(img, M + PAD, sy, name, role, tricks, pile, laid, lang,
                        head=not single) + PAD
        y += h + 10
    return img


def render_deal(deal: PublicView, row: DealRecord, names: Sequence[str],
                lang: str = "cs") -> bytes:
    """PNG of a finished deal as counted (its public view once it is over, and its row)."""
    return encode(deal_image(deal, row, names, lang), palette.taroky())


__all__ = ["deal_image", "render_deal"]
