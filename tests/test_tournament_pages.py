"""A field of more than eight entrants: its standings are a picture per eight (places 1–8,
9–16 …), each in an embed of its own, legible on a phone (one tall picture of 12 was shown
about 230 px wide, its words under 11 px); the standings' text and the pages' alt texts
together name every entrant; the Standings button and the export carry the same pages."""

from __future__ import annotations

import io
import zipfile
from datetime import UTC, datetime

import pytest
from PIL import Image

from bot.delivery import items
from bot.storage.models import EntrantRecord, TournamentRecord, TournamentStatus
from bot.tournament.examples import example_tournament
from bot.tournament.pages import page_title, standings_messages
from bot.tournament.pictures import (
    page_places,
    standings_alt,
    standings_legend,
    standings_pages,
    standings_png,
)
from tests.botkit import BotHarness, channel_delivered, reply
from tests.tournament_kit import (
    TOURNAMENT_SETTLE,
    messages_with,
    play_round_out,
    started_tournament,
)

WHEN = datetime(2025, 3, 1, tzinfo=UTC)


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


@pytest.mark.settle(TOURNAMENT_SETTLE)
async def test_twelve_entrants_standings_are_two_embeds_of_eight_and_four(
        harness: BotHarness) -> None:
    ch, ann, message = await started_tournament(harness, "taroky", ("easy",) * 12,
                                                plays=False, rounds=1, turn_timer=20,
                                                round_deals=1)
    rec = await play_round_out(harness, 1, 1, rounds=1, steps=60)
    assert len(rec.entrants) == 12 and rec.status is TournamentStatus.FINISHED
    final = messages_with(ch, "konečné pořadí")
    assert len(final) == 1
    post = final[0]
    assert [e.title for e in post.embeds] == ["Taroky – turnaj č. 1: konečné pořadí",
                                              "Konečné pořadí – místa 9–12"]
    assert [a.filename for a in post.attachments] == ["standings-places-1-8.png",
                                                      "standings-places-9-12.png"]
    assert [e.image.url for e in post.embeds] == ["attachment://standings-places-1-8.png",
                                                  "attachment://standings-places-9-12.png"]
    # the text names all twelve (then the legend); each page's alt text its own entrants
    text = post.embeds[0].description.splitlines()
    assert len(text) == 13 and text[-1].startswith("Body 4-3-2-1")
    alts = [a.description for a in post.attachments]
    assert alts == [standings_alt(rec, 1, "cs", 1), standings_alt(rec, 1, "cs", 2)]
    assert alts[0].startswith("Konečné pořadí po 1. kole, místa 1–8: ")  # ("·": review 92)
    assert alts[1].startswith("Konečné pořadí po 1. kole, místa 9–12: ")
    assert sum(a.count(";") + 1 for a in alts) == 12
    pages = [await a.read() for a in post.attachments]
    assert pages == [standings_png(rec, 1, "cs", 1), standings_png(rec, 1, "cs", 2)]
    assert [_size(p) for p in pages] == [(760, 680), (760, 440)]

    # the Standings button: the same pages, each in an embed titled by its places — the
    # final standings (review 62: "Pořadí – místa 1–8" did not say so)
    res = await ann.click(message, custom_id="lora:tn:1:standings")
    answer = reply(res)
    assert answer.ephemeral
    assert [e.title for e in answer.embeds] == ["Konečné pořadí – místa 1–8",
                                                "Konečné pořadí – místa 9–12"]
    # (the standings in words too, as the post says them: review 65)
    assert answer.embeds[0].description == post.embeds[0].description
    assert [a.filename for a in answer.attachments] == ["standings-places-1-8.png",
                                                        "standings-places-9-12.png"]
    assert [await a.read() for a in answer.attachments] == pages
    # (each drawn by its name, as the post's, in the asker's language)
    desk = harness.bot.controller.desk
    assert await desk.picture("tstandings:1:1:2") == pages[1]
    english = await desk.picture("tstandings:1:1:2", "en")
    assert english == standings_png(rec, 1, "en", 2) != pages[1]

    # the export's pictures: the same pages, named alike
    res = await ann.click(message, custom_id="lora:tn:1:export")
    files = {a.filename: a for a in reply(res).attachments}
    archive = zipfile.ZipFile(io.BytesIO(await files["taroky-tournament-1-pictures.zip"].read()))
    assert sorted(n for n in archive.namelist() if n.startswith("standings")) == [
        "standings-round-1-places-1-8.png", "standings-round-1-places-9-12.png"]
    assert archive.read("standings-round-1-places-9-12.png") == pages[1]

    # a standings post queued before the standings had pages (one picture of the whole
    # field, "standings.png"; its name now draws places 1–8 alone) goes with every page
    old = items.post(ch.id, embed={"title": "Taroky – staré pořadí", "description": "text",
                                   "footer": {"text": "🎲🎲 (na obrázku hráč č. 3)"}},
                     picture="tstandings:1:1", filename="standings.png",
                     description="Konečné pořadí po 1. kole: všech 12", mentions=True)
    desk = harness.bot.controller.desk
    [first] = standings_messages(rec, 1, "cs", "T", "text")
    paged = desk._post(ch.id, embed=first[0][0], picture=first[0][1], embeds=first[1:]).payload
    assert await desk.paged_standings(paged) is paged  # (posted as it is)
    await harness.bot.controller.enqueue([old])
    await channel_delivered(harness, ch.id)
    [again] = messages_with(ch, "staré pořadí")
    assert [e.title for e in again.embeds] == ["Taroky – staré pořadí",
                                               "Konečné pořadí – místa 9–12"]
    assert again.embeds[0].description == "text"
    assert [e.footer.text for e in again.embeds] == [e.footer.text for e in post.embeds]
    assert [a.filename for a in again.attachments] == ["standings-places-1-8.png",
                                                       "standings-places-9-12.png"]
    assert [a.description for a in again.attachments] == alts
    assert [await a.read() for a in again.attachments] == pages


def test_eight_entrants_keep_one_picture_without_places() -> None:
    t = example_tournament("lora")
    assert standings_pages(t) == 1
    [[(embed, picture)]] = standings_messages(t, 2, "cs", "Lóra", "text")
    assert picture[:2] == ("tstandings:1:2", "standings.png")
    assert embed.title == "Lóra" and embed.description == "text"
    assert standings_alt(t, 2, "cs").startswith("Konečné pořadí po 2. kole: ")
    with pytest.raises(ValueError, match="no standings page 2"):
        standings_png(t, 2, "cs", 2)


@pytest.mark.parametrize(("field", "places", "lang", "titles"), [
    (9, [(1, 8), (9, 9)], "cs", ["T", "Konečné pořadí – místo 9"]),
    (16, [(1, 8), (9, 16)], "en", ["T", "Final standings – places 9–16"]),
    (33, [(1, 8), (9, 16), (17, 24), (25, 32), (33, 33)], "cs",
     ["T", "Konečné pořadí – místa 9–16", "Konečné pořadí – místa 17–24",
      "Konečné pořadí – místa 25–32", "Konečné pořadí – místo 33"])])
def test_a_field_s_pages_and_their_titles(field: int, places: list[tuple[int, int]],
                                          lang: str, titles: list[str]) -> None:
    """After the last round (2 of 2) the pages are the final standings."""
    t = example_tournament("lora", field_size=field)
    assert [page_places(t, p) for p in range(1, standings_pages(t) + 1)] == places
    [message] = standings_messages(t, 2, lang, "T", "text")
    assert [e.title for e, _ in message] == titles
    assert [p[0] for _, p in message] == ["tstandings:1:2"] + [
        f"tstandings:1:2:{p}" for p in range(2, len(places) + 1)]


@pytest.mark.parametrize(("lang", "titles"), [
    ("cs", ["Pořadí po 1. kole – místa 1–8", "Pořadí po 1. kole – místa 9–16",
            "Pořadí po 1. kole – místo 17"]),
    ("en", ["Standings after round 1 – places 1–8", "Standings after round 1 – places 9–16",
            "Standings after round 1 – place 17"])])
def test_pages_before_the_last_round_say_after_which_round(lang: str,
                                                           titles: list[str]) -> None:
    t = example_tournament("lora", field_size=17)
    assert [page_title(t, p, lang, 1) for p in (1, 2, 3)] == titles
    assert page_title(t, 1, lang, 2) == {"cs": "Konečné pořadí – místa 1–8",
                                         "en": "Final standings – places 1–8"}[lang]


def _crafted(field: int, name: str) -> TournamentRecord:
    """``field`` entrants named ``name`` and their number, no table played (all share 1st)."""
    entrants = [EntrantRecord(i, 100 + i, f"{name}{i}") for i in range(1, field + 1)]
    return TournamentRecord(1, 1, 1, 101, "lora", TournamentStatus.FINISHED,
                            {"rounds": 1}, 1, None, WHEN, WHEN, entrants=entrants)


def test_over_eighty_entrants_go_on_in_a_further_message() -> None:
    """Ten embeds a message (Discord's most): 90 entrants' twelve pages are two messages, the
    second's embeds titled by their places too."""
    t = _crafted(90, "Hráč ")
    messages = standings_messages(t, 1, "cs", "T", "text")
    assert [len(m) for m in messages] == [10, 2]
    assert [e.title for e, _ in messages[1]] == ["Konečné pořadí – místa 81–88",
                                                 "Konečné pořadí – místa 89–90"]
    assert [e.description for m in messages for e, _ in m] == ["text"] + [None] * 11


def test_the_embeds_text_stays_within_discord_s_6000_characters() -> None:
    """Names of emoji alone are drawn as "hráč č. N" and said under each page's picture; 64
    of them beside the standings' long text: the footers take what the 6000 characters of a
    message's embeds leave, cut after a whole item."""
    t = _crafted(64, "🎲🎴🔥🎲🎴🔥🎲🎴🔥🎲🎴🔥🎲🎴🔥🎲🎴🔥")
    for e in t.entrants:
        e.name = e.name.rstrip("0123456789") + "🎲" * (e.entrant_no % 7)
    [message] = standings_messages(t, 0, "cs", "T" * 200, "x" * 4000)
    footers = [e.footer.text or "" for e, _ in message]
    legends = [standings_legend(t, 0, "cs", p) for p in range(1, 9)]
    whole = sum(f == legend for f, legend in zip(footers, legends, strict=True))
    assert 0 < whole < 8 and footers[:whole] == legends[:whole]
    cut = footers[whole]
    assert cut.endswith("…") and legends[whole].startswith(cut[:-1]) and cut[-2] == ","
    assert footers[whole + 1:] == [""] * (7 - whole)
    total = sum(len(e.title or "") + len(e.description or "") + len(e.footer.text or "")
                for e, _ in message)
    assert 5800 < total <= 6000


def test_a_post_takes_ten_embeds_at_most() -> None:
    from bot.delivery import items

    page = ({"title": "p"}, ("tstandings:1:1:2", "s.png", None))
    entry = items.post(1, embed={"title": "t"}, embeds=[page] * 9)
    assert [e["picture"] for e in entry.payload["embeds"]] == [
        ["tstandings:1:1:2", "s.png", None]] * 9
    with pytest.raises(ValueError, match="ten in all"):
        items.post(1, embed={"title": "t"}, embeds=[page] * 10)
    with pytest.raises(ValueError, match="follow a first one"):
        items.post(1, embeds=[page])
