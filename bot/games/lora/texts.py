"""Lóra's words at the table: the status lines, the event lines, announcements, pings."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.games import marks
from bot.games.lora.cards import card_label, cards_text
from bot.games.lora.events import HAND_QUIET, Words, game_name, playoff_suffix, table_lines
from bot.games.lora.left import result_name
from bot.i18n import counted, t, tn, unlisted
from bot.model import Table
from bot.recent import new_deal_at
from bot.render.sheet import tali_leader
from bot.render.sheet_pages import tali_sums
from bot.render.strings import playoff_sums
from bot.tournament.words import table_place
from bot.ui.alt import sentences
from engine.contracts import STOVKA_TALIE, TALIE_PER_LORA, Contract
from engine.events import (
    CardLaid,
    CardPlayed,
    Event,
    GameEnded,
    GameStarted,
    HarakiriNeeded,
    KvartaBuilt,
    LoraFinished,
    MaturitaChosen,
    MaturitaDealt,
    MaturitaFailed,
    MaturitaPassed,
    Panak,
    StovkaAnswered,
    StovkaAsked,
    TurnEnded,
)
from engine.game import GameEvent, Outcome
from engine.lora import Lora, ProtocolRow
from engine.lora_spec import lora_of
from engine.phase import Phase
from engine.rules import trick_winner_offset
from engine.terminal import rows_text
from engine.views import DesitkyView, FamilyView, KvartyView, PublicView, TrickView

DEAL_EVENTS = (GameStarted, MaturitaDealt, StovkaAsked)
RESULT_EVENTS = (GameEnded, MaturitaFailed, MaturitaPassed, HarakiriNeeded, LoraFinished)
# the lines that close a partial game: its results (and a panák paid in it)
ENDING_EVENTS = (*RESULT_EVENTS, Panak)
# the lines between two deals (a new deal's own lines, the choice, the čistá stovka answers)
BETWEEN_EVENTS = (*DEAL_EVENTS, MaturitaChosen, StovkaAnswered)
# a seat's moves in a partial game (the first event of each of his actions there)
MOVES = (CardPlayed, CardLaid, TurnEnded, KvartaBuilt)


def lora_events(events: Sequence[GameEvent]) -> list[Event]:
    return [e for e in events if isinstance(e, Event)]


def game_line(view: PublicView, lang: str) -> str:
    if view.finished:
        return t("lora.finished_line", lang)
    if view.phase == Phase.STOVKA:
        return t("lora.game_line_stovka", lang, tali=view.tali)
    if view.contract is Contract.HARAKIRI:
        if view.harakiri_replayed:  # R-HARAKIRI: the tie persisted, played again
            return t("lora.game_line_harakiri_again", lang, n=view.harakiri_playoff)
        return t("lora.game_line_harakiri", lang)
    if view.phase == Phase.CHOOSE:
        return t("lora.game_line_choose", lang, tali=view.tali, attempt=view.attempt)
    assert view.contract is not None
    name = game_name(view.contract, lang)
    if view.attempt is not None:
        return t("lora.game_line_maturita", lang, contract=name, tali=view.tali,
                 attempt=view.attempt)
    return t("lora.game_line", lang, contract=name, tali=view.tali, game=view.game_no)


def turn_line(table: Table, view: PublicView, lang: str, viewer: int | None = None) -> str:
    """Whose turn it is (a move, the maturita choice, the čistá stovka answer); ``viewer``'s
    own turn in the second person (his hand: "Jsi na tahu", as its picture says)."""
    if view.to_act is None:
        return ""
    you = "_you" if view.to_act == viewer else ""
    name = table.names()[view.to_act]
    if view.phase == Phase.CHOOSE:
        return t("lora.turn_line_choose" + you, lang, name=name)
    if view.phase == Phase.STOVKA:
        return t("lora.turn_line_stovka" + you, lang, name=name)
    return t("core.turn_line_you", lang) if you else t("core.turn_line", lang, name=name)


def trick_cards(trick: Iterable[tuple[int, int]], names: Sequence[str]) -> str:
    """Who played what in a trick, in play order ("Anna K❤️, Bob 7❤️")."""
    return ", ".join(f"{names[seat]} {card_label(card)}" for seat, card in trick)


def now_lines(game: FamilyView | None, names: Sequence[str], lang: str,
              viewer: int | None = None, told: Sequence[str] = (),
              ai_led: bool = False) -> list[str]:
    """What lies on the table now, in words (the pictures show it; a phone's screen reader
    and a player who cannot tell the suits' colours apart read it here): the trick in
    progress, the last kvarta as its event tells it (``viewer``'s words — ``ai_led``: an AI
    led it for him, "za tebe vynesla AI", not "vynášíš"; not when ``told`` has that line
    already), the desítky rows' ends and the cards laid in the turn in play."""
    match game:
        case TrickView(trick=trick) if trick:
            return [t("core.hand_trick", lang, cards=trick_cards(trick, names))]
        case KvartyView(kvarty=(*_, last)):
            words = Words(lang, names, viewer)
            words.stood_in = ai_led and last.seat == viewer
            kvarta = words.kvarta(last)
            if kvarta in told:
                return []
            if last.seat == viewer:  # (his own sentence after a colon: "… kvarta: vynášíš")
                kvarta = kvarta[:1].lower() + kvarta[1:]
            return [t("lora.now_kvarta", lang, kvarta=kvarta)]
        case DesitkyView(turn=turn):
            lines = [t("lora.now_rows", lang, rows=rows_words(game, lang))]
            if turn:
                lines.append(t("lora.now_turn", lang, cards=cards_text(turn)))
            return lines
        case _:
            return []


def ai_led_last_kvarta(game: FamilyView | None, table: Table, seat: int) -> bool:
    """In a kvarty ``game``, the last kvarta among the ``table``'s events was led for
    ``seat`` by an AI (standing in, or in the seat he left): his hand words it so ("Za tebe
    vynesla AI …"), as its event line."""
    if not isinstance(game, KvartyView):
        return False
    events = table.events
    last = max((i for i, e in enumerate(events) if isinstance(e, KvartaBuilt)), default=-1)
    return last >= 0 and any(m.at == last and m.how in ("stand_in", "left")
                             for m in walk(events, seat).moves)


def rows_words(part: DesitkyView, lang: str) -> str:
    """The desítky rows: each suit's symbol and the ranks laid, a row not started in words
    ("❤️ 8–S · 🍃 nezačatá": a bare dash is read "dash", or nothing)."""
    return rows_text(part, t("lora.row_empty", lang))


def points_line(table: Table, view: PublicView, lang: str) -> str:
    """Each seat's points before the game in play and in it, and the cards in its hand (the
    table picture's seats; in a harakiri the lóra's, which its points never enter); only the
    totals between games (no cards: none are dealt)."""
    names = table.names()
    if view.game is None:
        seats = [t("lora.alt_seat_total", lang, name=names[s], total=view.totals[s])
                 for s in range(4)]
        return t("lora.alt_totals", lang, seats="; ".join(seats))
    key = "lora.alt_seat" if view.harakiri_seats is None else "lora.alt_seat_harakiri"
    seats = [t(key, lang, name=names[s], game=view.running_points[s],
               total=view.totals[s], cards=tn("core.alt_cards", lang, view.hand_counts[s]))
             for s in range(4)]
    return t("lora.alt_points", lang, seats="; ".join(seats))


def table_alt(table: Table, lang: str) -> str:
    """The table picture in words: the game, whose turn, what lies on the table, the
    seats' points and cards; once the lóra is over, its final order."""
    view = lora_of(table.state).public_view()
    if view.finished:
        return sentences([game_line(view, lang), *sheet_lines(table, lang)])
    names = table.names()
    return sentences([game_line(view, lang), trick_no_line(view, lang),
                      roles_line(view, names, lang), turn_line(table, view, lang),
                      *now_lines(view.game, names, lang), table_last_trick(view, names, lang),
                      points_line(table, view, lang)])


def trick_no_line(view: PublicView, lang: str) -> str:
    """Which trick is played, as the picture's header counts it ("štych 5/8"), in words."""
    match view.game:
        case TrickView(tricks=tricks) if view.phase == Phase.PLAY:
            return t("lora.alt_trick_no", lang, n=min(8, len(tricks) + 1))
        case _:
            return ""


def roles_line(view: PublicView, names: Sequence[str], lang: str) -> str:
    """Who deals and who leads the tálie (the picture's seat badges); "" outside a tálie."""
    if not view.in_tali:
        return ""
    return t("lora.alt_roles", lang, dealer=names[view.dealer], leader=names[view.leader])


def table_last_trick(view: PublicView, names: Sequence[str], lang: str) -> str:
    """The last trick the table picture draws under the trick in progress, and who took it
    (review 92: its alt left it out, the hand's said it); "" when it draws none."""
    match view.game:
        case TrickView(last_trick=(lead, played)) if view.phase == Phase.PLAY:
            winner = (lead + trick_winner_offset(played)) % 4
            cards = trick_cards((((lead + i) % 4, c) for i, c in enumerate(played)), names)
            return t("lora.alt_last_trick", lang, cards=cards, name=names[winner])
        case _:
            return ""


def sheet_lines(table: Table, lang: str) -> list[str]:
    """The score sheet's totals, a line per player: the final order once the lóra is
    over (the engine's places; a seat an AI took named as the final post names it,
    ``left.result_name`` — review 80: the pictures' alt texts did not mark it), else each
    seat's points so far."""
    lora = lora_of(table.state)
    names = ([result_name(table, s, lang) for s in range(len(table.seats))] if lora.finished
             else table.names())
    return lora_sheet_lines(lora, names, lang)


def sheet_page_line(table: Table, lang: str, page: int) -> str:
    """Which page of the sheet (``bot.render.sheet_pages``) a picture is, named as its
    button, and in brief what it shows: a tálie's leader and its points per player; the
    overview's sums of the tálie played (review 61: every page had the same alt text)."""
    view = lora_of(table.state).public_view()
    names = table.names()
    sums = tali_sums(view)

    def seats(points: Sequence[int]) -> str:
        return ", ".join(f"{names[s]} {points[s]}" for s in range(4))

    if page >= TALIE_PER_LORA:
        name = t("lora.btn_page_total", lang)
        played = [(k + 1, p) for k, p in enumerate(sums) if p is not None]
        if not played:
            return t("lora.alt_page_total_none", lang, page=name)
        return t("lora.alt_page_total", lang, page=name, sums="; ".join(
            f"{t('lora.btn_page_tali', lang, n=k)}: {seats(p)}" for k, p in played))
    tali = page + 1
    name = t("lora.btn_page_tali", lang, n=tali)
    leader = names[tali_leader(view, tali)]
    points = sums[tali - 1]
    if points is None:
        return t("lora.alt_page_tali_none", lang, page=name, name=leader)
    return " ".join([t("lora.alt_page_tali", lang, page=name, name=leader, seats=seats(points)),
                     tali_rows_line(view, tali, names, lang)])


def tali_rows_line(view: PublicView, tali: int, names: Sequence[str], lang: str) -> str:
    """A tálie page's rows as its picture lists them: each game played, its points in the
    seats' order (named once), a failed maturita so said (review 92: the page's alt had
    only the sums)."""
    rows = []
    for row in view.protocol:
        if row.tali != tali:
            continue
        name = game_name(row.contract, lang)
        if row.attempt is not None:
            name = t("lora.alt_row_maturita", lang, game=name, attempt=row.attempt)
        said = f"{name} {', '.join(map(str, row.points))}"
        if row.failed and row.maturant is not None:
            said += " " + t("lora.alt_row_failed", lang, name=names[row.maturant])
        rows.append(said)
    return t("lora.alt_page_rows", lang, names=", ".join(names), rows="; ".join(rows))


def lora_sheet_lines(lora: Lora, names: Sequence[str], lang: str) -> list[str]:
    """``sheet_lines`` of a lóra (a table's, or an exported one's), each player's with the
    sheet's notes: at the end the final post's (``outcome_note``: harakiri, čistá stovka
    made or missed — why a declarer on fewer points may rank lower), before it a declared
    čistá stovka."""
    outcome = lora.outcome() if lora.finished else None
    if outcome is not None:
        return [t("lora.sheet_final", lang)] + [
            counted("lora.place", lang, outcome.scores[s],
                    place=table_place(outcome.places, s, lang), name=names[s],
                    points=outcome.scores[s]) + outcome_note(outcome, s, lang)
            for s in outcome.order()]
    return [t("lora.sheet_head", lang)] + [
        counted("lora.sheet_row", lang, lora.totals[s], name=names[s], points=lora.totals[s])
        + (t("lora.stovka_declared", lang) if lora.stovka[s] else "") for s in range(4)]


def outcome_note(outcome: Outcome, seat: int, lang: str) -> str:
    """His harakiri points when a play-off ordered his tie (R-HARAKIRI: one sum per
    play-off he was in; fewer is the better place, and the note says so), then his čistá
    stovka made or missed: the note after his place (the final post, the sheet's text)."""
    extra = outcome.extra(seat)
    note = ""
    sums = extra.get("harakiri_sums") or []
    if sums:
        note += counted("lora.harakiri_note", lang, sums[-1], points=playoff_sums(sums))
    if extra.get("cista_stovka") is True:
        note += t("lora.stovka_made" if extra.get("cista_stovka_made")
                  else "lora.stovka_missed", lang)
    return note


def status_lines(table: Table, lang: str) -> list[str]:
    view = lora_of(table.state).public_view()
    lines = [game_line(view, lang)]
    if not view.finished:
        lines.append(turn_line(table, view, lang))
    return lines


def in_attempt(table: Table) -> bool:
    """The game in play at ``table`` is a Graduation attempt: the tricks of its events
    before any start among them are its own (``events.unrecorded_in_maturita``)."""
    return lora_of(table.state).is_maturita


def order_names(table: Table, events: Sequence[Any], lang: str) -> list[str]:
    """The names the final order among ``events`` lists (``left.result_name``); [] when
    the lóra does not end there (the replay it takes for a seat that was left is spared)."""
    if not any(isinstance(e, LoraFinished) for e in events):
        return []
    return [result_name(table, s, lang) for s in range(len(table.seats))]


def event_lines(table: Table, events: Sequence[GameEvent]) -> list[str]:
    """The table's lines of ``events`` (one move's: a maturant's trick tells no points
    though its attempt's start is not among them)."""
    lang = table.settings.lang
    return table_lines(events, lang, table.move_names(), in_attempt(table),
                       order_names(table, events, lang))


def private_lines(table: Table, seat: int, lang: str, count: int = 3) -> list[str]:
    """The lines of the table's recent events for ``seat``'s hand (``hand_lines``)."""
    return hand_lines(table.events, lang, table.move_names(), seat, count, in_attempt(table),
                      order_names(table, table.events, lang))


def walk(events: Sequence[Any], seat: int) -> marks.SeatMoves:
    """``seat``'s moves in ``events`` — a card, a turn ended or a kvarta led, each his own
    or one the table made for him (a forced move, an AI standing in: the ``Unclicked`` put
    before it); a knock or a kvarta filled is none (never his choice) — and the start of
    the deal in play, in one walk: all his hand reads of them (``hand_lines``)."""
    return marks.seat_moves(events, seat, MOVES, DEAL_EVENTS)


def ai_cards_line(events: Sequence[Any], pairs: Sequence[tuple[int, str]], words: Words,
                  walked: marks.SeatMoves
                  ) -> tuple[list[tuple[int, str]], tuple[int, str] | None]:
    """Every card an AI played for the seat (``walked``: his moves) in the deal in play
    since his last move of his own, in one line at the last of them ("Za tebe hrála AI:
    K🍃, 10❤️.": a returning player learns them all, forced ones too, as Taroky tells
    them); ``pairs`` with it in place of a line per card, and the line (None: no such card)."""
    return merged_line(events, pairs, words.ai_cards, walked, ("stand_in", "left"),
                       lambda n, cards: t("lora.ev.card_played_you_ai", words.lang, card=cards))


def forced_cards_line(events: Sequence[Any], pairs: Sequence[tuple[int, str]], words: Words,
                      walked: marks.SeatMoves
                      ) -> tuple[list[tuple[int, str]], tuple[int, str] | None]:
    """Every card the table played for the seat (``walked``: his moves; his only legal
    one) in the deal in play since his last move of his own, in one line at the last of
    them, each with its trick ("Automaticky šly tvoje karty (pokaždé jediná možná): 7🌰
    (2. štych), 10🔔 (3. štych), F🍃 (4. štych)."): one click may play a chain of them
    (his card, then the only card of each suit led, then a lead of the one suit he may
    lead), and a line per card would push the first out of the last lines; ``pairs`` with
    it in place of a line per card, and the line (None: no such card)."""
    return merged_line(events, pairs, words.forced_cards, walked, "auto",
                       lambda n, cards: tn("lora.ev.cards_forced_you", words.lang, n,
                                           cards=cards))


def merged_line(events: Sequence[Any], pairs: Sequence[tuple[int, str]], played: dict[int, str],
                walked: marks.SeatMoves, how: str | tuple[str, ...],
                say: Callable[[int, str], str]
                ) -> tuple[list[tuple[int, str]], tuple[int, str] | None]:
    """The cards of ``played`` (event id → the card as told) that the table played ``how``
    for the seat since his last move of his own in the deal in play (``walked``: his moves,
    ``SeatMoves.unclicked_since``), told in one line (``say(count, cards)``) at the last of
    them; ``pairs`` with it in place of their lines, and the line (None: no such card)."""
    told = [i for i in walked.unclicked_since(how, walked.start) if id(events[i]) in played]
    if not told:
        return list(pairs), None
    cards = ", ".join(played[id(events[i])] for i in told)
    line = (told[-1], say(len(told), cards))
    gone = set(told)
    return sorted([p for p in pairs if p[0] not in gone] + [line], key=lambda p: p[0]), line


def hand_lines(events: Sequence[Any], lang: str, names: Sequence[str], seat: int,
               count: int = 3, attempt: bool | None = None,
               final_names: Sequence[str] = ()) -> list[str]:
    """The lines of ``events`` worded for ``seat`` (his hand): the last ``count`` of the
    deal in play (the cards of an earlier deal are in new hands now), and above them how
    the last game ended — the line that decided it (the trick taken, the knock, the hand
    emptied) and its results — until he makes a move of his own in the next one (and for
    good when the lóra is over). From his answer to the čistá stovka question on, one line
    tells it and who else declared, in place of the answers' lines (``stovka_line``), kept
    in červený král as the end of the last game is. The cards an AI played for him since
    his last move are one line, kept until he moves (``ai_cards_line``), and so are the
    cards the table played for him as his only legal ones (``forced_cards_line``).
    ``final_names``: the names in the final order (``Words``)."""
    words = Words(lang, names, seat, attempt, final_names)
    pairs = words.pairs(events, HAND_QUIET)
    walked = walk(events, seat)
    start = walked.start
    stovka = stovka_line(events, pairs, words, seat)
    if stovka is not None:
        pairs = [(i, text) for i, text in pairs
                 if not (i > stovka[0] and isinstance(events[i], StovkaAnswered))]
        pairs.append(stovka[1])
        pairs.sort(key=lambda pair: pair[0])
    pairs = ai_led_start(events, pairs, words, walked)
    pairs, stood = ai_cards_line(events, pairs, words, walked)
    pairs, forced = forced_cards_line(events, pairs, words, walked)
    ends = [k for k, (i, _) in enumerate(pairs) if isinstance(events[i], ENDING_EVENTS)]
    ending: list[tuple[int, str]] = []
    after = 0
    if ends:
        first = after = ends[-1] + 1
        while first > 0 and isinstance(events[pairs[first - 1][0]], ENDING_EVENTS):
            first -= 1
        decisive = first - 1
        if decisive >= 0 and not isinstance(events[pairs[decisive][0]], BETWEEN_EVENTS):
            first = decisive
        ending = pairs[first:after]
    tail = [(i, text) for i, text in pairs[after:] if i >= start][-count:]
    kept = [line for line in (stood, forced)  # kept until he moves
            if line is not None and line not in tail and line[0] >= start]
    since = max(start, pairs[after - 1][0] if ends else 0)
    if walked.clicked_from(since):  # (a move of his own in events[since:])
        ending = []
    elif stovka is not None and stovka[1][0] < start:  # červený král: kept as the ending
        ending.append(stovka[1])
    # a card played for him in the trick that ended the game is told before that trick's
    # line, not under the final order (review 76)
    early = [line for line in kept if ending and line[0] < ending[-1][0]]
    ending = sorted(ending + early, key=lambda p: p[0])
    tail = sorted((line for line in kept if line not in early), key=lambda p: p[0]) + tail
    return [text for _, text in ending + tail]


def ai_led_start(events: Sequence[Any], pairs: Sequence[tuple[int, str]], words: Words,
                 walked: marks.SeatMoves) -> list[tuple[int, str]]:
    """``pairs`` with the start of a game he was to lead worded as it went when an AI made
    his first move there ("Hraje se Červené, za tebe vynesla AI."): review 73, a returning
    player read "vynášíš ty" over "Za tebe hrála AI: S🍃" — the lead made already."""
    out = list(pairs)
    for k, (i, _) in enumerate(out):
        e = events[i]
        if not isinstance(e, GameStarted) or e.leader != words.viewer or e.attempt is not None:
            continue  # (a maturant's start says "maturuješ ty": his attempt, not a lead)
        first = next((m for m in walked.moves if m.at > i), None)
        if first is None or first.how not in ("stand_in", "left"):
            continue
        words.stood_in = True
        text = words.line(e)
        words.stood_in = False
        if text is not None:
            out[k] = (i, text)
    return out


def stovka_line(events: Sequence[Any], pairs: Sequence[tuple[int, str]], words: Words,
                seat: int) -> tuple[int, tuple[int, str]] | None:
    """R-STOVKA: once ``seat`` answered the čistá stovka question, his answer's line (as
    ``pairs`` words it: marked if nobody clicked it) and who else declared — so far, while
    the others answer — placed at the last answer; with the index of the question. None
    before his answer and once a deal after červený král's is in play."""
    asked = max((i for i, e in enumerate(events) if isinstance(e, StovkaAsked)), default=None)
    if asked is None:
        return None
    deals = sum(isinstance(e, DEAL_EVENTS) for e in events[asked + 1:])  # červený král's: 1
    if deals > 1:
        return None
    answers = [(i, e) for i, e in enumerate(events[asked:], asked)
               if isinstance(e, StovkaAnswered)]
    own = next(((i, e.declared) for i, e in answers if e.seat == seat), None)
    said = next((text for i, text in pairs if own is not None and i == own[0]), None)
    if own is None or said is None:
        return None
    mine = own[1]
    others = [words.names[e.seat] for _, e in answers if e.declared and e.seat != seat]
    closed = len(answers) == 4 or deals > 0
    key = "lora.ev.stovka_" + ("also" if mine else "others") + ("" if others else "_none")
    text = t(key + ("" if closed else "_so_far"), words.lang, names=", ".join(others))
    return asked, (answers[-1][0], f"{said} {text}")


def starts_deal(events: Sequence[GameEvent]) -> bool:
    return any(isinstance(e, DEAL_EVENTS) for e in events)


def deal_lines_from(events: Sequence[GameEvent]) -> int | None:
    """A new partial game's lines start after the last one's result (the čistá stovka
    question and the maturant's deal already the new one's)."""
    return new_deal_at(events, ENDING_EVENTS, DEAL_EVENTS)


def standings(table: Table, before: Contract, totals: Sequence[int],
              declared: Sequence[bool]) -> str:
    """The totals, lowest first, before červený král and maturita; a seat that declared
    čistá stovka marked (R-PROTOCOL: the others decide from it, as the sheet marks it)."""
    lang = table.settings.lang
    names = table.move_names()
    order = sorted(range(4), key=lambda s: totals[s])
    mark = t("lora.stovka_declared", lang)  # (as the sheet's text marks it)
    text = ", ".join(f"{names[s]} {totals[s]}" + (mark if declared[s] else "") for s in order)
    return t("lora.standings", lang, contract=game_name(before, lang), standings=text)


def declared_then(table: Table, events: Sequence[Event], at: int) -> list[bool]:
    """Who had declared čistá stovka at ``events[at]`` (a batch already applied to the
    state): the declarers less those whose answer comes later in the batch."""
    later = {e.seat for e in events[at:] if isinstance(e, StovkaAnswered)}
    return [s not in later and bool(a) for s, a in enumerate(lora_of(table.state).stovka)]


def totals_then(table: Table, events: Sequence[Event]) -> list[tuple[int, ...]]:
    """The lóra's totals as they stood at each of ``events`` (a batch already applied to
    the state): today's totals less the games recorded after it (harakiri is apart)."""
    running = tuple(lora_of(table.state).totals)
    out: list[tuple[int, ...]] = [()] * len(events)
    for i in range(len(events) - 1, -1, -1):
        out[i] = running
        e = events[i]
        if isinstance(e, GameEnded) and e.contract is not Contract.HARAKIRI:
            running = tuple(a - b for a, b in zip(running, e.points, strict=True))
    return out


# the most lines of a game's last moves its result keeps (``closing_lines``)
CLOSING_LINES = 3


def closing_lines(table: Table, events: Sequence[GameEvent]) -> dict[int, str]:
    """The last moves of each partial game that ended among ``events`` before a new one
    began there, by the ``id`` of its ``GameEnded``: the table message is cut to the
    results then (``deal_lines_from``), and its closing trick or kvarta — often played by
    an AI or the table right after a click — was in no public message (review 69). At
    most ``CLOSING_LINES`` of its lines, the table's own (public) words. A game that no
    start follows here keeps its lines in the table message (the lóra's last one)."""
    cut = max((i for i, e in enumerate(events) if isinstance(e, DEAL_EVENTS)), default=0)
    lang, names = table.settings.lang, table.move_names()
    out: dict[int, str] = {}
    begin = 0
    for i, e in enumerate(events[:cut]):
        if isinstance(e, GameEnded):
            graded = i + 1 < len(events) and isinstance(
                events[i + 1], MaturitaFailed | MaturitaPassed)
            lines = table_lines(events[begin:i], lang, names, graded)[-CLOSING_LINES:]
            if lines:
                out[id(e)] = t("lora.result_closing", lang, lines=" ".join(lines))
        if isinstance(e, (*RESULT_EVENTS, *BETWEEN_EVENTS)):  # (a panák's line is kept)
            begin = i + 1
    return out


def game_result(table: Table, row: ProtocolRow, ended: GameEnded) -> str:
    """How a finished partial game ended, told when it ends (its protocol row): each seat's
    points, a maturita attempt passed or failed, a harakiri game's points of the tied seats
    (and their sums over a play-off of several games)."""
    lang = table.settings.lang
    words = Words(lang, table.move_names())
    if row.contract is Contract.HARAKIRI:
        return words.harakiri_ended(ended, "lora.result_harakiri")
    contract = game_name(row.contract, lang)
    if row.attempt is not None and row.maturant is not None:
        key = "lora.result_maturita_failed" if row.failed else "lora.result_maturita_passed"
        text = t(key, lang, contract=contract, tali=row.tali, attempt=row.attempt,
                 name=words.names[row.maturant])
    else:
        text = t("lora.result_game", lang, contract=contract, tali=row.tali, game=row.game,
                 scores=words.scores(row.points))
    if row.wild:  # R-KVARTY-FIRST / R-KVARTY-ROYAL, as the game recorded them
        leader = lora_of(table.state).leader_of_row(row)
        key = "lora.result_royal" if row.royal else "lora.result_wild"
        text += " " + t(key, lang, name=words.names[leader])
    return text


def stovka_result(table: Table) -> list[str]:
    """Who declared čistá stovka, once everybody answered (R-STOVKA): the record of the
    question, kept in the old table message when červený král starts."""
    answers = lora_of(table.state).stovka
    if any(a is None for a in answers):
        return []
    lang, names = table.settings.lang, table.move_names()
    declared = [names[s] for s, a in enumerate(answers) if a]
    if not declared:
        return [t("lora.result_stovka_none", lang)]
    return [t("lora.result_stovka", lang, names=", ".join(declared))]


def announcements(table: Table, events: Sequence[GameEvent]) -> list[str]:
    """The result of each partial game that ended (so that a deal start's record — the old
    table message — keeps what its game ended with), a tie's harakiri, new partial games,
    and the standing before červený král and maturita (R-MATURITA: before the čistá stovka
    question when there is one, since that is decided from it), as it stood then (AI moves
    and stand-ins bring many games in one batch)."""
    lang, names = table.settings.lang, table.move_names()
    out = []
    mine = lora_events(events)
    then = totals_then(table, mine)
    protocol = lora_of(table.state).protocol
    ended = sum(1 for e in mine if isinstance(e, GameEnded))
    rows = iter(protocol[len(protocol) - ended:])  # the rows of the games ended here
    closing = closing_lines(table, events)
    asked = False  # the čistá stovka question came just before this game
    for i, e in enumerate(mine):
        if isinstance(e, GameEnded):
            row = next(rows, None)
            if row is not None:
                last = closing.get(id(e))
                out.append(game_result(table, row, e) + (f"\n{last}" if last else ""))
        elif isinstance(e, HarakiriNeeded):
            out.append(Words(lang, names).line(e) or "")
        elif isinstance(e, GameStarted) and e.attempt is None:
            if e.contract is Contract.HARAKIRI:
                again = playoff_suffix(e.playoff, lang)
                if (e.playoff_games or 1) > 1:
                    out.append(t("lora.announce_harakiri_of", lang, game=e.playoff_game,
                                 games=e.playoff_games, leader=names[e.leader], again=again))
                else:
                    out.append(t("lora.announce_harakiri", lang, leader=names[e.leader],
                                 again=again))
                continue
            if e.contract is Contract.CERVENY_KRAL and not asked:
                out.append(standings(table, Contract.CERVENY_KRAL, then[i],
                                     declared_then(table, mine, i)))
            if e.contract is Contract.CERVENY_KRAL and e.tali == STOVKA_TALIE:
                out.extend(stovka_result(table))
            asked = False
            out.append(
                t("lora.announce_game", lang, contract=game_name(e.contract, lang),
                  tali=e.tali, game=e.game, dealer=names[e.dealer], leader=names[e.leader])
            )
        elif isinstance(e, MaturitaDealt):
            if e.attempt == 1:
                out.append(standings(table, Contract.MATURITA, then[i],
                                     declared_then(table, mine, i)))
            out.append(t("lora.announce_maturita", lang, tali=e.tali, attempt=e.attempt,
                         leader=names[e.seat]))
        elif isinstance(e, StovkaAsked):
            out.append(standings(table, Contract.CERVENY_KRAL, then[i],
                                 declared_then(table, mine, i)))
            out.append(Words(lang, names).line(e) or "")
        elif isinstance(e, StovkaAnswered):
            asked = True
    return out


def turn_ping(table: Table, mention: str) -> str:
    lora = lora_of(table.state)
    lang = table.settings.lang
    if lora.phase == Phase.CHOOSE:
        return t("lora.your_turn_choose", lang, mention=mention)
    if lora.phase == Phase.STOVKA:
        return t("lora.your_turn_stovka", lang, mention=mention)
    contract = game_name(lora.contract or Contract.MATURITA, lang)
    return t("lora.your_turn", lang, mention=mention, contract=contract)


def has_last_trick(table: Table) -> bool:
    """Whether the running partial game has a finished trick to show."""
    match lora_of(table.state).public_view().game:
        case TrickView(last_trick=(_, _)):
            return True
        case _:
            return False


def last_trick_text(table: Table, lang: str) -> str:
    """The trick taken last, by its number ("5. štych (vynáší …)"): in První – poslední
    "poslední štych" is the 8th, the one that costs 4 points."""
    match lora_of(table.state).public_view().game:
        case TrickView(last_trick=(leader, cards), tricks=tricks):
            winner = (leader + trick_winner_offset(cards)) % 4
            names = table.names()  # (the cards in the order played, from its leader)
            return unlisted(t("lora.last_trick", lang, cards=cards_text(cards),
                                name=names[winner], leader=names[leader], number=len(tricks)))
        case _:
            return t("lora.no_last_trick", lang)
