"""Review 82 (a club evening with "Hrát znovu", in SimCord): a rematch's invitation says when
its lobby's rules changed and does not seat anyone into changed money unasked; an old "Hrát
znovu" leads to the game that followed instead of a second rematch; a full rematch awaits
nobody; a newcomer takes a declined player's seat; a rematch in its table's thread renames
the thread and the channel's line points to it."""

from __future__ import annotations

from typing import Any

import discord

from bot.games import ui_of
from tests.botkit import channel_delivered, enabled_controls, mentioned, open_table, reply
from tests.storage_kit import archive, crafted_lora_json, human, robot, row
from tests.test_bot_again import _final, _finish, _play_again, _players
from tests.test_bot_threads import _to_the_end, pointers, set_threads, setup, thread_of


def _now(ch: Any, message: Any) -> Any:
    return next(m for m in ch.history() if m.id == message.id)


def _lobby(ch: Any, table: Any) -> Any:
    return next(m for m in ch.history() if m.id == table.message_id)


async def test_changed_rules_are_named_and_accepted_in_the_lobby(harness):
    """MEDIUM 1: Emil raised the stake to 200 Kč in the rematch's lobby; the invitation
    still said "se stejnými pravidly jako stůl č. 3" and its Přisednout seated Alena into
    the 200 Kč at once; the closing line said the same rules again."""
    guild, ch, (alice, bob, carol), tid = await open_table(
        harness, ["alice", "bob", "carol"], ("easy",), game="taroky", round_deals=1, stake=100)
    await _finish(harness, tid)
    final = _final(ch, f"Konec kola – stůl č. {tid}")
    new, invite = await _play_again(harness, guild, ch, bob, final)
    nid = new.table_id
    head = f"Bob zakládá další hru: stůl č. {nid} "
    assert invite.content.startswith(f"{head}se stejnými pravidly jako stůl č. {tid}. ")
    await harness.service.set_options(nid, bob.id, {**new.settings.options, "stake": 20000})
    await channel_delivered(harness, ch.id)
    # (review 90: the short words of the change in a sentence of its own, not the lobby's
    # line with its gloss in brackets)
    changed = f"Oproti stolu č. {tid} se změnilo: vklad 200 Kč."
    waiting = sorted((alice, carol), key=lambda u: new.rematch["seats"][str(u.id)])
    assert _now(ch, invite).content == (
        f"Bob zakládá další hru: stůl č. {nid}. {changed} "
        f"{', '.join(f'<@{u.id}>' for u in waiting)} – kdo chce hrát znovu, "
        "přisedne tlačítkem **Přisednout**; kdo ne, klikne na **Nehraju**.")
    # her click under the invitation seats her, the rules to accept in the lobby
    res = await alice.click(invite, label="Přisednout")
    accept = (f"Oproti stolu č. {tid} se ale změnilo: vklad 200 Kč. Pravidla si přečti u stolu"
              " a potvrď je tlačítkem **Souhlasím s pravidly**.")
    assert res.followups[-1].content == f"Sedíš u stolu č. {nid}. {accept}"
    seat = new.seat_of(alice.id)
    assert seat is not None and new.not_agreed() == [seat]
    await channel_delivered(harness, ch.id)
    assert _players(ch, new)[seat] == (
        f"{seat + 1}\\. <@{alice.id}> – ⏳ čeká se na souhlas se změněnými pravidly")
    # so does the old table's Hrát znovu
    res = await carol.click(final, label="Hrát znovu")
    assert reply(res).content == f"Stůl č. {nid} už je založen a sedíš u něj. {accept}"
    assert sorted(new.not_agreed()) == sorted([seat, new.seat_of(carol.id)])
    lobby = _lobby(ch, new)
    res = await bob.click(lobby, label="Začít hru")
    assert new.status == "lobby"
    await alice.click(lobby, label="Souhlasím s pravidly")
    await carol.click(lobby, label="Souhlasím s pravidly")
    await bob.click(lobby, label="Začít hru")
    assert new.status == "playing"
    await channel_delivered(harness, ch.id)
    assert _now(ch, invite).content == (
        f"Další hra – stůl č. {nid} – už běží. {changed} Hrají: {', '.join(new.names())}.")


async def test_an_old_play_again_leads_to_the_game_that_followed(harness):
    """MEDIUM 3 and 7: table 2's "Hrát znovu", clicked after tables 3 and 5 were played,
    opened table 7 with table 2's stake and invited who had declined; clicked while the
    rematch was full, it said only "Stůl je plný."."""
    guild, ch, (alice, bob, carol), tid = await open_table(harness, ["alice", "bob", "carol"],
                                                           ("easy",))
    await _finish(harness, tid)
    final = _final(ch, f"Konec lóry – stůl č. {tid}")
    second, invite = await _play_again(harness, guild, ch, bob, final)
    sid = second.table_id
    await carol.click(invite, label="Nehraju")
    await alice.click(invite, label="Přisednout")
    await harness.service.add_ai(sid, bob.id, "easy")
    assert second.full
    res = await carol.click(final, label="Hrát znovu")
    assert reply(res).content == mentioned(
        f"Další hra po stole č. {tid} – stůl č. {sid} (<#{ch.id}>) – je už obsazená. Novou "
        "hru založíš příkazem /lora new.")
    await bob.click(_lobby(ch, second), label="Začít hru")
    res = await carol.click(final, label="Hrát znovu")
    assert reply(res).content == mentioned(
        f"Další hra po stole č. {tid} už běží: stůl č. {sid} (<#{ch.id}>). Novou hru "
        "založíš příkazem /lora new.")
    await _finish(harness, sid)
    await harness.restart()  # (the link from the old table to its rematch is kept)
    await channel_delivered(harness)
    res = await carol.click(final, label="Hrát znovu")
    assert reply(res).content == mentioned(
        f"Po stole č. {tid} se už hrálo u stolu č. {sid} (<#{ch.id}>). Znovu se hraje "
        "tlačítkem **Hrát znovu** pod jeho výsledky; novou hru založíš příkazem /lora new.")
    assert harness.service.tables_in_channel(ch.id) == []
    # the next rematch (of the second table) is where the first table's button leads
    await bob.click(_final(ch, f"Konec lóry – stůl č. {sid}"), label="Hrát znovu")
    third = harness.service.table_of_user(guild.id, bob.id)
    res = await carol.click(final, label="Hrát znovu")
    lobby_line = (f"Další hra po stole č. {tid} už je založená: stůl č. {third.table_id} "
                  f"(<#{ch.id}>) čeká na hráče – přisedneš tlačítkem **Přisednout**.")
    assert reply(res).content == lobby_line
    # review 90: with other rules than the table whose button she clicked, it says which
    await harness.service.set_options(third.table_id, bob.id,
                                      {**third.settings.options, "panak": True})
    await harness.service.set_timer(third.table_id, bob.id, 300)
    res = await carol.click(final, label="Hrát znovu")
    assert reply(res).content == (
        f"{lobby_line} Oproti stolu č. {tid} se změnilo: panák za 4 filky zapnut, čas na tah "
        "300 s.")
    assert [c["custom_id"] for c in enabled_controls(reply(res))] == [
        f"lora:l:{third.table_id}:join"]
    assert carol.id not in third.humans()  # (her own click seats her)
    assert harness.service.tables_in_channel(ch.id) == [third]


async def test_a_full_rematch_awaits_nobody_and_a_newcomer_takes_a_declined_seat(harness):
    """MEDIUM 4 and 5: a newcomer took Alena's (awaited) seat beside Dana's (declined) one;
    the full lobby still listed "⏳ Čeká se na: @Alena", its invitation invited her, and her
    "Nehraju" was told she could still sit down."""
    guild, ch, (alice, bob, carol), tid = await open_table(harness, ["alice", "bob", "carol"],
                                                           ("easy",))
    old = await _finish(harness, tid)
    final = _final(ch, f"Konec lóry – stůl č. {tid}")
    new, invite = await _play_again(harness, guild, ch, bob, final)
    nid = new.table_id
    await carol.click(invite, label="Nehraju")
    dave = guild.add_member(harness.env.create_user("dave", global_name="Dave"))
    await dave.click(_lobby(ch, new), label="Přisednout")
    assert new.seat_of(dave.id) == old.seat_of(carol.id)  # not Alice's, still awaited
    assert new.seats[old.seat_of(alice.id)] is None
    await channel_delivered(harness, ch.id)
    assert f"⏳ Čeká se na: <@{alice.id}>" in _players(ch, new)
    eve = guild.add_member(harness.env.create_user("eve", global_name="Eve"))
    await eve.click(_lobby(ch, new), label="Přisednout")
    assert new.full and new.seat_of(eve.id) == old.seat_of(alice.id)
    await channel_delivered(harness, ch.id)
    assert not any(line.startswith("⏳") for line in _players(ch, new))
    full = _now(ch, invite)
    assert full.content == (
        f"Bob zakládá další hru: stůl č. {nid} se stejnými pravidly jako stůl č. {tid}. "
        f"Stůl je už plný.\nTentokrát nehraje: <@{carol.id}>")
    # (review 90: nobody invited can sit down any more: its buttons are gone)
    assert enabled_controls(full) == []


async def test_a_cancelled_rematch_is_said_once(harness):
    """LOW 7: the creator leaving the rematch's lobby edited the lobby, the invitation and
    posted the same line again; the lobby now says he left it."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    await _finish(harness, tid)
    new, invite = await _play_again(harness, guild, ch, bob,
                                    _final(ch, f"Konec lóry – stůl č. {tid}"))
    before = len(ch.history())
    await bob.click(_lobby(ch, new), label="Odejít")
    await channel_delivered(harness, ch.id)
    assert new.status == "aborted" and len(ch.history()) == before
    assert _now(ch, invite).content == (
        f"Další hra – stůl č. {new.table_id} – byla zrušena.")
    lobby = _lobby(ch, new)
    assert f"Zakladatel stolu č. {new.table_id} od něj odchází, stůl je tím zrušen." in (
        [lobby.content, *(e.description for e in lobby.embeds)])


async def test_a_rematch_in_the_table_s_thread_renames_it_and_the_channel_line_follows(harness):
    """MEDIUM 2: tables 3, 5 and 7 played in the thread "Taroky – stůl č. 2", and the
    channel's line still said table 2 had finished."""
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await set_threads(harness, guild, ch, "always")
    await alice.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    thread = thread_of(ch, harness.service.tables[1])
    lobby = thread.last_message
    await bob.click(lobby, custom_id="lora:l:1:join")
    await alice.click(lobby, custom_id="lora:lai:1:easy")
    await alice.click(lobby, custom_id="lora:lai:1:easy")
    await alice.click(lobby, custom_id="lora:l:1:start")
    await _to_the_end(harness, 1)
    [pointer] = pointers(ch)
    assert "dohráno" in pointer.content
    final = _final(thread, "Konec lóry – stůl č. 1")
    res = await bob.click(final, label="Hrát znovu")
    new = harness.service.table_of_user(guild.id, bob.id)
    assert reply(res).content.startswith(f"Stůl č. {new.table_id} je založen")
    await channel_delivered(harness)
    assert new.channel_id == thread.id and new.in_thread and new.parent_id == ch.id
    assert thread.name == f"Lóra – stůl č. {new.table_id}"
    assert [(m.id, m.content) for m in pointers(ch)] == [
        (pointer.id, f"U stolu č. {new.table_id} (Lóra) se hraje ve vlákně <#{thread.id}>.")]
    await harness.service.join(new.table_id, alice.id, "Alice")
    await harness.service.start(new.table_id, bob.id)
    await _to_the_end(harness, new.table_id)
    assert [m.content.split(":")[0] for m in pointers(ch)] == [
        f"Lóra – stůl č. {new.table_id} ve vlákně <#{thread.id}>"]
    # its own rematch takes the thread over in turn; the first table's button leads there
    await bob.click(_final(thread, f"Konec lóry – stůl č. {new.table_id}"), label="Hrát znovu")
    third = harness.service.table_of_user(guild.id, bob.id)
    assert third.channel_id == thread.id and thread.name == f"Lóra – stůl č. {third.table_id}"
    res = await alice.click(final, label="Hrát znovu")
    assert reply(res).content == (
        f"Další hra po stole č. 1 už je založená: stůl č. {third.table_id} (<#{thread.id}>) "
        "čeká na hráče – přisedneš tlačítkem **Přisednout**.")
    # a table finished before its rematches were linked (as review 82's were): the lobby
    # waiting in the thread is "in this thread" (LOW 6: "V tomto kanálu")
    (await harness.bot.controller.table(1)).again_id = None
    res = await alice.click(final, label="Hrát znovu")
    assert reply(res).content == (
        f"V tomto vlákně už na hráče čeká stůl č. {third.table_id} – přisednout k němu můžeš"
        " tlačítkem **Přisednout**.")


async def test_history_stats_and_export_name_the_table_players_saw(harness):
    """MEDIUM 6: "/taroky historie" called table 2 "#1" (the archive's own number) and the
    stats said "(#3)"; LOW 3: a shared place read "2. Dana, 2. Emil" where the final order
    writes "2.–3."."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("klub")
    ann, bob = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                for n in ("ann", "bob"))
    store = harness.bot.store
    await store.create_table(guild.id, ch.id, ann.id, {}, [None] * 4)  # (table 1: no game)
    lora = crafted_lora_json([row(1, 1, "cervene", [2, 2, 2, 2])], [5, 9, 7, 7], [0, 2, 3, 1])
    game = await archive(store, guild.id, [human(ann.id, "Ann"), human(bob.id, "Bob"),
                                           robot(), robot("hard")], lora,
                         places=[1, 4, 2, 2], channel_id=ch.id)
    [summary] = await store.recent_games(guild.id, "lora")
    assert (game, summary.table_id) == (1, 2)
    when = discord.utils.format_dt(summary.finished_at, "d")
    await ann.slash(ch, "lora settings", language="cs")
    assert reply(await ann.slash(ch, "lora history")).embeds[0].description == (
        f"**Stůl č. 2** {when} – 1. Ann (5), 2.–3. AI easy (7), 2.–3. AI hard (7), 4. Bob (9)")
    stats = reply(await ann.slash(ch, "lora stats")).embeds[0]
    assert ("Nejlepší a nejhorší lóra", "5 b. (stůl č. 2)") in [
        (f.name, f.value) for f in stats.fields]
    res = await ann.slash(ch, "lora export", game=2)
    assert reply(res).content.startswith("Stůl č. 2. V souboru CSV")
    assert [f.filename for f in reply(res).attachments] == [
        "lora-2.png", "lora-2.json", "lora-2.csv"]
    res = await ann.slash(ch, "lora export", game=1)  # (the archive's number: not a table's)
    assert reply(res).content.startswith("Dohranou hru u stolu č. 1 na tomto serveru nenajdu.")


def test_taroky_averages_round_half_away_from_zero():
    """LOW 2: an average of 162.5 h read "+1,62 Kč" (Python's half to even)."""
    ui = ui_of("taroky")
    assert [ui.score_text(v, "cs") for v in (162.5, -162.5, 650 / 4, -287.5, 0.4)] == [
        "+1,63 Kč", "−1,63 Kč", "+1,63 Kč", "−2,88 Kč", "0,00 Kč"]
