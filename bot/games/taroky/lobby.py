"""The lobby's choices of Taroky's money and round length (a club sets a table up in its
lobby; before, only ``/taroky new``'s options set them): a few common values of each, the
engine's ``TarokyOptions`` judging the options they make."""

from __future__ import annotations

from typing import Any

from bot.games.taroky.words import money
from bot.i18n import t, tn
from engine.taroky.errors import BadInput
from engine.taroky.options import TarokyOptions

# the values offered per option, in the options' JSON (hal; "none"/"unlimited": no limit):
# the select lists the ones the table does not have (at most 25 an option list takes)
PRESETS: dict[str, tuple[Any, ...]] = {
    "stake": (2000, 5000, 10000, 20000),
    "dokup_step": (500, 1000, 2000),
    "cap": (2000, 4000, 10000, "none"),
    "flek_max": (1, 2, 3, "unlimited"),
    "round_limit": ({"deals": 4}, {"deals": 8}, {"deals": 12}, {"deals": 16},
                    {"minutes": 30}, {"minutes": 60}, {"minutes": 90}, {"minutes": 120}),
}


def choice_id(name: str, value: Any) -> str:
    """A preset's value in the select ("stake=2000", "round_limit=deals:8"): its value
    itself, so a posted lobby's choice means the same after the presets change."""
    if isinstance(value, dict):
        ((unit, n),) = value.items()
        value = f"{unit}:{n}"
    return f"{name}={value}"


CHOICES = {choice_id(name, value): (name, value)
           for name, values in PRESETS.items() for value in values}


def round_text(o: TarokyOptions, lang: str) -> str:
    """The round's length: "8 rozdání", "60 minut"."""
    if o.round_deals is not None:
        return tn("core.deals", lang, o.round_deals)
    return tn("core.minutes", lang, o.round_minutes or 0)


def value_label(name: str, value: Any, lang: str) -> str:
    """A preset as the select offers it: "Vklad: 100,00 Kč", "Kolo: 8 rozdání"."""
    if name == "round_limit":
        return t("taroky.opt_round", lang,
                 value=round_text(TarokyOptions.from_json({name: value}), lang))
    if name == "cap" and value == "none":
        return t("taroky.set_cap_none", lang)
    if name == "flek_max":
        return t(f"taroky.set_flek_{value}", lang)
    return t(f"taroky.set_{name}", lang, value=money(value, lang))


def value_choices(options: dict[str, Any], lang: str) -> list[tuple[str, str]]:
    """The presets the table's ``options`` do not have now, as (choice, label)."""
    now = TarokyOptions.from_json(options).to_json()
    return [(choice, value_label(name, value, lang))
            for choice, (name, value) in CHOICES.items() if now[name] != value]


def change_value(options: dict[str, Any], choice: str) -> dict[str, Any] | None:
    """``options`` with the preset ``choice``, as the engine reads them; None when it is no
    preset or makes no valid table."""
    if choice not in CHOICES:
        return None
    name, value = CHOICES[choice]
    try:
        changed = TarokyOptions.from_json({**TarokyOptions.from_json(options).to_json(),
                                           name: value})
    except BadInput:
        return None
    return changed.to_json()
