"""Every text drawn into the pictures, one table per language (Czech is the default).

Game names come from ``engine.messages.CONTRACT_NAMES``; everything else is here.
"""

from __future__ import annotations

from typing import Any

from engine.messages import contract_name

LANGS = ("cs", "en")

STRINGS: dict[str, dict[str, str]] = {
    "cs": {
        # table header
        "tali_game": "{tali}. tálie · {game}. hra",
        "trick_no": "štych {n}/8",
        "maturita_title": "Maturita – {game}",
        "maturita_attempt": "pokus {attempt}/3 · {tali}. tálie",
        "harakiri_for": "o pořadí: {names}",
        "finished_title": "Konec lóry",
        "to_act": "Na tahu: {name}",
        # seat panels and legend
        "badge_dealer": "R",
        "badge_leader": "V",
        "badge_maturant": "M",
        "badge_stovka": "100",
        "legend_dealer": "rozdává",
        "legend_leader": "vynáší (výnos)",
        "legend_maturant": "maturuje",
        "legend_stovka": "hlásí čistou stovku",
        "pts_lora": "lóra",
        "pts_game": "hra",
        "knocks": "ťuk",
        "cards_left": "karet",
        # trick games
        "last_trick": "Minulý štych",
        "takes": "bere {name}",
        "leads": "Vynáší {name}",
        # kvarty
        "kvarta_by": "Kvarta: vynesl {name}",
        "kvarta_blown": "odfouknutá",
        "kvarta_complete": "celá",
        "kvarta_out": "{name} nemá žádnou kartu",
        "next_leads": "dál vynáší {name}",
        "earlier_kvarty": "Předchozí kvarty",
        # desítky
        "this_turn": "Tento tah: {name}",
        "row_closed": "–",
        # phases
        "stovka_title": "Čistá stovka?",
        "stovka_rule": "Kdo ohlásí a skončí lóru s přesně 100 body, vyhrává.",
        "stovka_yes": "hlásí",
        "stovka_no": "nehlásí",
        "stovka_now": "odpovídá…",
        "stovka_wait": "čeká",
        "choose_title": "Maturita · pokus {attempt}/3",
        "choose_who": "{name} volí hru",
        "attempt_line": "{attempt}. pokus: {game}",
        "attempt_failed": "nematuroval",
        "order_title": "Pořadí",
        "points": "{n} b.",
        "stovka_made": "čistá stovka!",
        "stovka_missed": "stovka nevyšla",
        # hand
        "hand_title": "Tvoje karty",
        "hand_your_turn": "Jsi na tahu – vyber kartu",
        "hand_wait": "Čekáš na tah",
        "hand_choose": "Zvol hru maturity",
        "hand_stovka": "Odpověz: čistá stovka?",
        "hand_empty": "Žádné karty v ruce",
        "hand_laid": "Přiloženo",
        "hand_lay_more": "Přilož další, nebo ukonči tah",
        # score sheet
        "sheet_title": "Protokol",
        "sheet_now": "hraje se: {tali}. tálie, {game}",
        "sheet_tali": "{tali}. tálie · vynáší {name}",
        "sheet_total": "Celkem",
        "sheet_place": "{n}. místo",
        "sheet_stovka": "čistá stovka",
        "sheet_legend": "M1–M3: pokus maturity · ✗ nematuroval · ◯ červený král · • ťuk",
        "sheet_harakiri": "Harakiri",
        # leaderboard
        "lb_title": "Žebříček",
        "lb_rank": "#",
        "lb_player": "Hráč",
        "lb_rating": "Hodnocení",
        "lb_games": "Hry",
        "lb_wins": "Výhry",
        "lb_avg": "⌀ bodů",
        "lb_provisional": "předběžné",
        "lb_empty": "Zatím žádné hodnocené hry.",
        "lb_legend_avg": "⌀ bodů: průměr bodů za lóru (méně je lépe)",
        "lb_legend_provisional": "předběžné: zatím málo hodnocených her",
    },
    "en": {
        "tali_game": "round {tali} · game {game}",
        "trick_no": "trick {n}/8",
        "maturita_title": "Graduation – {game}",
        "maturita_attempt": "attempt {attempt}/3 · round {tali}",
        "harakiri_for": "tie-break: {names}",
        "finished_title": "End of the lóra",
        "to_act": "To act: {name}",
        "badge_dealer": "D",
        "badge_leader": "L",
        "badge_maturant": "G",
        "badge_stovka": "100",
        "legend_dealer": "deals",
        "legend_leader": "leads",
        "legend_maturant": "graduates",
        "legend_stovka": "declared a clean hundred",
        "pts_lora": "total",
        "pts_game": "game",
        "knocks": "knock",
        "cards_left": "cards",
        "last_trick": "Last trick",
        "takes": "{name} takes",
        "leads": "{name} leads",
        "kvarta_by": "Quart led by {name}",
        "kvarta_blown": "blown",
        "kvarta_complete": "complete",
        "kvarta_out": "{name} has no cards left",
        "next_leads": "{name} leads next",
        "earlier_kvarty": "Earlier quarts",
        "this_turn": "This turn: {name}",
        "row_closed": "–",
        "stovka_title": "Clean hundred?",
        "stovka_rule": "A declarer who ends the lóra on exactly 100 points wins.",
        "stovka_yes": "declares",
        "stovka_no": "passes",
        "stovka_now": "answering…",
        "stovka_wait": "waiting",
        "choose_title": "Graduation · attempt {attempt}/3",
        "choose_who": "{name} chooses the game",
        "attempt_line": "attempt {attempt}: {game}",
        "attempt_failed": "failed",
        "order_title": "Final order",
        "points": "{n} pts",
        "stovka_made": "clean hundred!",
        "stovka_missed": "hundred missed",
        "hand_title": "Your cards",
        "hand_your_turn": "Your turn – pick a card",
        "hand_wait": "Waiting for your turn",
        "hand_choose": "Choose the graduation game",
        "hand_stovka": "Answer: clean hundred?",
        "hand_empty": "No cards in hand",
        "hand_laid": "Laid",
        "hand_lay_more": "Lay another or end the turn",
        "sheet_title": "Score sheet",
        "sheet_now": "now: round {tali}, {game}",
        "sheet_tali": "round {tali} · {name} leads",
        "sheet_total": "Total",
        "sheet_place": "place {n}",
        "sheet_stovka": "clean hundred",
        "sheet_legend": "M1–M3: graduation attempt · ✗ failed · ◯ king of hearts · • knock",
        "sheet_harakiri": "Harakiri",
        "lb_title": "Leaderboard",
        "lb_rank": "#",
        "lb_player": "Player",
        "lb_rating": "Rating",
        "lb_games": "Games",
        "lb_wins": "Wins",
        "lb_avg": "⌀ pts",
        "lb_provisional": "provisional",
        "lb_empty": "No rated games yet.",
        "lb_legend_avg": "⌀ pts: average points per lóra (fewer is better)",
        "lb_legend_provisional": "provisional: few rated games so far",
    },
}


def lang_of(lang: str) -> str:
    """A supported language code; unknown codes fall back to Czech."""
    return lang if lang in LANGS else "cs"


def s(key: str, lang: str = "cs", **values: Any) -> str:
    """The picture string ``key`` in ``lang``, formatted with ``values``."""
    template = STRINGS[lang_of(lang)][key]
    return template.format(**values) if values else template


def game_name(contract: str, lang: str = "cs") -> str:
    """The game's name from the engine's table."""
    return contract_name(contract, lang_of(lang))
