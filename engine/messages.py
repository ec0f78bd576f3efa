"""Every engine text in Czech (the default) and English: errors, events, game names.

One table per language; nothing else in the engine holds a user-facing sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import card_str

LANGS = ("cs", "en")

CONTRACT_NAMES: dict[str, dict[str, str]] = {
    "cs": {
        "cervene": "Červené",
        "filky": "Filky",
        "prvni_posledni": "První – poslední",
        "vsechny": "Všechny",
        "cerveny_kral": "Červený král",
        "kvarty": "Kvarty",
        "desitky": "Desítky",
        "maturita": "Maturita",
        "harakiri": "Harakiri",
    },
    # English: the names of RULES.md's glossary (the bot's catalogs hold the same)
    "en": {
        "cervene": "Hearts",
        "filky": "Obers",
        "prvni_posledni": "First and last",
        "vsechny": "All tricks",
        "cerveny_kral": "King of hearts",
        "kvarty": "Quarts",
        "desitky": "Tens",
        "maturita": "Graduation",
        "harakiri": "Harakiri",
    },
}

ERRORS: dict[str, dict[str, str]] = {
    "cs": {
        "bad_input": "Chybný vstup.",
        "not_your_turn": "Nejsi na tahu (hráč {seat}; na tahu je {to_act}).",
        "game_over": "Hra už skončila.",
        "wrong_phase": "Tahle akce teď nejde.",
        "wrong_action_kind": "Tahle akce do hry {contract} nepatří.",
        "expected_stovka": "Teď se odpovídá na čistou stovku.",
        "expected_choice": "Teď maturant volí hru.",
        "choice_not_allowed": "Hru {contract} nelze zvolit při {attempt}. pokusu maturity.",
        "not_in_hand": "Kartu {card} nemáš v ruce.",
        "must_follow_suit": "Musíš ctít barvu.",
        "red_lead": "Červenou lze vynést, až když nemáš jinou barvu.",
        "red_king_first_trick": "Červeného krále nelze dát do prvního štychu.",
        "kvarty_first_lead": (
            "První kvarta musí začít nejvýš spodkem (divoká karta: filkem, jinak králem)."
        ),
        "kvarty_first_lead_wild": (
            "S divokou kartou (žádná karta pod filkem) začíná první kvarta filkem, bez filka"
            " králem."
        ),
        "not_playable": "Kartu {card} nelze přiložit k žádné řadě.",
        # (the card or cards named beside it)
        "not_playable:card": "Nenavazuje na žádnou řadu.",
        "not_playable:cards": "Nenavazují na žádnou řadu.",
        "must_lay": "Musíš přiložit aspoň jednu kartu.",
        # bad_input details
        "card_not_text": "Karta musí být text, ne {value}.",
        "unknown_card": "Neznámá karta „{value}“.",
        "hand_not_text": "Ruka musí být text karet oddělených mezerou, ne {value}.",
        "duplicate_card": "Karta {value} je rozdaná dvakrát.",
        "deal_not_four_hands": "Rozdání musí mít čtyři ruce.",
        "hand_size": "Hráč {seat} má {count} karet místo 8.",
        "unknown_contract": "Neznámá hra „{value}“.",
        "options_not_object": "Volby musí být objekt.",
        "unknown_option": "Neznámá volba: {value}.",
        "bad_option": "Chybná hodnota volby {name}: {value}.",
        "action_not_object": "Akce musí být objekt.",
        "bad_seat": "Chybné místo hráče: {value}.",
        "action_shape": "Akce má chybný tvar.",
        "out_of_deals": "Došla rozdání ({count}).",
        "deal_source": "Zadej buď generátor náhody, nebo rozdání.",
        "deals_not_list": "Rozdání musí být seznam.",
        "bad_state": "Uložený stav je poškozený ({value}).",
        "maturant_leads": "Maturant (hráč {seat}) musí vynášet.",
        "not_json": "Vstup není platný JSON ({value}).",
        "scenario_not_object": "Scénář musí být objekt.",
        "missing_field": "Chybí pole „{value}“.",
        "bad_field": "Chybná hodnota pole „{name}“: {value}.",
        "unreadable": "Soubor nelze přečíst: {value}.",
    },
    "en": {
        "bad_input": "Bad input.",
        "not_your_turn": "It is not your turn (seat {seat}; seat {to_act} is to act).",
        "game_over": "The game is over.",
        "wrong_phase": "That action is not possible now.",
        "wrong_action_kind": "That action does not belong to {contract}.",
        "expected_stovka": "The clean hundred question is being answered now.",
        "expected_choice": "The game for Graduation is being chosen now.",
        "choice_not_allowed": "{contract} cannot be chosen on Graduation attempt {attempt}.",
        "not_in_hand": "{card} is not in your hand.",
        "must_follow_suit": "You must follow suit.",
        "red_lead": "You may lead a heart only when you hold no other suit.",
        "red_king_first_trick": "The king of hearts may not go into the first trick.",
        "kvarty_first_lead": (
            "The first quart must start at the Unter or lower "
            "(with a wild card, no card below the Ober: at an Ober, else at a King)."
        ),
        "kvarty_first_lead_wild": (
            "With a wild card (no card below the Ober) the first quart starts at an Ober,"
            " without one at a King."
        ),
        "not_playable": "{card} fits no row.",
        "not_playable:card": "It fits no row.",
        "not_playable:cards": "They fit no row.",
        "must_lay": "You must lay at least one card.",
        "card_not_text": "A card must be text, not {value}.",
        "unknown_card": "Unknown card “{value}”.",
        "hand_not_text": "A hand must be text of space-separated cards, not {value}.",
        "duplicate_card": "Card {value} is dealt twice.",
        "deal_not_four_hands": "A deal must have four hands.",
        "hand_size": "Seat {seat} has {count} cards instead of 8.",
        "unknown_contract": "Unknown game “{value}”.",
        "options_not_object": "Options must be an object.",
        "unknown_option": "Unknown option: {value}.",
        "bad_option": "Bad value of option {name}: {value}.",
        "action_not_object": "An action must be an object.",
        "bad_seat": "Bad seat: {value}.",
        "action_shape": "The action is malformed.",
        "out_of_deals": "Ran out of deals ({count}).",
        "deal_source": "Give either a random generator or the deals.",
        "deals_not_list": "Deals must be a list.",
        "bad_state": "The saved state is damaged ({value}).",
        "maturant_leads": "The Graduation player (seat {seat}) must lead.",
        "not_json": "The input is not valid JSON ({value}).",
        "scenario_not_object": "A scenario must be an object.",
        "missing_field": "Field “{value}” is missing.",
        "bad_field": "Bad value of field “{name}”: {value}.",
        "unreadable": "Cannot read the file: {value}.",
    },
}


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "cs"


def contract_name(contract: str, lang: str = "cs") -> str:
    return CONTRACT_NAMES[_lang(lang)].get(contract, contract)


def refusal_reason(code: str, lang: str = "cs", count: int = 1) -> str:
    """Why ``count`` cards cannot be played, in the engine's words of its refusal ``code``,
    naming no card (the cards are shown beside it): the refusal's message, or its ``:card``
    / ``:cards`` form where the message names the one card refused."""
    form = f"{code}:cards" if count > 1 else f"{code}:card"
    return ERRORS[_lang(lang)].get(form) or error_text(code, lang, {})


def error_text(detail: str, lang: str, params: dict[str, Any]) -> str:
    table = ERRORS[_lang(lang)]
    template = table.get(detail, table["bad_input"])
    values = {k: (card_str(v) if k == "card" else v) for k, v in params.items()}
    if "contract" in values:
        values["contract"] = contract_name(str(values["contract"]), lang)
    try:
        return template.format(**values)
    except (KeyError, IndexError):
        return template


EVENTS: dict[str, dict[str, str]] = {
    "cs": {
        "game_started": "Hraje se {contract} ({tali}. tálie, {game}. hra), vynáší {leader}.",
        "game_started_maturita": "Maturita: {contract}, {attempt}. pokus, maturuje {leader}.",
        "game_started_harakiri": "Harakiri, vynáší {leader}.",
        "game_started_harakiri_of": (
            "Harakiri ({playoff_game}. hra ze {playoff_games}), vynáší {leader}."
        ),
        "maturita_dealt": "Maturita ({tali}. tálie, {attempt}. pokus): {seat} si volí hru.",
        "maturita_chosen": "{seat} maturuje ve hře {contract}.",
        "stovka_asked": "Před červeným králem: kdo hlásí čistou stovku? Začíná {first}.",
        "stovka_yes": "{seat} hlásí čistou stovku!",
        "stovka_no": "{seat} čistou stovku nehlásí.",
        "card_played": "{seat} hraje {card}.",
        "trick_taken": "{seat} bere {number}. štych ({cards}): {penalty} b.",
        "trick_taken_free": "{seat} bere {number}. štych ({cards}).",
        "red_king_first_trick": "{seat} dává červeného krále do prvního štychu – na první se dává!",
        "panak": "{seat} bere všechny čtyři filky a platí panáka!",
        "divoka_karta": "{seat} má divokou kartu.",
        "kralovska_kvarta": "{seat} má královskou kvartu!",
        "kvarta_complete": "{seat} vynáší {own}: kvarta {cards}; dál vynáší {next}.",
        "kvarta_blown": "{seat} vynáší {own}: odfouknutá kvarta {cards}; dál vynáší {next}.",
        "kvarta_leader_out": "{seat} vynáší {own} a nemá už žádnou kartu: konec hry.",
        "kvarta_filler_out": (
            "{seat} vynáší {own}, ostatní přikládají {filled}; {out} už nemá žádnou kartu:"
            " konec hry."
        ),
        "card_laid": "{seat} přikládá {card}.",
        "turn_ended": "{seat} přikládá {cards}.",
        "knock": "{seat}: ťuk!",
        "maturita_failed": "{seat}: maturita na {attempt}. pokus nevyšla (8 b.).",
        "maturita_passed": "{seat}: maturita na {attempt}. pokus vyšla!",
        "game_ended": "Konec hry {contract}: {points}.",
        "harakiri_ended_of": (
            "Konec {playoff_game}. hry Harakiri ze {playoff_games}: {points}; součet {sums}."
        ),
        "harakiri_needed": "Shoda bodů ({seats}): hraje se harakiri ({games}×).",
        "harakiri_again": "Pořád shoda ({seats}): harakiri se hraje znovu ({games}×).",
        "lora_finished": "Konec lóry. Pořadí: {order}.",
        "seat": "hráč {n}",
    },
    "en": {
        "game_started": (
            "Now {contract} (game {game} of the {tali_th} round of eight); {leader} leads."),
        "game_started_maturita": (
            "Graduation in {contract}, attempt {attempt}; {leader} plays it."
        ),
        "game_started_harakiri": "Harakiri; {leader} leads.",
        "game_started_harakiri_of": (
            "Harakiri (game {playoff_game} of {playoff_games}); {leader} leads."
        ),
        "maturita_dealt": (
            "Graduation ({tali_th} round of eight, attempt {attempt}): {seat} chooses the game."
        ),
        "maturita_chosen": "{seat} plays Graduation in {contract}.",
        "stovka_asked": "Before King of hearts: who declares a clean hundred? {first} first.",
        "stovka_yes": "{seat} declares a clean hundred!",
        "stovka_no": "{seat} does not declare a clean hundred.",
        "card_played": "{seat} plays {card}.",
        "trick_taken": "{seat} takes trick {number} ({cards}): {penalty} pts.",
        "trick_taken_one": "{seat} takes trick {number} ({cards}): 1 pt.",
        "trick_taken_free": "{seat} takes trick {number} ({cards}).",
        "red_king_first_trick": "{seat} throws the king of hearts into the first trick!",
        "panak": "{seat} took all four Obers and owes everyone a drink!",
        "divoka_karta": "{seat} has a wild card (divoká karta).",
        "kralovska_kvarta": "{seat} has a royal quart!",
        "kvarta_complete": "{seat} leads {own}: quart {cards}; {next} leads next.",
        "kvarta_blown": "{seat} leads {own}: incomplete quart {cards}; {next} leads next.",
        "kvarta_leader_out": "{seat} leads {own} and has no cards left: the game is over.",
        "kvarta_filler_out": (
            "{seat} leads {own}, the others add {filled}; {out} has no cards left:"
            " the game is over."
        ),
        "card_laid": "{seat} lays {card}.",
        "turn_ended": "{seat} lays {cards}.",
        "knock": "{seat}: knock!",
        "maturita_failed": "{seat} fails Graduation on attempt {attempt} (8 pts).",
        "maturita_passed": "{seat} passes Graduation on attempt {attempt}!",
        "game_ended": "End of {contract}: {points}.",
        "harakiri_ended_of": (
            "End of Harakiri game {playoff_game} of {playoff_games}: {points}; total {sums}."
        ),
        "harakiri_needed": "Tie ({seats}): harakiri is played ({games}×).",
        "harakiri_again": "Still tied ({seats}): harakiri is played again ({games}×).",
        "lora_finished": "End of the lóra. Final order: {order}.",
        "seat": "seat {n}",
    },
}


def seat_name(seat: int, lang: str = "cs", names: list[str] | None = None) -> str:
    if names is not None:
        return names[seat]
    return EVENTS[_lang(lang)]["seat"].format(n=seat)


def event_text(
    event: Any,
    lang: str = "cs",
    names: list[str] | None = None,
    card_text: Callable[[int], str] = card_str,
) -> str:
    """The line of one event; ``names`` replaces "seat N" with the players' names and
    ``card_text`` writes a card (the bot shows suit symbols)."""
    lang = _lang(lang)
    table = EVENTS[lang]
    kind = event.kind
    values: dict[str, Any] = {}
    for name in ("seat", "leader", "first", "next_leader"):
        if getattr(event, name, None) is not None:
            values[name] = seat_name(getattr(event, name), lang, names)
    if hasattr(event, "contract"):
        values["contract"] = contract_name(str(event.contract), lang)
    for name in ("tali", "game", "attempt", "penalty", "number", "games"):
        if hasattr(event, name):
            values[name] = getattr(event, name)
    if isinstance(n := getattr(event, "tali", None), int):  # English: "1st round of eight"
        values["tali_th"] = f"{n}" + ("th" if n % 100 in (11, 12, 13)
                                      else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))
    if hasattr(event, "card"):
        values["card"] = card_text(event.card)
    if hasattr(event, "cards"):
        values["cards"] = " ".join(card_text(c) for c in event.cards)
    if kind == "game_started":
        if event.contract == "harakiri":
            kind = "game_started_harakiri"
            if (event.playoff_games or 1) > 1:  # R-HARAKIRI: four games, summed
                kind = "game_started_harakiri_of"
                values.update(playoff_game=event.playoff_game, playoff_games=event.playoff_games)
        elif event.attempt is not None:
            kind = "game_started_maturita"
    elif kind == "trick_taken" and not event.counted:
        kind = "trick_taken_free"
    elif kind == "trick_taken" and event.penalty == 1 and "trick_taken_one" in table:
        kind = "trick_taken_one"
    elif kind == "stovka_answered":
        kind = "stovka_yes" if event.declared else "stovka_no"
    elif kind == "kvarta_built":
        # R-KVARTY: the leader's own cards as the protocol shows them ("8, S"); "odfouknutá"
        # only for a run stopped by a played card; a hand that empties ends the game
        values["own"] = ", ".join(card_text(c) for c in event.own_cards)
        values["cards"] = " ".join(card_text(c) for _, c in event.placed)
        values["filled"] = " ".join(card_text(c) for _, c in event.filled)
        if event.out is None:
            kind = "kvarta_complete" if event.complete else "kvarta_blown"
            values["next"] = values.pop("next_leader")
        else:
            kind = "kvarta_filler_out" if event.filled else "kvarta_leader_out"
            values["out"] = seat_name(event.out, lang, names)
    elif kind == "game_ended" and event.tied:
        # R-HARAKIRI: only the tied seats' points count; several games are summed
        values["points"] = ", ".join(
            f"{seat_name(s, lang, names)} {event.points[s]}" for s in event.tied
        )
        if (event.playoff_games or 1) > 1:
            kind = "harakiri_ended_of"
            values.update(playoff_game=event.playoff_game, playoff_games=event.playoff_games)
            values["sums"] = ", ".join(
                f"{seat_name(s, lang, names)} {n}"
                for s, n in zip(event.tied, event.sums, strict=True)
            )
    elif kind == "game_ended":
        if names is not None:  # whose number is whose
            values["points"] = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event.points))
        else:
            values["points"] = " / ".join(str(p) for p in event.points)
    elif kind == "harakiri_needed":
        values["seats"] = ", ".join(seat_name(s, lang, names) for s in event.seats)
        if event.playoff > 1:  # the tie persisted: say so, not the first line again
            kind = "harakiri_again"
    elif kind == "lora_finished":
        values["order"] = ", ".join(seat_name(s, lang, names) for s in event.order)
    return table[kind].format(**values)


TERMINAL: dict[str, dict[str, str]] = {
    "cs": {
        "welcome": "Lóra v terminálu: hraješ jako {name}, za ostatní hraje počítač. Konec: Ctrl+D.",
        "hand": "Tvoje karty: {hand}",
        "table": "Na stole: {cards}",
        "rows": "Řady: {rows}",
        "totals": "Stav: {totals}",
        "choose": "Vyber číslo: ",
        "again": "Zadej číslo od 1 do {n}.",
        "end_turn": "konec tahu",
        "declare_yes": "hlásit čistou stovku",
        "declare_no": "nehlásit",
        "lead": "vynést kvartu od {card}",
        "auto": " (automaticky)",
        "why": "Nelze zahrát {cards}: {reason}",
        "final": "Konečné pořadí:",
        "place": "  {n}. {name} – {points} b.{note}",
        "harakiri_note": ", harakiri {points}",
        "stovka_made": " (čistá stovka!)",
        "stovka_missed": " (čistá stovka nevyšla)",
        "bye": "Hra přerušena.",
    },
    "en": {
        "welcome": (
            "Lóra in the terminal: you play as {name}, the computer plays the rest. Quit: Ctrl+D."
        ),
        "hand": "Your cards: {hand}",
        "table": "On the table: {cards}",
        "rows": "Rows: {rows}",
        "totals": "Standing: {totals}",
        "choose": "Choose a number: ",
        "again": "Type a number from 1 to {n}.",
        "end_turn": "end the turn",
        "declare_yes": "declare a clean hundred",
        "declare_no": "do not declare",
        "lead": "lead a quart from {card}",
        "auto": " (automatically)",
        "why": "Cannot play {cards}: {reason}",
        "final": "Final standings:",
        "place": "  {n}. {name} – {points} pts{note}",
        "place_one": "  {n}. {name} – 1 pt{note}",
        "harakiri_note": ", harakiri {points}",
        "stovka_made": " (clean hundred!)",
        "stovka_missed": " (clean hundred missed)",
        "bye": "Game interrupted.",
    },
}


def terminal_text(key: str, lang: str = "cs", **values: Any) -> str:
    return TERMINAL[_lang(lang)][key].format(**values)
