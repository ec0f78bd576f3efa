"""How Taroky's things are named at the table: cards with suit symbols (``K♥``, ``XXI``,
``Škýz``), games, money in Kč, flek levels — the engine's own words (``engine.taroky.messages``)
plus the bot's catalog (the ``taroky.`` namespace of ``bot/locales``)."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from typing import Any

from bot.i18n import has, lang_of, t, tn
from bot.render.fonts import without_selectors
from bot.ui.alt import CardWords, card_words
from engine.taroky.cards import MOND, NUM_CARDS, NUM_TAROKS, PAGAT, SKYZ, cards_of, color, rank_of
from engine.taroky.messages import card_label as engine_card_label
from engine.taroky.messages import game_object as engine_game_object
from engine.taroky.messages import level_name, money_text, multiplier, word
from engine.taroky.views import PublicView

__all__ = ["alone_in_talon", "card_label", "cards_text", "flek_limit", "flek_said", "flek_text",
           "game_name", "game_object", "is_tarok", "level_name", "level_text", "money",
           "multiplier", "pic", "refusal", "spoken_cards", "trojkas", "word"]


def card_label(card: int, lang: str = "cs") -> str:
    """A card as players read it: ``K♥``, ``10♣``, ``XIX``, ``Škýz``."""
    return engine_card_label(card, lang_of(lang))


# the words of the named taroks and of the suit cards' ranks (their catalog keys' ends):
# "XXI" said "mond", "D♠︎" "piková dáma"; the other taroks by number ("tarok 18")
TAROK_KEYS = {PAGAT: "pagat", MOND: "mond", SKYZ: "skyz"}
RANK_KEYS = (("4", "3", "2", "a", "j", "c", "q", "k"), ("7", "8", "9", "10", "j", "c", "q", "k"))


@cache
def spoken_cards(lang: str) -> CardWords:
    """Each card's label and its words: how a picture's alt text says it, named and as a
    verb's object ("volá monda", "má pikovou dámu") (``bot.ui.alt.spoken``; review 92:
    "XVIII" was spelt out, "D♠︎" read "dé"; review 97: "4 srdce" read as four hearts — the
    suit is an adjective, "srdcová čtyřka")."""

    def said(c: int, as_object: bool) -> str:
        if c < NUM_TAROKS:  # ("tarok 18" alike either way)
            named = TAROK_KEYS.get(c)
            if named is None:
                return t("taroky.alt_tarok", lang, n=c + 1)
            return t(f"taroky.alt_{'object_' if as_object else ''}{named}", lang)
        rank = RANK_KEYS[color(c) // 2][rank_of(c)]
        return t(f"taroky.alt_{'object' if as_object else 'card'}_{rank}", lang,
                 suit=t(f"taroky.alt_stem_{color(c)}", lang))

    labels = {c: without_selectors(card_label(c, lang)) for c in range(NUM_CARDS)}
    return card_words({labels[c]: said(c, False) for c in labels},
                      {labels[c]: said(c, True) for c in labels},
                      t("core.alt_object_cues", lang))


def cards_text(cards: Iterable[int], lang: str = "cs") -> str:
    return " ".join(card_label(c, lang) for c in cards)


def alone_in_talon(called: int, lang: str = "cs") -> str:
    """Why a 1P/2P declarer played alone though not in a tiché sólo: the tarok he called lay
    in the talon and he drew it himself ("bez spoluhráče, XIX v talonu") — the protocol's
    detail and the deal's result say it in these words."""
    return t("taroky.alone_in_talon", lang, card=card_label(called, lang))


def flek_limit(flek_max: int | None, lang: str = "cs") -> str:
    """A table's highest flek as the lobby's select, the table's settings and the rules
    say it (review 79: a bare "Flek: 1" read as "one flek allowed"): "nejvýš jeden flek
    (bez re)", "nejvýš re", "nejvýš sup", "bez omezení", past sup "nejvýš 5 fleků"."""
    if flek_max is None:
        return t("taroky.unlimited", lang)
    if flek_max <= 3:
        return t(f"taroky.flek_max_{flek_max}", lang)
    return tn("taroky.flek_max_n", lang, flek_max)


def hand_cards(mask: int) -> list[int]:
    return cards_of(mask)


def is_tarok(card: int) -> bool:
    return card < NUM_TAROKS


def level_text(level: int, lang: str = "cs") -> str:
    """The flek an item got, with its multiplier: "flek ×2", "re ×4", "sup ×8", from ×16
    "další flek ×16"; English as a state, "doubled ×2", "redoubled ×4" (the engine's level names
    are what is said: "double the game")."""
    return t(f"taroky.flekked_{min(level, 4)}", lang, mult=multiplier(level))


def flek_text(level: int, lang: str = "cs") -> str:
    """An item's flek level beside it (the table's strip, its alt text): "re ×4"; from ×16
    on the level's name is its multiplier already ("flek ×32"), not said twice; nothing
    without a flek (the item then stands alone: "valát Bob", no cryptic dash)."""
    return "" if level == 0 else level_text(level, lang)


def times(level: int) -> str:
    """An item's flek as its multiplier (" ×2", " ×2²⁰": ``multiplier``; nothing without a
    flek)."""
    return f" ×{multiplier(level)}" if level else ""


def game_name(game: str, lang: str = "cs", *, zduch: bool = False) -> str:
    """The game's name (``1P`` → první povinnost …), as the engine words it; a deal's
    Varšava the předák was pushed into (``zduch``, as its state or record says) as the
    glossary names it: "žďuchaná Varšava", "Warsaw (pushed)"."""
    if game == "W" and zduch:
        return t("taroky.game_W_zduch", lang)
    return word(game, lang_of(lang))


def game_object(game: str, lang: str = "cs") -> str:
    """The game's name as a verb's object ("Hraješ druhou povinnost")."""
    return engine_game_object(game, lang_of(lang))


def short_game(game: str, lang: str = "cs", *, zduch: bool = False) -> str:
    """A short name for tight places (the protocol's column, the hand's subtitle); a pushed
    Varšava (``zduch``) as ``game_name`` says it."""
    return t(f"taroky.short_{game}" + ("_zduch" if game == "W" and zduch else ""), lang)


def halers(value: float) -> int:
    """An average in halers rounded as Czech money is: a half away from zero (review 82:
    Python's ``round`` made 162.5 h "1,62 Kč", a half to even)."""
    return int(Decimal(str(value)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def money(hal: int, lang: str = "cs", signed: bool = False) -> str:
    """``10,50 Kč`` / ``10.50 Kč``; ``signed`` adds + to a gain."""
    return money_text(hal, lang_of(lang), signed)


def short_money(hal: int, lang: str = "cs", signed: bool = False) -> str:
    """``100 Kč`` for whole crowns, else as ``money`` (a rule named in a sentence)."""
    said = money(hal, lang, signed)
    for whole in (",00 Kč", ".00 Kč"):
        if said.endswith(whole):
            return said.removesuffix(whole) + " Kč"
    return said


def amount(hal: int, lang: str = "cs", signed: bool = False) -> str:
    """Money without the currency (``+10,50``), for the columns of the protocol."""
    return money(hal, lang, signed).removesuffix(" Kč")


def refusal(error: Exception, lang: str = "cs") -> str:
    """Why the engine refused an action, in the bot's words for its refusal code
    (``taroky.why.<code>``; cards named with suit symbols), never a code or a rule id —
    for an announcement, for its case (``taroky.why.<case>``: which condition refused it)."""
    code = str(getattr(error, "code", ""))
    params = dict(getattr(error, "params", {}) or {})
    key = f"taroky.why.{code}"
    if has(f"taroky.why.{params.get('case')}"):
        key = f"taroky.why.{params['case']}"
    elif code == "must_play_tarok" and params.get("led") == "suit":
        key += "_void"  # a suit was led and he has none of it
    if has(key):
        card = params.get("card")
        values = {
            "card": card_label(card, lang) if isinstance(card, int) else "",
            "highest": word(str(params.get("highest") or ""), lang_of(lang)),
        }
        return t(key, lang, **values)
    message = getattr(error, "message", None)
    return str(message(lang)) if callable(message) else t("core.illegal", lang)


def flek_said(level: int, item: str, lang: str = "cs") -> str:
    """A flek at ``level`` on ``item`` ("game", "pagat", "valat") as a player says it: "flek
    na hru", "re na pagáta", past sup "další flek ×16 na hru" (review 70: "flek ×16" read as
    level 1); English "double the game", past re-redouble "double the game again (×16)"."""
    key = "taroky.offer_flek" if level <= 3 else "taroky.offer_flek_n"
    return t(key, lang, level=level_name(level, lang), on=word(f"on_{item}", lang),
             mult=multiplier(level))


def pic(key: str, lang: str = "cs", **values: Any) -> str:
    """A word drawn into Taroky's pictures (``taroky.pic.…``)."""
    return t(f"taroky.pic.{key}", lang, **values)


def trojkas(deal: PublicView) -> list[tuple[str, bool, tuple[int, ...]]]:
    """The preferanc trojkas everybody knows of (the table's picture, its text), upper
    first: (which, whether the declarer took it, its cards as shown) — the shown ones, and
    the lower one he took in 3P2 (its cards hidden: none); [] where no trojka was shown."""
    if deal.turned or not deal.shown:
        return []
    taken = deal.trojka_taken
    sets = [("upper", taken == "upper", deal.shown[:3])]
    if len(deal.shown) > 3:
        sets.append(("lower", False, deal.shown[3:6]))
    elif taken == "lower":
        sets.append(("lower", True, ()))
    return sets
