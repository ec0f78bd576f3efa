"""Leaderboard, ratings and statistics against numbers computed by hand (and OpenSkill direct)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from openskill.models import BradleyTerryPart

from bot.games.lora.stats import lora_stats
from bot.storage import PlayerResult, Storage, display_rating, ratings
from bot.storage.ratings import PROVISIONAL_GAMES
from engine.game import Outcome
from tests.storage_kit import (
    archive,
    crafted_lora_json,
    finished,
    human,
    queries_of,
    robot,
    row,
    storage,
)

__all__ = ["storage"]

G = 7
ANN, BOB, CYRIL = 11, 12, 13

# Game 1 — seats: Ann, Bob, Cyril, an AI. Nobody declares but Bob (who misses, 60 ≠ 100):
# non-declarers AI 30, Ann 40, Cyril 40 (a tie, Cyril wins the harakiri), then Bob.
GAME_1_SEATS = [human(ANN, "Ann"), human(BOB, "Bob"), human(CYRIL, "Cyril"), robot()]
GAME_1 = crafted_lora_json(
    [
        row(1, 1, "cervene", [3, 2, 0, 3]),
        row(1, 2, "filky", [2, 2, 4, 0]),
        row(1, 6, "kvarty", [0, 5, 1, 2]),
        row(1, 8, "cervene", [8, 0, 0, 0], attempt=1, maturant=0, failed=True),
        row(1, 8, "filky", [0, 0, 0, 0], attempt=2, maturant=0),
        row(2, 1, "cervene", [1, 1, 5, 1]),
        row(2, 8, "desitky", [0, 0, 0, 0], attempt=1, maturant=1),
        row(None, None, "harakiri", [10, 20, 5, 5]),
    ],
    totals=[40, 60, 40, 30],
    order=[3, 2, 0, 1],
    stovka=[False, True, False, False],
)
# Game 2 — seats: Bob, Ann, an AI, Cyril. Bob declares and makes 100 (first); Cyril declares
# and misses with 20 (last, below every non-declarer); Ann 50, AI 70. Ann fails maturita 3×.
GAME_2_SEATS = [human(BOB, "Bob"), human(ANN, "Ann"), robot(), human(CYRIL, "Cyril")]
GAME_2 = crafted_lora_json(
    [
        row(1, 1, "cervene", [4, 0, 2, 2]),
        row(1, 7, "desitky", [3, 1, 2, 2]),
        row(2, 8, "kvarty", [0, 8, 0, 0], attempt=1, maturant=1, failed=True),
        row(2, 8, "vsechny", [0, 8, 0, 0], attempt=2, maturant=1, failed=True),
        row(2, 8, "prvni_posledni", [0, 8, 0, 0], attempt=3, maturant=1, failed=True),
    ],
    totals=[100, 50, 70, 20],
    order=[0, 1, 2, 3],
    stovka=[True, False, False, True],
)


async def two_games(storage: Storage) -> tuple[int, int]:
    return (
        await archive(storage, G, GAME_1_SEATS, GAME_1),
        await archive(storage, G, GAME_2_SEATS, GAME_2),
    )


async def test_player_stats_by_hand(storage: Storage) -> None:
    g1, g2 = await two_games(storage)
    ann = await storage.player_stats(G, ANN, "lora")
    ann_lora = lora_stats(ann)
    assert (ann.games, ann.wins, ann.avg_points) == (2, 0, 45.0)  # (40 + 50) / 2
    assert ann_lora.contracts == {
        "cervene": pytest.approx(4 / 3),  # 3 and 1 in game 1, 0 in game 2
        "filky": 2.0,
        "prvni_posledni": None,
        "vsechny": None,
        "cerveny_kral": None,
        "kvarty": 0.0,
        "desitky": 1.0,
    }
    assert ann_lora.contract_games["cervene"] == 3
    # Maturitas: game 1 failed then passed (8 points), game 2 failed three times (24).
    assert (ann_lora.maturitas, ann_lora.maturita_attempts, ann_lora.maturita_passed) == (2, 5, 1)
    assert ann_lora.maturita_rate == 0.5 and ann_lora.maturita_avg == 16.0
    assert (ann_lora.stovka_declared, ann_lora.stovka_made) == (0, 0)
    assert (ann_lora.harakiri_played, ann_lora.harakiri_won) == (1, 0)
    assert (ann.best, ann.worst) == ((g1, 40), (g2, 50))

    bob = await storage.player_stats(G, BOB, "lora")
    bob_lora = lora_stats(bob)
    assert (bob.games, bob.wins, bob.avg_points) == (2, 1, 80.0)  # (60 + 100) / 2
    assert bob_lora.contracts["cervene"] == pytest.approx(7 / 3)  # 2, 1 and 4
    contracts = bob_lora.contracts
    assert (contracts["filky"], contracts["kvarty"], contracts["desitky"]) == (2.0, 5.0, 3.0)
    assert (bob_lora.maturitas, bob_lora.maturita_attempts, bob_lora.maturita_passed) == (1, 1, 1)
    assert (bob_lora.maturita_rate, bob_lora.maturita_avg) == (1.0, 0.0)
    assert (bob_lora.stovka_declared, bob_lora.stovka_made) == (2, 1)
    assert (bob_lora.harakiri_played, bob_lora.harakiri_won) == (0, 0)
    assert (bob.best, bob.worst) == ((g1, 60), (g2, 100))

    cyril = await storage.player_stats(G, CYRIL, "lora")
    cyril_lora = lora_stats(cyril)
    assert (cyril.games, cyril.wins, cyril.avg_points) == (2, 0, 30.0)  # (40 + 20) / 2
    assert cyril_lora.contracts["cervene"] == pytest.approx(7 / 3)  # 0, 5 and 2
    assert (cyril_lora.contracts["filky"], cyril_lora.contracts["kvarty"]) == (4.0, 1.0)
    assert cyril_lora.contracts["desitky"] == 2.0
    assert (cyril_lora.maturitas, cyril_lora.maturita_rate) == (0, None)
    assert cyril_lora.maturita_avg is None
    assert (cyril_lora.stovka_declared, cyril_lora.stovka_made) == (1, 0)
    assert (cyril_lora.harakiri_played, cyril_lora.harakiri_won) == (1, 1)
    assert (cyril.best, cyril.worst) == ((g2, 20), (g1, 40))

    nobody = await storage.player_stats(G, 999, "lora")
    assert (nobody.games, nobody.rating, nobody.avg_points, nobody.best) == (0, None, None, None)


async def test_ratings_and_leaderboard_match_openskill(storage: Storage) -> None:
    await two_games(storage)
    model = BradleyTerryPart()
    ann, bob, cyril = model.rating(), model.rating(), model.rating()
    # Game 1, humans in seat order Ann, Bob, Cyril at places 3, 4, 2 (the AI was first).
    [[ann], [bob], [cyril]] = model.rate([[ann], [bob], [cyril]], ranks=[3, 4, 2])
    # Game 2, humans in seat order Bob, Ann, Cyril at places 1, 2, 4.
    [[bob], [ann], [cyril]] = model.rate([[bob], [ann], [cyril]], ranks=[1, 2, 4])
    expected = sorted(
        [(ANN, "Ann", ann), (BOB, "Bob", bob), (CYRIL, "Cyril", cyril)],
        key=lambda e: -e[2].ordinal(),
    )
    rows, total = await storage.leaderboard(G, "lora")
    assert total == 3
    assert [r.user_id for r in rows] == [e[0] for e in expected]
    for r, (_, name, rating) in zip(rows, expected, strict=True):
        assert r.name == name
        assert r.mu == pytest.approx(rating.mu) and r.sigma == pytest.approx(rating.sigma)
        assert r.rating == round(1500 + 50 * rating.ordinal())
        assert r.provisional and r.rated_games == 2 and r.games == 2
    by_user = {r.user_id: r for r in rows}
    assert (by_user[BOB].wins, by_user[BOB].avg_points) == (1, 80.0)
    assert (by_user[ANN].wins, by_user[ANN].avg_points) == (0, 45.0)
    assert [r.rank for r in rows] == [1, 2, 3]
    page, total = await storage.leaderboard(G, "lora", offset=1, limit=1)
    assert total == 3 and [(p.rank, p.user_id) for p in page] == [(2, rows[1].user_id)]
    stats = await storage.player_stats(G, BOB, "lora")
    assert stats.rating == by_user[BOB].rating and stats.rated_games == 2
    [newest, _] = await storage.recent_games(G)
    bob_row = next(p for p in newest.players if p.user_id == BOB)
    assert bob_row.rating_after == by_user[BOB].rating


def test_display_rating_formula() -> None:
    assert display_rating(25.0, 25 / 3) == 1500  # a new player: ordinal 0
    assert display_rating(30.0, 5.0) == 2250  # 1500 + 50 × (30 − 15)
    assert display_rating(20.0, 8.0) == 1300  # 1500 + 50 × (20 − 24)


async def test_ties_are_rated_as_ties(storage: Storage) -> None:
    seats = [human(1, "a"), human(2, "b"), human(3, "c"), human(4, "d")]
    lora_json = crafted_lora_json([row(1, 1, "cervene", [2, 2, 2, 2])], [5, 5, 7, 9], [0, 1, 2, 3])
    await archive(storage, G, seats, lora_json, places=[1, 1, 3, 4])
    model = BradleyTerryPart()
    teams = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 1, 3, 4])
    rows, _ = await storage.leaderboard(G, "lora")
    got = {r.user_id: (r.mu, r.sigma) for r in rows}
    for user_id, [rating] in zip((1, 2, 3, 4), teams, strict=True):
        assert got[user_id][0] == pytest.approx(rating.mu)
        assert got[user_id][1] == pytest.approx(rating.sigma)
    assert got[1] == got[2]


async def test_a_tie_for_first_ranks_the_winners_above_the_third(storage: Storage) -> None:
    """Places 1, 4, 1, 3 among new players (a Taroky round: two equal winners): the
    leaderboard lists both winners first, with the same rating, then the 3rd, then the 4th.
    (Plackett–Luce rated the 3rd 1571 above the winners' 1557.)"""
    seats = [human(1, "Alice"), human(2, "Bob"), human(3, "Cyril"), human(4, "Dana")]
    lora_json = crafted_lora_json([row(1, 1, "cervene", [2, 2, 2, 2])], [5, 9, 5, 7], [0, 2, 3, 1])
    await archive(storage, G, seats, lora_json, places=[1, 4, 1, 3])
    rows, _ = await storage.leaderboard(G, "lora")
    assert [(r.rank, r.user_id, r.rating) for r in rows] == [
        (1, 1, 1628), (2, 3, 1628), (3, 4, 1496), (4, 2, 1408)]


def _display_after(places: tuple[int, ...]) -> list[int]:
    fresh = (ratings.MODEL.mu, ratings.MODEL.sigma)
    return [display_rating(mu, sigma) for mu, sigma in ratings.rate([fresh] * len(places),
                                                                    list(places))]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_better_place_always_gets_a_higher_rating(players: int) -> None:
    """Every order of new players, ties and gaps included: a better place ends with a strictly
    higher display rating, an equal place with an equal one."""
    for places in itertools.product(range(1, players + 1), repeat=players):
        shown = _display_after(places)
        seats = list(zip(places, shown, strict=True))
        for (place_a, a), (place_b, b) in itertools.permutations(seats, 2):
            if place_a < place_b:
                assert a > b, (places, shown)
            elif place_a == place_b:
                assert a == b, (places, shown)


def test_a_clean_order_of_four_new_players() -> None:
    """1st to 4th among new players: 88 points apart each, around 1500."""
    assert _display_after((1, 2, 3, 4)) == [1672, 1584, 1496, 1408]


async def test_provisional_until_five_rated_games(storage: Storage) -> None:
    seats = [human(1, "a"), human(2, "b"), robot(), robot()]
    lora_json = crafted_lora_json([], [10, 20, 30, 40], [0, 1, 2, 3])
    for played in range(1, PROVISIONAL_GAMES + 1):
        await archive(storage, G, seats, lora_json)
        rows, _ = await storage.leaderboard(G, "lora")
        assert {r.provisional for r in rows} == {played < PROVISIONAL_GAMES}
        assert {r.rated_games for r in rows} == {played}
    assert PROVISIONAL_GAMES == 5
    stats = await storage.player_stats(G, 1, "lora")
    assert (stats.provisional, stats.wins, stats.games) == (False, 5, 5)


async def test_first_place_shared_by_the_whole_table_is_nobodys_win(storage: Storage) -> None:
    """Review 89 LOW 8: a Taroky round of 35:35 (all four 1st at 0,00 Kč) counted as a win
    for each. A win is first place that not every player at the table shares: ``a`` and
    ``b`` share first above ``c`` (a win each), then all three tie (no win), in the
    leaderboard's count and the statistics' alike."""
    seats = [human(1, "a"), human(2, "b"), human(3, "c"), robot()]
    base = finished(crafted_lora_json([], [10, 20, 30, 40], [0, 1, 2, 3]))
    for places in ((1, 1, 3, 4), (1, 1, 1, 1)):
        table_id = await storage.create_table(G, 500, 1, {}, list(seats))
        await storage.update_table(table_id, status="playing")
        await storage.archive_game(
            table_id, outcome=replace(base["outcome"], places=places), record=base["record"],
            players=[PlayerResult(seat=i, user_id=s["user_id"], name=s["name"],
                                  ai_level=s["ai"]) for i, s in enumerate(seats)],
            options={"lang": "cs"})
    rows, _ = await storage.leaderboard(G, "lora")
    assert {r.user_id: (r.games, r.wins) for r in rows} == {1: (2, 1), 2: (2, 1), 3: (2, 0)}
    for user, wins in ((1, 1), (2, 1), (3, 0)):
        stats = await storage.player_stats(G, user, "lora")
        assert (stats.games, stats.wins) == (2, wins)


async def test_ai_seats_never_appear_in_the_leaderboard(storage: Storage) -> None:
    await two_games(storage)
    rows, total = await storage.leaderboard(G, "lora", limit=100)
    assert total == 3 and {r.user_id for r in rows} == {ANN, BOB, CYRIL}


async def test_a_leaderboard_page_and_its_count_are_one_query(storage: Storage) -> None:
    """A ◀ ▶ click reads its page and how many rows the board has in one query: of one
    guild and game; a page past the last (players forgotten since) is the last one."""
    assert await storage.leaderboard(G, "lora") == ([], 0)
    await two_games(storage)
    rows, total = await storage.leaderboard(G, "lora")
    assert total == 3 and [r.rank for r in rows] == [1, 2, 3]
    assert (await storage.leaderboard(G, "taroky"), await storage.leaderboard(G + 1, "lora")) \
        == (([], 0), ([], 0))
    async with queries_of(storage) as statements:
        page, total = await storage.leaderboard(G, "lora", offset=2, limit=2)
    assert [s.split()[0] for s in statements] == ["WITH"]  # one statement: rows and count
    assert total == 3 and [(r.rank, r.user_id) for r in page] == [(3, rows[2].user_id)]
    for offset in (4, 6, 1000):  # (past the last row: the last page, as the ranks say)
        page, total = await storage.leaderboard(G, "lora", offset=offset, limit=2)
        assert total == 3 and [r.rank for r in page] == [3], offset
    await storage.forget_user(BOB)
    page, total = await storage.leaderboard(G, "lora", offset=2, limit=2)
    assert total == 2 and [r.user_id for r in page] == [r.user_id for r in rows
                                                         if r.user_id != BOB]
    assert [r.rank for r in page] == [1, 2]
    assert (await storage.leaderboard(G, "lora", offset=1, limit=1))[0][0].rank == 2


async def test_an_unrated_game_renames_its_players_on_every_board_of_the_guild(
        storage: Storage) -> None:
    """The board lists a player who left the server by his stored name: it was written by
    rated games only, so Ann, renamed "Anička", kept "Ann" after her unrated games. Any
    archived game now writes the name he played under on his rows of the guild's boards
    (every game's), and changes nothing else; a player with no row gets none."""
    await two_games(storage)
    table = await storage.create_table(G, 500, ANN, {}, [human(ANN, "Ann"), human(BOB, "Bob")],
                                       game_kind="taroky")
    await storage.update_table(table, status="playing")
    await storage.archive_game(
        table, outcome=Outcome((1, 2), (40, -40), "hal", False), record={}, options={},
        players=[PlayerResult(0, ANN, "Ann", moves=10, ai_moves=0),
                 PlayerResult(1, BOB, "Bob", moves=10, ai_moves=0)])
    before = {kind: (await storage.leaderboard(G, kind))[0] for kind in ("lora", "taroky")}
    assert {r.name for r in before["taroky"]} == {"Ann", "Bob"}
    DALIBOR = 14
    # one human: not rated (another server's game names nobody here)
    await archive(storage, G, [human(ANN, "Anička"), robot(), robot(), robot()], GAME_1)
    assert not (await storage.recent_games(G, "lora", limit=1))[0].rated
    await archive(storage, G + 1, [human(ANN, "Ann B."), robot(), robot(), robot()], GAME_1)
    await archive(storage, G, [human(DALIBOR, "Dalibor"), robot(), robot(), robot()], GAME_1)
    for kind, rows in before.items():
        after, total = await storage.leaderboard(G, kind)
        assert total == len(rows)
        assert [(r.user_id, r.name) for r in after] == [
            (r.user_id, "Anička" if r.user_id == ANN else r.name) for r in rows]
        assert [(r.mu, r.sigma, r.rated_games) for r in after] == [
            (r.mu, r.sigma, r.rated_games) for r in rows]
    assert await storage.leaderboard(G + 1, "lora") == ([], 0)


async def test_stats_skip_a_game_an_ai_played_for_the_player(storage: Storage) -> None:
    """Review 90: an AI played most of Bob's moves (the game unrated for it) and his stats
    counted its results as his. A game counts for a player as the rating decided it when it
    was archived (``ratings.seat_ai_played``, the guild's share then): Bob's is set apart
    (``ai_games``), Ann's own play counts. Review 95: a higher share allowed later changes
    nothing after the fact — not his stats, not the history's seat, not the leaderboard."""
    table = await storage.create_table(G, 500, ANN, {}, [human(ANN, "Ann"), human(BOB, "Bob")],
                                       game_kind="taroky")
    await storage.update_table(table, status="playing")
    await storage.archive_game(
        table, outcome=Outcome((2, 1), (-40, 40), "hal", False), record={}, options={},
        players=[PlayerResult(0, ANN, "Ann", moves=10, ai_moves=0),
                 PlayerResult(1, BOB, "Bob", moves=10, ai_moves=8)])
    [game] = await storage.recent_games(G, "taroky")
    assert (game.rated, game.unrated_reason) == (False, "ai_share")
    bob = await storage.player_stats(G, BOB, "taroky")
    assert (bob.games, bob.wins, bob.avg_points, bob.results, bob.ai_games) == (
        0, 0, None, [], 1)
    ann = await storage.player_stats(G, ANN, "taroky")
    assert (ann.games, ann.avg_points, ann.ai_games) == (1, -40, 0)
    assert [(p.name, p.ai_played) for p in game.players] == [("Bob", True), ("Ann", False)]
    await storage.set_guild_setting(G, "ai_share_limit", 0.9)
    bob = await storage.player_stats(G, BOB, "taroky")
    assert (bob.games, bob.wins, bob.avg_points, bob.ai_games) == (0, 0, None, 1)
    [again] = await storage.recent_games(G, "taroky")
    assert again == game
    await storage.set_guild_setting(G, "ai_share_limit", 0.0)  # (Ann's 0 of 10 stays hers)
    ann = await storage.player_stats(G, ANN, "taroky")
    assert (ann.games, ann.avg_points, ann.ai_games) == (1, -40, 0)
