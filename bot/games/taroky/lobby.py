"""The lobby's choices of Taroky's money and round length (a club sets a table up in its
lobby; before, only ``/taroky new``'s options set them): a few common values of each and the
table's starting one, the engine's ``TarokyOptions`` judging the options they make."""

from __future__ import annotations

from typing import Any

from bot.games.taroky.words import flek_limit, money
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


def parse_choice(choice: str) -> tuple[str, Any] | None:
    """A choice's option and value (``choice_id`` read back), None when it names none."""
    name, sep, text = choice.partition("=")
    if not sep or name not in PRESETS:
        return None
    unit, colon, n = text.partition(":")
    if colon:
        return (name, {unit: int(n)}) if n.isdigit() else None
    if text.isdigit():
        return name, int(text)
    return (name, text) if text in ("none", "unlimited") else None


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
        return t("taroky.opt_flek", lang,
                 value=flek_limit(None if value == "unlimited" else value, lang))
    return t(f"taroky.set_{name}", lang, value=money(value, lang))


def _first(options: dict[str, Any], start: dict[str, Any] | None) -> dict[str, Any]:
    """The table's starting values as the engine writes them: ``start`` (the options it was
    opened with), else its ``options`` now."""
    return TarokyOptions.from_json(start or options).to_json()


def value_choices(options: dict[str, Any], lang: str,
                  start: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """The values the table's ``options`` do not have now, as (choice, label): the presets
    and, in its place among each option's, its value in ``start`` (the options the table
    was opened with) when that is none of them (at most 23 in all: one of each option's is
    the table's now, when its start is none of the presets)."""
    now = TarokyOptions.from_json(options).to_json()
    first = _first(options, start)
    out: list[tuple[str, str]] = []
    for name, values in PRESETS.items():
        offered = list(values)
        if first[name] not in values:
            offered.insert(_place(values, first[name]), first[name])
        out += [(choice_id(name, value), value_label(name, value, lang))
                for value in offered if now[name] != value]
    return out


def _place(values: tuple[Any, ...], value: Any) -> int:
    """Where ``value`` goes among an option's presets: after the last smaller one of its
    kind (a sum of money; deals or minutes of a round), else before the first of its kind;
    at the end when none is of its kind ("none", "unlimited")."""
    def key(v: Any) -> tuple[str, int] | None:
        if isinstance(v, dict):
            ((unit, n),) = v.items()
            return (unit, n)
        return ("", v) if isinstance(v, int) else None

    mine = key(value)
    if mine is None:
        return len(values)
    kin = [(i, k) for i, v in enumerate(values) if (k := key(v)) is not None and k[0] == mine[0]]
    if not kin:
        return len(values)
    smaller = [i for i, k in kin if k < mine]
    return smaller[-1] + 1 if smaller else kin[0][0]


def change_value(options: dict[str, Any], choice: str,
                 start: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """``options`` with the value ``choice``, as the engine reads them: a preset, or the
    option's value in ``start`` (the options the table was opened with; review 79: a club's
    30 Kč could not be chosen back); None when it is neither or makes no valid table."""
    parsed = parse_choice(choice)
    if parsed is None:
        return None
    name, value = parsed
    first = _first(options, start)
    if value not in PRESETS[name] and value != first[name]:
        return None
    try:
        changed = TarokyOptions.from_json({**TarokyOptions.from_json(options).to_json(),
                                           name: value})
    except BadInput:
        return None
    return changed.to_json()
