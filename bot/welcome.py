"""A word on joining a server (``on_guild_join``): the admin who invited the bot was told
nothing — how tables are opened, where the help is, that he sets the server's defaults, and
that which channels and roles may use the commands is Discord's own setting (review 94)."""

from __future__ import annotations

import logging

import discord

from bot.commands import command_shown
from bot.games import all_uis
from bot.i18n import t
from bot.permissions import missing_to_post

log = logging.getLogger(__name__)


def welcome_text(lang: str, czech_client: bool) -> str:
    """The welcome in ``lang``, every game's commands named as a client in the server's
    language lists them (``czech_client``: Czech names)."""
    uis = all_uis()
    both = t("core.welcome_and", lang)

    def each(name: str) -> str:
        return both.join(command_shown(ui, name, czech_client) for ui in uis)

    return t("core.welcome", lang, games=both.join(ui.name(lang) for ui in uis),
             new=t("core.welcome_or", lang).join(
                 t("core.welcome_new", lang, cmd=command_shown(ui, "new", czech_client),
                   game=ui.name(lang)) for ui in uis),
             join=t("core.btn_join", lang), help=each("help"), defaults=each("defaults"))


async def welcome(guild: discord.Guild) -> bool:
    """Posts the welcome in the server's system channel, in the server's language (Czech for
    a Czech server, else English); nothing where there is no such channel or the bot may not
    post there (True: posted)."""
    channel = guild.system_channel
    if channel is None or missing_to_post(channel.permissions_for(guild.me)):
        return False
    czech = guild.preferred_locale is discord.Locale.czech
    try:
        await channel.send(welcome_text("cs" if czech else "en", czech),
                           allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not post the welcome in %s", guild.id)
        return False
    return True
