"""Server defaults of a game's table options: what ``/<game> new`` takes for an option its
opener does not give — the server's value (set by its managers with ``/<game> defaults``,
stored in ``guild_settings`` under ``table_defaults:<game>``), else the built-in one.

The options are the game's (its UI's ``option_defaults``: name → built-in value; its
``table_options`` makes the engine's options JSON of them) and the core's (``CORE_DEFAULTS``:
turn timer, language, seating, autoplay). ``/<game> new`` and ``/<game> defaults`` take the
same slash options (each game writes them once, for both); the lobby's rule-change menu
starts from the table's options, so from these. Tournaments keep their own options, but
for the language: one opened without it speaks the server's (``open_tournament``).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.commands import (
    RESET_CHOICE,
    command_shown,
    controller_of,
    czech_client,
    reset_shown,
)
from bot.games import GameUI
from bot.i18n import LANGS, game_t, t
from bot.model import MIN_TIMER, TableSettings
from bot.permissions import manages_server
from bot.storage.settings import TABLE_DEFAULTS

Interaction = discord.Interaction[Any]

# the table's own options (``TableSettings``) every ``/<game> new`` takes; ``language`` ""
# is the opener's language (``commands.opener_langs``)
CORE_DEFAULTS: dict[str, Any] = {"turn_timer": 120, "language": "", "seating": "draw",
                                 "autoplay": True}
CHOICES: dict[str, tuple[str, ...]] = {"language": LANGS, "seating": ("draw", "join")}


def builtin(ui: GameUI) -> dict[str, Any]:
    """Every table option of ``ui``'s game with its built-in value."""
    return {**ui.option_defaults, **CORE_DEFAULTS}


def fits(ui: GameUI, name: str, value: Any) -> bool:
    """``value`` may stand for the option ``name``: of its built-in value's type (a choice's
    among its choices)."""
    base = builtin(ui)
    if name not in base or type(value) is not type(base[name]):
        return False
    return name not in CHOICES or value in CHOICES[name]


def stored_defaults(ui: GameUI, settings: dict[str, Any]) -> dict[str, Any]:
    """The defaults of ``ui``'s table options among a server's ``settings`` (those it set; a
    stored value that no longer fits an option is ignored)."""
    stored = settings.get(TABLE_DEFAULTS + ui.kind)
    if not isinstance(stored, dict):
        return {}
    return {name: value for name, value in stored.items() if fits(ui, name, value)}


def server_language(ui: GameUI, settings: dict[str, Any]) -> str:
    """The default table language the server set for ``ui``'s game ("" none) among its
    ``settings``: what ``/<game> new`` and ``/<game> tournament`` take given no
    ``language`` (through ``merged``, and ``Languages.server_lang``)."""
    return str(stored_defaults(ui, settings).get("language") or "")


async def server_defaults(interaction: Interaction, ui: GameUI) -> dict[str, Any]:
    """The server's defaults of ``ui``'s table options (``stored_defaults``)."""
    if interaction.guild_id is None:
        return {}
    store = controller_of(interaction).service.store
    return stored_defaults(ui, await store.guild_settings(interaction.guild_id))


def given_values(ui: GameUI, given: dict[str, Any]) -> dict[str, Any]:
    """The options of ``given`` its opener or manager gave (None: not given) that fit."""
    return {k: v for k, v in given.items() if v is not None and fits(ui, k, v)}


def merged(ui: GameUI, server: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """Every table option: the one given (None: not given), else the server's, else the
    built-in value. A round's length given in one unit replaces the server's in any unit
    (``/taroky new round_minutes:30`` on a server of 3-deal rounds plays 30 minutes)."""
    chosen = given_values(ui, given)
    if any(chosen.get(name) for name in ui.round_length_options):
        server = {k: v for k, v in server.items() if k not in ui.round_length_options}
    return {**builtin(ui), **server, **chosen}


def two_lengths(ui: GameUI, given: dict[str, Any], lang: str) -> str | None:
    """The refusal of a round's length given in two units at once (``/taroky new
    round_minutes:30 round_deals:3``; the same as ``/taroky tournament``'s), None if not."""
    chosen = given_values(ui, given)
    if sum(1 for name in ui.round_length_options if chosen.get(name)) < 2:
        return None
    return t("core.tournament.one_length", lang)


def settings_of(ui: GameUI, values: dict[str, Any], lang: str) -> TableSettings:
    """The table settings ``values`` make (raises ``ValueError``: no valid table)."""
    return TableSettings(options=ui.table_options(values), turn_timer=values["turn_timer"],
                         lang=values["language"] or lang, seating=values["seating"],
                         autoplay=values["autoplay"])


def option_lines(ui: GameUI, values: dict[str, Any], lang: str) -> list[str]:
    """The options ``values`` make, as a lobby lists them (the language when one is set;
    forced moves when not played automatically)."""
    from bot.ui.builders import table_settings_lines

    settings = settings_of(ui, values, lang)
    lines = table_settings_lines(ui, settings, lang, language=False)
    if values["language"]:
        lines.append(t("core.defaults_lang", lang,
                       value=t(f"core.choice_{values['language']}", lang)))
    if not values["autoplay"]:
        lines.append(t("core.defaults_no_autoplay", lang))
    return lines


def marked(line: str, own: str) -> str:
    """An option line marked as the server's (``own``: "(the server's)"); a line that ends
    in a bracket of its own takes the mark inside it: "cap 40 Kč (the most …; the server's)",
    not two brackets in a row (review 42)."""
    if line.endswith(")") and own.startswith("(") and own.endswith(")"):
        return f"{line[:-1]}; {own[1:]}"
    return f"{line} {own}"


def unexplained(line: str, above: list[str]) -> str:
    """A built-in value's line without the explanations (its brackets) the server's line
    above gave already: each is said once (review 42: the cap's long one came back)."""
    for bracket in re.findall(r" \([^()]*\)", line):
        if any(bracket in other for other in above):
            line = line.replace(bracket, "", 1)
    return line


def defaults_text(ui: GameUI, server: dict[str, Any], lang: str, czech: bool,
                  manager: bool = True) -> str:
    """What new tables of the game start with on this server: every option, those the server
    set marked as its own and the built-in values they replace listed after them (a manager
    going back to one gives its built-in value), that tournaments keep their own options, and
    how a manager drops them all (told a manager only: a member was shown a command he may
    not use; review 54); with none set, that it set none and the built-in options."""
    command = command_shown(ui, "defaults", czech)
    base = option_lines(ui, builtin(ui), lang)
    if not server:
        lines = [game_t(ui.kind, "defaults_none", lang, game=ui.name(lang), cmd=command)]
        return "\n".join(lines + [f"• {line}" for line in base])
    lines = [game_t(ui.kind, "defaults_now", lang, game=ui.name(lang), cmd=command)]
    own = t("core.defaults_own", lang)
    now = option_lines(ui, merged(ui, server, {}), lang)
    lines += [f"• {line}" if line in base else f"• {marked(line, own)}" for line in now]
    replaced = [unexplained(line, now) for line in base if line not in now]
    if replaced:
        lines.append(t("core.defaults_builtin", lang, values=" · ".join(replaced)))
    # (the server's values show nowhere at its tournaments: said here, not wondered at)
    lines.append(t("core.defaults_tournaments", lang))
    if manager:
        lines.append(t("core.defaults_reset_hint", lang,
                       cmd=f"{command} {reset_shown(czech)}"))
    return "\n".join(lines)


def built(ui: GameUI, values: dict[str, Any], lang: str) -> TableSettings | str:
    """The table settings ``values`` make, else why they make none (the refusal
    ``/<game> new`` gives, in ``lang``)."""
    timer = values["turn_timer"]
    if 0 < timer < MIN_TIMER:
        return t("core.bad_timer", lang)
    try:
        return settings_of(ui, values, lang)
    except ValueError:
        return game_t(ui.kind, "bad_options", lang)


def bad_value(ui: GameUI, values: dict[str, Any], lang: str) -> str | None:
    """Why ``values`` make no table (``built``), None if they do."""
    made = built(ui, values, lang)
    return made if isinstance(made, str) else None


async def set_defaults(interaction: Interaction, ui: GameUI, given: dict[str, Any]) -> None:
    """``/<game> defaults``: without options, what new tables start with on this server
    (anybody may ask); with options, a manager of the server sets them (an option given its
    built-in value is the server's no more; ``reset``: the server's defaults of the game are
    dropped first) and is shown the result."""
    controller = controller_of(interaction)
    lang = await controller.languages.lang_for(interaction)
    czech = czech_client(interaction)
    server = await server_defaults(interaction, ui)
    reset = given.get("reset") == RESET_CHOICE[1]
    chosen = given_values(ui, given)
    refusal = two_lengths(ui, given, lang)
    if refusal is not None:
        await interaction.response.send_message(refusal, ephemeral=True)
        return
    if (chosen or reset) and not manages_server(interaction.user):
        denied = t("core.defaults_denied", lang, perm=t("core.perm.manage_guild", lang))
        await interaction.response.send_message(
            "\n".join([denied, defaults_text(ui, server, lang, czech, manager=False)]),
            ephemeral=True)
        return
    if chosen or reset:
        values = merged(ui, {} if reset else server, chosen)
        refusal = bad_value(ui, values, lang)
        if refusal is not None:
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        base = builtin(ui)
        before = merged(ui, {} if reset else server, {})
        server = {k: v for k, v in values.items() if v != base[k]}
        assert interaction.guild_id is not None
        await controller.service.store.set_guild_setting(
            interaction.guild_id, TABLE_DEFAULTS + ui.kind, server or None)
        # answered in the language that holds now (a manager setting ``language:cs`` was
        # answered in English, a reset in the Czech just dropped; review 42)
        lang = await controller.languages.lang_for(interaction)
    text = defaults_text(ui, server, lang, czech, manages_server(interaction.user))
    if chosen or reset:  # (a table that plays or waits keeps its own: review 84 wondered)
        text += "\n" + t("core.defaults_open_tables", lang)
        saved = saved_text(ui, before, merged(ui, server, {}), lang)
        if saved is not None:  # (what changed, first: review 94 looked for it in the list)
            text = saved + "\n" + text
    if reset:  # (confirmed first: the listing alone read like a mere question; review 41)
        text = t("core.defaults_reset_done", lang, game=ui.name(lang)) + "\n" + text
    await interaction.response.send_message(text, ephemeral=True)


def saved_text(ui: GameUI, before: dict[str, Any], after: dict[str, Any], lang: str
               ) -> str | None:
    """The options a ``/<game> defaults`` changed, as their lines read without their
    explanations, which the listing below gives ("✅ Saved – Turn timer: 90 s."); None when
    it changed none (the listing alone then)."""
    old = option_lines(ui, before, lang)
    changed = [re.sub(r" \([^()]*\)", "", line) for line in option_lines(ui, after, lang)
               if line not in old]
    if after["autoplay"] and not before["autoplay"]:  # (a line only while off)
        changed.append(t("core.defaults_autoplay_on", lang))
    return t("core.saved", lang, values=" · ".join(changed)) if changed else None
