"""Review 24: a registered player who sits at another table when a round starts. A lobby that
has not started does not make him busy (he leaves it and plays his tournament table); a
running game elsewhere does: an AI plays his seat this round, and he is told so — mentioned
in the table's opening, "Bob → AI" on the tournament's message, and Moje karty or
``/lora hand`` at that table say why (in the tournament's language, whatever his client's)."""

from __future__ import annotations

from typing import Any

from bot.model import STATUS_PLAYING
from bot.tournament import model
from tests.botkit import BotHarness, channel_delivered, reply
from tests.tournament_kit import record


async def _setup(h: BotHarness) -> tuple[Any, Any, Any, Any, Any]:
    env = h.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    hospoda = guild.create_text_channel("hospoda")
    ann = guild.add_member(env.create_user("ann", global_name="Ann"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))  # an English client
    await ann.slash(ch, "lora tournament", rounds=2, turn_timer=20)
    message = ch.last_message
    for u in (ann, bob):
        await u.click(message, custom_id="lora:tn:1:join")
    for _ in range(2):
        await ann.select(message, ["easy"], custom_id="lora:tnai:1")
    return guild, ch, hospoda, ann, bob


async def test_a_player_waiting_in_a_lobby_leaves_it_and_plays_his_tournament_table(
        harness: BotHarness) -> None:
    h = harness
    guild, ch, hospoda, ann, bob = await _setup(h)
    await bob.slash(hospoda, "lora new")
    lobby = h.service.table_of_user(guild.id, bob.id)
    assert lobby is not None and lobby.tournament is None
    await ann.click(ch.history()[0], custom_id="lora:tn:1:start")
    rec = await record(h, 1)
    assert rec.substitutions == []  # before: "busy", an AI played his whole round
    (slot,) = [s for s in model.tables_of(rec, 1) if 2 in s.seats]
    table = h.service.tables[slot.table_id]
    assert table.seats[slot.seats.index(2)].user_id == bob.id
    assert h.service.table_of_user(guild.id, bob.id) is table
    assert lobby.status != "lobby"  # his own lobby closed when he left it (its creator)
    thread = next(t for t in ch.threads if t.id == slot.thread_id)
    assert f"<@{bob.id}>" in thread.history()[0].content


async def test_a_player_playing_elsewhere_is_told_an_ai_plays_his_seat_this_round(
        harness: BotHarness) -> None:
    h = harness
    guild, ch, hospoda, ann, bob = await _setup(h)
    await bob.slash(hospoda, "lora new", seating="join", turn_timer=0)
    lobby_message = hospoda.last_message
    casual = h.service.table_of_user(guild.id, bob.id)
    assert casual is not None
    for _ in range(3):
        await bob.click(lobby_message, custom_id=f"lora:lai:{casual.table_id}:easy")
    await bob.click(lobby_message, custom_id=f"lora:l:{casual.table_id}:start")
    assert casual.status == STATUS_PLAYING
    message = ch.history()[0]
    await ann.click(message, custom_id="lora:tn:1:start")
    rec = await record(h, 1)
    (slot,) = [s for s in model.tables_of(rec, 1) if 2 in s.seats]
    seat = slot.seats.index(2)
    assert [(s.round_no, s.table_no, s.seat, s.entrant_no, s.reason)
            for s in rec.substitutions] == [(1, slot.table_no, seat, 2, "busy")]

    # mentioned in his table's opening, with where he was playing and how he comes back
    thread = next(t for t in ch.threads if t.id == slot.thread_id)
    opening = thread.history()[0].content
    names = [f"<@{ann.id}>" if n == 1 else "Bob → AI" if n == 2
             else model.entrant(rec, n).name for n in slot.seats]
    assert opening == (
        f"**1. kolo, stůl {slot.table_no}** – hrají: {', '.join(names)}. Hodně štěstí!\n"
        f"<@{bob.id}>, kolo začalo během tvé hry u jiného stolu (<#{hospoda.id}>), a tak za"
        " tebe teď hraje AI. Až ji dohraješ nebo od stolu odejdeš, vezmeš si své místo zpět"
        " tlačítkem **Moje karty** tady.")

    # the tournament's message marks his substitute at the table
    def table_line() -> str:
        text = next(m for m in ch.history() if m.id == message.id).embeds[0].description
        return next(x for x in text.splitlines() if x.startswith(f"Stůl {slot.table_no} "))

    assert "Bob → AI" in table_line()

    # Moje karty at his tournament table, while he plays elsewhere: why, and how to come
    # back (in Czech, the tournament's language; not "U tohoto stolu nesedíš")
    table = h.service.tables[slot.table_id]
    table_message = next(m for m in thread.history() if m.id == table.message_id)
    where = f"{slot.table_no} (1. kolo turnaje č. 1)"
    res = await bob.click(table_message, custom_id=f"lora:t:{slot.table_id}:hand")
    assert reply(res).content == (
        f"Tvé místo u stolu {where} teď hraje AI: hraješ u jiného stolu (stůl č."
        f" {casual.table_id}). Až ho dohraješ nebo od něj odejdeš (/lora leave), vezmeš si"
        " své místo zpět tlačítkem **Moje karty** tady.")

    # his other game over, /lora hand in the thread offers the seat back (the core's
    # take-back of a seat one left); he takes it, and the AI is no longer his substitute
    await h.service.abort(casual.table_id)
    offer = reply(await bob.slash(thread, "lora hand"))
    assert offer.content == (f"Tvé místo u stolu {where} teď hraje AI. Chceš si ho vzít"
                             " zpět a hrát dál?")
    res = await bob.click(offer, label="Vrátit se ke stolu")
    assert reply(res).content.startswith("Jsi zpět u stolu")
    assert table.seats[seat].user_id == bob.id
    rec = await record(h, 1)
    assert rec.substitutions == []
    await channel_delivered(h, ch.id)
    assert "Bob" in table_line().split(" – ", 1)[1].split(", ")  # no "→ AI" any more


async def test_moje_karty_at_a_finished_busy_seat_says_why(harness: BotHarness) -> None:
    """The seat's game over without him: Moje karty says an AI played his seat this round
    because he was playing elsewhere (not "U tohoto stolu nesedíš")."""
    from bot.ui.replies import Replies

    h = harness
    guild, ch, hospoda, ann, bob = await _setup(h)
    await bob.slash(hospoda, "lora new", seating="join", turn_timer=0)
    casual = h.service.table_of_user(guild.id, bob.id)
    assert casual is not None
    for _ in range(3):
        await bob.click(hospoda.last_message, custom_id=f"lora:lai:{casual.table_id}:easy")
    await bob.click(hospoda.last_message, custom_id=f"lora:l:{casual.table_id}:start")
    await ann.click(ch.history()[0], custom_id="lora:tn:1:start")
    rec = await record(h, 1)
    (slot,) = [s for s in model.tables_of(rec, 1) if 2 in s.seats]
    table = h.service.tables[slot.table_id]
    assert h.bot.controller is not None
    replies: Replies = h.bot.controller.replies
    text = replies.spectator_text(table, bob.id, "cs")
    assert text == (f"V tomto kole za tebe u stolu {slot.table_no} (1. kolo turnaje č. 1) hraje"
                    " AI: kolo začalo během tvé hry u jiného stolu. Od příštího kola hraješ"
                    " zase ty.")
    assert replies.spectator_text(table, ann.id + 999, "cs").startswith("U tohoto stolu nesedíš")


async def test_a_reply_in_a_czech_tournament_s_thread_speaks_czech_to_an_english_client(
        harness: BotHarness) -> None:
    """Review 24 (#4): ``/lora hand`` in a Czech tournament table's thread answered "You do
    not sit at any table on this server." — the client's language, not the thread's."""
    h = harness
    guild, ch, _, ann, _ = await _setup(h)
    await ann.click(ch.history()[0], custom_id="lora:tn:1:start")
    zed = guild.add_member(h.env.create_user("zed", global_name="Zed"))  # English client
    thread = ch.threads[0]
    res = await zed.slash(thread, "lora hand")
    assert reply(res).content == "Nesedíš u žádného stolu na tomto serveru."
    res = await zed.slash(guild.create_text_channel("jinde"), "lora hand")
    assert reply(res).content == "You do not sit at any table on this server."
