"""Every Taroky text of the engine in Czech (the default) and English.

Players read the game's words and cards with suit symbols (``K♥``, ``10♣``, taroks by their
numeral, ``Škýz``), never a rule id or an engine code. One table per language.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.taroky.cards import NUM_TAROKS, SKYZ, TAROK_NAMES, color, rank_of

LANGS = ("cs", "en")
SUIT_SYMBOLS = ("♥", "♦", "♣", "♠")  # the bare signs: pictures draw these
# The signs as texts write them (messages, embeds, button and select labels): ♣ and ♠ with
# VS-15 (U+FE0E, text presentation). Discord turns a bare ♣/♠ into a Twemoji image, drawn
# dark grey (#31373D) and nearly invisible on the dark theme (#313338); Twemoji leaves a sign
# followed by VS-15 as text, in the theme's text colour. ♥ and ♦ stay bare: Twemoji draws
# them red, which reads on both themes. Pictures never draw U+FE0E (bot/render/fonts.py).
TEXT_SUITS = tuple(s + "\ufe0e" if s in "♣♠" else s for s in SUIT_SYMBOLS)


def bare_suits(text: str) -> str:
    """``text`` with the bare signs of ``SUIT_SYMBOLS``: what T-REPLAY's JSON writes, as
    before ``TEXT_SUITS`` (no chat client reads it)."""
    return text.replace("\ufe0e", "")
RANK_LABELS = {
    "cs": (("4", "3", "2", "A", "J", "C", "D", "K"), ("7", "8", "9", "10", "J", "C", "D", "K")),
    "en": (("4", "3", "2", "A", "J", "C", "Q", "K"), ("7", "8", "9", "10", "J", "C", "Q", "K")),
}


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "cs"


def rank_label(c: int, lang: str = "cs") -> str:
    """A suit card's rank as its index writes it in ``lang`` (``K``, ``10``, ``Q``)."""
    return RANK_LABELS[_lang(lang)][color(c) // 2][rank_of(c)]


def card_label(c: int, lang: str = "cs") -> str:
    """A card as a player reads it: ``K♥``, ``10♣``, ``XXI``, ``Škýz`` (♣ and ♠ followed
    by U+FE0E: ``TEXT_SUITS``)."""
    if c < NUM_TAROKS:
        return "Škýz" if c == SKYZ else TAROK_NAMES[c]
    return rank_label(c, lang) + TEXT_SUITS[color(c)]


def cards_label(cards: Iterable[int], lang: str = "cs") -> str:
    return " ".join(card_label(c, lang) for c in cards)


def money_text(hal: int, lang: str = "cs", signed: bool = False) -> str:
    """``10,50 Kč`` (cs) or ``10.50 Kč`` (en); ``signed`` adds + to a gain."""
    sign = "−" if hal < 0 else ("+" if signed and hal > 0 else "")
    kc, h = divmod(abs(hal), 100)
    sep = "," if _lang(lang) == "cs" else "."
    return f"{sign}{kc}{sep}{h:02d} Kč"


WORDS: dict[str, dict[str, str]] = {
    "cs": {
        "1P": "první povinnost",
        "2P": "druhá povinnost",
        "3P": "preferanc",
        "3P1": "preferanc na prvních",
        "3P2": "preferanc na druhých",
        "3P3": "preferanc na třetích",
        "6P": "sólo",
        "W": "Varšava",
        "acc:2P": "druhou povinnost",  # accusative ("hraje druhou povinnost")
        "acc:W": "Varšavu",
        "acc:pagat": "pagáta",  # "hlásí pagáta" (animate, as "flek na pagáta"; review 70)
        "acc:valat": "valáta",  # "hlásí valáta", as "flek na valáta"
        "dobra": "dobrá",
        "zduch": "žďuch",
        "tiche_solo": "tiché sólo",
        "tarocky": "taročky",
        "taroky": "taroky",
        "barvicky": "barvičky",
        "barvy": "barvy",
        "trul": "trul",
        "trulhonery": "trulhonéry",
        "honery": "honéry",
        "kralovske_honery": "královské honéry",
        "pagat": "pagát",
        "valat": "valát",
        "game": "hra",
        "upper": "horní",
        "lower": "dolní",
        "blana": "blána",
        "dokup": "dokup",
        "on_game": "na hru",
        "on_pagat": "na pagáta",
        "on_valat": "na valáta",
        "flek:game": "flek na hru",
        "flek:pagat": "flek na pagáta",
        "flek:valat": "flek na valáta",
        "done": "dobrá (konec hlášení)",
        "take": "vzít",
        "reject": "odmítnout",
        "level1": "flek",
        "level2": "re",
        "level3": "sup",
        "levelN": "další flek ×{mult}",  # past sup: not level 1's word alone
    },
    "en": {
        "1P": "first duty",
        "2P": "second duty",
        "3P": "preferans",
        "3P1": "preferans on first cards",
        "3P2": "preferans on second cards",
        "3P3": "preferans on third cards",
        "6P": "solo",
        "W": "Warsaw",
        "dobra": "pass",
        "zduch": "push",
        "tiche_solo": "silent solo",
        "tarocky": "8–9 taroks",
        "taroky": "10+ taroks",
        "barvicky": "1–2 taroks",
        "barvy": "no tarok",
        "trul": "trul",
        "trulhonery": "trul with king(s)",
        "honery": "honours",
        "kralovske_honery": "four kings",
        "pagat": "pagát ultimo",
        "valat": "valat",  # the game's word, as "pagát ultimo": all 12 tricks (the rules)
        "game": "game",
        "upper": "upper",
        "lower": "lower",
        "blana": "no trick (blána)",
        "dokup": "top-up",
        # what a flek is given on, as the object of its level ("double the game")
        "on_game": "the game",
        "on_pagat": "the pagát ultimo",
        "on_valat": "valat",
        "flek:game": "double the game",
        "flek:pagat": "double the pagát ultimo",
        "flek:valat": "double valat",
        "done": "pass (end of turn)",
        "take": "take",
        "reject": "reject",
        "level1": "double",
        "level2": "redouble",
        "level3": "re-redouble",
        "levelN": "double again ×{mult}",
        # a flek said in an event line, by its level ("Bob doubles the game.")
        "does:level1": "doubles",
        "does:level2": "redoubles",
        "does:level3": "re-redoubles",
    },
}


def word(key: str, lang: str = "cs") -> str:
    """A game word: games, bids, hlášky, announcement items (``key`` as the engine names it)."""
    return WORDS[_lang(lang)].get(key, key)


def game_object(game: str, lang: str = "cs") -> str:
    """A game word as the object of a verb (Czech accusative: "hraje druhou povinnost",
    "hraje Varšavu", "hlásí pagáta"; the others read the same as their name)."""
    return WORDS[_lang(lang)].get(f"acc:{game}") or word(game, lang)


SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
MULT_DIGITS = 6  # a longer multiplier is written as a power of two


def multiplier(level: int) -> str:
    """A flek level's multiplier, ``2 ** level``: "8", "524288" — from ``2 ** 20`` on as
    the power of two ("2²⁰", "2⁵⁵"): with unlimited flek a deal reached 55 levels and the
    table's strip wrote "×36028797018963968", a third row of chips."""
    mult = str(2**level)
    return mult if len(mult) <= MULT_DIGITS else "2" + str(level).translate(SUPERSCRIPT)


def level_name(level: int, lang: str = "cs") -> str:
    """Flek level: flek, re, sup, then "další flek" with the multiplier (``multiplier``)."""
    table = WORDS[_lang(lang)]
    if level <= 3:
        return table[f"level{level}"]
    return table["levelN"].format(mult=multiplier(level))


ERRORS: dict[str, dict[str, str]] = {
    "cs": {
        "bad_input": "Chybný vstup.",
        "game_over": "Hra už skončila.",
        "not_your_turn": "Nejsi na tahu (hráč {seat}; na tahu je hráč {to_act}).",
        "wrong_phase": "Tahle akce teď nejde.",
        "phase_bid": "Teď se licituje.",
        "phase_choose": "Teď předák volí hru.",
        "phase_call": "Teď vydražitel volá tarok.",
        "phase_trojka": "Teď se vydražitel rozhoduje o trojce z talonu.",
        "phase_discard": "Teď se odkládají karty za talon.",
        "phase_announce": "Teď se hlásí.",
        "phase_play": "Teď se hraje.",
        "round_ending": "Kolo už končí po tomto rozdání.",
        "not_in_hand": "Kartu {card} nemáš v ruce.",
        "must_open": "Předák musí licitaci zahájit; dobrá říct nemůže.",
        "bid_too_low": "Musíš hlásit vyšší hru, než je {highest}, nebo říct dobrá.",
        "no_pagat_for_2P": "Druhou povinnost může hrát jen ten, kdo má pagáta.",
        "zduch_not_allowed": (
            "Žďuchnout může jen zadák, a jen když k němu došla první povinnost předáka."
        ),
        "varsava_not_allowed": "Varšavu teď hrát nelze.",
        "bad_call": (
            "Tento tarok volat nelze: volá se XIX, nižší tarok (nejníž XVI) jen s držením "
            "všech vyšších až po XIX."
        ),
        "discard_count": "Odkládá se jiný počet karet.",
        "discard_king_or_trul": "Krále, pagáta, monda ani škýze za talon odložit nelze.",
        "discard_tarok": "Tarok smíš odložit, až když nemáš jinou kartu než taroky a krále.",
        "must_follow_suit": "Musíš přiznat barvu.",
        "must_play_tarok": "Musíš hrát tarok.",
        "pagat_last": "Ve Varšavě smíš pagáta zahrát jen jako svůj poslední tarok.",
        "mond_on_skyz": "Ve Varšavě nesmíš namazat monda na škýze.",
        "must_overtake": "Ve Varšavě musíš přebít nejvyšší tarok ve štychu.",
        "announce_not_allowed": "To teď hlásit nemůžeš.",
        "flek_not_allowed": "Tenhle flek teď dát nemůžeš.",
        # bad_input details
        "card_not_text": "Karta musí být text, ne {value}.",
        "cards_not_text": "Karty musí být text oddělený mezerami, ne {value}.",
        "unknown_card": "Neznámá karta „{value}“.",
        "duplicate_card": "Karta {value} je tam dvakrát.",
        "deal_cards": "Ruce a talon musí dohromady dát všech 54 karet právě jednou.",
        "hand_size": "Hráč {seat} má {count} karet místo 12.",
        "talon_size": "Talon má {count} karet místo 6.",
        "hands_not_four": "Rozdání musí mít čtyři ruce.",
        "options_not_object": "Volby musí být objekt.",
        "unknown_option": "Neznámá volba: {value}.",
        "bad_option": "Chybná hodnota volby {name}: {value}.",
        "action_not_object": "Akce musí být objekt.",
        "bad_seat": "Chybné místo hráče: {value}.",
        "action_shape": "Akce má chybný tvar.",
        "unknown_word": "Neznámé slovo „{value}“.",
        "deal_source": "Zadej buď generátor náhody, nebo rozdání.",
        "bad_state": "Uložený stav je poškozený ({value}).",
        "not_json": "Vstup není platný JSON ({value}).",
        "scenario_not_object": "Scénář musí být objekt.",
        "missing_field": "Chybí pole „{value}“.",
        "bad_field": "Chybná hodnota pole „{name}“: {value}.",
        "unknown_field": "Neznámé pole „{value}“.",
        "unreadable": "Soubor nelze přečíst: {value}.",
    },
    "en": {
        "bad_input": "Bad input.",
        "game_over": "The game is over.",
        "not_your_turn": "It is not your turn (seat {seat}; seat {to_act} is to act).",
        "wrong_phase": "That action is not possible now.",
        "phase_bid": "The bidding is on now.",
        "phase_choose": "The forehand is choosing the game now.",
        "phase_call": "The declarer is calling a tarok now.",
        "phase_trojka": "The declarer is deciding about a set of three from the talon now.",
        "phase_discard": "Cards are being laid away now.",
        "phase_announce": "Announcements are being made now.",
        "phase_play": "The cards are being played now.",
        "round_ending": "The round already ends after this deal.",
        "not_in_hand": "{card} is not in your hand.",
        "must_open": "The forehand must open the bidding; passing is not allowed.",
        "bid_too_low": "Bid a higher game than {highest}, or pass.",
        "no_pagat_for_2P": "Only the holder of the pagát (I) may play the second duty.",
        "zduch_not_allowed": (
            "Only the dealer may push, and only when the forehand's first duty reached the dealer."
        ),
        "varsava_not_allowed": "Warsaw cannot be played now.",
        "bad_call": (
            "That tarok cannot be called: call XIX, or a lower one (XVI at the lowest) only "
            "holding every tarok above it up to XIX."
        ),
        "discard_count": "A different number of cards is laid away.",
        "discard_king_or_trul": "A king, the pagát, the mond or the Škýz cannot be laid away.",
        "discard_tarok": (
            "You may lay away a tarok only when you hold nothing but taroks and kings."
        ),
        "must_follow_suit": "You must follow suit.",
        "must_play_tarok": "You must play a tarok.",
        "pagat_last": "In Warsaw the pagát may be played only as your last tarok.",
        "mond_on_skyz": "In Warsaw the mond (XXI) may not go onto the Škýz.",
        "must_overtake": "In Warsaw you must beat the highest tarok in the trick.",
        "announce_not_allowed": "You cannot announce that now.",
        "flek_not_allowed": "You cannot double that now.",
        "card_not_text": "A card must be text, not {value}.",
        "cards_not_text": "Cards must be space-separated text, not {value}.",
        "unknown_card": "Unknown card “{value}”.",
        "duplicate_card": "Card {value} appears twice.",
        "deal_cards": "The hands and the talon together must hold all 54 cards exactly once.",
        "hand_size": "Seat {seat} has {count} cards instead of 12.",
        "talon_size": "The talon has {count} cards instead of 6.",
        "hands_not_four": "A deal must have four hands.",
        "options_not_object": "Options must be an object.",
        "unknown_option": "Unknown option: {value}.",
        "bad_option": "Bad value of option {name}: {value}.",
        "action_not_object": "An action must be an object.",
        "bad_seat": "Bad seat: {value}.",
        "action_shape": "The action is malformed.",
        "unknown_word": "Unknown word “{value}”.",
        "deal_source": "Give either a random generator or the deals.",
        "bad_state": "The saved state is damaged ({value}).",
        "not_json": "The input is not valid JSON ({value}).",
        "scenario_not_object": "A scenario must be an object.",
        "missing_field": "Field “{value}” is missing.",
        "bad_field": "Bad value of field “{name}”: {value}.",
        "unknown_field": "Unknown field “{value}”.",
        "unreadable": "Cannot read the file: {value}.",
    },
}


def error_text(detail: str, lang: str, params: dict[str, Any]) -> str:
    table = ERRORS[_lang(lang)]
    template = table.get(detail, table["bad_input"])
    values: dict[str, Any] = dict(params)
    if isinstance(values.get("card"), int):
        values["card"] = card_label(values["card"], lang)
    if "highest" in values:
        values["highest"] = word(str(values["highest"]), lang)
    try:
        return template.format_map(_Blank(values))
    except (IndexError, ValueError):
        return table["bad_input"]


class _Blank(dict[str, Any]):
    """Formatting values where a missing one reads as "–" (never a raw placeholder)."""

    def __missing__(self, key: str) -> str:
        return "–"


EVENTS: dict[str, dict[str, str]] = {
    "cs": {
        "seat": "hráč {n}",
        "deal_started": "{deal_no}. rozdání: rozdává {dealer}, předák je {predak}.",
        "bid_said": "{seat}: {bid}.",
        "game_chosen": "{seat} volí: {game}.",
        "bidding_won": "{seat} hraje {game}.",
        "bidding_won_zduch": "{seat} hraje žďuchanou Varšavu.",
        "called": "{seat} volá {card}.",
        "talon_handed_out": "Talon se rozebírá 4-1-1: {takes}.",
        "take_count": "{seat} bere {count}",
        "trojka_rejected": "{seat} odmítá {which} trojku: {cards}.",
        "trojka_taken": "{seat} bere {which} trojku: {game}.",
        "discarded": "{seat} odkládá kartu.",
        "discarded_tarok": "{seat} odkládá {card} lícem nahoru.",
        "hlasky_announced": "{seat} hlásí: {hlasky}.",
        "hlasky_and": ", ",
        "pagat_promised": "{seat} hlásí pagáta s hrou (druhá povinnost).",
        "announced": "{seat} hlásí {item}.",
        "announced_valat": "{seat} hlásí valáta.",  # as "flek na valáta" (and "pagáta")
        "flekked": "{seat}: {level} {on}.",
        "flekked_n": "{seat}: další flek ×{mult} {on}.",
        "turn_passed": "{seat}: dobrá.",
        "announcements_closed": "Konec hlášení, vynáší {leader}.",
        "partner_revealed": "{seat} hraje s vydražitelem.",
        "opponent_revealed": "{seat} hraje proti vydražiteli.",
        "alone_revealed": "{seat} hraje bez spoluhráče.",
        "card_played": "{seat} hraje {card}.",
        "trick_taken": "{seat} bere {number}. štych (vynáší {leader}: {cards}).",
        "trick_taken_brief": "{seat} bere {number}. štych.",
        "talon_turned": "Z talonu se otáčí {card}, kartu si ke svým štychům bere {to}.",
        "talon_turned_solo": "Z talonu se otáčí {card}.",
        "deal_ended": "Konec hry ({game}): oči {eyes}; peníze {money}.",
        "dokup_added": "{seat} dokupuje {amount}.",
        "round_ending": "Čas vypršel: toto rozdání je poslední.",
        "round_finished": "Konec kola. Výsledky: {results}.",
    },
    "en": {
        "seat": "seat {n}",
        "deal_started": "Deal {deal_no}: {dealer} deals, {predak} is the forehand.",
        "bid_said": "{seat}: {bid}.",
        "game_chosen": "{seat} chooses: {game}.",
        "bidding_won": "{seat} plays {game}.",
        "bidding_won_zduch": "{seat} plays Warsaw (pushed).",
        "called": "{seat} calls {card}.",
        "talon_handed_out": "The talon is bought 4-1-1: {takes}.",
        "take_count": "{seat} takes {count}",
        "trojka_rejected": "{seat} rejects the {which} set of three: {cards}.",
        "trojka_taken": "{seat} takes the {which} set of three: {game}.",
        "discarded": "{seat} lays away a card.",
        "discarded_tarok": "{seat} lays away {card} face up.",
        "hlasky_announced": "{seat} declares {hlasky}.",
        "hlasky_and": " and ",  # "Ann declares 8–9 taroks and trul with king(s)."
        "pagat_promised": "{seat} announces the pagát ultimo with the game (second duty).",
        "announced": "{seat} announces {item}.",
        "announced_valat": "{seat} announces valat (all 12 tricks).",
        "flekked": "{seat} {does} {on}.",
        "flekked_n": "{seat} doubles {on} again (×{mult}).",  # past re-redouble
        "turn_passed": "{seat}: pass.",
        "announcements_closed": "Announcements are over; {leader} leads.",
        "partner_revealed": "{seat} is the declarer's partner.",
        "opponent_revealed": "{seat} plays against the declarer.",
        "alone_revealed": "{seat} plays without a partner.",
        "card_played": "{seat} plays {card}.",
        "trick_taken": "{seat} takes trick {number} (led by {leader}: {cards}).",
        "trick_taken_brief": "{seat} takes trick {number}.",
        "talon_turned": "A talon card is turned: {card}; it goes to {to}'s tricks.",
        "talon_turned_solo": "A talon card is turned: {card}.",
        "deal_ended": "End of the game ({game}): eyes {eyes}; money {money}.",
        "dokup_added": "{seat} tops up {amount}.",
        "round_ending": "Time is up: this deal is the last one.",
        "round_finished": "End of the round. Results: {results}.",
    },
}


def seat_name(seat: int, lang: str = "cs", names: list[str] | None = None) -> str:
    if names is not None:
        return names[seat]
    return EVENTS[_lang(lang)]["seat"].format(n=seat)


def event_text(event: Any, lang: str = "cs", names: list[str] | None = None,
               brief: bool = False) -> str:
    """The line of one event; ``names`` replaces "hráč N" with the players' names.
    ``brief``: a trick taken without its cards — an earlier trick than the last, whose
    cards nobody sees any more during the deal (T-VIEW)."""
    lang = _lang(lang)
    table = EVENTS[lang]
    kind = event.kind
    v: dict[str, Any] = {}
    for name in ("seat", "dealer", "predak", "leader"):
        value = getattr(event, name, None)
        if isinstance(value, int):
            v[name] = seat_name(value, lang, names)
    for name in ("deal_no", "number"):
        if hasattr(event, name):
            v[name] = getattr(event, name)
    if isinstance(getattr(event, "card", None), int):
        v["card"] = card_label(event.card, lang)
    if hasattr(event, "cards"):
        v["cards"] = cards_label(event.cards, lang)
    for name in ("bid", "game", "item", "which"):
        if hasattr(event, name):
            v[name] = word(getattr(event, name), lang)
    if kind == "trick_taken" and brief:
        kind = "trick_taken_brief"
    elif kind == "bidding_won" and event.zduch:
        kind = "bidding_won_zduch"
    elif kind == "bidding_won":
        v["game"] = game_object(event.game, lang)
    elif kind == "talon_handed_out":
        v["takes"] = ", ".join(
            table["take_count"].format(seat=seat_name(s, lang, names), count=n)
            for s, n in event.takes
        )
    elif kind == "announced":
        v["item"] = game_object(event.item, lang)  # "hlásí pagáta"
        if event.item == "valat":  # (English glosses the word)
            kind = "announced_valat"
    elif kind == "discarded" and event.card is not None:
        kind = "discarded_tarok"
    elif kind == "hlasky_announced":
        v["hlasky"] = table["hlasky_and"].join(word(h, lang) for h in event.hlasky)
    elif kind == "flekked":
        v["level"] = level_name(event.level, lang)
        v["does"] = WORDS[lang].get(f"does:level{event.level}", v["level"])  # (English)
        v["on"] = word(f"on_{event.item}", lang)
        if event.level > 3:
            kind, v["mult"] = "flekked_n", multiplier(event.level)
    elif kind == "talon_turned":
        if event.seat is None:
            kind = "talon_turned_solo"
        else:
            v["to"] = seat_name(event.seat, lang, names)
    elif kind == "deal_ended":
        v["eyes"] = " : ".join(str(e) for e in event.eyes)
        v["money"] = ", ".join(money_text(m, lang, signed=True) for m in event.money)
    elif kind == "dokup_added":
        v["amount"] = money_text(event.amount, lang)
    elif kind == "round_finished":
        v["results"] = ", ".join(money_text(m, lang, signed=True) for m in event.results)
    text: str = table[kind].format(**v)
    return text[0].upper() + text[1:] if names is None else text
