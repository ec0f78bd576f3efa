"""Properties of the leaderboard's pages (hypothesis): a ◀ ▶ click on a page of any age
lands on a page there is (the page's query tells how many rows there are now), and the pages
of the stored board partition its rated players in rank order."""

from __future__ import annotations

import asyncio
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.records import PAGE, _pages, step
from bot.storage import stats
from bot.storage.db import connect, migrate

G, KIND = 7, "taroky"


@settings(max_examples=200, deadline=None)
@given(total=st.integers(0, 300), page=st.integers(1, 1000),
       direction=st.sampled_from(["prev", "next"]))
def test_a_page_button_lands_on_a_page_there_is(total, page, direction):
    """The button's page, kept among those there are (as ``LeaderboardPage.callback``
    does): within 1…pages; a page that still exists is where the click goes; the pages
    cover every row once and none is empty but the only one of an empty board."""
    pages = _pages(total)
    landed = min(max(step(page, direction), 1), pages)
    assert 1 <= landed <= pages
    wanted = page - 1 if direction == "prev" else page + 1
    if 1 <= wanted <= pages:
        assert landed == wanted
    spans = [range((p - 1) * PAGE, min(p * PAGE, total)) for p in range(1, pages + 1)]
    assert [i for span in spans for i in span] == list(range(total))
    assert all(len(span) > 0 for span in spans) or total == 0 == pages - 1


async def _pages_of(rows: list[tuple[int, float, float, int]], other: int):
    conn = await connect(":memory:")
    try:
        await migrate(conn)
        await conn.executemany(
            "INSERT INTO ratings (guild_id, game_kind, user_id, name, mu, sigma, rated_games,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00+00:00')",
            [(G, KIND, u, f"U{u}", mu, sigma, n) for u, mu, sigma, n in rows]
            + [(G + 1, KIND, u, "x", 25.0, 8.0, 0) for u in range(other)]
            + [(G, "lora", u, "x", 25.0, 8.0, 0) for u in range(other)])
        await conn.commit()
        _, total = await stats.leaderboard(conn, G, KIND, limit=PAGE)
        pages = []
        for page in range(1, _pages(total) + 2):  # (and one past the last: the last again)
            got, listed = await stats.leaderboard(conn, G, KIND, offset=(page - 1) * PAGE,
                                                  limit=PAGE)
            assert listed == total
            pages.append(got)
        assert pages[-1] == pages[-2]
        return total, pages[:-1]
    finally:
        await conn.close()


@settings(max_examples=25, deadline=None)
@given(n=st.integers(0, 35), other=st.integers(0, 3), seed=st.integers(0, 2**32 - 1))
def test_the_leaderboards_pages_partition_its_rated_players(n, other, seed):
    """Random ratings (ties included) of one guild's game beside other guilds' and games':
    the count read with a page is exactly its rows, every page but the last is full (a page
    past it is the last again), and the pages
    list each rated player once, ranked 1…n, by display rating (μ − 3σ), then more rated
    games, then the user id."""
    rng = random.Random(seed)
    rows = [(1000 + i, rng.choice([20.0, 25.0, 30.0]), rng.choice([2.0, 5.0, 8.0]),
             rng.randrange(3)) for i in range(n)]
    total, pages = asyncio.run(_pages_of(rows, other))
    assert total == n
    listed = [row for page in pages for row in page]
    assert [len(p) for p in pages[:-1]] == [PAGE] * (len(pages) - 1)
    assert [r.rank for r in listed] == list(range(1, n + 1))
    expected = sorted(rows, key=lambda r: (-(r[1] - 3 * r[2]), -r[3], r[0]))
    assert [r.user_id for r in listed] == [u for u, *_ in expected]
