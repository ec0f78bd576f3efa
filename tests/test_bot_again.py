"""Playing again after a finished table, through the real bot in SimCord: the end post says
how, and its "Hrát znovu" opens a new table in the same channel with the finished table's
settings, seats the clicker and invites the other players (each joins by his own click)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import ui_of
from tests.botkit import (
    channel_delivered,
    enabled_controls,
    mentioned,
    open_table,
    reply,
    table_message,
)


async def _finish(harness: Any, tid: int) -> Any:
    """Random legal moves up to the end of the game, committed as one change."""
    service = harness.service
    table = service.tables[tid]
    rng = random.Random(2)
    async with service.lock(tid):
        while not table.state.finished:
            action = rng.choice(table.state.legal_actions())
            service._apply(table, action, by=table.seats[action.seat].user_id or "ai")
        await service._play_on(table)
    await channel_delivered(harness)
    return table


def _final(ch: Any, title: str) -> Any:
    return next(m for m in ch.history() if m.embeds and m.embeds[0].title == title)


async def _play_again(harness: Any, guild: Any, ch: Any, who: Any, final: Any) -> Any:
    """``who`` clicks "Hrát znovu" under the finished table's ``final`` message: the
    rematch he opened, and its invitation in ``ch`` once the channel's posts are out."""
    await who.click(final, label="Hrát znovu")
    new = harness.service.table_of_user(guild.id, who.id)
    await channel_delivered(harness, ch.id)
    return new, ch.last_message


async def test_play_again_opens_the_same_table_and_invites_the_others(harness, locales):
    guild, ch, users, tid = await open_table(harness, ["alice", "bob", "carol"], ("medium",),
                                             turn_timer=45)
    alice, bob, carol = users
    old = await _finish(harness, tid)
    final = _final(ch, f"Konec lóry – stůl č. {tid}")
    field = final.embeds[0].fields[-1]
    # (a public line: /lora new as a client of the table's language lists it; review 28)
    assert (field.name, field.value) == (
        "Hrát znovu", mentioned(
            "Tlačítko **Hrát znovu** založí další hru se stejnými pravidly a pozve "
            "ostatní hráče; když ji už někdo založil, zavede tě k ní. Jinak založíš novou hru "
        "příkazem /lora nová."))
    assert [c["label"] for c in enabled_controls(final)] == [
        "1. tálie", "2. tálie", "3. tálie", "4. tálie", "Celkem", "Hrát znovu"]
    # one who did not play there is pointed to /lora new
    dave = guild.add_member(harness.env.create_user("dave"))
    res = await dave.click(final, label="Hrát znovu")
    assert reply(res).content == mentioned(
        f"Tlačítko Hrát znovu patří hráčům stolu č. {tid}. Novou hru "
                                  "založíš příkazem /lora new.")
    locales[dave.id] = "cs"  # (his answer names it as his client lists it)
    res = await dave.click(final, label="Hrát znovu")
    assert reply(res).content == mentioned(
        f"Tlačítko Hrát znovu patří hráčům stolu č. {tid}. Novou hru "
                                  "založíš příkazem /lora nová.")
    assert harness.service.tables_in_channel(ch.id) == []
    res = await bob.click(final, label="Hrát znovu")
    new = harness.service.table_of_user(guild.id, bob.id)
    assert res.ephemeral and reply(res).content == (
        f"Stůl č. {new.table_id} je založen se stejnými pravidly jako stůl č. {tid}. Ostatní "
        "hráči (Alice, Carol) dostali pozvánku.")
    assert new.channel_id == ch.id and new.status == "lobby" and new.creator_id == bob.id
    settings = new.settings.to_json()
    assert settings == {**old.settings.to_json(), "revision": 0}
    assert (settings["turn_timer"], settings["seating"]) == (45, "join")  # not the defaults
    assert [(s.user_id, s.ai) for s in new.seats if s is not None] == [(bob.id, None),
                                                                       (None, "medium")]
    await channel_delivered(harness, ch.id)
    invite = ch.last_message
    assert invite.content == (
        f"Bob zakládá další hru: stůl č. {new.table_id} se stejnými pravidly jako stůl č. "
        f"{tid}. <@{alice.id}>, <@{carol.id}> – kdo chce hrát znovu, přisedne tlačítkem "
        "**Přisednout**; kdo ne, klikne na **Nehraju**.")
    assert {u.id for u in invite.mentions} == {alice.id, carol.id}
    assert [c["custom_id"] for c in enabled_controls(invite)] == [
        f"lora:l:{new.table_id}:join", f"lora:l:{new.table_id}:decline"]
    lobby = next(m for m in ch.history() if m.id == new.message_id)
    assert "Čas na tah: 45 s" in lobby.embeds[0].fields[1].value
    # its seats are kept: the rules line says so, not "podle příchodu" (review 44)
    assert "• Zasedací pořádek: jako v minulé hře" in lobby.embeds[0].fields[1].value.split("\n")
    # a table is open here now: a former player's click on "Hrát znovu" seats him there (in
    # his seat of the finished table), the opener's again says he sits
    res = await alice.click(final, label="Hrát znovu")
    assert reply(res).content == (f"Stůl č. {new.table_id} se stejnými pravidly už je založen "
                                  "a sedíš u něj.")
    res = await bob.click(final, label="Hrát znovu")
    assert reply(res).content == f"Sedíš u stolu č. {new.table_id}."
    assert harness.service.tables_in_channel(ch.id) == [new]
    # "Přisednout" under the invitation answers where it was clicked
    res = await carol.click(invite, label="Přisednout")
    assert res.followups and res.followups[-1].ephemeral
    assert res.followups[-1].content == f"Sedíš u stolu č. {new.table_id}."
    # everyone back in the seats of the finished table (by arrival: the order of play)
    assert [(s.user_id, s.ai) for s in new.seats] == [(s.user_id, s.ai) for s in old.seats]
    res = await bob.click(lobby, label="Začít hru")
    assert new.status == "playing"
    await channel_delivered(harness, ch.id)
    invite = next(m for m in ch.history() if m.id == invite.id)
    assert enabled_controls(invite) == []
    assert invite.content == (
        f"Další hra – stůl č. {new.table_id} se stejnými pravidly jako stůl č. {tid} – už běží. "
        f"Hrají: {', '.join(new.names())}.")


async def test_play_again_next_to_another_table_offers_its_join_button(harness):
    """A lobby that is not the rematch is offered with its own button; a table in play is
    to wait for."""
    guild, ch, users, tid = await open_table(harness, ["alice", "bob", "carol"], ("easy",))
    alice, bob, _carol = users
    await _finish(harness, tid)
    final = _final(ch, f"Konec lóry – stůl č. {tid}")
    dave = guild.add_member(harness.env.create_user("dave"))
    await dave.slash(ch, "lora new", language="cs")
    other = harness.service.table_of_user(guild.id, dave.id)
    res = await alice.click(final, label="Hrát znovu")
    assert reply(res).content == (f"V tomto kanálu už na hráče čeká stůl č. {other.table_id} – "
                                  "přisednout k němu můžeš tlačítkem **Přisednout**.")
    assert [c["custom_id"] for c in enabled_controls(reply(res))] == [
        f"lora:l:{other.table_id}:join"]
    assert other.seat_of(alice.id) is None  # (not the rematch: his own click seats him)
    await alice.click(reply(res), label="Přisednout")
    assert other.seat_of(alice.id) is not None
    await harness.service.add_ai(other.table_id, dave.id, "easy")
    await harness.service.add_ai(other.table_id, dave.id, "easy")
    await harness.service.start(other.table_id, dave.id)
    res = await bob.click(final, label="Hrát znovu")
    assert reply(res).content == (f"V tomto kanálu se už hraje u stolu č. {other.table_id}. "
                                  "Další hru tu založíš, až skončí.")


async def test_taroky_play_again_in_english_refused_to_one_seated_elsewhere(harness):
    """Also after a restart (the finished table read back from the database)."""
    guild, ch, users, tid = await open_table(harness, ["ann", "ben"], ("easy", "easy"),
                                             game="taroky", language="en", round_deals=1)
    ann, ben = users
    table = await _finish(harness, tid)
    final = _final(ch, f"End of the round – table {tid}")
    field = final.embeds[0].fields[-1]
    assert (field.name, field.value) == (
        "Play again", mentioned(
            "**Play again** opens the next game with the same rules and invites the "
            "other players; if someone has opened it already, it takes you there. Or open a new "
        "game with /taroky new."))
    other = guild.create_text_channel("more")
    await ann.slash(other, "taroky new", language="cs")
    res = await ann.click(final, label="Play again")
    assert reply(res).content == mentioned(  # (the table she sits at, named)
        f"You already sit at table 2 (Taroky, <#{other.id}>). To sit elsewhere, leave it"
        " first: /taroky leave.")
    assert harness.service.tables_in_channel(ch.id) == []
    await harness.restart()  # (the finished table is read back from the database)
    await channel_delivered(harness)
    res = await ben.click(final, label="Play again")
    new = harness.service.table_of_user(guild.id, ben.id)
    assert reply(res).content == (
        f"Table {new.table_id} is open, with the rules of table {tid}. The other players (Ann) "
        "got an invitation.")
    assert new.game_kind == "taroky" and new.settings.lang == "en"
    assert new.settings.options == table.settings.options  # (one deal a round)
    assert new.settings.options["round_limit"] == {"deals": 1}
    assert sorted(s.ai for s in new.seats if s is not None and s.ai) == ["easy", "easy"]
    await channel_delivered(harness, ch.id)
    lobby = next(m for m in ch.history() if m.id == new.message_id)
    assert "• Seating: as in the last game" in lobby.embeds[0].fields[1].value.split("\n")
    # a tournament's table ends with no such button (its tournament goes on by itself)
    table.tournament = {"id": 1, "round": 1, "table": 1}
    item = harness.bot.controller.presenter._final(table, ui_of("taroky"))
    assert [b["label"] for b in item.payload["buttons"]] == ["Deal 1", "Total"]  # (pages)
    assert [f["name"] for f in item.payload["embed"]["fields"]] == ["Final order",
                                                                    "Score sheet"]


def _players(ch: Any, table: Any) -> list[str]:
    lobby = next(m for m in ch.history() if m.id == table.message_id)
    return lobby.embeds[0].fields[0].value.split("\n")


def _invite_text(ch: Any, invite: Any, buttons: bool = True) -> str:
    """The invitation as it reads now; its buttons stay while an invited player may still
    sit down (review 90: not once all of them are seated)."""
    now = next(m for m in ch.history() if m.id == invite.id)
    assert [c["label"] for c in enabled_controls(now)] == (["Přisednout", "Nehraju"]
                                                           if buttons else [])
    return now.content


async def test_an_invited_player_declines_and_the_lobby_says_who_is_awaited(harness):
    """Review 17: the invitation could not be declined and the lobby never said who was
    still awaited. "Nehraju" under the invitation answers the invited privately; the lobby
    lists who is awaited and who does not play this time (also after a restart); the
    lobby's Odejít of an awaited player who does not sit there declines too; one who joins
    after all is seated and no longer listed; nobody else may decline: the one who opened
    the rematch is told how he leaves it, a stranger whose table the button is for. The
    invitation itself is edited on each answer (also after a restart): it mentions only
    whom it still awaits and says who does not play this time."""
    guild, ch, users, tid = await open_table(harness, ["alice", "bob", "carol"], ("easy",))
    alice, bob, carol = users
    await _finish(harness, tid)
    final = _final(ch, f"Konec lóry – stůl č. {tid}")
    new, invite = await _play_again(harness, guild, ch, bob, final)
    nid = new.table_id
    waiting = sorted((alice, carol), key=lambda u: new.rematch["seats"][str(u.id)])
    assert _players(ch, new)[-1] == "⏳ Čeká se na: " + ", ".join(f"<@{u.id}>" for u in waiting)
    res = await carol.click(invite, label="Nehraju")
    assert res.followups[-1].ephemeral and res.followups[-1].content == (
        f"Dobře – u stolu č. {nid} tentokrát nehraješ, ostatní to uvidí. Přisednout můžeš i "
        "tak, dokud hra nezačne.")
    await channel_delivered(harness, ch.id)
    assert _players(ch, new)[-2:] == [f"⏳ Čeká se na: <@{alice.id}>",
                                      f"Tentokrát nehraje: <@{carol.id}>"]
    # the invitation itself no longer invites her: it says whom it awaits, who said no
    head = f"Bob zakládá další hru: stůl č. {nid} se stejnými pravidly jako stůl č. {tid}. "
    assert _invite_text(ch, invite) == (
        f"{head}<@{alice.id}> – kdo chce hrát znovu, přisedne tlačítkem **Přisednout**; kdo "
        f"ne, klikne na **Nehraju**.\nTentokrát nehraje: <@{carol.id}>")
    res = await bob.click(invite, label="Nehraju")  # he opened the rematch and sits there
    assert res.followups[-1].ephemeral and res.followups[-1].content == (
        f"Další hru u stolu č. {nid} zakládáš ty a sedíš u něj. Když hrát nechceš, klikni u "
        "stolu na **Odejít** – stůl se tím zruší.")
    res = await guild.add_member(harness.env.create_user("dave")).click(
        invite, label="Nehraju")  # not invited
    assert res.followups[-1].content == (
        f"Tlačítko Nehraju je pro hráče pozvané ke stolu č. {nid}.")
    await harness.restart()  # (the answer is kept with the table)
    await channel_delivered(harness)
    new = harness.service.tables[nid]
    assert _players(ch, new)[-2:] == [f"⏳ Čeká se na: <@{alice.id}>",
                                      f"Tentokrát nehraje: <@{carol.id}>"]
    # Odejít in the lobby, by an awaited player who does not sit there, declines too
    res = await alice.click(next(m for m in ch.history() if m.id == new.message_id),
                            label="Odejít")
    assert res.followups[-1].content.startswith(f"Dobře – u stolu č. {nid} tentokrát")
    await channel_delivered(harness, ch.id)
    assert _players(ch, new)[-1] == f"Tentokrát nehraje: <@{carol.id}>, <@{alice.id}>"
    assert not any(line.startswith("⏳") for line in _players(ch, new))
    answered = (f"{head}Pozvaní hráči už odpověděli – kdo si to rozmyslí, přisedne tlačítkem "
                "**Přisednout**, dokud hra nezačne.")
    assert _invite_text(ch, invite) == (  # (edited after the restart too)
        f"{answered}\nTentokrát nehraje: <@{carol.id}>, <@{alice.id}>")
    res = await alice.click(invite, label="Přisednout")  # (changed her mind)
    await channel_delivered(harness, ch.id)
    assert _players(ch, new)[-1] == f"Tentokrát nehraje: <@{carol.id}>"
    assert _invite_text(ch, invite) == f"{answered}\nTentokrát nehraje: <@{carol.id}>"
    await carol.click(invite, label="Přisednout")
    await channel_delivered(harness, ch.id)
    assert new.seat_of(carol.id) is not None and new.rematch_declined() == []
    assert _players(ch, new)[-1].startswith("4\\. ")  # (review 55: no Markdown list)
    assert _invite_text(ch, invite, buttons=False) == (
        f"{head}Všichni pozvaní hráči už sedí u stolu.")
    # a former player who leaves the lobby is not awaited any more: he does not play (and
    # may change his mind again: the buttons are back)
    res = await alice.click(next(m for m in ch.history() if m.id == new.message_id),
                            label="Odejít")
    await channel_delivered(harness, ch.id)
    assert _players(ch, new)[-1] == f"Tentokrát nehraje: <@{alice.id}>"
    assert _invite_text(ch, invite) == f"{answered}\nTentokrát nehraje: <@{alice.id}>"
    # once the game starts, the invitation says so (its buttons gone), not who was awaited
    await harness.service.add_ai(nid, bob.id, "easy")
    await bob.click(next(m for m in ch.history() if m.id == new.message_id), label="Začít hru")
    await channel_delivered(harness, ch.id)
    invite = next(m for m in ch.history() if m.id == invite.id)
    assert enabled_controls(invite) == [] and invite.content.startswith(
        f"Další hra – stůl č. {nid} se stejnými pravidly jako stůl č. {tid} – už běží.")


@pytest.mark.parametrize(("game", "lang", "name"), [
    ("lora", "cs", "protokol.png"), ("lora", "en", "score-sheet.png"),
    ("taroky", "cs", "protokol.png"), ("taroky", "en", "score-sheet.png")])
async def test_the_score_sheet_file_is_named_in_the_tables_language(harness, game, lang, name):
    """Review 44: an English table's final post and its Score sheet button attached a file
    named "protokol.png"; the name is the catalog's, in the table's language."""
    options: dict[str, Any] = {"round_deals": 1} if game == "taroky" else {}
    _guild, ch, (alice,), tid = await open_table(harness, ["alice"], ("easy",) * 3, game=game,
                                                 language=lang, **options)
    table = await _finish(harness, tid)
    final = next(m for m in ch.history() if m.components and any(
        c["custom_id"].endswith(":again") for c in enabled_controls(m)))
    assert [a.filename for a in final.attachments] == [name]
    res = await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:sheet")
    assert [a.filename for a in reply(res).attachments] == [name]


@pytest.mark.parametrize("game", ["lora", "taroky"])
async def test_a_rematch_lobby_is_posted_once_with_all_its_ai_players(harness, game):
    """Review 44: the rematch's lobby was posted with its first AI player only, then edited
    once per further AI; now all of them sit before it is posted, and it is not edited."""
    options: dict[str, Any] = {"round_deals": 1} if game == "taroky" else {}
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"],
                                                    ("medium", "easy"), game=game, **options)
    old = await _finish(harness, tid)
    final = next(m for m in ch.history() if m.components and any(
        c["custom_id"].endswith(":again") for c in enabled_controls(m)))
    env = harness.env
    start = len(env.http_requests)
    await bob.click(final, custom_id=f"lora:t:{tid}:again")
    await channel_delivered(harness, ch.id)
    new = harness.service.table_of_user(guild.id, bob.id)
    assert [(s.ai, s.name) for s in new.seats if s is not None and s.ai] == [
        (s.ai, s.name) for s in old.seats if s is not None and s.ai]
    lobby = f"/channels/{ch.id}/messages/{new.message_id}"
    requests = [r for r in env.http_requests[start:] if r.method in ("POST", "PATCH")]
    posts = [r for r in requests if r.method == "POST" and r.path == f"/channels/{ch.id}/messages"
             and f"lora:l:{new.table_id}:start" in str(r.json)]  # (its lobby's buttons)
    assert len(posts) == 1
    assert [r.method for r in requests if r.path == lobby] == []  # not edited
    players = posts[0].json["embeds"][0]["fields"][0]["value"]
    assert players.count("AI ") == 2, players
