"""Taroky's words at the table: the status lines, the event lines, the announcements of each
deal's start and result, the turn pings.

Everything here is read from the public view (``TableView``), the engine's events (public by
their contract: a hidden discard has no card, nothing names the secret partner before
``PartnerRevealed``) and the protocol rows of finished deals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.base import picture_legend
from bot.games.marks import MarkedLine, marked_entries, marked_text, public_mark
from bot.games.taroky.words import (
    alone_in_talon,
    card_label,
    cards_text,
    flek_said,
    flek_text,
    game_name,
    level_name,
    level_text,
    money,
    short_money,
    spoken_cards,
    times,
    trojkas,
    word,
)
from bot.i18n import and_list, t, tn
from bot.model import Table
from bot.recent import Fading, new_deal_at
from bot.storage.stats import is_win
from bot.tournament.words import table_place
from bot.ui.alt import sentences, spoken
from engine.game import GameEvent
from engine.taroky import SPEC, TarokyRound
from engine.taroky.actions import Announce, Bid, Call, Choose, DealAction, Discard, Play
from engine.taroky.events import (
    Announced,
    AnnouncementsClosed,
    BidSaid,
    Called,
    CardPlayed,
    DealEnded,
    DealStarted,
    Discarded,
    Event,
    Flekked,
    GameChosen,
    RoundEnding,
    RoundFinished,
    TrickTaken,
    TrojkaRejected,
    TrojkaTaken,
    TurnPassed,
)
from engine.taroky.messages import event_text
from engine.taroky.protocol import DealRecord
from engine.taroky.round import places_of
from engine.taroky.scoring import PagatResult, ValatResult
from engine.taroky.talon import is_face_up
from engine.taroky.views import PublicView, TableView

QUIET = (CardPlayed, TurnPassed, RoundFinished)
# what a seat says (bids, the game chosen, the call, announcements): a stand-in's is told
SAID = (Bid, Choose, Call, Announce)
# the events of a seat's own move (an ``Unclicked`` marker marks the next of its seat)
MOVES = (BidSaid, GameChosen, Called, TrojkaRejected, TrojkaTaken, Discarded, Announced,
         Flekked, TurnPassed, CardPlayed)


def round_of(table: Table) -> TarokyRound:
    state = table.state
    if not isinstance(state, TarokyRound):
        raise TypeError("the table holds no Taroky round")
    return state


def taroky_events(events: Sequence[GameEvent]) -> list[Event]:
    return [e for e in events if isinstance(e, Event)]


def clock_end(table: Table) -> float | None:
    """When the round is asked to end by the clock (epoch seconds), if it will be."""
    rnd = round_of(table)
    limit = SPEC.time_limit_of(rnd)
    if limit is None or table.clock_started is None:
        return None
    return table.clock_started + limit.seconds


def game_line(table: Table, view: TableView, lang: str) -> str:
    deal = view.deal
    names = table.names()
    if view.finished:
        return t("taroky.line_round_over", lang, n=view.round_no)
    if deal.game is None or deal.declarer is None:
        return t(f"taroky.line_{deal.phase}", lang, n=deal.deal_no)
    name = names[deal.declarer]
    game = game_name(deal.game, lang, zduch=deal.zduch)
    if deal.game == "W":
        return t("taroky.line_varsava", lang, n=deal.deal_no, game=game)
    if deal.called is not None:
        return t("taroky.line_game_called", lang, n=deal.deal_no, game=game, name=name,
                 card=card_label(deal.called, lang))
    return t("taroky.line_game", lang, n=deal.deal_no, game=game, name=name)


def turn_line(table: Table, view: TableView, lang: str, viewer: int | None = None) -> str:
    """Whose turn it is, in the phase's words ("Licituje: …", "Vynáší: …"); ``viewer``'s
    own turn in the second person (his hand: "Licituješ", "Jsi na tahu", as Lóra's says)."""
    deal = view.deal
    if view.to_act is None:
        return ""
    name = table.names()[view.to_act]
    phase = deal.phase if deal.phase != "play" else "play" if deal.trick else "lead"
    if view.to_act == viewer:
        return t("core.turn_line_you" if phase == "play" else f"taroky.turn_{phase}_you", lang)
    return t(f"taroky.turn_{phase}", lang, name=name)


def clock_line(table: Table, view: TableView, lang: str) -> str:
    """How the round ends: by the clock (a live Discord timestamp), or after n deals. That
    the deal in progress is played out past the clock is said in the first deal, where the
    players learn how the round ends, and again when the time is up ("this deal is the
    last"); not at every update in between (review 93)."""
    if view.finished:
        return ""
    if view.ending:
        return t("taroky.clock_last_deal", lang)
    deals = view.options.round_deals
    if deals is not None:
        return t("taroky.clock_deals", lang, n=view.deal.deal_no, of=deals)
    end = clock_end(table)
    if end is None:
        return ""
    key = "taroky.clock_ends_first" if view.deal.deal_no == 1 else "taroky.clock_ends"
    return t(key, lang, when=f"<t:{int(end)}:R>")


def _stood_in(table: Table, seat: int,
              cards: bool = False) -> list[tuple[int, DealAction, int | None, int]]:
    """What an AI standing in for ``seat``'s absent player said for him in the deal in
    progress — his bids, the game chosen, the tarok called, his announcements (his cards are
    in the event lines; ``cards``: them too, and the cards it laid away into the talon for
    him, which only he may read, in his own hand: ``stood_in_line``) — each with its
    place in the round's log, the level of the flek it answers (flek 1, re 2, …: a later turn
    of a seat comes only after a flek, the last one the others said since it last spoke; None
    in its first turn or for more words of the same turn) and, for a flek of its own, its
    level.
    The seat keeps the versions of the AI's moves for him (``Seat.ai_at``), so this holds
    after his return and a restart. One pass over the deal's log."""
    s = table.seats[seat] if 0 <= seat < len(table.seats) else None
    if s is None or s.user_id is None or not s.ai_at:
        return []
    rnd = round_of(table)
    log, ai = rnd.log, set(s.ai_at)
    levels: dict[str, int] = {}  # each item's flek level so far in the deal
    spoke, answered = False, None
    out: list[tuple[int, DealAction, int | None, int]] = []
    for v in range(rnd.deal_began, len(log)):
        action = log[v]
        before = answered
        if isinstance(action, Announce):
            if action.item.startswith("flek:"):
                levels[action.item] = levels.get(action.item, 0) + 1
            if action.seat == seat:
                spoke, answered = True, None  # what it answered before is told already
            elif spoke and action.item.startswith("flek:"):
                answered = levels[action.item]
        if (v in ai and (isinstance(action, SAID)
                         or (cards and isinstance(action, Play | Discard)))
                and action.seat == seat):
            level = levels.get(action.item, 0) if isinstance(action, Announce) else 0
            out.append((v, action, before, level))
    return out


def _said(action: DealAction, lang: str) -> tuple[str, str]:
    """The kind of a stand-in's word (``taroky.stood_<kind>``) and the word itself."""
    match action:
        case Bid(bid=bid):
            return "bid", word(bid, lang)
        case Choose(game=game):
            return "choose", game_name(game, lang)
        case Call(card=card):
            return "call", card_label(card, lang)
        case Announce(item=item):
            return "announce", word("dobra" if item == "done" else item, lang)
        case Play(card=card):
            return "cards", card_label(card, lang)
        case Discard(card=card):
            return "discard", card_label(card, lang)
        case _:
            return "bid", ""


def stood_in_line(table: Table, seat: int, lang: str, you: bool = False) -> str:
    """Who bid what for an absent player: "Za nepřítomného hráče Bob hrála AI – licitace:
    dobrá; hlášení: dobrá; na flek: dobrá." (an answer to a flek says so; ``you``: the line
    of his own hand, which also says the cards it laid away into the talon — named until
    the announcements, then counted but for the face-up taroks (T-VIEW) — and names those
    it played for him, in order: the public lines keep only the last few events); empty
    when it did nothing for him in this deal."""
    parts: list[tuple[str, str, list[str]]] = []  # kind, the flek answered, what was said
    rnd = round_of(table)
    log = rnd.log
    # T-VIEW: his own hidden discards only until the announcements; then their count (a
    # discarded tarok lies face up: it is named)
    hidden = 0
    secret = rnd.deal.phase in ("announce", "play")
    for v, action, answered, level in _stood_in(table, seat, cards=you):
        if secret and isinstance(action, Discard) and not is_face_up(action.card):
            hidden += 1
            continue
        kind, said = _said(action, lang)
        flek = ""
        if isinstance(action, Announce) and action.item.startswith("flek:"):  # its level
            said = flek_said(level, action.item[5:], lang)
        if isinstance(action, Announce):  # an answer to a flek says which
            same_turn = v > 0 and isinstance(log[v - 1], Announce) and log[v - 1].seat == seat
            if answered is not None:
                kind, flek = "flek", level_name(answered, lang)
            elif same_turn and parts and parts[-1][0] == "flek":
                kind, flek = "flek", parts[-1][1]
        if parts and parts[-1][:2] == (kind, flek):
            parts[-1][2].append(said)
        else:
            parts.append((kind, flek, [said]))
    if hidden:
        count = tn("taroky.stood_hidden", lang, hidden)
        at = next((i for i, p in enumerate(parts) if p[0] == "discard"), None)
        if at is not None:
            parts[at][2].append(count)
        else:  # after what it said before the talon (the bidding, the call)
            at = next((i for i, p in enumerate(parts) if p[0] in ("announce", "flek", "cards")),
                      len(parts))
            parts.insert(at, ("discard", "", [count]))
    if not parts:
        return ""
    moves = "; ".join(t(f"taroky.stood_{kind}", lang, said=", ".join(said), flek=flek)
                      for kind, flek, said in parts)
    if you:
        return t("taroky.stood_in_you", lang, moves=moves)
    return t("taroky.stood_in", lang, name=table.names()[seat], moves=moves)


def trick_cards(trick: Sequence[tuple[int, int]], names: Sequence[str], lang: str,
                mark: Callable[[int, int], str] | None = None) -> str:
    """The trick in progress, who played what ("Anna K♥, Bob 7♥"); ``mark(seat, card)``
    follows a card (the hand's "(automaticky)")."""
    return ", ".join(f"{names[seat]} {card_label(card, lang)}"
                     + (mark(seat, card) if mark is not None else "") for seat, card in trick)


def has_last_trick(table: Table) -> bool:
    """Whether the deal in progress has a trick taken to show (``last_trick_text``)."""
    return round_of(table).public_view().deal.last_trick is not None


def last_trick_text(table: Table, lang: str) -> str:
    """The last completed trick, which everyone sees (T-VIEW), from the public view: its
    number, who led, who played what, who took it. The number goes in brackets after the
    words: "3. štych" at a line's start is a numbered list on Discord."""
    deal = round_of(table).public_view().deal
    last = deal.last_trick
    if last is None:
        return t("taroky.no_last_trick", lang)
    names = table.names()
    return t("taroky.last_trick", lang, number=deal.tricks_done, leader=names[last.leader],
             cards=trick_cards(last.played, names, lang), name=names[last.winner])


def table_trick_line(table: Table, view: TableView, lang: str) -> str:
    """The trick in progress, who played what ("Ve štychu: Alice XX, Bob II"); empty but
    while the tricks are played. Public (T-VIEW): the table's text says it, not only its
    picture, whose trick cards a phone shows too small to read (review 68)."""
    deal = view.deal
    if view.finished or deal.phase != "play" or not deal.trick:
        return ""
    return t("core.hand_trick", lang, cards=trick_cards(deal.trick, table.names(), lang))


def table_alt(table: Table, lang: str) -> str:
    """The table picture in words, the public facts it shows (T-VIEW): the deal and its
    game, the announcements and their fleks (the strip), whose turn, the trick in progress
    and the last one (no earlier trick), the talon's cards shown or turned, the taroks laid
    away face up, each seat's money, cards in hand, tricks taken and hlášky; once the round
    is over, its results. Review 68: the alt left most of it out, and once its event lines
    had scrolled away a screen reader had no way left to learn a flek or the laid taroks."""
    view = round_of(table).public_view()
    deal, names = view.deal, table.names()
    lines = [game_line(table, view, lang)]
    if view.finished:
        return sentences(lines + view_sheet_lines(view, names, lang))
    lines += [_announced_line(deal, names, lang), turn_line(table, view, lang),
              table_trick_line(table, view, lang)]
    last = deal.last_trick if deal.phase == "play" else None
    if last is not None:  # (its leader is its first card's: not named twice, for the length)
        lines.append(t("taroky.alt_last_trick", lang, number=deal.tricks_done,
                       cards=trick_cards(last.played, names, lang), name=names[last.winner]))
    lines += [_talon_line(deal, lang), *_trojka_lines(deal, lang), _laid_line(deal, lang)]
    seats = [_alt_seat(view, s, names[s], lang) for s in range(4)]
    lines.append(t("taroky.alt_seats", lang, seats="; ".join(seats)))
    return sentences(lines)


def _announced_line(deal: PublicView, names: Sequence[str], lang: str) -> str:
    """The picture's strip in words: the game's flek, the pagát and the valát announced
    and theirs ("Hlášení: hra flek ×2, valát Alice flek ×2."), a failed pagát so said."""
    if deal.declarer is None or deal.game in (None, "W"):
        return ""

    def leveled(item: str, level: int) -> str:
        flek = flek_text(level, lang)
        return f"{item} {flek}" if flek else item

    items = [leveled(t("taroky.pic.flek_game", lang), deal.flek[0])] if deal.flek[0] else []
    if deal.pagat_by is not None:
        pagat = leveled(t("taroky.pic.pagat_by", lang, name=names[deal.pagat_by]), deal.flek[1])
        items.append(t("taroky.alt_lost", lang, item=pagat) if deal.pagat_lost else pagat)
    if deal.valat_by is not None:
        items.append(leveled(t("taroky.pic.valat_by", lang, name=names[deal.valat_by]),
                             deal.flek[2]))
    return t("taroky.alt_announced", lang, items=", ".join(items)) if items else ""


def _talon_line(deal: PublicView, lang: str) -> str:
    """The talon's cards turned for all to see (sólo, Varšava); the shown trojkas:
    ``_trojka_lines``."""
    if deal.turned:
        cards = [c for c, _pile in deal.turned]
        return t("taroky.alt_cards", lang, title=t("taroky.pic.turned", lang),
                 cards=cards_text(cards, lang))
    return ""


def _trojka_lines(deal: PublicView, lang: str) -> list[str]:
    """The preferanc trojkas as the picture names them, a sentence each: which one, whether
    the declarer took it or refused it, its cards where they were shown ("Horní trojka
    (vzatá): A♥ C♦ C♣.", "Dolní trojka (vzatá)." — its cards hidden)."""
    lines = []
    for which, taken, shown in trojkas(deal):
        title = t("taroky.alt_trojka_taken" if taken else "taroky.alt_trojka_refused", lang,
                  which=t(f"taroky.pic.trojka_{which}", lang))
        lines.append(t("taroky.alt_cards", lang, title=title, cards=cards_text(shown, lang))
                     if shown else title)
    return lines


def _laid_line(deal: PublicView, lang: str) -> str:
    """The taroks laid away face up, by rank."""
    laid = sorted(c for cards in deal.face_up_discards for c in cards)
    return t("taroky.alt_cards", lang, title=t("taroky.pic.laid_taroks", lang),
             cards=cards_text(laid, lang)) if laid else ""


def _alt_seat(view: TableView, seat: int, name: str, lang: str) -> str:
    """One seat: money, cards in hand, tricks taken (while they are played), hlášky."""
    deal = view.deal
    said = t("taroky.alt_seat", lang, name=name, money=money(view.money[seat], lang),
             cards=tn("core.alt_cards", lang, deal.hand_counts[seat]))
    if deal.phase == "play":
        said += ", " + tn("taroky.alt_tricks", lang, deal.tricks_taken[seat])
    if deal.hlasky is not None and deal.hlasky[seat]:
        said += ", " + t("taroky.alt_hlasky", lang,
                         hlasky=", ".join(word(h, lang) for h in deal.hlasky[seat]))
    return said


def sheet_lines(table: Table, lang: str) -> list[str]:
    """The protocol's totals, a line per player: money and result (and dokup)."""
    return view_sheet_lines(round_of(table).public_view(), table.names(), lang)


def view_sheet_lines(view: TableView, names: Sequence[str], lang: str) -> list[str]:
    """``sheet_lines`` of a round (a table's, or an exported one's); once it is over in the
    final order, each with his place, and who won (review 92: its alt, in seat order, named
    no winner) — nobody where all share the first place."""
    places = places_of(view.results)
    order = sorted(range(4), key=lambda s: (places[s], s)) if view.finished else range(4)
    rows = []
    for s in order:
        key = "taroky.sheet_row_dokup" if view.dokup[s] else "taroky.sheet_row"
        row = t(key, lang, name=names[s], money=money(view.money[s], lang),
                result=money(view.results[s], lang, signed=True),
                dokup=money(view.dokup[s], lang))
        rows.append(f"{table_place(places, s, lang)} {row}" if view.finished else row)
    if not view.finished:
        return [t("taroky.sheet_head", lang), *rows]
    # (the leaderboard's rule, ``is_win``: all four first — a 35:35 — is nobody's win; review 97)
    winners = [names[s] for s in order if is_win(places[s], places)]
    key = ("taroky.sheet_final_equal" if not winners else "taroky.sheet_final_won"
           if len(winners) == 1 else "taroky.sheet_final_tied")
    return [t(key, lang, names=and_list(winners, lang)), *rows]


def status_lines(table: Table, lang: str) -> list[str]:
    """The deal and whose turn, the trick in progress, what an AI said for an absent player
    (where the others look for who bid what), and how the round ends."""
    view = round_of(table).public_view()
    lines = [game_line(table, view, lang), turn_line(table, view, lang),
             table_trick_line(table, view, lang)]
    if not view.finished:
        lines += [stood_in_line(table, seat, lang) for seat in range(len(table.seats))]
    lines.append(clock_line(table, view, lang))
    return [line for line in lines if line]


def event_lines(table: Table, events: Sequence[GameEvent]) -> list[str]:
    """The table's recent events: bids, the game, the call, trojkas, taroks laid away,
    hlášky, announcements, fleks, the partner once revealed, tricks, the deal's result.
    A trick's line names its cards while it is the last trick taken; the next one's makes
    it brief ("Cyril bere 7. štych.": ``Fading``), as everyone sees the last completed
    trick and no earlier one (T-VIEW). The deal's lines stay so once it has ended: its
    picture shows everything then.
    A move an AI made for an absent player (``Unclicked``) is shown and marked, even a card
    or a pass that is otherwise quiet; a forced move reads as any other (its mark would
    tell the others that it was the only legal one: only its player's hand tells it).
    A seat an AI plays since its player left is "Eve → AI" (``Table.move_names``)."""
    lang, names = table.settings.lang, table.move_names()

    def line(e: Event) -> str | None:
        # the deal's end and start: their announcements tell the result, and who deals and
        # who is the předák (review 55: the start was told three times; the picture marks
        # the dealer and the předák as well)
        if isinstance(e, DealEnded | DealStarted):
            return None
        if isinstance(e, TrickTaken):  # its cards only while it is the last trick (T-VIEW)
            return Fading(event_text(e, lang, names), event_text(e, lang, names, brief=True))
        return event_text(e, lang, names)

    def quiet(e: Event) -> bool:
        return isinstance(e, QUIET) or (isinstance(e, Discarded) and e.card is None)

    told = marked_entries(events, Event, line, MOVES, quiet,
                          lambda how, _seat: t(f"taroky.mark_{how}", lang)
                          if public_mark(how) else None)
    return _face_up_together(events, told, lang, names)


def _face_up_together(events: Sequence[GameEvent], told: Sequence[MarkedLine],
                      lang: str, names: list[str]) -> list[str]:
    """A seat's discards next to each other (with the same mark, if any) in at most two
    lines: the taroks it lays away face up, in the order of their rank ("Bob odkládá lícem
    nahoru: II XVI."), not a line for each in the order laid; the hidden cards an AI laid
    away for an absent player counted ("Alice odkládá 4 karty (tah AI)."), not
    four lines "Alice odkládá kartu". A single one reads as its event's line."""
    out: list[str] = []
    run: tuple[int, str] | None = None  # (seat, mark) of the discards that end ``out``
    start = 0  # where their lines begin in ``out``
    lines: dict[bool, tuple[str, list[int | None]]] = {}  # face up: (first line, cards)
    for i, text, mark in told:
        e = events[i]
        if not isinstance(e, Discarded):
            out.append(text)
            run = None
            continue
        if run != (e.seat, mark):
            run, start, lines = (e.seat, mark), len(out), {}
        up = e.card is not None
        lines.setdefault(up, (text, []))[1].append(e.card)
        out[start:] = [_discards_line(names[e.seat], first, cards, mark, lang)
                       for first, cards in lines.values()]
    return out


def _discards_line(name: str, first: str, cards: Sequence[int | None], mark: str,
                   lang: str) -> str:
    """One seat's discards of one kind (face up, or hidden: ``None``) as one line: the
    first one's own line (``first``) while it is alone."""
    if len(cards) == 1:
        return first
    up = [c for c in cards if c is not None]
    line = (t("taroky.discarded_taroks", lang, name=name, cards=cards_text(sorted(up), lang))
            if up else tn("taroky.discarded_cards", lang, len(cards), name=name))
    return marked_text(line, mark) if mark else line


def starts_deal(events: Sequence[GameEvent]) -> bool:
    return any(isinstance(e, DealStarted) for e in events)


def deal_lines_from(events: Sequence[GameEvent]) -> int | None:
    """A new deal's lines start after the last one's end (its result posted)."""
    return new_deal_at(events, (DealEnded,), (DealStarted,))


def _with_level(who: str, level: int, lang: str) -> str:
    return f"{who}, {level_text(level, lang)}" if level else who


def valat_announcer(row: DealRecord, valat: ValatResult) -> int | None:
    """The seat that announced ``valat`` when he is on its side, its owner (None: silent,
    or announced by the other side)."""
    by = row.valat_by if valat.announced else None
    return by if by is not None and by in row.side_seats(valat.side) else None


def valat_owners(row: DealRecord, valat: ValatResult, names: Sequence[str], lang: str) -> str:
    """Whose a valát is, as the result, the deal's picture and the protocol name it (review
    81: three ways): its side's players, an announced one's announcer first ("Dave with
    Bob"; review 74: "The valat (Bob, Dave) failed." although Dave alone had announced
    it), a silent one's in seat order ("Bob and Dave"; Czech "Bob + Dave", no case to
    decline; known1: English read "Eve with Bob, Cyril")."""
    side = row.side_seats(valat.side)
    by = valat_announcer(row, valat)
    if by is None or len(side) < 2:
        return _owners_list([names[s] for s in side], lang)
    return t("taroky.result_valat_by", lang, name=names[by],
             others=_owners_list([names[s] for s in side if s != by], lang))


def _owners_list(items: Sequence[str], lang: str) -> str:
    """A valát's owners joined in the catalog's way: "Bob, Cyril and Dave" (Czech
    "Bob + Cyril + Dave")."""
    if len(items) < 2:
        return "".join(items)
    return t("taroky.result_valat_list", lang,
             head=t("taroky.result_valat_sep", lang).join(items[:-1]), last=items[-1])


def _pagat_result(pagat: PagatResult, names: Sequence[str], lang: str) -> str:
    """Whether the pagát made it; an announced one that failed says why, from the trick
    the engine says ``I`` went in: played before the last trick, or beaten in it."""
    key = "taroky.result_pagat" + ("" if pagat.announced else "_silent") + (
        "_won" if pagat.won else "_lost")
    if pagat.announced and not pagat.won and pagat.trick is not None:
        key += "_early" if pagat.early else "_beaten"
    return t(key, lang, name=_with_level(names[pagat.seat], pagat.level, lang),
             trick=pagat.trick)


def account_parts(row: DealRecord, names: Sequence[str], lang: str) -> list[str]:
    """The parts of a deal's money as the engine scored them (T-SCORE: ``G``, each hláška
    of ``H``, ``P``, ``V``), each signed for the declarer side — so that they add up to
    ``S`` — and a hláška not counted marked so, with why (its side lost, or 35:35)."""
    assert row.components is not None

    def cash(hal: int) -> str:
        return money(hal, lang, signed=True)

    parts = [t("taroky.account_game", lang, flek=times(row.flek[0]),
               money=cash(row.components["G"]))]
    # why one is not counted (review 85: "not counted" beside an honour that was): the
    # 35:35 counts none, else its side lost the game (T-SCORE-HLASKY)
    void = "taroky.account_hlaska_void_" + ("tie" if row.tie else "lost")
    eyes = ":".join(map(str, row.eyes or ()))
    for s, seat in row.hlasky_said:
        for h, counted, hal in seat:
            parts.append(t("taroky.account_hlaska", lang, hlaska=word(h, lang), name=names[s],
                           money=cash(hal if s in row.declarers else -hal)) if counted
                         else t(void, lang, hlaska=word(h, lang), name=names[s], eyes=eyes))
    if row.pagat is not None:
        key = "taroky.account_pagat" if row.pagat.announced else "taroky.account_pagat_silent"
        parts.append(t(key, lang, flek=times(row.pagat.level), money=cash(row.pagat.amount)))
    for v in row.valats:
        key = "taroky.account_valat" if v.announced else "taroky.account_valat_silent"
        parts.append(t(key, lang, flek=times(v.level), money=cash(v.amount)))
    return parts


def account_total(row: DealRecord, lang: str, shown: str | None = None) -> str:
    """``S`` (or ``shown`` for it: its only part) and, where it differs, what is paid: ``A``
    rounded up to 50 hal or capped (T-SCORE-NET), with the sign of ``S``."""
    assert row.components is not None
    total, paid = row.components["S"], row.components["A"]
    paid = -paid if total < 0 else paid
    said = shown if shown is not None else money(total, lang, signed=True)
    if paid == total:
        return said
    key = "taroky.account_rounded" if abs(paid) > abs(total) else "taroky.account_cap"
    return t(key, lang, total=said, paid=money(paid, lang, signed=True))


def account(row: DealRecord, names: Sequence[str], lang: str) -> str:
    """How a deal's money follows from its parts: "Účet pro hráče Ann a Cyril: hra +1,80 Kč ·
    taroky (Cyril) +1,00 Kč · valát ×2 −16,00 Kč = −13,20 Kč, zaokrouhleno na −13,50 Kč." —
    for the declarer side (a declarer alone settles it with each opponent). A single part
    is its sum: "hra +0,10 Kč, zaokrouhleno na +0,50 Kč" (no "= +0,10 Kč" repeating it)."""
    parts = account_parts(row, names, lang)
    if len(parts) == 1:
        said = account_total(row, lang, shown=parts[0])
    else:
        said = t("taroky.account_sum", lang, parts=" · ".join(parts),
                 total=account_total(row, lang))
    if row.partner is not None:
        return t("taroky.account_pair", lang, name=names[row.declarer],
                 partner=names[row.partner], account=said)
    return t("taroky.account_alone", lang, name=names[row.declarer], account=said)


def varsava_account(row: DealRecord, names: Sequence[str], lang: str) -> str:
    """Who pays whom in Varšava, pair by pair as the engine settled them (T-VARSAVA-SCORE:
    each payment rounded up on its own, so the nets alone cannot be checked): "Účet (kdo →
    komu platí): Bob → Alice 0,50 Kč, Cyril (blána) 2,00 Kč · Dana → …" — each payer's
    payments together, a blána (paid double) marked."""
    blana = row.blana or (False, False, False, False)
    groups = []
    for payer in range(4):
        paid = row.payments_of(payer)
        if not paid:
            continue
        to = ", ".join(
            (t("taroky.result_blana", lang, name=names[r]) if blana[r] else names[r])
            + f" {money(hal, lang)}" for r, hal in paid)
        groups.append(t("taroky.account_varsava_pays", lang, name=names[payer], to=to))
    return t("taroky.account_varsava", lang, parts=" · ".join(groups))


def deal_result(table: Table, row: DealRecord, lang: str) -> str:
    """The result of a finished deal, told when it ends (the protocol row: all is shown):
    the game and its eyes, pagát and valát, how the money follows from its parts (Varšava:
    who pays whom), what the deal brings each player, a dokup (``Table.move_names``)."""
    return "\n".join(deal_result_lines(row, table.move_names(), lang))


def page_deal_line(row: DealRecord, names: Sequence[str], lang: str) -> str:
    """A deal as a page of the protocol shows it, in one sentence for its alt text: the
    game, who played it, its eyes, pagát and valát (``deal_result``'s first line), and
    what it brought each player."""
    lines = deal_result_lines(row, names, lang)
    cash = ", ".join(f"{names[s]} {_said_amount(row.money[s], lang)}" for s in range(4))
    return f"{lines[0]} {t('taroky.alt_page_money', lang, money=cash)}."


def _said_amount(hal: int, lang: str) -> str:
    """A deal's money as a page's alt text says it, short: whole crowns without their
    ",00" ("+7", "−2,50"; its sentence says "Kč" once)."""
    return short_money(hal, lang, signed=True).removesuffix(" Kč")


def deal_result_lines(row: DealRecord, names: Sequence[str], lang: str) -> list[str]:
    """``deal_result``'s lines: the game, its eyes, pagát and valát; the account; the
    money; a dokup."""
    game = game_name(row.game, lang, zduch=row.zduch)
    parts: list[str] = []
    if row.game == "W":
        assert row.eyes_by_seat is not None
        blana = row.blana or (False, False, False, False)
        eyes = ", ".join(
            (t("taroky.result_blana", lang, name=names[s]) if blana[s] else names[s])
            + f" {row.eyes_by_seat[s]}" for s in range(4))
        head = t("taroky.result_varsava", lang, n=row.deal_no, game=game, eyes=eyes)
    else:
        assert row.eyes is not None and row.components is not None
        if row.partner is not None:
            who = t("taroky.result_pair", lang, name=names[row.declarer],
                    partner=names[row.partner])
        elif row.tiche_solo:
            who = t("taroky.result_silent_solo", lang, name=names[row.declarer])
        elif row.alone and row.called is not None:  # (1 v 3: the called tarok was in the talon)
            who = t("taroky.result_alone", lang, name=names[row.declarer],
                    why=alone_in_talon(row.called, lang))
        else:
            who = names[row.declarer]
        if row.flek[0]:  # the fleks, so that the money can be followed from the message
            game = f"{game}, {level_text(row.flek[0], lang)}"
        g, total = row.components["G"], row.components["S"]
        key = "taroky.result_won" if g > 0 else ("taroky.result_lost" if g < 0
                                                 else "taroky.result_tie")
        payer = row.tie_payer  # a 35:35 the table pays as a loss by one eye (review 72
        if payer is not None:  # read "výhra 35:35"): who pays, as the engine settled it
            key = "taroky.result_tie_pays_flek" if row.flek[0] else "taroky.result_tie_pays"
        bonuses = []  # (its amount for the declarer side, what it says)
        if row.pagat is not None:
            bonuses.append((row.pagat.amount, _pagat_result(row.pagat, names, lang)))
        for v in row.valats:  # whose valát: an announced one may fail by the other's silent
            said = ("taroky.result_valat_won" if v.won else "taroky.result_valat_lost"
                    ) if v.announced else "taroky.result_valat_silent"
            # (a silent valát is the winner's of the game: it never turns the money)
            bonuses.append((v.amount if v.announced else 0, t(said, lang, names=_with_level(
                valat_owners(row, v, names, lang), v.level, lang))))
        # a pagát or valát that turns the money against the game's result is said with it
        # ("hra vyhrána 62:8, ale valát … nevyšel": review 63 read "výhra", then paid)
        flips = [said for hal, said in bonuses
                 if payer is None and g * total < 0 and hal * total > 0]
        parts = [said for _hal, said in bonuses if said not in flips[:1]]
        values = {"n": row.deal_no, "game": game, "who": who, "eyes": row.eyes[0],
                  "other": row.eyes[1],
                  "payers": and_list([names[s] for s in row.side_seats(payer or "D")], lang)}
        if flips:
            head = t(f"{key}_but", lang, but=flips[0][:1].lower() + flips[0][1:], **values)
        else:
            head = t(key, lang, **values)
    cash = ", ".join(f"{names[s]} {money(row.money[s], lang, signed=True)}" for s in range(4))
    lines = [head + (" " + " ".join(parts) if parts else "")]
    lines.append(varsava_account(row, names, lang) if row.game == "W"
                 else account(row, names, lang))
    lines.append(t("taroky.result_money", lang, money=cash))
    dokup = [f"{names[s]} {money(row.dokup[s], lang)}" for s in range(4) if row.dokup[s]]
    if dokup:
        lines.append(t("taroky.result_dokup", lang, dokup=", ".join(dokup)))
    return lines


def announcements(table: Table, events: Sequence[GameEvent]) -> list[str]:
    """Messages to the channel: a deal's result, a new deal, the clock's last deal."""
    return [line for line, _deal in _announced(table, events)]


def deal_pictures(table: Table, events: Sequence[GameEvent]
                  ) -> list[tuple[int, str, str, str]]:
    """The picture of each deal ended in ``events`` (everything shown, T-VIEW), with the
    index of its result among ``announcements``: (index, picture name, file name, alt text:
    what it shows, in short — its result line is the post's text, read already)."""
    lang = table.settings.lang
    rows = {row.deal_no: row for row in round_of(table).public_view().protocol}
    return [(i, f"deal:{n}", t("taroky.deal_file", lang, n=n),
             spoken(deal_alt(rows[n], table.names(), lang), lang, spoken_cards(lang))
             if n in rows else t("taroky.deal_alt", lang, n=n))
            for i, (_line, n) in enumerate(_announced(table, events)) if n is not None]


def deal_alt(row: DealRecord, names: Sequence[str], lang: str) -> str:
    """A deal's picture in words (review 92: its alt said only what kind of picture it
    was): who took which talon cards and what each laid away, the talon's rest, then each
    side's eyes and whether it won (Varšava: each player's eyes) — its money is the post's
    text, read already."""
    def seats(cards: Sequence[Sequence[int]]) -> str:
        return "; ".join(f"{names[s]} {cards_text(sorted(cards[s]), lang)}"
                         for s in range(4) if cards[s])

    lines = [t("taroky.deal_alt", lang, n=row.deal_no)]
    taken = {c for cards in row.taken for c in cards}
    if taken:
        lines.append(t("taroky.deal_alt_taken", lang, seats=seats(row.taken)))
    if any(row.discards):
        lines.append(t("taroky.deal_alt_laid", lang, seats=seats(row.discards)))
    rest = sorted(c for c in row.talon if c not in taken)
    if rest:
        lines.append(t("taroky.deal_alt_rest" if taken else "taroky.deal_alt_talon", lang,
                       cards=cards_text(rest, lang)))
    if row.eyes is None or row.components is None:  # Varšava: each his own eyes
        assert row.eyes_by_seat is not None
        blana = row.blana or (False,) * 4
        lines.append(t("taroky.deal_alt_eyes", lang, sides=", ".join(
            (t("taroky.result_blana", lang, name=names[s]) if blana[s] else names[s])
            + " " + tn("taroky.pic.deal_eyes", lang, row.eyes_by_seat[s]) for s in range(4))))
        return sentences(lines)
    won = 0 if row.tie else row.components["G"]
    sides = []
    for side, eyes, sign in (("D", row.eyes[0], won), ("O", row.eyes[1], -won)):
        verdict = "tie" if sign == 0 else ("won" if sign > 0 else "lost")
        sides.append(t("taroky.deal_alt_side", lang,
                       names=and_list([names[s] for s in row.side_seats(side)], lang),
                       eyes=tn("taroky.pic.deal_eyes", lang, eyes),
                       verdict=t(f"taroky.deal_alt_{verdict}", lang)))
    lines.append(t("taroky.deal_alt_eyes", lang, sides="; ".join(sides)))
    return sentences(lines)


# the most lines of a deal's last moves its result keeps (``closing_lines``)
CLOSING_LINES = 2


def closing_lines(table: Table, events: Sequence[GameEvent]) -> dict[int, str]:
    """The last moves of each deal that ended among ``events`` before a new one began
    there, by the ``id`` of its ``DealEnded``: the table message is cut to the results
    then (``deal_lines_from``), and the deal's last trick — often an AI's, right after a
    click — was in no public message (review 69: Lóra's). At most ``CLOSING_LINES`` of its
    lines, a trick's cards only in the last one's (as the table message tells them). A
    deal that no new one follows here keeps its lines in the table message."""
    cut = max((i for i, e in enumerate(events) if isinstance(e, DealStarted)), default=0)
    out: dict[int, str] = {}
    begin = 0
    for i, e in enumerate(events[:cut]):
        if isinstance(e, DealEnded):
            told = event_lines(table, events[begin:i])
            last = max((k for k, x in enumerate(told) if isinstance(x, Fading)), default=-1)
            lines = [x.brief if isinstance(x, Fading) and k != last else str(x)
                     for k, x in enumerate(told)][-CLOSING_LINES:]
            if lines:
                out[id(e)] = t("taroky.result_closing", table.settings.lang,
                               lines=" ".join(lines))
        if isinstance(e, DealEnded | DealStarted):
            begin = i + 1
    return out


def _announced(table: Table, events: Sequence[GameEvent]) -> list[tuple[str, int | None]]:
    """The announcements, each with the number of the deal whose result it is (or None);
    a result that a new deal follows with the deal's last moves (``closing_lines``)."""
    lang, names = table.settings.lang, table.move_names()
    rnd = round_of(table)
    mine = taroky_events(events)
    ended = sum(1 for e in mine if isinstance(e, DealEnded))
    rows = iter(rnd.protocol[len(rnd.protocol) - ended:])  # the rows of the deals ended here
    closing = closing_lines(table, events)
    out: list[tuple[str, int | None]] = []
    for e in mine:
        if isinstance(e, DealEnded):
            row = next(rows, None)
            if row is not None:  # (with its picture: who its stand-ins are)
                legend = picture_legend(table, lang)
                text = "\n".join(x for x in (deal_result(table, row, lang), closing.get(id(e)),
                                              legend) if x)
                out.append((text, row.deal_no))
        elif isinstance(e, DealStarted):
            out.append((t("taroky.announce_deal", lang, n=e.deal_no, dealer=names[e.dealer],
                          predak=names[e.predak]), None))
        elif isinstance(e, RoundEnding):
            out.append((t("taroky.announce_time_up", lang, n=rnd.deal.deal_no), None))
        elif isinstance(e, AnnouncementsClosed):
            continue
    return out


def finished_deal(rnd: TarokyRound, n: int) -> PublicView | None:
    """Deal ``n`` of the round as everybody sees it once it is over (its ``reveal``), or
    None if it has not ended. The round keeps the deal in progress and the one before; an
    older deal is replayed from the round's log up to its end."""
    for deal in (rnd.deal_view(), rnd.public_view().last_deal):
        if deal is not None and deal.deal_no == n and deal.finished:
            return deal
    if not 1 <= n <= len(rnd.protocol):
        return None
    data = rnd.to_json()
    log = data.pop("log")
    data.pop("summary", None)
    again = TarokyRound.from_json({**data, "log": []})
    for raw in log:
        again.apply_json(raw)
        if len(again.protocol) >= n:
            break
    deal = again.deal_view() if again.finished else again.public_view().last_deal
    return deal if deal is not None and deal.deal_no == n else None


def turn_ping(table: Table, mention: str) -> str:
    lang = table.settings.lang
    view = round_of(table).public_view()
    deal = view.deal
    key = deal.phase
    if deal.phase == "play":
        key = "lead" if not deal.trick else "play"
    elif deal.phase == "trojka":  # which one, as the hand says (review 77 LOW 17)
        key = f"trojka_{deal.trojka}"
    return t(f"taroky.ping_{key}", lang, mention=mention)
