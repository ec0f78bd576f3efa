"""Review 24: a registered player who sits at another table when a round starts. A lobby that
has not started does not make him busy (he leaves it and plays his tournament table); a
running game elsewhere does: an AI plays his seat this round, and he is told so — mentioned
in the table's opening, "Bob (AI)" on the tournament's message, and Moje karty or
``/lora hand`` at that table say why (in the tournament's language, whatever his client's
or his last table's). Review 25: withdrawing ends his way back to that seat; a seat he took
back is no longer marked as an AI's on the sheet, even if the tournament did not hear of it
when he took it. One who registers while he plays a running game is warned of it; a
warning Discord refuses is no error of his registration (review 29)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import TableError
from bot.model import STATUS_ABORTED, STATUS_PLAYING, Table
from bot.tournament import model
from bot.tournament.pictures import sheet_lines
from tests.botkit import BotHarness, channel_delivered, mentioned, reply, table_message
from tests.tournament_kit import desk_of, play_round_out, record

LEFT_HAND = ("Tvé místo v turnaji č. 1 převzala AI a hraje za tebe až do konce turnaje. Stůl"
             " a protokol vidíš.")


async def _setup(h: BotHarness, kind: str = "lora",
                 **options: Any) -> tuple[Any, Any, Any, Any, Any]:
    env = h.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    hospoda = guild.create_text_channel("hospoda")
    ann = guild.add_member(env.create_user("ann", global_name="Ann"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))  # an English client
    await ann.slash(ch, f"{kind} tournament",
                    **{"rounds": 2, "turn_timer": 20, "language": "cs", **options})
    message = ch.last_message
    for u in (ann, bob):
        await u.click(message, custom_id="lora:tn:1:join")
    for _ in range(2):
        await ann.select(message, ["easy"], custom_id="lora:tnai:1")
    return guild, ch, hospoda, ann, bob


async def _playing_elsewhere(h: BotHarness, guild: Any, hospoda: Any, bob: Any,
                             **options: Any) -> Table:
    """Bob's own Lóra table in #hospoda, started with three AI players."""
    await bob.slash(hospoda, "lora new", seating="join", turn_timer=0,
                    **{"language": "cs", **options})
    casual = h.service.table_of_user(guild.id, bob.id)
    assert casual is not None
    for _ in range(3):
        await bob.click(hospoda.last_message, custom_id=f"lora:lai:{casual.table_id}:easy")
    await bob.click(hospoda.last_message, custom_id=f"lora:l:{casual.table_id}:start")
    assert casual.status == STATUS_PLAYING
    return casual


async def _busy_seat(h: BotHarness, ch: Any, bob: Any) -> tuple[Any, Table, int, Any]:
    """The round started (by Ann) while Bob plays elsewhere: his tournament table's slot, the
    table, his seat there and its thread."""
    rec = await record(h, 1)
    (slot,) = [s for s in model.tables_of(rec, 1) if 2 in s.seats]
    seat = slot.seats.index(2)
    assert [(s.round_no, s.table_no, s.seat, s.entrant_no, s.reason)
            for s in rec.substitutions] == [(1, slot.table_no, seat, 2, "busy")]
    thread = next(t for t in ch.threads if t.id == slot.thread_id)
    return slot, h.service.tables[slot.table_id], seat, thread


async def _started_while_busy(h: BotHarness, guild: Any, ch: Any, hospoda: Any, ann: Any,
                              bob: Any, **options: Any) -> tuple[Table, Any, Table, int, Any]:
    """Ann starts the tournament while Bob plays his own table in #hospoda (``options``:
    its, ``_playing_elsewhere``): that table, then his tournament table's slot, the table,
    his seat there and its thread (``_busy_seat``)."""
    casual = await _playing_elsewhere(h, guild, hospoda, bob, **options)
    await ann.click(ch.history()[0], custom_id="lora:tn:1:start")
    slot, table, seat, thread = await _busy_seat(h, ch, bob)
    return casual, slot, table, seat, thread


@pytest.mark.parametrize("game", ["lora", "taroky"])
async def test_a_player_waiting_in_a_lobby_leaves_it_and_plays_his_tournament_table(
        harness: BotHarness, game: str) -> None:
    """His own lobby (of either game) closes saying why: its creator plays the tournament
    (review 54: "its creator no longer sits at it" blamed him for leaving)."""
    h = harness
    guild, ch, hospoda, ann, bob = await _setup(h)
    await bob.slash(hospoda, f"{game} new", language="cs")
    lobby = h.service.table_of_user(guild.id, bob.id)
    assert lobby is not None and lobby.tournament is None
    await ann.click(ch.history()[0], custom_id="lora:tn:1:start")
    rec = await record(h, 1)
    assert rec.substitutions == []  # before: "busy", an AI played his whole round
    (slot,) = [s for s in model.tables_of(rec, 1) if 2 in s.seats]
    table = h.service.tables[slot.table_id]
    assert table.seats[slot.seats.index(2)].user_id == bob.id
    assert h.service.table_of_user(guild.id, bob.id) is table
    # his own lobby closed when he left it (its creator), and #hospoda says so
    assert lobby.status == STATUS_ABORTED
    await channel_delivered(h, hospoda.id)
    closed = f"Stůl č. {lobby.table_id} je zrušen – jeho zakladatel hraje turnaj č. 1."
    lobby_message = next(m for m in hospoda.history() if m.id == lobby.message_id)
    assert lobby_message.embeds[0].description == closed and lobby_message.components == []
    assert hospoda.last_message.content == closed
    thread = next(t for t in ch.threads if t.id == slot.thread_id)
    assert f"<@{bob.id}>" in thread.history()[0].content


async def test_a_player_playing_elsewhere_is_told_an_ai_plays_his_seat_this_round(
        harness: BotHarness, locales: dict[int, str]) -> None:
    h = harness
    guild, ch, hospoda, ann, bob = await _setup(h)
    casual, slot, table, seat, thread = await _started_while_busy(h, guild, ch, hospoda, ann,
                                                                  bob)
    message = ch.history()[0]
    rec = await record(h, 1)

    # mentioned in his table's opening, with where he was playing and how he comes back
    opening = thread.history()[0].content
    names = [f"<@{ann.id}>" if n == 1 else "Bob (AI)" if n == 2
             else model.entrant(rec, n).name for n in slot.seats]
    at = f"u stolu č. {casual.table_id} (<#{hospoda.id}>)"  # (review 25: the same both times)
    assert opening == (
        f"**1. kolo, stůl {slot.table_no}** – hrají: {', '.join(names)}. Hodně štěstí!\n"
        f"<@{bob.id}>, kolo začalo během tvé hry {at}, a tak za tebe teď hraje AI. Až ji"
        " dohraješ nebo od toho stolu odejdeš, vezmeš si své místo zpět tlačítkem **Moje"
        " karty** tady.")

    # the tournament's message marks his substitute at the table
    def table_line() -> str:
        text = next(m for m in ch.history() if m.id == message.id).embeds[0].description
        return next(x for x in text.splitlines() if x.startswith(f"Stůl {slot.table_no} "))

    assert "Bob (AI)" in table_line()

    # Moje karty at his tournament table, while he plays elsewhere: why, and how to come
    # back (in Czech, the tournament's language; not "U tohoto stolu nesedíš")
    table_message = next(m for m in thread.history() if m.id == table.message_id)
    where = f"{slot.table_no} (1. kolo turnaje č. 1)"
    res = await bob.click(table_message, custom_id=f"lora:t:{slot.table_id}:hand")
    assert reply(res).content == mentioned(
        f"Tvé místo u stolu {where} teď hraje AI: hraješ {at}. Až tam dohraješ nebo od toho"
        " stolu odejdeš (/lora leave), vezmeš si své místo zpět tlačítkem **Moje karty**"
        " tady.")
    locales[bob.id] = "cs"  # (its client shows the mention as /lora odejít: review 28, 94)
    res = await bob.click(table_message, custom_id=f"lora:t:{slot.table_id}:hand")
    assert mentioned("(/lora odejít)") in reply(res).content

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
    assert "Bob" in table_line().split(" – ", 1)[1].split(", ")  # no "(AI)" any more


async def test_a_busy_player_who_withdraws_cannot_take_his_seat_back(
        harness: BotHarness) -> None:
    """Review 25 (#1): Odstoupit says "vrátit se už nepůjde"; one whose seat an AI played
    because he was busy elsewhere could still take it back once his other game ended (the
    seat still knew him, and ``seat_back`` dropped the substitution)."""
    h = harness
    guild, ch, hospoda, ann, bob = await _setup(h)
    casual, slot, table, seat, thread = await _started_while_busy(h, guild, ch, hospoda, ann,
                                                                  bob)
    message = ch.history()[0]
    await h.service.abort(casual.table_id)
    offer = reply(await bob.slash(thread, "lora hand"))  # offered before he withdraws
    assert offer.content.endswith("Chceš si ho vzít zpět a hrát dál?")

    ask = reply(await bob.click(message, custom_id="lora:tn:1:leave"))
    res = await bob.click(ask, label="Odstoupit, dohraje AI")
    assert reply(res).content == "Z turnaje č. 1 odstupuješ; za tebe dohraje AI."
    rec = await record(h, 1)
    assert model.entrant_of_user(rec, bob.id).replaced_from == 1  # (an AI plays his seat now)
    assert table.seats[seat].user_id is None and table.seats[seat].left_by is None
    with pytest.raises(TableError) as refused:  # the core's take-back: the seat is not his
        await h.service.take_back(table.table_id, bob.id)
    assert refused.value.key == "no_return"

    # should the seat still know him (its save failed), the offer he had, /lora hand and
    # Moje karty: the AI plays his seat to the end of the tournament
    table.seats[seat].left_by = bob.id
    res = await bob.click(offer, label="Vrátit se ke stolu")
    assert reply(res).content == LEFT_HAND and table.seats[seat].user_id is None
    assert reply(await bob.slash(thread, "lora hand")).content == LEFT_HAND
    table_message = next(m for m in thread.history() if m.id == table.message_id)
    res = await bob.click(table_message, custom_id=f"lora:t:{slot.table_id}:hand")
    assert reply(res).content == LEFT_HAND
    # and the tournament keeps the AI as his substitute
    await desk_of(h).service.seat_back(table.tournament, bob.id)
    rec = await record(h, 1)
    assert [(s.seat, s.entrant_no, s.reason) for s in rec.substitutions] == [(seat, 2, "busy")]


async def test_moje_karty_at_a_finished_busy_seat_says_why(harness: BotHarness) -> None:
    """The seat's game over without him: Moje karty says an AI played his seat this round
    because he was playing elsewhere (not "U tohoto stolu nesedíš"); in the last round,
    without "Od příštího kola hraješ zase ty" (review 25)."""
    from bot.ui.replies import Replies

    h = harness
    guild, ch, hospoda, ann, bob = await _setup(h)
    _, slot, table, _, _ = await _started_while_busy(h, guild, ch, hospoda, ann, bob)
    assert h.bot.controller is not None
    replies: Replies = h.bot.controller.replies
    text = replies.spectator_text(table, bob.id, "cs")
    said = (f"V tomto kole za tebe u stolu {slot.table_no} (1. kolo turnaje č. 1) hraje AI:"
            " kolo začalo během tvé hry u jiného stolu.")
    assert text == said + " Od příštího kola hraješ zase ty."
    assert replies.spectator_text(table, ann.id + 999, "cs").startswith("U tohoto stolu nesedíš")
    t_ = desk_of(h).service.tournaments[1]
    t_.settings = {**t_.settings, "rounds": 1}  # (as a tournament of one round has it)
    assert replies.spectator_text(table, bob.id, "cs") == said


async def test_a_reply_in_a_czech_tournament_s_thread_speaks_czech_to_an_english_client(
        harness: BotHarness) -> None:
    """Review 24 (#4): ``/lora hand`` in a Czech tournament table's thread answered "You do
    not sit at any table on this server." — the client's language, not the thread's. (Review
    71: where a game is played, a spectator is told what its Moje karty tells.)"""
    h = harness
    guild, ch, _, ann, _ = await _setup(h)
    await ann.click(ch.history()[0], custom_id="lora:tn:1:start")
    zed = guild.add_member(h.env.create_user("zed", global_name="Zed"))  # English client
    thread = ch.threads[0]
    res = await zed.slash(thread, "lora hand")
    assert reply(res).content == ("U tohoto stolu nesedíš – karty ostatních nevidí nikdo. Stůl"
                                  " a protokol vidíš.")
    res = await zed.slash(guild.create_text_channel("jinde"), "lora hand")
    assert reply(res).content == mentioned(
        "You do not sit at any table on this server. Open one with /lora new, or sit down at"
        " an open table with its Join button.")


async def test_the_seat_back_offer_in_a_czech_thread_after_an_english_table_is_czech(
        harness: BotHarness) -> None:
    """Review 25 (#3): Bob's last table was an English one of his own; ``/lora hand`` in the
    thread of his Czech tournament table offered its seat back in English (the last table's
    language came before the thread's)."""
    h = harness
    guild, ch, hospoda, ann, bob = await _setup(h)
    casual, slot, _, _, thread = await _started_while_busy(h, guild, ch, hospoda, ann, bob,
                                                           language="en")
    assert casual.settings.lang == "en"
    await h.service.abort(casual.table_id)
    offer = reply(await bob.slash(thread, "lora hand"))
    assert offer.content == (f"Tvé místo u stolu {slot.table_no} (1. kolo turnaje č. 1) teď"
                             " hraje AI. Chceš si ho vzít zpět a hrát dál?")
    # elsewhere he still reads his last table's English: that it was aborted (review 84)
    res = await bob.slash(guild.create_text_channel("jinde"), "lora hand")
    assert reply(res).content == (
        f"Your table {casual.table_id} (Lóra, <#{hospoda.id}>) was aborted – the game ended"
        " unfinished and does not count.")



async def _taken_back_though_seat_back_failed(
        h: BotHarness, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, Any, int, Any, Any]:
    """Bob, busy at a casual table when the round began, is free (that table aborted) and
    takes his seat back in the tournament table's thread; the tournament does not hear of it
    (its ``seat_back`` fails). Returns the tournament's channel, Bob, his table, his seat,
    its thread and Ann (who plays there too)."""
    guild, ch, hospoda, ann, bob = await _setup(h, "taroky", rounds=1, round_deals=1)
    casual, slot, table, seat, thread = await _started_while_busy(h, guild, ch, hospoda, ann,
                                                                  bob)
    await h.service.abort(casual.table_id)

    async def fails(link: Any, user_id: int) -> None:
        raise OSError("the database is gone")

    monkeypatch.setattr(desk_of(h).service, "seat_back", fails)
    offer = reply(await bob.slash(thread, "taroky hand"))
    assert reply(await bob.click(offer, label="Vrátit se ke stolu")).content.startswith(
        "Jsi zpět u stolu")
    return ch, bob, table, seat, thread, ann

async def test_a_seat_taken_back_is_not_marked_as_an_ai_s_though_the_tournament_missed_it(
        harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review 25 (#6): the core's take-back commits first; should the tournament not hear of
    it (``seat_back`` failed, or the bot restarted in between), his table's end drops the
    "busy" substitution with the result — the sheet no longer says "AI náhradník · hráč u
    jiného stolu" for one who played."""
    h = harness
    ch, bob, table, seat, thread, ann = await _taken_back_though_seat_back_failed(
        h, monkeypatch)
    assert table.seats[seat].user_id == bob.id
    assert [s.reason for s in (await record(h, 1)).substitutions] == ["busy"]
    # (both make a move of their own: neither is absent for the round)
    rec = await play_round_out(h, 1, 1, rounds=1, steps=60, people=(ann, bob))
    assert rec.substitutions == []
    (done,) = model.tables_of(rec, 1)
    line = sheet_lines(rec, done, "cs")[seat]
    assert line.name == "Bob" and [tag for tag in line.tags if tag.warn] == []


def test_where_a_busy_player_plays_is_named_once_and_without_nested_brackets() -> None:
    """Review 25 (#8): "u jiného stolu (1 (2. kolo turnaje č. 1))" for a tournament's table,
    "u jiného stolu ()" when the table was not known; a table of his own was "<#kanál>" in
    the opening and "stůl č. 5" in the take-back reply."""
    from bot.i18n import t
    from bot.model import TableSettings
    from bot.ui.builders import busy_at

    other = Table(5, 1, 7, 1, TableSettings(), [], "lora",
                  tournament={"id": 1, "round": 2, "table": 1})
    assert busy_at(other, "cs") == "u stolu 1 (2. kolo turnaje č. 1)"
    assert busy_at(other, "en") == "at table 1 (round 2 of tournament 1)"
    other.tournament = None
    assert busy_at(other, "cs") == "u stolu č. 5 (<#7>)"
    assert busy_at(None, "cs") == "u jiného stolu"
    assert t("core.tournament.opening_busy", "cs", user=9, at=busy_at(None, "cs")) == (
        "<@9>, kolo začalo během tvé hry u jiného stolu, a tak za tebe teď hraje AI. Až ji"
        " dohraješ nebo od toho stolu odejdeš, vezmeš si své místo zpět tlačítkem **Moje"
        " karty** tady.")


@pytest.mark.parametrize("how", ["leave", "withdraw"])
async def test_a_busy_seat_taken_back_then_left_is_marked_left_though_seat_back_failed(
        harness: BotHarness, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """Čl. 18: Bob took back the seat an AI played while he was busy elsewhere — the
    tournament did not hear of it (``seat_back`` failed) — then left it (``/taroky leave``)
    or withdrew (Odstoupit): he left his table, and the sheet says so ("AI od 1. kola", as
    the standings tag him — review 97; review 73: "odchod · dohrála AI" beside one who
    clicked Odstoupit), not "AI · hraje jinde" as if he had never sat there."""
    h = harness
    ch, bob, table, seat, thread, ann = await _taken_back_though_seat_back_failed(
        h, monkeypatch)
    if how == "leave":
        ask = reply(await bob.slash(thread, "taroky leave"))
        await bob.click(ask, label="Odejít, dohraje AI")
    else:
        ask = reply(await bob.click(ch.history()[0], custom_id="lora:tn:1:leave"))
        await bob.click(ask, label="Odstoupit, dohraje AI")
    assert table.seats[seat].user_id is None
    rec = await record(h, 1)
    assert model.entrant_of_user(rec, bob.id).replaced_from == 1
    assert [s.reason for s in rec.substitutions] == ["busy"]  # (what seat_back missed)
    rec = await play_round_out(h, 1, 1, rounds=1, steps=60, people=(ann,))
    assert [(s.seat, s.entrant_no, s.reason) for s in rec.substitutions] == [(seat, 2, "left")]
    (done,) = model.tables_of(rec, 1)
    line = sheet_lines(rec, done, "cs")[seat]
    assert line.name == "Bob"
    assert [tag.label for tag in line.tags if tag.warn] == ["AI od 1. kola"]


def test_an_entrant_has_withdrawn_once_an_ai_replaces_him_for_good() -> None:
    """``has_withdrawn``: the one question "did he withdraw?" (``replaced_from`` set), asked
    by the withdraw and seat-back paths, the take-back offer and the texts; an entrant
    forgotten or an AI entrant has not."""
    from bot.storage.models import EntrantRecord

    assert not model.has_withdrawn(EntrantRecord(1, 7, "Ann"))
    assert model.has_withdrawn(EntrantRecord(2, 8, "Bob", replaced_from=2))
    assert model.withdrawn(EntrantRecord(2, 8, "Bob", replaced_from=2), 2)
    assert not model.withdrawn(EntrantRecord(2, 8, "Bob", replaced_from=2), 1)
    assert not model.has_withdrawn(EntrantRecord(3, None, "?"))  # forgotten: no round known
    assert not model.has_withdrawn(EntrantRecord(4, None, "AI Karel", ai_level="easy"))


@pytest.mark.parametrize(("lang", "warning"), [
    ("cs", "Tvoje přihláška do turnaje č. 1 platí. Teď ale hraješ {at}: budeš-li tam hrát ještě"
           " na začátku kola, bude za tebe u turnajového stolu hrát AI. Až tu hru dohraješ nebo"
           " od toho stolu odejdeš, vezmeš si své místo zpět tlačítkem **Moje karty** u"
           " turnajového stolu."),
    ("en", "You are registered for tournament 1. You are playing {at} now, though: if you are"
           " still playing there when a round begins, an AI plays your seat at the tournament"
           " table for now. Once that game is over or you leave it, take your seat back at the"
           " tournament table with **My cards**."),
])
async def test_one_registering_while_playing_elsewhere_is_warned_of_the_busy_seat(
        harness: BotHarness, lang: str, warning: str) -> None:
    """Bob registers while he plays his own table: he is registered, and told privately what
    happens should he still play there when a round begins (what the table's opening tells
    him then). One waiting in a lobby is told that he leaves it when the tournament starts —
    its creator, that it closes then (review 54: he learnt it from the closed lobby)."""
    h = harness
    env = h.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    hospoda = guild.create_text_channel("hospoda")
    ann = guild.add_member(env.create_user("ann", global_name="Ann"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    cyril = guild.add_member(env.create_user("cyril", global_name="Cyril"))
    await ann.slash(ch, "lora tournament", rounds=2, turn_timer=20, language=lang)
    message = ch.last_message
    casual = await _playing_elsewhere(h, guild, hospoda, bob)
    res = await bob.click(message, custom_id="lora:tn:1:join")
    at = (f"u stolu č. {casual.table_id} (<#{hospoda.id}>)" if lang == "cs"
          else f"at table {casual.table_id} (<#{hospoda.id}>)")
    assert reply(res).ephemeral and reply(res).content == warning.format(at=at)
    assert [e.user_id for e in (await record(h, 1)).entrants] == [bob.id]

    salonek = guild.create_text_channel("salonek")
    await cyril.slash(salonek, "lora new", language=lang)  # a lobby
    lobby = h.service.table_of_user(guild.id, cyril.id)
    assert lobby is not None
    dan = guild.add_member(env.create_user("dan", global_name="Dan"))
    await dan.click(table_message(salonek, lobby), custom_id=f"lora:l:{lobby.table_id}:join")
    assert h.service.table_of_user(guild.id, dan.id) is lobby
    res = await cyril.click(message, custom_id="lora:tn:1:join")
    res_dan = await dan.click(message, custom_id="lora:tn:1:join")
    res_ann = await ann.click(message, custom_id="lora:tn:1:join")  # (at no table)
    where = f"{lobby.table_id} (<#{salonek.id}>)"
    assert [f.content for f in res.followups] == [
        f"Tvoje přihláška do turnaje č. 1 platí. Tvůj stůl č. {where} se ale při startu"
        " turnaje zruší: budeš hrát u turnajového stolu." if lang == "cs" else
        f"You are registered for tournament 1. Your table {where} will be closed when the"
        " tournament starts, though: you will play at your tournament table."]
    assert [f.content for f in res_dan.followups] == [
        f"Tvoje přihláška do turnaje č. 1 platí. Při startu turnaje ale uvolníš své místo u"
        f" stolu č. {where}: budeš hrát u turnajového stolu." if lang == "cs" else
        "You are registered for tournament 1. When the tournament starts, though, you give"
        f" up your seat at table {where}: you will play at your tournament table."]
    assert res_ann.followups == []
    assert [e.user_id for e in (await record(h, 1)).entrants] == [
        bob.id, cyril.id, dan.id, ann.id]


async def test_a_warning_discord_refuses_is_no_error_of_the_registration(
        harness: BotHarness) -> None:
    """Review 29, LOW #6: the busy warning's follow-up fails — Bob is registered and is not
    told of an error; the warning comes with his next click."""
    h = harness
    env = h.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    hospoda = guild.create_text_channel("hospoda")
    guild.add_member(env.create_user("ann", global_name="Ann"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    await bob.slash(ch, "lora tournament", rounds=2, turn_timer=20, language="en")
    message = ch.last_message
    casual = await _playing_elsewhere(h, guild, hospoda, bob)
    env.inject_error("POST", "/webhooks/*/*", status=500, times=2)  # (an answer tried twice)
    res = await bob.click(message, custom_id="lora:tn:1:join")
    assert res.followups == []
    assert [e.user_id for e in (await record(h, 1)).entrants] == [bob.id]
    res = await bob.slash(hospoda, "lora hand")  # his next command brings the warning
    assert [m.content for m in res.followups] == [
        f"An earlier answer could not reach you: You are registered for tournament 1. You are"
        f" playing at table {casual.table_id} (<#{hospoda.id}>) now, though: if you are still"
        " playing there when a round begins, an AI plays your seat at the tournament table for"
        " now. Once that game is over or you leave it, take your seat back at the tournament"
        " table with **My cards**."]
