"""A two-round tournament of eight players driven through SimCord like a club runs it (any
game): registration by buttons with AI players added by the organiser, the draw into threads,
a player leaving his table for an AI substitute, turn timers letting AIs stand in for people
who do not click, a restart in the middle of the second round, the standings and sheets after
each round, the final standings and the export. Used by the Lóra and the Taroky tests."""

from __future__ import annotations

import io
import itertools
import json
import zipfile
from collections.abc import Sequence
from typing import Any

from PIL import Image

from bot.storage.models import TournamentStatus
from bot.tournament import model
from bot.tournament.pictures import number, sheet_lines
from bot.tournament.render import SUB_FILL
from bot.tournament.scoring import standings
from engine import games
from engine.game import Outcome
from engine.tournament import meetings, repeats
from tests.botkit import (
    BotHarness,
    channel_delivered,
    enabled_controls,
    mentioned,
    reply,
    table_message,
)

HUMANS = ("ann", "bob", "cyril")
AI_LEVELS = ("easy", "medium", "easy", "medium", "easy")
TIMER = 20


# SimCord's real-time wait for a quiet bot in the tests of a tournament of AI players only
# (``@pytest.mark.settle``): their tables play whole deals within one wait, the deliveries paced
# per channel in real time (SimCord fires the pace's timers by the wall clock too): 13-20 s on
# this slower machine, over SimCord's 5 s default, and at 15 s a CI run timed out. The same
# timeout bounds SimCord's wall-clock advances of virtual time, so a table with a person would
# see its turn timer fire within a long wait; at these tables nobody has a turn timer
TOURNAMENT_SETTLE = 60.0


def desk_of(h: BotHarness) -> Any:
    assert h.bot.controller is not None
    return h.bot.controller.desk


async def record(h: BotHarness, tid: int) -> Any:
    assert h.bot.store is not None
    rec = await h.bot.store.get_tournament(tid)
    assert rec is not None
    return rec


def messages_with(channel: Any, text: str) -> list[Any]:
    return [m for m in channel.history()
            if text in (m.content or "") or any(text in (e.title or "") for e in m.embeds)]


async def click_once(h: BotHarness, rec: Any, round_no: int, people: Sequence[Any],
                     clicked: set[tuple[int, int]]) -> None:
    """Each of ``people`` whose turn it is at a table of round ``round_no`` makes one move of
    his own there (the first his hand offers), once per table: he is present, if only for a
    move, and so not withdrawn as absent (a whole round without a click) when it ends."""
    by_id = {u.id: u for u in people}
    for s in model.tables_of(rec, round_no):
        table = h.service.tables.get(s.table_id) if s.table_id is not None else None
        state = None if table is None else table.state
        if table is None or state is None or state.finished or state.to_act is None:
            continue
        held = table.seats[state.to_act]
        user = None if held is None else by_id.get(held.user_id or 0)
        if user is None or (table.table_id, user.id) in clicked:
            continue
        message = table_message(_channel(user, table.channel_id), table)
        hand = reply(await user.click(message, custom_id=f"lora:t:{table.table_id}:hand"))
        moves = [c["custom_id"] for c in enabled_controls(hand)
                 if c["custom_id"].startswith(f"lora:a:{table.table_id}:{table.version}:")]
        if moves:
            await user.click(hand, custom_id=moves[0])
            clicked.add((table.table_id, user.id))


def _channel(user: Any, channel_id: int) -> Any:
    """The channel or thread ``channel_id`` of ``user``'s server."""
    for c in user.guild.channels.values():
        for x in (c, *c.threads):
            if x.id == channel_id:
                return x
    raise AssertionError(f"no channel {channel_id}")


async def play_round_out(h: BotHarness, tid: int, round_no: int, *, rounds: int = 2,
                         steps: int = 12, people: Sequence[Any] = ()) -> Any:
    """Let the turn timers run (reminder, then an AI stands in for who does not click) until
    the round is recorded as finished; each of ``people`` makes one move of his own at his
    table first (``click_once``), the others none (absent: withdrawn when it ends)."""
    clicked: set[tuple[int, int]] = set()
    for _ in range(steps):
        rec = await record(h, tid)
        if model.round_finished(rec, round_no):
            break
        for _ in range(8):  # (one person's move may bring another's turn)
            before = len(clicked)
            await click_once(h, rec, round_no, people, clicked)
            if len(clicked) == before:
                break
        await h.env.advance_time(TIMER + 1)
    rec = await record(h, tid)
    assert model.round_finished(rec, round_no), f"round {round_no} did not finish"
    # the round's standings, sheets (and winner) in the channel, each table's last posts
    # in its thread: all there before the test reads them or clicks the message's buttons
    # (and the next round drawn and opened: its tables wait for the round's posts)
    await channel_delivered(h, rec.channel_id,
                            *(s.thread_id for s in model.tables_of(rec, round_no)
                              if s.thread_id is not None))
    return await record(h, tid)


async def started_with(h: BotHarness, kind: str, levels: tuple[str, ...],
                       others: tuple[str, ...] = (), channel: str = "turnaj",
                       plays: bool = True, **options: Any) -> tuple[Any, list[Any], Any]:
    """Tournament 1 of ``kind`` set up by Ann in a new channel (she plays unless ``plays`` is
    False), the people ``others`` (user names) joining after her, the AI entrants of
    ``levels`` added, started: (channel, [Ann, *others], its message)."""
    env = h.env
    guild = env.create_guild()
    ch = guild.create_text_channel(channel)
    people = [guild.add_member(env.create_user(n, global_name=n.capitalize()))
              for n in ("ann", *others)]
    ann = people[0]
    options.setdefault("language", "cs")  # (without it, her client's: en-US here)
    await ann.slash(ch, f"{kind} tournament", **options)
    message = ch.last_message
    for who in people if plays else people[1:]:
        await who.click(message, custom_id="lora:tn:1:join")
    for level in levels:
        await ann.select(message, [level], custom_id="lora:tnai:1")
    await ann.click(message, custom_id="lora:tn:1:start")
    return ch, people, message


async def started_tournament(h: BotHarness, kind: str, levels: tuple[str, ...],
                             channel: str = "turnaj", plays: bool = True,
                             **options: Any) -> tuple[Any, Any, Any]:
    """Tournament 1 of ``kind`` set up by Ann alone (``started_with``): (channel, Ann, its
    message)."""
    ch, (ann,), message = await started_with(h, kind, levels, channel=channel, plays=plays,
                                             **options)
    return ch, ann, message


async def with_bob(h: BotHarness, kind: str, **options: Any) -> tuple[Any, Any, Any, Any]:
    """Tournament 1 of ``kind`` (one table): Ann and Bob play with two AI players, so that
    it goes on after Ann withdraws (Bob's turn timer does not fire within a wait):
    (channel, Ann, Bob, its message)."""
    ch, (ann, bob), message = await started_with(h, kind, ("easy", "easy"), others=("bob",),
                                                 turn_timer=20, **options)
    return ch, ann, bob, message


async def run_two_round_tournament(h: BotHarness, kind: str, extra: dict[str, Any],
                                   ai_levels: tuple[str, ...] = AI_LEVELS) -> Any:
    env = h.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann, bob, cyril = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                       for n in HUMANS)
    res = await ann.slash(ch, f"{kind} tournament", rounds=2, turn_timer=TIMER,
                          **{"language": "cs", **extra})
    # private answers speak the tournament's language (Czech), not the English client's
    assert reply(res).ephemeral and reply(res).content.startswith("Turnaj č. 1 je založen.")
    message = ch.last_message
    game = games.get(kind)
    name = {"lora": "Lóra", "taroky": "Taroky"}[kind]
    assert message.embeds[0].title == f"{name} – turnaj č. 1"
    tid = 1
    for u in (ann, bob, cyril):
        await u.click(message, custom_id=f"lora:tn:{tid}:join")
    res = await bob.click(message, custom_id=f"lora:tn:{tid}:join")
    assert reply(res).content == "V tomto turnaji už máš přihlášku."
    res = await cyril.select(message, ["easy"], custom_id=f"lora:tnai:{tid}")
    assert reply(res).content == (
        "AI hráče do turnaje může přidat jen jeho organizátor (Ann) nebo správce serveru.")
    for level in ai_levels:
        await ann.select(message, [level], custom_id=f"lora:tnai:{tid}")
    res = await bob.click(message, custom_id=f"lora:tn:{tid}:start")
    assert reply(res).content == (
        "Turnaj může spustit jen jeho organizátor (Ann) nebo správce serveru.")
    rec = await record(h, tid)
    assert [e.name for e in rec.entrants] == [
        "Ann", "Bob", "Cyril", "AI Karel", "AI Božena", "AI Jaroslav", "AI Libuše", "AI Václav"]
    text = ch.last_message.embeds[0].description
    level = {"easy": "lehký", "medium": "střední"}[ai_levels[0]]
    assert f"4\\. AI Karel (AI, {level})" in text and f"1\\. <@{ann.id}>" in text

    await ann.click(message, custom_id=f"lora:tn:{tid}:start")
    rec = await record(h, tid)
    assert rec.status is TournamentStatus.PLAYING and rec.round_no == 1
    first = model.tables_of(rec, 1)
    assert len(first) == 2 and sorted(e for s in first for e in s.seats) == list(range(1, 9))
    threads = ch.threads
    assert len(threads) == 2 and all(t.is_thread for t in threads)
    assert {t.id for t in threads} == {s.thread_id for s in first}
    for s, thread in zip(first, sorted(threads, key=lambda x: x.id), strict=True):
        opening = thread.history()[0]
        assert opening.content.startswith(f"**1. kolo, stůl {s.table_no}** – hrají:")
        table = h.service.tables[s.table_id]
        assert table.channel_id == thread.id and table.tournament == {
            "id": tid, "round": 1, "table": s.table_no,
            "entrants": [model.entrant_number(rec, n) for n in s.seats]}
        assert [x.name for x in table.seats] == [model.entrant(rec, n).name for n in s.seats]

    # The draw spreads the AI entrants (three people, five AIs: one table has one person,
    # the other two): the one who leaves shares his table with another person (alone, his
    # table would be all AIs at once and play out)
    people = {u.id for u in (ann, bob, cyril)}
    leaver = next(u for u in (cyril, bob) if sum(
        seat.user_id in people for seat in h.service.table_of_user(guild.id, u.id).seats) == 2)
    leaver_no = model.entrant_of_user(rec, leaver.id).entrant_no
    leaver_name = model.entrant(rec, leaver_no).name
    # He leaves his table in the first round: an AI takes his seat (Čl. 18's substitute),
    # for good (asked first: there is no way back to a tournament's seat)
    at = h.service.table_of_user(guild.id, leaver.id)
    # his table named as its thread names it, never by the bot's table id
    named = f"stolu {at.tournament['table']} (1. kolo turnaje č. 1)"
    # a table of his own elsewhere: he is told where he plays, and what leaving it means
    hospoda = guild.create_text_channel("hospoda")
    res = await leaver.slash(hospoda, f"{kind} new", language="cs")
    seated = mentioned(f"Sedíš u {named} – nejdřív ho dohraj. Odchodem od něj (/{kind} leave)"
                       " by tvé místo převzala AI až do konce turnaje.")
    assert reply(res).content == seated
    # … and so is he when he clicks Přisednout at another's table (the same words)
    dana = guild.add_member(env.create_user("dana", global_name="Dana"))
    await dana.slash(hospoda, f"{kind} new", language="cs")
    lobby = hospoda.last_message
    res = await leaver.click(lobby, label="Přisednout")
    assert reply(res).ephemeral and reply(res).content == seated
    await dana.slash(hospoda, f"{kind} abort")
    res = await leaver.slash(ch, f"{kind} leave")
    assert reply(res).content == (
        f"Opravdu odejít od {named}? Je to stůl turnaje: za tebe dohraje AI, vrátit se "
        "už nepůjde a AI tě nahradí i ve zbytku turnaje.")
    res = await leaver.click(reply(res), label="Odejít, dohraje AI")
    assert reply(res).content == (
        f"Už nehraješ – tvé místo u {named} převzala AI a hraje za tebe i ve zbytku turnaje.")
    # Moje karty at his old table reminds him of it
    thread = next(t for t in ch.threads if t.id == at.channel_id)
    table_message = next(m for m in thread.history() if m.id == at.message_id)
    res = await leaver.click(table_message, custom_id=f"lora:t:{at.table_id}:hand")
    left_text = ("Tvé místo v turnaji č. 1 převzala AI a hraje za tebe až do konce turnaje. "
                 "Stůl a protokol vidíš.")
    assert reply(res).content == left_text
    # … and so do the commands that look for his table (review 18: "you sit at no table")
    for command in ("hand", "leave", "abort"):
        res = await leaver.slash(thread, f"{kind} {command}")
        assert reply(res).ephemeral and reply(res).content == left_text, command
    # the tournament's message shows his substitute at once (as after Odstoupit)
    await channel_delivered(h, ch.id)
    shown = next(m for m in ch.history() if m.id == message.id).embeds[0].description
    assert f"{leaver_no}\\. {leaver_name} – AI od 1. kola" in shown, shown
    rec = await play_round_out(h, tid, 1, people=(ann, bob, cyril))
    first = model.tables_of(rec, 1)
    assert all(s.result is not None and s.game_id is not None for s in first)
    left = [s for s in rec.substitutions if s.entrant_no == leaver_no and s.round_no == 1]
    assert [s.reason for s in left] == ["left"]
    assert model.entrant(rec, leaver_no).replaced_from == 1
    where = model.slot(rec, 1, left[0].table_no)
    tags = [line.tags for line in sheet_lines(rec, where, "cs")][left[0].seat]
    assert any(tag.warn and tag.label == "AI od 1. kola" for tag in tags)

    # After round 1: the standings picture and both tables' sheets in the channel.
    after = messages_with(ch, "pořadí po 1. kole")
    assert len(after) == 1 and after[0].attachments[0].filename == "standings.png"
    assert after[0].embeds[0].image.url == "attachment://standings.png"
    sheets = messages_with(ch, "Zápisové lístky stolů 1. kola")
    assert len(sheets) == 1 and len(sheets[0].attachments) == 2
    for s in first:
        thread = next(t for t in ch.threads if t.id == s.thread_id)
        done = [m for m in thread.history() if m.content.startswith(f"Stůl {s.table_no} dohrál")]
        assert len(done) == 1 and done[0].attachments[0].filename == "sheet.png"
        # the thread in the order of events: the game's last posts (the final order, the
        # table's message), then the tournament's sheet — not the sheet in between them
        posts = thread.history()
        assert posts[-1].id == done[0].id, [
            ((m.content or "")[:40], [e.title for e in m.embeds]) for m in posts[-4:]]
        if s.table_no == left[0].table_no:  # the posted sheet shows the substitute's tag
            assert amber_pixels(await done[0].attachments[0].read()) > 1000
    one = standings(rec, 1)
    assert sorted(r.points for r in one) == sorted(p for s in first for p in
                                                   _points(s)) and sum(
        r.points for r in one) == 20

    res = await bob.click(message, custom_id=f"lora:tn:{tid}:standings")
    assert reply(res).ephemeral and reply(res).attachments[0].filename == "standings.png"
    res = await bob.click(message, custom_id=f"lora:tn:{tid}:cancel")
    assert reply(res).content == (
        "Turnaj může zrušit jen jeho organizátor (Ann) nebo správce serveru.")
    # the export while the tournament runs: round 1's tables and standings so far
    res = await bob.click(message, custom_id=f"lora:tn:{tid}:export")
    assert reply(res).ephemeral and reply(res).content == (
        "Turnaj č. 1 se ještě hraje: záznam stolů dohraných do teď (JSON), pořadí po posledním"
        " dohraném kole pro tabulkový procesor (CSV) a obrázky pořadí a zápisových lístků"
        " stolů.")  # (review 89: only these are in the ZIP)
    files = {a.filename: a for a in reply(res).attachments}
    document = json.loads(await files[f"{kind}-tournament-{tid}.json"].read())
    assert document["status"] == "playing"
    assert [[t["record"] is not None for t in r["tables"]] for r in document["rounds"]
            if r["round"] == 1] == [[True, True]]
    assert document["standings"] == [r.to_json() for r in one]
    assert sorted(zipfile.ZipFile(io.BytesIO(await files[
        f"{kind}-tournament-{tid}-pictures.zip"].read())).namelist()) == [
        "sheet-round-1-table-1.png", "sheet-round-1-table-2.png", "standings-round-1.png"]

    # Round 2 is drawn meeting as few earlier opponents as eight players allow.
    assert rec.round_no == 2
    second = model.tables_of(rec, 2)
    assert repeats([s.seats for s in second], meetings([s.seats for s in first])) == 4
    assert len(ch.threads) == 4
    gone = [s for s in rec.substitutions if s.round_no == 2]
    assert [(s.entrant_no, s.reason) for s in gone] == [(leaver_no, "withdrawn")]

    # A restart in the middle of the second round: its tables resume, the tournament too.
    running = [s for s in second if s.result is None]
    assert running, "a table with people at it is waiting for a move"
    res = await ann.slash(ch, f"{kind} abort", table=running[0].table_id)
    assert reply(res).content.startswith("Tohle je stůl turnaje – zrušit jde jen celý turnaj")
    versions = {s.table_id: h.service.tables[s.table_id].version for s in running}
    await h.restart()
    desk = desk_of(h)
    assert tid in desk.service.tournaments
    for s in running:
        table = h.service.tables[s.table_id]
        assert table.version >= versions[s.table_id] and table.tournament["round"] == 2
    rec = await play_round_out(h, tid, 2, people=(ann, bob, cyril))
    assert rec.status is TournamentStatus.FINISHED and tid not in desk.service.tournaments

    # his substitute is named as one: "Cyril (AI)" in the round-2 table's opening and in
    # its end's order (as round 1 wrote it), not "Cyril" as if he played
    thread = next(t for t in ch.threads if t.id == model.slot(rec, 2, gone[0].table_no).thread_id)
    posts = thread.history()
    assert f"{leaver_name} (AI)" in posts[0].content and "hrají:" in posts[0].content
    ends = [(e.description or "") + "".join(f.value for f in e.fields)
              for m in posts for e in m.embeds]
    assert any(f"{leaver_name} (AI)" in x for x in ends), ends

    # … and in the past once the tournament is over (review 40: "hraje" under "skončil")
    shown = next(m for m in ch.history() if m.id == message.id).embeds[0].description
    assert f"{leaver_no}\\. {leaver_name} – AI od 1. kola" in shown, shown

    final = messages_with(ch, "konečné pořadí")
    assert len(final) == 1 and final[0].attachments[0].filename == "standings.png"
    winners = messages_with(ch, "🏆")  # ("Vítězem turnaje č. 1 je …" or an AI's win)
    assert len(winners) == 1
    rows = standings(rec, 2)
    assert sum(r.points for r in rows) == 40 and rows[0].place == 1
    assert [r.place for r in rows] == sorted(r.place for r in rows)
    for a, b in itertools.pairwise(rows):  # points first, then the game's score
        assert a.points > b.points or (a.points == b.points and not _better(rec, b.score,
                                                                             a.score))
    assert rec.rounds[1].standings == [r.to_json() for r in rows]

    # The export: every table's replayable record replays to the outcome it was scored by.
    res = await bob.click(message, custom_id=f"lora:tn:{tid}:export")
    files = {a.filename: a for a in reply(res).attachments}
    document = json.loads(await files[f"{kind}-tournament-{tid}.json"].read())
    assert [r["round"] for r in document["rounds"]] == [1, 2]
    assert document["standings"] == [r.to_json() for r in rows]
    for r in document["rounds"]:
        assert len(r["tables"]) == 2 and r["standings"] is not None
        for table in r["tables"]:
            replayed = game.replayed(table["record"]).outcome()
            stored = Outcome.from_json(table["outcome"])
            assert (replayed.places, replayed.scores) == (stored.places, stored.scores)
            assert sum(table["points"]) == 10
    marked = [seat for r in document["rounds"] for t in r["tables"] for seat in t["seats"]
              if seat["substitute"]]
    assert {(m["name"], m["substitute"]) for m in marked} == {(leaver_name, "left"),
                                                              (leaver_name, "withdrawn")}
    # … and the standings for a spreadsheet (review 58 MED 2): a row per entrant in the
    # order of the standings, the tournament's language and its game's tie-break column
    sheet = (await files[f"{kind}-tournament-{tid}.csv"].read()).decode("utf-8-sig")
    lines = sheet.split("\r\n")
    score = "Trestné body" if kind == "lora" else "Výsledek (Kč)"
    assert lines[0] == f"Místo;Č.;Hráč;Body;1. kolo;2. kolo;{score};Poznámka" and lines[-1] == ""
    cells = [line.split(";") for line in lines[1:-1]]
    assert [(int(c[0]), int(c[1])) for c in cells] == [
        (r.place, model.entrant_number(rec, r.entrant)) for r in rows]
    assert [c[3:6] for c in cells] == [[number(x, "cs") for x in (r.points, *r.rounds)]
                                       for r in rows]
    assert [c[7] for c in cells if c[2] == leaver_name] == ["AI od 1. kola"]
    pictures = zipfile.ZipFile(io.BytesIO(await files[
        f"{kind}-tournament-{tid}-pictures.zip"].read()))
    assert sorted(pictures.namelist()) == [
        "sheet-round-1-table-1.png", "sheet-round-1-table-2.png", "sheet-round-2-table-1.png",
        "sheet-round-2-table-2.png", "standings-round-1.png", "standings-round-2.png"]
    return rec


def amber_pixels(png: bytes) -> int:
    """How much of a picture is a substitute's amber pill (``render.SUB_FILL``)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return sum(1 for px in img.get_flattened_data()
               if all(abs(c - f) < 12 for c, f in zip(px, SUB_FILL, strict=True)))


def _points(slot: Any) -> list[float]:
    from bot.tournament.scoring import table_points

    points = table_points(slot)
    assert points is not None
    return list(points)


def _better(rec: Any, a: int, b: int) -> bool:
    from bot.tournament.scoring import lower_is_better

    return a < b if lower_is_better(rec) else a > b
