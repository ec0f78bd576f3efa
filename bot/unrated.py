"""Why a finished game is not rated, in the players' words (the end post says it).

The rule is ``bot.storage.ratings.unrated_reason`` (the archive applies it to the same seats): at
least two humans play to the end, and an AI made no more than the server's share of any
one's moves. A player who left is no longer a human of the game (an AI finished his seat).
"""

from __future__ import annotations

from bot.i18n import and_list, shown_name, t
from bot.model import Table
from bot.storage import ratings


def share_percent(ai_share_limit: float) -> int:
    return round(100 * ai_share_limit)


def unrated_note(table: Table, ai_share_limit: float, lang: str) -> str | None:
    """"Hra se nehodnotí: …" for a game the archive does not rate; None when it rates it.
    At a tournament's table it says that only the leaderboard leaves it out: its tournament
    points count (review 75: "not rated" read as "the table does not count")."""
    why = _why(table, ai_share_limit, lang)
    if why is None:
        return None
    key = "core.unrated" if table.tournament is None else "core.unrated_tournament"
    return t(key, lang, why=why)


def _why(table: Table, ai_share_limit: float, lang: str) -> str | None:
    """Why the archive does not rate the game (``ratings.unrated_reason``), as a sentence."""
    humans = [s for s in table.seats if s is not None and s.user_id is not None]
    players = ratings.participants(humans)
    reason = ratings.unrated_reason(players, ai_share_limit)
    if reason is None:
        return None
    if reason == "ai_share":
        # every one of them (review 53: only the first was named, of three)
        over = {p.user_id for p in ratings.over_ai_share(players, ai_share_limit)}
        names = [s.name for s in humans if s.user_id in over]
        return t("core.unrated_ai_share" if len(names) == 1 else "core.unrated_ai_share_many",
                 lang, name=names[0], names=", ".join(names),
                 share=share_percent(ai_share_limit))
    if reason != "too_few_humans":
        return None
    left = [shown_name(s.name, lang) for s in table.seats
            if s is not None and s.user_id is None and s.left]
    if left and humans:
        # the one who played to the end by name, then for whom an AI finished (review 53:
        # "only one person played to the end (Cyril → AI)" named the one who left)
        return t("core.unrated_left_one", lang, name=shown_name(humans[0].name, lang),
                 names=", ".join(left))
    if left:  # (review 97: not "(Filip, Eva → AI)" — the arrow read as a rename)
        return t("core.unrated_left_none", lang, names=and_list(left, lang))
    return t("core.unrated_alone" if humans else "core.unrated_nobody", lang)
