"""Pictures as the bot attaches them: each with its alt text, the words a screen reader says
in place of the picture (Discord's attachment description)."""

from __future__ import annotations

import io
from collections.abc import Iterable

import discord

ALT_LIMIT = 1024  # Discord's longest attachment description


def alt_text(text: str | None) -> str | None:
    """A picture's alt text as Discord takes it (None: none): on one line, without the
    bold/underline marks of the message text it is built from (read out otherwise), at most
    ``ALT_LIMIT`` characters, cut at a word with "…" when longer."""
    text = " ".join((text or "").replace("**", "").replace("__", "").split())
    if not text:
        return None
    if len(text) <= ALT_LIMIT:
        return text
    return text[:ALT_LIMIT - 1].rsplit(" ", 1)[0] + "…"


def png_file(data: bytes, name: str, description: str | None = None) -> discord.File:
    """A picture to attach, with its alt text (``alt_text`` of ``description``)."""
    return discord.File(io.BytesIO(data), filename=name, description=alt_text(description))


def sentences(parts: Iterable[str]) -> str:
    """Lines as one text a screen reader reads as sentences: a line without a stop of its
    own gets "." (the empty ones are left out)."""
    out = []
    for part in parts:
        part = part.strip()
        if part:
            out.append(part if part[-1] in ".!?:…" else part + ".")
    return " ".join(out)
