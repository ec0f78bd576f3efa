"""AI players' names across a server's tables: two running tables of one server each with an
"AI Karel" read as one player sitting at both; a new AI player takes a name no other open
table of the server has while one is left, else one in use elsewhere (never one of its own
table's)."""

from __future__ import annotations

from bot.model import Seat
from bot.tables.seating import AI_NAMES, ai_player


def test_an_ai_player_prefers_a_name_no_other_table_has_and_falls_back_when_all_do() -> None:
    seats: list[Seat | None] = [Seat(1, "Alice"), None, None, None]
    assert ai_player(seats, "easy").name == "AI Karel"
    assert ai_player(seats, "easy", {"AI Karel", "AI Božena"}).name == "AI Jaroslav"
    everywhere = {*AI_NAMES, "AI 1", "AI 2", "AI 3", "AI 4"}
    assert ai_player(seats, "hard", everywhere).name == "AI Karel"  # all used: the first
    seats[1] = Seat(None, "AI Karel", ai="easy")  # never its own table's name, though
    assert ai_player(seats, "easy", everywhere).name == "AI Božena"


async def test_two_tables_of_one_server_seat_differently_named_ais_another_server_not(
        harness) -> None:
    env = harness.env
    guild, other = env.create_guild(), env.create_guild()
    rooms = [guild.create_text_channel("lora"), guild.create_text_channel("taroky"),
             other.create_text_channel("lora")]
    names: list[list[str]] = []
    for room, (server, game, user) in zip(
            rooms, ((guild, "lora", "alice"), (guild, "taroky", "bob"), (other, "lora", "carol")),
            strict=True):
        member = server.add_member(env.create_user(user, global_name=user.capitalize()))
        await member.slash(room, f"{game} new", language="cs", seating="join", turn_timer=0)
        table = harness.service.table_of_user(server.id, member.id)
        for _ in range(2):
            await member.click(room.last_message, custom_id=f"lora:lai:{table.table_id}:easy")
        names.append([s.name for s in table.seats if s is not None and s.user_id is None])
    assert names == [["AI Karel", "AI Božena"], ["AI Jaroslav", "AI Libuše"],
                     ["AI Karel", "AI Božena"]]
    assert harness.service.ai_names_elsewhere(guild.id) == {
        "AI Karel", "AI Božena", "AI Jaroslav", "AI Libuše"}
