"""The round's standings as Discord shows them: a picture per ``PAGE`` entrants, each in an
embed of its own (places 1–8, 9–16 …: one tall picture of a larger field was shown narrower
and its words under 11 px), the first embed with the standings' title and text, each page's
stand-ins said under its picture; ``items.EMBEDS_LIMIT`` embeds a message and their text
within ``items.EMBEDS_CHARS`` (a field of more than 80 entrants goes on in further
messages, as many as its pages take)."""

from __future__ import annotations

import logging

import discord

from bot.delivery import items
from bot.storage.models import TournamentRecord
from bot.tournament.pictures import (
    is_final,
    page_places,
    page_suffix,
    standings_alt,
    standings_legend,
    standings_pages,
)
from bot.tournament.words import tt
from bot.ui.builders import EMBED_COLOUR

log = logging.getLogger(__name__)
EMBED_FOOTER = 2048  # characters Discord takes in an embed's footer
Page = tuple[discord.Embed, items.Picture]


def clip_footer(text: str, limit: int = EMBED_FOOTER) -> str:
    """``text`` within an embed's footer (``limit`` characters): cut after its last whole
    item ("…" for the rest); "" when not even that fits."""
    if len(text) <= limit:
        return text
    if limit < 2:
        return ""
    head = text[:limit - 1]
    return head[:head.rfind(", ") + 1 or len(head)] + "…"


def page_picture(t_: TournamentRecord, round_no: int, page: int,
                 alt: str | None) -> items.Picture:
    """The outbox's picture of the standings page ``page`` after ``round_no``
    (``tstandings:T:R``, a later page ``tstandings:T:R:P``): "standings.png" when it is the
    only one, else named by its places ("standings-places-9-16.png")."""
    name = f"tstandings:{t_.tournament_id}:{round_no}" + (f":{page}" if page > 1 else "")
    return name, f"standings{page_suffix(t_, page)}.png", alt


def page_title(t_: TournamentRecord, page: int, lang: str, round_no: int) -> str:
    """A page's embed's title: "Pořadí po 1. kole – místa 9–16" (its last one place alone:
    "místo 33"), after the last round "Konečné pořadí – …" (review 62: the Standings
    button's answer did not say the standings were final)."""
    first, last = page_places(t_, page)
    key = "page_title_final" if is_final(t_, round_no) else "page_title"
    return tt(key if last > first else f"{key}_one", lang, first=first, last=last,
              round=round_no)


def standings_messages(t_: TournamentRecord, round_no: int, lang: str, title: str,
                       description: str | None) -> list[list[Page]]:
    """The standings after ``round_no`` as messages of embeds, each with its page's picture:
    the first titled ``title`` with ``description`` (the standings in words), the later
    ones by their places ("Konečné pořadí – místa 9–16"); each picture with its alt text."""
    pages = standings_pages(t_)
    out: list[list[Page]] = []
    for start in range(1, pages + 1, items.EMBEDS_LIMIT):
        room = items.EMBEDS_CHARS
        message: list[Page] = []
        for page in range(start, min(start + items.EMBEDS_LIMIT, pages + 1)):
            head = title if page == 1 else page_title(t_, page, lang, round_no)
            text = description if page == 1 else None
            embed = discord.Embed(title=head, description=text, colour=EMBED_COLOUR)
            room -= len(head) + len(text or "")
            message.append((embed, page_picture(t_, round_no, page,
                                                _alt(t_, round_no, lang, page))))
        # the stand-ins said under each page's picture, within what the texts leave
        for page, (embed, _) in enumerate(message, start):
            whole = standings_legend(t_, round_no, lang, page)
            legend = clip_footer(whole, min(EMBED_FOOTER, max(room, 0)))
            if legend:  # ("hráč č. 3" is 🎲🎲)
                embed.set_footer(text=legend)
                room -= len(legend)
            if legend != whole:  # out of room: no later page's is begun
                room = 0
        out.append(message)
    return out


def _alt(t_: TournamentRecord, round_no: int, lang: str, page: int) -> str | None:
    """A page's alt text; None when its record cannot be read (nor is its picture drawn)."""
    try:
        return standings_alt(t_, round_no, lang, page)
    except Exception:
        log.exception("the alt text of a standings page failed")
        return None
