"""Lóra's events in the game's words (``lora.ev.*``): the table's lines, by the players'
names and right for any gender, and a seat's own lines in the second person ("Bereš 2.
štych"). Cards are written as players read them; a move nobody clicked is marked on its
line: an AI standing in for an absent player in everyone's ("Za tebe hrála AI: 7🔔." in
his own), a forced move only in its player's (``bot.games.marks``; his forced card in a
sentence of its own with its trick, "Automaticky šla tvoje karta (jediná možná): 7🔔
(4. štych).", as an AI's is).

The engine's own event texts (``engine.messages``) serve the terminal and the replay CLI;
the bot words every event here.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from bot.games.lora.cards import card_label, cards_text
from bot.games.marks import marked_pairs, public_mark
from bot.i18n import has, t, tn
from engine.contracts import Contract
from engine.events import (
    CardLaid,
    CardPlayed,
    DivokaKarta,
    Event,
    GameEnded,
    GameStarted,
    HarakiriNeeded,
    Knocked,
    KralovskaKvarta,
    KvartaBuilt,
    LoraFinished,
    MaturitaChosen,
    MaturitaDealt,
    MaturitaFailed,
    MaturitaPassed,
    Panak,
    RedKingFirstTrick,
    StovkaAnswered,
    StovkaAsked,
    TrickTaken,
    TurnEnded,
)

# The line of a seat's own move: a forced or stood-in move marks it. A card played in a trick
# has no line of its own (the trick's line names the taker), so a marked one gets one.
OWN_LINE = (TurnEnded, KvartaBuilt, StovkaAnswered, MaturitaChosen)
# Events with no line at the table (the announcements tell of new games).
TABLE_QUIET = (CardPlayed, CardLaid, GameStarted, MaturitaDealt)
# ... and none in a private hand (a new game is worth a line there: it names who leads).
HAND_QUIET = (CardPlayed, CardLaid)


def game_name(contract: Contract | str, lang: str) -> str:
    """A partial game's name in ``lang`` (``lora.game`` of the catalogs: the bot's one source)."""
    value = contract.value if isinstance(contract, Contract) else str(contract)
    return t(f"lora.game.{value}", lang)


def count_word(n: int, lang: str) -> str:
    """A small count as a word ("jedna", "čtyři"; "one", "four"), else its digits."""
    return t(f"lora.count.{n}", lang) if has(f"lora.count.{n}", lang) else str(n)


def playoff_suffix(playoff: int | None, lang: str) -> str:
    """R-HARAKIRI: " · 2. rozstřel" after a harakiri's name when a play-off left its seats
    tied and they play it off again; "" for the first."""
    return f" · {t('lora.playoff_no', lang, n=playoff)}" if playoff and playoff > 1 else ""


class Words:
    """How one reader reads the events: the table (``viewer`` None) or one seat."""

    def __init__(self, lang: str, names: Sequence[str], viewer: int | None = None,
                 attempt: bool | None = None, order_names: Sequence[str] = ()) -> None:
        self.lang, self.names, self.viewer = lang, list(names), viewer
        # the names in the final order (``left.result_name``: "Cyril (v harakiri hrála
        # AI)", as the final post names him; "Cyril → AI" there read as if the AI took
        # his place); () the move lines' names
        self.order_names = list(order_names) or self.names
        # the game in play after the events is a Graduation attempt (None: not known): the
        # game of their tricks when they hold no start (``unrecorded_in_maturita``)
        self.attempt = attempt
        # while a move an AI made for the reader is worded: its "_you_ai" sentence
        # ("Za tebe hrála AI: 7🔔.") is wanted, and whether there was one
        self.stood_in = self.worded = False
        # the ends of Graduation attempts (``pairs``): their result line says it all
        self.graded: set[int] = set()
        # the tricks and knocks of a Graduation attempt (``pairs``): no trick's or knock's
        # point is recorded there, the maturant's own neither (only the 8 of a failed
        # attempt count; his knock fails it, as the line after it says)
        self.ungraded: set[int] = set()
        # the cards an AI played for the reader (``stood_in_line``): event id → card's label
        self.ai_cards: dict[int, str] = {}
        # the reader's cards the table played for him, each his only legal one
        # (``forced_line``): event id → the card with its trick ("7🔔 (4. štych)")
        self.forced_cards: dict[int, str] = {}
        # the trick of each card played among the events worded (``pairs``): event id → its
        # number (``trick_numbers``)
        self.tricks: dict[int, int] = {}

    def say(self, key: str, seat: int | None, mark: str = "", **values: Any) -> str:
        """``lora.ev.<key>`` about ``seat``: its "_you" form when the reader is that seat
        (its "_you_ai" form for a move an AI made for him, where the catalog has one);
        ``mark`` after the seat's name (not in a "_you" form: it has none)."""
        if seat is not None and seat == self.viewer:
            if self.stood_in and has(f"lora.ev.{key}_you_ai", self.lang):
                self.stood_in, self.worded = False, True
                return t(f"lora.ev.{key}_you_ai", self.lang, **values)
            return t(f"lora.ev.{key}_you", self.lang, **values)
        name = self.names[seat] + mark if seat is not None else ""
        return t(f"lora.ev.{key}", self.lang, name=name, **values)

    def name_list(self, seats: Sequence[int]) -> str:
        return ", ".join(self.names[s] for s in seats)

    def scores(self, points: Sequence[int]) -> str:
        return " · ".join(f"{self.names[s]} {p}" for s, p in enumerate(points))

    def maturita_goal(self, contract: Contract, maturant: int) -> str:
        """What the maturant must avoid in his attempt, and that one point of his fails it
        (R-MATURITA), in his hand in the maturita menu's words; in the others' whose attempt
        it is, and that their own points are not recorded."""
        if maturant == self.viewer:
            return t("lora.maturita_stake_you", self.lang,
                     goal=t(f"lora.choice_{contract.value}", self.lang))
        return t("lora.maturita_stake", self.lang, name=self.names[maturant],
                 goal=t(f"lora.maturita_goal_{contract.value}", self.lang))

    def line(self, e: Event, shed: bool = False) -> str | None:
        """``e``'s line (None: it has none); ``shed``: a desítky turn that emptied its
        seat's hand and so ended the game (R-DESITKY-END)."""
        lang = self.lang
        match e:
            case GameStarted(contract=Contract.HARAKIRI, leader=leader, playoff_game=k,
                             playoff_games=int(n), playoff=again) if n > 1:
                return self.say("game_started_harakiri_of", leader, game=k, games=n,
                                again=playoff_suffix(again, lang))
            case GameStarted(contract=Contract.HARAKIRI, leader=leader, playoff=again):
                return self.say("game_started_harakiri", leader,
                                again=playoff_suffix(again, lang))
            # (the hand's header above says which round of eight, game or attempt it is)
            case GameStarted(attempt=int(), contract=c, leader=leader):
                said = self.say("game_started_maturita", leader, contract=game_name(c, lang))
                return said if self.viewer is None else f"{said} {self.maturita_goal(c, leader)}"
            case GameStarted(contract=c, leader=leader):
                said = self.say("game_started", leader, contract=game_name(c, lang))
                # his hand tells a newcomer what the game is about, in the words of the
                # maturita menu ("Neber žádného filka.")
                if self.viewer is None or not has(f"lora.choice_{c.value}", lang):
                    return said
                return f"{said} {t(f'lora.choice_{c.value}', lang)}"
            case MaturitaDealt(seat=seat):
                return self.say("maturita_dealt", seat)
            case MaturitaChosen(seat=seat, contract=c):
                return self.say("maturita_chosen", seat, contract=game_name(c, lang))
            case StovkaAsked(first=first):
                return self.say("stovka_asked", first)
            case StovkaAnswered(seat=seat, declared=declared):
                return self.say("stovka_yes" if declared else "stovka_no", seat)
            case CardPlayed(seat=seat, card=card) | CardLaid(seat=seat, card=card):
                return self.say("card_played", seat, card=card_label(card))
            case TrickTaken(seat=seat, cards=cards, number=number, counted=counted) if (
                    not counted or id(e) in self.ungraded):
                return self.say("trick_taken_free", seat, number=number, cards=cards_text(cards))
            case TrickTaken(seat=seat, cards=cards, penalty=penalty, number=number):
                one = penalty == 1 and has("lora.ev.trick_taken_one", lang)  # "1 pt."
                return self.say("trick_taken_one" if one else "trick_taken", seat,
                                number=number, cards=cards_text(cards),
                                penalty=penalty)
            case RedKingFirstTrick(seat=seat):
                return self.say("red_king_first_trick", seat)
            case Panak(seat=seat):
                return self.say("panak", seat)
            case DivokaKarta(seat=seat):
                return self.say("divoka_karta", seat)
            case KralovskaKvarta(seat=seat):
                return self.say("kralovska_kvarta", seat)
            case KvartaBuilt():
                return self.kvarta(e)
            case TurnEnded(seat=seat, cards=cards) if shed:
                return self.say("turn_ended_out", seat, cards=cards_text(cards))
            case TurnEnded(seat=seat, cards=cards):
                return self.say("turn_ended", seat, cards=cards_text(cards))
            case Knocked(seat=seat) if id(e) in self.ungraded:
                return self.say("knock_free", seat)  # R-MATURITA: no knock's point either
            case Knocked(seat=seat):
                return self.say("knock", seat)
            case MaturitaFailed(seat=seat, attempt=attempt):
                return self.say("maturita_failed", seat, attempt=attempt)
            case MaturitaPassed(seat=seat, attempt=attempt):
                return self.say("maturita_passed", seat, attempt=attempt)
            case GameEnded() if id(e) in self.graded:
                return None  # R-MATURITA: 0 for all or 8 for him, as its result line says
            case GameEnded(contract=Contract.HARAKIRI, tied=tied, points=points) if tied:
                return self.harakiri_ended(e)
            case GameEnded(contract=c, points=points):
                return t("lora.ev.game_ended", lang, contract=game_name(c, lang),
                         scores=self.scores(points))
            case HarakiriNeeded(seats=seats, games=games, playoff=playoff):
                key = "lora.ev.harakiri_again" if playoff > 1 else "lora.ev.harakiri_needed"
                return tn(key, lang, games, names=self.name_list(seats),
                          count=count_word(games, lang))
            case LoraFinished(order=order):
                return t("lora.ev.lora_finished", lang,
                         order=", ".join(self.order_names[s] for s in order))
            case _:
                return None

    def harakiri_ended(self, e: GameEnded, key: str = "lora.ev.harakiri_ended") -> str:
        """R-HARAKIRI: only the tied seats' points count, so only they are named; a play-off
        of several games says which game this was and their sums so far. ``key``: the
        catalog's words (the event line, or the result kept in the table's record)."""
        scores = " · ".join(f"{self.names[s]} {e.points[s]}" for s in e.tied)
        if (e.playoff_games or 1) <= 1:
            return t(key, self.lang, scores=scores)
        sums = " · ".join(f"{self.names[s]} {n}" for s, n in zip(e.tied, e.sums, strict=True))
        return t(f"{key}_of", self.lang, game=e.playoff_game,
                 games=e.playoff_games, scores=scores, sums=sums)

    def kvarta(self, e: KvartaBuilt, mark: str = "") -> str:
        """R-KVARTY: the leader's own cards as the protocol shows them ("8, S"); "odfouknutá"
        only for a run stopped by a played card; a hand that empties ends the game. Who
        leads next is named only if another leads ("; vynáší znovu": a burst of his kvarty
        stays short), with the cards he added (R-KVARTY-NEXT: the highest is his, "dál
        vynáší Bob (přikládá 10❤️)"). ``mark`` (a lead nobody clicked) by the leader: after
        his name ("Bob (hraje AI) vynáší …"), in his own words after his cards —
        at the end it read as the next leader's."""
        own = ", ".join(card_label(c) for c in e.own_cards)
        if e.seat == self.viewer:
            own, mark = own + mark, ""
        cards = cards_text(c for _, c in e.placed)
        if e.out is None:
            assert e.next_leader is not None
            added = ", ".join(card_label(c) for s, c in e.filled if s == e.next_leader)
            if e.next_leader == e.seat:
                nxt = self.say("next_again", e.seat)
            elif added:
                nxt = self.say("next_filled", e.next_leader, cards=added)
            else:
                nxt = self.say("next", e.next_leader)
            if e.complete:
                return self.say("kvarta", e.seat, mark, own=own, cards=cards, next=nxt)
            assert e.stopper is not None  # (incomplete with the game going on: blown)
            stop = card_label(e.stopper)
            return self.say("kvarta_blown", e.seat, mark, own=own, cards=cards, next=nxt,
                            stop=stop)
        if not e.filled:
            return self.say("kvarta_out", e.seat, mark, own=own)
        return self.say("kvarta_filled_out", e.seat, mark, own=own,
                        filled=cards_text(c for _, c in e.filled), out=self.say("out", e.out))

    def lines(self, events: Sequence[Any], quiet: tuple[type, ...]) -> list[str]:
        """The lines of ``events``; ``Unclicked`` marks the next own line of its seat."""
        return [text for _, text in self.pairs(events, quiet)]

    def pairs(self, events: Sequence[Any], quiet: tuple[type, ...]) -> list[tuple[int, str]]:
        """``lines``, each with the index in ``events`` of the event it tells."""
        told = [e for e in events if isinstance(e, Event)]
        # the game ends right after a turn only when that turn emptied the hand
        shed = {id(e) for e, after in pairwise(told)
                if isinstance(e, TurnEnded) and isinstance(after, GameEnded)}
        # a Graduation attempt's end has no line of its own ("End of Obers: Ann 0 · …" read
        # as if nobody took an Ober): the pass or fail line right after it tells the end
        self.graded = {id(e) for e, after in pairwise(told) if isinstance(e, GameEnded)
                       and isinstance(after, MaturitaFailed | MaturitaPassed)}
        self.ungraded = unrecorded_in_maturita(told, self.attempt)
        self.tricks = {} if self.viewer is None else trick_numbers(told)  # forced_line's
        return marked_pairs(events, Event, lambda e: self.line(e, id(e) in shed),
                            (*OWN_LINE, CardPlayed), lambda e: isinstance(e, quiet),
                            self.mark, lambda e, how: self.unclicked_line(e, how, id(e) in shed),
                            lambda e, how, mark: self.kvarta(
                                e, self.name_mark(how, e.seat, mark))
                            if isinstance(e, KvartaBuilt) else None)

    def mark(self, how: str, seat: int) -> str | None:
        """The mark of a move nobody clicked (``bot.games.marks``): a forced move is marked
        in its own player's lines only; a stand-in's in everyone's ("za tebe" in his)."""
        if seat == self.viewer:
            how = "stand_in" if how == "left" else how  # (told him as a stand-in's move)
            return t(f"lora.ev.mark_{how}_you" if has(f"lora.ev.mark_{how}_you", self.lang)
                     else f"lora.ev.mark_{how}", self.lang)
        return t(f"lora.ev.mark_{how}", self.lang) if public_mark(how) else None

    def name_mark(self, how: str, seat: int, mark: str) -> str:
        """The mark of a move made ``how`` put after another seat's name ("Bob (hraje AI)
        vynáší …"; ``mark`` where the catalog has no such form): at a sentence's end it is
        "(tah AI)" ("Bob hraje 7🔔 (tah AI).", no verb twice). The reader's own mark goes
        after his cards (``kvarta``) and stays as it is."""
        key = f"lora.ev.mark_{how}_name"
        return t(key, self.lang) if seat != self.viewer and has(key, self.lang) else mark

    def unclicked_line(self, e: Event, how: str, shed: bool) -> str | None:
        """The reader's own move that he did not click, in a sentence of its own that says
        how it was made (None: its line with the mark)."""
        return self.forced_line(e, how) or self.stood_in_line(e, how, shed)

    def forced_line(self, e: Event, how: str) -> str | None:
        """The reader's card that the table played for him, his only legal one, in a
        sentence of its own, with its trick as Taroky's tells it ("Automaticky šla tvoje
        karta (jediná možná): 7🔔 (4. štych).") — the sentence that tells several of them at
        once in his hand (``texts.forced_cards_line``); None for any other move. (Only a
        trick's card is forced so: a card laid out, a turn or a kvarta gets the mark.)"""
        if how != "auto" or self.viewer is None or not isinstance(e, CardPlayed) or (
                e.seat != self.viewer):
            return None
        number = self.tricks.get(id(e))
        label = (card_label(e.card) if number is None  # (its trick is not among the events)
                 else t("lora.ev.forced_card", self.lang, card=card_label(e.card),
                        number=number))
        self.forced_cards[id(e)] = label
        return tn("lora.ev.cards_forced_you", self.lang, 1, cards=label)

    def stood_in_line(self, e: Event, how: str, shed: bool) -> str | None:
        """The reader's own move that an AI made for him, in a sentence of its own ("Za tebe
        hrála AI: 7🔔."); None where the catalog has none (the line gets the mark)."""
        if (how not in ("stand_in", "left") or self.viewer is None
                or getattr(e, "seat", None) != self.viewer):
            return None
        self.stood_in, self.worded = True, False
        try:
            text = self.line(e, shed)
        finally:
            self.stood_in = False
        if self.worded and isinstance(e, CardPlayed):
            self.ai_cards[id(e)] = card_label(e.card)
        return text if self.worded else None


def trick_numbers(told: Sequence[Event]) -> dict[int, int]:
    """The trick of each card played among ``told`` (event id → its 1-based number): the
    number of the trick taken after it, or for the trick in progress the one after the last
    taken in its game (the first after a game's start). A card of a trick in progress whose
    game's start and earlier tricks are not among ``told`` (a window of the last events)
    has none."""
    numbers: dict[int, int] = {}
    pending: list[int] = []
    last: int | None = None  # the number of the last trick taken in the game (None: unknown)
    for e in told:
        match e:
            case GameStarted():
                pending, last = [], 0
            case CardPlayed():
                pending.append(id(e))
            case TrickTaken(number=number):
                numbers.update(dict.fromkeys(pending, number))
                pending, last = [], number
    if last is not None:
        numbers.update(dict.fromkeys(pending, last + 1))
    return numbers


def unrecorded_in_maturita(told: Sequence[Event], now: bool | None = None) -> set[int]:
    """The tricks and knocks of Graduation attempts among ``told`` (by ``id``), the
    maturant's too: R-MATURITA records none of their points. A game is an attempt when
    ``told`` hold its start or choice as one, a defender's trick (it counts for nothing) or
    the attempt's result after its end; the tricks and knocks before any start or choice
    among ``told`` (a window of the last events, a table's events of one move) are of the
    game in play after them when ``told`` start no game: ``now`` says whether that is an
    attempt (None: not known)."""
    starts = (GameStarted, MaturitaDealt, MaturitaChosen)
    maturita = now if not any(isinstance(e, starts) for e in told) else None
    games: list[tuple[bool | None, list[TrickTaken | Knocked]]] = []
    tricks: list[TrickTaken | Knocked] = []
    for e in told:
        match e:
            case GameStarted(attempt=attempt):
                games.append((maturita, tricks))
                maturita, tricks = attempt is not None, []
            case MaturitaDealt() | MaturitaChosen():
                games.append((maturita, tricks))
                maturita, tricks = True, []
            case MaturitaFailed() | MaturitaPassed():
                maturita = True
            case TrickTaken(counted=counted):
                maturita = True if not counted else maturita
                tricks.append(e)
            case Knocked():
                tricks.append(e)
    games.append((maturita, tricks))
    return {id(trick) for attempt, tricks in games if attempt for trick in tricks}


def table_lines(events: Sequence[Any], lang: str, names: Sequence[str],
                attempt: bool | None = None, order_names: Sequence[str] = ()) -> list[str]:
    """The table's event lines (public: names, the table's language); ``attempt``: the
    game in play after ``events`` is a Graduation attempt (``unrecorded_in_maturita``);
    ``order_names``: the names in the final order (``Words``)."""
    return Words(lang, names, attempt=attempt, order_names=order_names).lines(
        events, TABLE_QUIET)


def seat_lines(events: Sequence[Any], lang: str, names: Sequence[str], seat: int) -> list[str]:
    """One seat's event lines (his private hand: the second person, his language)."""
    return Words(lang, names, seat).lines(events, HAND_QUIET)
