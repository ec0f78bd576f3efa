"""A lóra as a player meets it (issue 11), through the real bot in SimCord.

* One language per table: everything about a table, public and private, is in the table's
  language whatever the client's locale; a player's own choice (``/lora settings``) wins in
  his private messages; the client's locale decides away from a table; the slash commands
  are localised in both languages.
* The hand message is all a player needs: a whole lóra is played from one hand message.
* The game's words: no rule id and no engine card code in anything a player reads, in either
  language; the viewer is addressed in the second person, the table names players in words
  right for any gender; scores say whose number is whose; moves nobody clicked are marked.
* Timers say what really happens; pings go when they no longer hold.
* The lobby shows the table's options; joining accepts them; a change asks again.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from discord import app_commands
from simcord.http import router as simcord_router

from bot.i18n import Translator
from bot.ui.turn_pings import TURN_PING_SECONDS
from tests.botkit import (
    Players,
    channel_delivered,
    enabled_controls,
    mentioned,
    open_table,
    put_state,
    raw_click,
    reply,
    stored_message,
    table_message,
)
from tests.test_bot_security import message_texts

RULE_ID = re.compile(r"\bR-[A-Z]{3,}")
ENGINE_CODE = re.compile(r"(?<![0-9A-Za-zÀ-ž])(?:[789]|10|[SFKE])[hlba](?![0-9A-Za-zÀ-ž])")
GENDERED = ("odmaturoval", "nematuroval", "vzal ", "odešel", "vynesl", "nedohrál", "Ty bere",
            "You takes", "jsi hráč 0")


class Shown:
    """Every message the bot sends or edits, as its audience reads it (texts of content,
    embeds, buttons and select options), with the user of an ephemeral one."""

    def __init__(self, harness: Any) -> None:
        self.harness = harness
        self.items: list[tuple[int | None, str]] = []

    def on(self, path: str, result: Any) -> None:
        if not isinstance(result, dict):
            return
        message = (result.get("resource") or {}).get("message") or result
        if "id" not in message or "content" not in message:
            return
        viewer = None
        if int(message.get("flags") or 0) & 64:
            backend = self.harness.env.backend
            token = path.strip("/").split("/")[2]
            viewer = backend.interactions[backend.interaction_tokens[token]].user_id
        self.items += [(viewer, text) for text in message_texts(message)]

    def texts(self, viewer: Any = "all") -> list[str]:
        return [t for v, t in self.items if viewer == "all" or v == viewer]


@pytest.fixture
def shown(harness, monkeypatch):
    watch = Shown(harness)
    dispatch = simcord_router.dispatch

    def watched(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        result = dispatch(backend, method, path, **kwargs)
        watch.on(path, result)
        return result

    monkeypatch.setattr(simcord_router, "dispatch", watched)
    return watch


def _clean(texts: list[str]) -> None:
    for text in texts:
        assert not RULE_ID.search(text), text
        assert not ENGINE_CODE.search(text), text
        for word in GENDERED:
            assert word not in text, text



async def _answered(user: Any, message: Any, custom_id: str) -> Any:
    res = await user.click(message, custom_id=custom_id)
    assert res.acknowledged
    answer = reply(res)
    assert answer.content or answer.embeds or answer.attachments, custom_id
    return answer


# -- a whole lóra from one hand message --------------------------------------------------------
async def test_a_whole_lora_is_played_from_one_hand_message_in_the_tables_words(harness, shown):
    """One human (his client in English) at a Czech table with three AIs: he opens his hand
    once and plays the whole lóra by its buttons; each state of it tells the game, the last
    events in his words and what to do, with the picture of the table and his cards."""
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    table = harness.service.tables[tid]
    rng = random.Random(11)
    res = await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    hand = reply(res)
    games = set()
    for _ in range(3000):
        if table.state.finished:
            break
        assert hand.attachments and hand.attachments[0].filename == "hand.png"
        lines = hand.content.splitlines()
        assert re.match(r"\*\*\w", lines[0])  # the game, its tálie and game
        assert any(line.startswith(("Jsi na tahu", "Podívej se na karty", "Hlásíš", "Můžeš"))
                   for line in lines)
        key = (table.state.tali, table.state.game_no, table.state.attempt)
        if key not in games:  # every button of the table answers, in every partial game
            games.add(key)
            message = table_message(ch, table)
            ops = [c["custom_id"] for c in enabled_controls(message)]
            has_trick = bool(getattr(table.state.public_view().game, "tricks", ()))
            assert (f"lora:t:{tid}:last" in ops) == has_trick  # no "last trick" before one
            for op in ("sheet", "last", "rules"):
                if f"lora:t:{tid}:{op}" in ops:
                    await _answered(alice, message, f"lora:t:{tid}:{op}")
            # the table message, posted anew for the partial game, notifies him (no ping
            # message of its own): its first line mentions him, its first button his hand
            # — at the first; the later ones his own click started: no mention (review 96)
            if len(games) == 1:
                assert message.content.startswith(f"{alice.mention}, "), message.content
            else:
                assert "<@" not in message.content, message.content
            assert table.ping_message_id is None
            assert ops[0] == f"lora:t:{tid}:hand"
        controls = enabled_controls(hand)
        assert controls, "the hand offers nothing to click"
        pick = rng.choice(controls)
        if pick["type"] == 3:
            await alice.select(hand, [rng.choice(pick["options"])["value"]],
                               custom_id=pick["custom_id"])
        else:
            await alice.click(hand, custom_id=pick["custom_id"])
    assert table.state.finished and len(games) >= 24
    # the ping of his last turn went with the end of the lóra
    assert table.ping_message_id is None
    assert not [m for m in ch.history() if m.content.startswith(f"{alice.mention}, jsi")]
    private = shown.texts(alice.id)
    public = shown.texts(None)
    _clean(private + public)
    mine = "\n".join(private)
    # his messages: Czech (the table's language, not his client's), in the second person
    assert "Your turn" not in mine and "You take" not in mine
    assert re.search(r"• Bereš \d\. štych \(", mine)
    assert "vynášíš ty" in mine or "• Vynášíš" in mine
    assert "Ostatní karty teď nejdou: " in mine
    table_lines = "\n".join(public)
    # (a game's end: its result posted — the new game's table message starts with the new
    # game's lines, review 57)
    assert re.search(r"■ \*\*Červené\*\* – \d\. tálie, \d\. hra\. Body: Alice \d+ · AI \w+ \d+"
                     r" · AI \w+ \d+ · AI \w+ \d+", table_lines)
    assert "Alice bere " in table_lines and "Bereš" not in table_lines
    # forced moves are played; only their player's hand marks them (at the table the mark
    # would tell that it was his only legal card)
    assert "(automaticky)." in mine and "(automaticky)." not in table_lines
    assert "Automaticky šl" in mine and "Automaticky" not in table_lines
    assert "AI Karel (AI, " not in table_lines


# -- one language per table --------------------------------------------------------------------
async def test_an_english_table_speaks_english_to_a_czech_client(harness, locales, shown):
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                          language="en")
    alice, bob = users
    locales[alice.id] = locales[bob.id] = "cs"
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(2))
    while not table.state.public_view().game.tricks:  # a trick is taken: "last trick" shows
        await players.move()
    to_act = players.users[table.seats[table.state.to_act].user_id]
    other = bob if to_act is alice else alice
    hand = await players.open_hand(to_act)
    assert "Your turn: play a card" in hand.content
    waiting = await players.open_hand(other)
    assert " is to play. The buttons unlock when it is your turn." in waiting.content
    rules = await _answered(other, players.table_message(), f"lora:t:{tid}:rules")
    assert rules.embeds[0].title == "Lóra – the rules in brief"
    assert "**Hearts** (Červené)" in rules.embeds[0].description  # the glossary's names
    last = await _answered(other, players.table_message(), f"lora:t:{tid}:last")
    leader, cards = table.state.public_view().game.last_trick
    from bot.games.lora.cards import cards_text
    from engine.rules import trick_winner_offset
    names = table.names()
    number = len(table.state.public_view().game.tricks)  # (review 17: "last" is the 8th)
    assert last.content == (  # who led it (the cards in the order played) and who took it
        f"Trick {number} (led by {names[leader]}): {cards_text(cards)} – taken by"
        f" **{names[(leader + trick_winner_offset(cards)) % 4]}**.")
    sheet = await _answered(other, players.table_message(), f"lora:t:{tid}:sheet")
    assert sheet.attachments[0].filename == "score-sheet.png"  # (review 44: the catalog's name)
    res = await other.slash(ch, "lora rules")
    assert res.response.embeds[0].title == "Lóra – the rules in brief"
    # away from a table his client's locale decides
    stranger = _g.add_member(harness.env.create_user("cecil"))
    locales[stranger.id] = "cs"
    res = await stranger.slash(ch, "lora rules")
    assert res.response.embeds[0].title == "Lóra – stručná pravidla"
    _clean(shown.texts())


async def test_a_players_own_language_wins_in_his_private_messages(harness, locales):
    guild, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    locales[alice.id] = "cs"
    table = harness.service.tables[tid]
    res = await alice.slash(ch, "lora settings", language="en")
    assert reply(res).content == "Your private messages will be in English."
    res = await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    assert "Your turn" in reply(res).content
    embed = table_message(ch, table).embeds[0]
    assert embed.title == "Lóra – stůl č. 1"  # the table itself stays Czech
    assert (await harness.bot.store.user_settings(alice.id)) == {  # and her last table here
        "lang": "en", f"table:{guild.id}": tid}
    res = await alice.slash(ch, "lora settings", language="auto")
    assert reply(res).content.startswith("Tvé soukromé zprávy budou v jazyce stolu")
    res = await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    assert "Jsi na tahu" in reply(res).content
    await alice.slash(ch, "lora settings", language="en")
    await alice.click(reply(await alice.slash(ch, "lora forget-me")), label="Delete my data")
    assert (await harness.bot.store.user_settings(alice.id)) == {}


async def test_slash_commands_read_in_both_languages(harness):
    """Every command, option and choice has a Czech and an English name and description."""
    tree = harness.bot.tree
    translator = Translator()
    missing = []
    for group in tree.get_commands():
        payload = await group.get_translated_payload(tree, translator)
        stack = list(payload.get("options") or [])  # the group's own name is the game's
        assert set(payload.get("description_localizations") or {}) >= {"cs", "en-US"}
        while stack:
            item = stack.pop()
            stack += item.get("options") or []
            for choice in item.get("choices") or []:
                if not set(choice.get("name_localizations") or {}) >= {"cs", "en-US"}:
                    missing.append(f"{group.name}: choice {choice['name']}")
            if not set(item.get("description_localizations") or {}) >= {"cs", "en-US", "en-GB"}:
                missing.append(f"{group.name}: description of {item['name']}")
            if "cs" not in (item.get("name_localizations") or {}):
                missing.append(f"{group.name}: Czech name of {item['name']}")
    assert not missing, "\n".join(missing)
    new = next(c for c in tree.get_commands()[0].commands if c.name == "new")
    payload = await new.get_translated_payload(tree, translator)
    names = {o["name"]: o.get("name_localizations", {}).get("cs") for o in payload["options"]}
    assert names["red_king_first_trick"] == "červený_král_do_1_štychu"
    assert payload["name_localizations"]["cs"] == "nová"
    assert isinstance(new, app_commands.Command)


# -- timers and pings ---------------------------------------------------------------------------
async def test_alone_at_the_table_the_timer_says_the_table_waits(harness):
    env = harness.env
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"),
                                          turn_timer=40)
    alice = users[0]
    table = harness.service.tables[tid]
    version = table.version
    await env.advance_time(21)
    await channel_delivered(harness, ch.id)
    reminder = ch.last_message
    # (review 90: three AI seats play here — it is no other person who is present)
    assert reminder.content == (f"{alice.mention}, jsi na tahu. Čas na tah vyprší za 20 s,"
                                " stůl na tebe ale počká: AI hraje za nepřítomné, jen když u"
                                " stolu sedí ještě další člověk, a teď tu nikdo takový není.")
    assert [c["custom_id"] for c in enabled_controls(reminder)] == [f"lora:t:{tid}:hand"]
    await env.advance_time(21)
    await channel_delivered(harness, ch.id)
    assert table.version == version  # nobody plays for him: the table waits, and says so
    embed = table_message(ch, table).embeds[0]
    assert ("Alice nereaguje – stůl čeká, až zahraje (u stolu teď není žádný další člověk,"
            " takže za nepřítomné AI nehraje)." in embed.description)
    assert "za hráče hraje AI" not in embed.description
    # he comes back by the reminder's button and plays
    res = await alice.click(reminder, custom_id=f"lora:t:{tid}:hand")
    hand = reply(res)
    assert not table.seats[0].absent
    await alice.click(hand, custom_id=enabled_controls(hand)[0]["custom_id"])
    assert table.version > version


async def test_pings_go_when_they_no_longer_hold(harness):
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(3))
    pinged = table.seats[table.state.to_act].user_id
    # the game's first turn: the table message (posted for the deal) notifies him itself
    assert table.ping_message_id is None
    assert table_message(ch, table).content.startswith(f"<@{pinged}>, ")
    for _ in range(40):  # until the other human is to act
        await players.move()
        if table.seats[table.state.to_act].user_id != pinged:
            break
    assert not table_message(ch, table).content  # the acted-on notice is gone
    assert table.ping_message_id is None  # (his ping waits for the grace: review 90)
    await harness.env.advance_time(TURN_PING_SECONDS + 1)
    await channel_delivered(harness, ch.id)
    now = table.ping_message_id
    assert now is not None and now in [m.id for m in ch.history()]
    res = await users[0].slash(ch, "lora abort")
    await users[0].click(reply(res), label="Zrušit stůl")
    assert table.ping_message_id is None
    assert now not in [m.id for m in ch.history()]


async def test_a_new_hand_tells_the_old_one_it_is_out_of_date(harness):
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    table = harness.service.tables[tid]
    old = reply(await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand"))
    ping = table_message(ch, table)  # (its first line pings her: the deal's first turn)
    assert ping.content.startswith(f"{alice.mention}, ")
    fresh = reply(await alice.click(ping, custom_id=f"lora:t:{tid}:hand"))
    assert fresh.attachments and enabled_controls(fresh)
    assert old.content == ("Tyhle karty jsou zastaralé – platí novější zpráva s tvými kartami.")
    assert not old.attachments and not old.components


# -- how the last game ended -----------------------------------------------------------------------
async def _hand_lines(ch: Any, table: Any, users: list[Any], seat: int) -> tuple[Any, list[str]]:
    """``seat``'s hand message (opened by its table button) and its event lines."""
    user = next(u for u in users if table.seat_of(u.id) == seat)
    hand = reply(await user.click(table_message(ch, table),
                                  custom_id=f"lora:t:{table.table_id}:hand"))
    return hand, [line[2:] for line in hand.content.splitlines() if line.startswith("• ")]


async def test_the_hand_tells_how_the_last_game_ended_until_the_player_moves(harness):
    """The hand keeps the line that decided the last partial game (the hand emptied in
    kvarty, the trick that failed a maturita attempt) and its results above the new game's
    lines — until its player makes a move of his own in the new game."""
    from engine.lora import Lora
    from tests.helpers import at_game, drive, first_legal, lora_deals
    from tests.test_bot_announcements import NAMES, _click

    _g, ch, users, tid = await open_table(harness, NAMES)
    table = harness.service.tables[tid]
    # seat 0 sheds everything in tálie 1's kvarty and fails his first maturita attempt
    deals = lora_deals(0, [0, 1, 2, 3], fails={0: 1})
    probe = Lora(first_leader=0, deals=deals)
    drive(probe, at_game(1, 7))
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, lambda lo: len(lo.log) == len(probe.log) - 1)  # kvarty ends next
    await put_state(harness, table, lora)
    await _click(harness, ch, table, users, first_legal(table.state))
    names = table.names()
    kvarty = f"Konec hry Kvarty: {names[0]} 0 · {names[1]} 8 · {names[2]} 8 · {names[3]} 8."
    # (desítky's first card was forced: laid for him, which is no move of his own)
    assert (await _hand_lines(ch, table, users, 0))[1] == [
        "Vynášíš S🍃, F🍃, K🍃, E🍃 a už nemáš žádnou kartu: konec hry.", kvarty,
        "Hraje se Desítky, vynášíš ty. Zbav se všech karet jako první a neťukej."]
    assert (await _hand_lines(ch, table, users, 1))[1] == [
        f"{names[0]} vynáší S🍃, F🍃, K🍃, E🍃 a už nemá žádnou kartu: konec hry.", kvarty,
        f"Hraje se Desítky, vynáší {names[0]}. Zbav se všech karet jako první a neťukej."]
    probe = Lora(first_leader=0, deals=deals)
    drive(probe, lambda lo: lo.attempt == 2)
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, lambda lo: len(lo.log) == len(probe.log) - 1)  # the attempt fails next
    await put_state(harness, table, lora)
    await _click(harness, ch, table, users, first_legal(table.state))
    ending = ["Bereš 7. štych (K❤️ 7❤️ 9❤️ S❤️).",  # (no points: only the attempt's 8)
              "Maturita ti na 1. pokus nevyšla (8 b.)."]  # (its result: no "Konec hry" line)
    hand, lines = await _hand_lines(ch, table, users, 0)
    assert lines == [*ending, "Nové karty jsou rozdané, maturuješ ty."]
    assert (await _hand_lines(ch, table, users, 1))[1] == [
        f"{names[0]} bere 7. štych (K❤️ 7❤️ 9❤️ S❤️).",
        f"{names[0]}: maturita na 1. pokus nevyšla (8 b.).",
        f"Nové karty jsou rozdané, hru volí {names[0]}."]
    choose = next(c for c in enabled_controls(hand) if c["type"] == 3)
    await users[0].select(hand, ["0"], custom_id=choose["custom_id"])  # červené again
    hand, lines = await _hand_lines(ch, table, users, 0)
    # (review 61: the attempt's goal, and that one point fails it)
    started = ("Maturita: Červené, maturuješ ty. Neber žádnou červenou. "
               "Pokus zkazí už jediný bod.")
    assert lines == [*ending, started]
    await users[0].click(hand, custom_id=enabled_controls(hand)[0]["custom_id"])
    assert table.state.to_act != 0
    lines = (await _hand_lines(ch, table, users, 0))[1]
    assert lines == [started]


# -- moves nobody clicked -------------------------------------------------------------------------
async def test_an_ai_standing_in_is_marked_in_the_lines_and_the_score_sheet(harness):
    from bot.games.lora import sheet_notes

    env = harness.env
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                          turn_timer=30)
    table = harness.service.tables[tid]
    seat = table.state.to_act
    await env.advance_time(31)
    assert table.seats[seat].absent and table.seats[seat].ai_moves >= 1
    name = table.names()[seat]
    # the move's mark says no verb twice: "Bob hraje 7🍃 (tah AI).", not "… (hraje AI)."
    assert any(line.startswith(f"{name} hraje ") and line.endswith(
        " (tah AI).") for line in table.recent.lines)
    notes = sheet_notes(table, "cs")
    assert notes[seat][0] == f"Tahů zahraných AI: {table.seats[seat].ai_moves}"
    assert sheet_notes(table, "en")[seat][0] == (
        f"AI played {table.seats[seat].ai_moves} of their moves")
    # the score sheet posted when the lóra ends carries the same notes as the one on demand
    from bot.games.lora import UI

    final = UI.final_picture(table, "cs")
    assert final is not None and final.keywords["notes"] == notes  # type: ignore[attr-defined]


# -- the lobby's agreed options ----------------------------------------------------------------
async def test_the_lobby_shows_the_options_and_a_change_asks_the_seated_again(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice", global_name="Alice"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    await alice.slash(ch, "lora new", language="cs", panak=True)
    lobby = ch.last_message
    await bob.click(lobby, custom_id="lora:l:1:join")  # joining accepts the options
    await alice.click(lobby, custom_id="lora:lai:1:easy")
    await alice.click(lobby, custom_id="lora:lai:1:hard")
    lobby = next(m for m in ch.history() if m.id == harness.service.tables[1].message_id)
    embed = lobby.embeds[0]
    seats = embed.fields[0].value.splitlines()
    assert seats[2] == "3\\. AI Karel (lehký)" and seats[3] == "4\\. AI Božena (těžký)"
    # full: who may start it now, named; the creator marked in the list (review 71)
    assert seats[:2] == [f"1\\. <@{alice.id}> (zakladatel stolu)", f"2\\. <@{bob.id}>"]
    assert embed.description == ("Stůl je plný – hru teď může spustit zakladatel stolu"
                                 f" <@{alice.id}>.")
    rules = embed.fields[1]
    assert rules.name == "Pravidla stolu"
    assert "• Panák (kdo ve Filkách vezme všechny čtyři filky, platí panáka): ano" in rules.value
    assert "• Červený král do 1. štychu: povoleno" in rules.value
    assert "Kdo přisedne, s těmito pravidly souhlasí." in rules.value
    select = next(c for c in enabled_controls(lobby) if c["type"] == 3)
    labels = [o["label"] for o in select["options"]]
    assert labels == ["Červený král do 1. štychu: zakázat", "Panák za 4 filky: vypnout",
                      "Čistá stovka: vypnout"]
    # only the creator changes them
    res = await bob.select(lobby, ["panak"], custom_id=select["custom_id"])
    assert reply(res).content == "Pravidla stolu mění jen jeho zakladatel."
    before_change = stored_message(alice, lobby)
    await alice.select(lobby, ["red_king"], custom_id=select["custom_id"])
    table = harness.service.tables[1]
    assert table.settings.options["red_king_first_trick"] == "forbidden"
    asked = ch.last_message
    assert asked.content.startswith("Pravidla stolu č. 1 se změnila – "
                                    + bob.mention)
    lobby = next(m for m in ch.history() if m.id == table.message_id)
    assert lobby.embeds[0].fields[0].value.splitlines()[1].endswith(
        "⏳ čeká se na souhlas se změněnými pravidly")
    assert lobby.embeds[0].description == (
        "Stůl je plný. Až všichni odsouhlasí změněná pravidla, může hru spustit zakladatel"
        f" stolu <@{alice.id}>.")
    res = await alice.click(lobby, custom_id="lora:l:1:start")
    assert reply(res).content == ("Hru zatím nelze začít: se změněnými pravidly ještě "
                                  "musí souhlasit: Bob.")
    assert table.status == "lobby"
    from simcord.actors import _component_interaction
    from simcord.enums import ComponentType

    gone = "Tohle tlačítko už neplatí – zpráva se mezitím změnila. Použij tu aktuální."
    # the options select of before the change, submitted again
    res = await _component_interaction(alice, before_change, {
        "custom_id": select["custom_id"], "component_type": ComponentType.STRING_SELECT,
        "values": ["panak"]})
    assert reply(res).content == gone  # (a lobby has no cards to open)
    await bob.click(lobby, custom_id="lora:l:1:agree")
    # the agree button is gone from the lobby once nobody has to agree
    res = await raw_click(bob, lobby, "lora:l:1:agree")
    assert reply(res).content == gone
    await alice.click(lobby, custom_id="lora:l:1:start")
    assert table.status == "playing"
    assert table.state.options.red_king_first_trick == "forbidden"


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_no_rule_id_or_engine_code_in_any_text_of_a_random_lora(lang):
    """Everything Lóra's UI words for a table and a hand through a whole random lóra (status,
    event lines, announcements, pings, each seat's hand text, buttons and select options), in
    both languages: the game's words only."""
    from bot.games.lora import UI
    from bot.model import Seat, Table, TableSettings, Unclicked
    from engine.lora import Lora

    lora = Lora(rng=random.Random(4))
    rng = random.Random(4)
    names = ["Alice", "AI Karel", "Bob", "AI Božena"]
    seats = [Seat(i + 1 if i % 2 == 0 else None, n, None if i % 2 == 0 else "easy")
             for i, n in enumerate(names)]
    table = Table(1, 1, 1, 1, TableSettings(lang=lang), list(seats), "lora", state=lora)
    texts: list[str] = []
    seen_second_person = False
    while not lora.finished:
        seat = lora.to_act
        assert seat is not None
        action = rng.choice(lora.legal_actions())
        events = [Unclicked(seat, "auto")] if len(lora.legal_actions()) == 1 else []
        events += lora.apply(action)
        table.events.extend(events)
        texts += UI.event_lines(table, events) + UI.announcements(table, events)
        texts += UI.status_lines(table, lang)
        if lora.to_act is not None:
            texts.append(UI.turn_ping(table, lora.to_act, "@x"))
            parts = UI.hand(table, lora.view(lora.to_act), lang)
            texts += parts.lines
            for item in parts.items:
                inner = getattr(item, "item", item)
                texts.append(getattr(inner, "label", "") or "")
                texts += [o.label for o in getattr(inner, "options", [])]
                texts += [o.description or "" for o in getattr(inner, "options", [])]
            seen_second_person |= any(line.startswith(("• Bereš", "• You take"))
                                      for line in parts.lines)
    _clean(texts)
    assert seen_second_person
    joined = "\n".join(texts)
    assert ("Konec hry Červené: Alice " if lang == "cs" else "End of Hearts: Alice ") in joined
    if lang == "en":  # English, with the glossary's English names (RULES.md)
        for czech in ("Červen", "Filky", "Všechny", "Kvarty", "Desítky", "Maturit", "maturit",
                      "tálie", "round 1", "divoká"):
            assert czech not in joined, czech
        assert "Graduation" in joined and "4th round of eight" in joined


def test_event_lines_name_the_players_and_address_the_viewer():
    from bot.games.lora.events import seat_lines, table_lines
    from bot.model import Unclicked
    from engine.cards import parse_card as c
    from engine.contracts import Contract
    from engine.events import (
        CardPlayed,
        GameEnded,
        Knocked,
        KvartaBuilt,
        MaturitaPassed,
        TrickTaken,
        TurnEnded,
    )

    names = ["Alice", "Bob", "AI Božena", "AI Karel"]
    trick = TrickTaken(1, (c("7h"), c("8h"), c("Kh"), c("9h")), 3, 3)
    assert table_lines([trick], "cs", names) == ["Bob bere 3. štych (7❤️ 8❤️ K❤️ 9❤️): 3 b."]
    assert seat_lines([trick], "cs", names, 1) == ["Bereš 3. štych (7❤️ 8❤️ K❤️ 9❤️): 3 b."]
    assert table_lines([trick], "en", names) == ["Bob takes trick 3 (7❤️ 8❤️ K❤️ 9❤️): 3 pts."]
    assert seat_lines([trick], "en", names, 1) == ["You take trick 3 (7❤️ 8❤️ K❤️ 9❤️): 3 pts."]
    one = TrickTaken(1, (c("7h"), c("8h"), c("Kl"), c("9h")), 1, 3)  # no "1 pts."
    assert table_lines([one], "en", names) == ["Bob takes trick 3 (7❤️ 8❤️ K🍃 9❤️): 1 pt."]
    assert seat_lines([one], "en", names, 1) == ["You take trick 3 (7❤️ 8❤️ K🍃 9❤️): 1 pt."]
    assert table_lines([one], "cs", names) == ["Bob bere 3. štych (7❤️ 8❤️ K🍃 9❤️): 1 b."]
    assert one.text("en").endswith(": 1 pt.")
    # a forced card: marked in its player's hand only (its only legal card is his secret)
    forced = [Unclicked(0, "auto"), CardPlayed(0, c("7h")), CardPlayed(1, c("8h"))]
    assert table_lines(forced, "cs", names) == []  # a card of a trick, as any other
    assert seat_lines(forced, "cs", names, 1) == []
    assert seat_lines(forced, "cs", names, 0) == ["Automaticky šla tvoje karta (jediná možná): 7❤️."]
    assert seat_lines(forced, "en", names, 0) == [
        "Played for you automatically (your only playable card): 7❤️."]
    # ... with its trick, as Taroky's, when the trick is among the events
    taken = [*forced, CardPlayed(2, c("Kh")), CardPlayed(3, c("9h")), trick]
    assert seat_lines(taken, "cs", names, 0)[0] == (
        "Automaticky šla tvoje karta (jediná možná): 7❤️ (3. štych).")
    assert seat_lines(taken, "en", names, 0)[0] == (
        "Played for you automatically (your only playable card): 7❤️ (trick 3).")
    laid = [Unclicked(0, "auto"), TurnEnded(0, (c("10h"),))]
    assert table_lines(laid, "cs", names) == ["Alice přikládá 10❤️."]
    assert seat_lines(laid, "cs", names, 2) == ["Alice přikládá 10❤️."]
    assert seat_lines(laid, "cs", names, 0) == ["Přikládáš 10❤️ (automaticky)."]
    # an AI for an absent player: everyone is told, and he in the second person, past
    stood_in = [Unclicked(0, "stand_in"), TurnEnded(0, (c("10h"), c("9h")))]
    assert table_lines(stood_in, "cs", names) == [
        "Alice přikládá 10❤️ 9❤️ (tah AI)."]
    assert seat_lines(stood_in, "cs", names, 0) == ["Za tebe přiložila AI: 10❤️ 9❤️."]
    assert seat_lines(stood_in, "en", names, 0) == ["The AI laid for you: 10❤️ 9❤️."]
    played = [Unclicked(1, "stand_in"), CardPlayed(1, c("7l"))]
    assert table_lines(played, "cs", names) == ["Bob hraje 7🍃 (tah AI)."]
    assert seat_lines(played, "cs", names, 0) == ["Bob hraje 7🍃 (tah AI)."]
    assert table_lines(played, "en", names) == ["Bob plays 7🍃 (AI move)."]
    assert seat_lines(played, "cs", names, 1) == ["Za tebe hrála AI: 7🍃."]
    assert seat_lines(played, "en", names, 1) == ["The AI played for you: 7🍃."]
    # the AI in the seat of a player who left (he may take it back): only his hand tells it
    took = [Unclicked(1, "left"), CardPlayed(1, c("7l")), CardPlayed(2, c("8l"))]
    assert table_lines(took, "cs", names) == []  # (cards of a trick, as any AI's)
    assert seat_lines(took, "cs", names, 0) == []
    assert seat_lines(took, "cs", names, 1) == ["Za tebe hrála AI: 7🍃."]
    assert seat_lines(took, "en", names, 1) == ["The AI played for you: 7🍃."]
    led = [Unclicked(0, "stand_in"),
           KvartaBuilt(0, (c("8l"), c("Sl")), ((1, c("9l")), (3, c("10l"))), True, 3)]
    assert seat_lines(led, "cs", names, 0) == [
        "Za tebe vynesla AI 8🍃, S🍃: kvarta 8🍃 9🍃 10🍃 S🍃; dál vynáší AI Karel"
        " (přikládá 10🍃)."]
    assert table_lines(led, "cs", names) == [
        "Alice (hraje AI) vynáší 8🍃, S🍃: kvarta 8🍃 9🍃 10🍃 S🍃; dál vynáší AI"
        " Karel (přikládá 10🍃)."]
    shed = [Unclicked(0, "stand_in"), TurnEnded(0, (c("10h"),)),
            GameEnded(Contract.DESITKY, (0, 1, 2, 3))]
    assert seat_lines(shed, "cs", names, 0)[0] == (
        "Za tebe přiložila AI 10❤️ a už nemáš žádnou kartu: konec hry.")
    assert table_lines([Knocked(1)], "cs", names) == [
        "Bob: ťuk – nemá co přiložit (automaticky, 1 trestný bod)."]
    assert seat_lines([Knocked(1)], "cs", names, 1) == [
        "Ťuk – nemáš co přiložit (automaticky, 1 trestný bod)."]
    assert table_lines([Knocked(1)], "en", names) == [
        "Bob knocks – nothing to lay (automatically, 1 penalty point)."]
    assert seat_lines([Knocked(1)], "en", names, 1) == [
        "You knock – nothing to lay (automatically, 1 penalty point)."]
    passed = MaturitaPassed(2, 2)
    assert table_lines([passed], "cs", names) == ["AI Božena: maturita na 2. pokus vyšla!"]
    assert seat_lines([passed], "cs", names, 2) == ["Maturita ti na 2. pokus vyšla!"]
    # a Graduation's end: its pass or fail line tells it (not "End of Obers: … 0 · 0 · 0 · 0")
    graduated = [GameEnded(Contract.FILKY, (0, 0, 0, 0)), passed]
    assert table_lines(graduated, "en", names) == ["AI Božena passes Graduation on attempt 2!"]
    assert table_lines(graduated, "cs", names) == ["AI Božena: maturita na 2. pokus vyšla!"]
    assert seat_lines(graduated, "cs", names, 2) == ["Maturita ti na 2. pokus vyšla!"]
    kvarta = KvartaBuilt(0, (c("8l"), c("Sl")), ((1, c("9l")), (3, c("10l"))), True, 3)
    assert seat_lines([kvarta], "cs", names, 0) == [
        "Vynášíš 8🍃, S🍃: kvarta 8🍃 9🍃 10🍃 S🍃; dál vynáší AI Karel (přikládá 10🍃)."]
    assert seat_lines([kvarta], "cs", names, 3) == [
        "Alice vynáší 8🍃, S🍃: kvarta 8🍃 9🍃 10🍃 S🍃; dál vynášíš ty (přikládáš 10🍃)."]
    # the same player leads again: not named twice (a burst of kvarty stays short)
    again = KvartaBuilt(2, (c("7h"), c("9h"), c("10h")), ((0, c("8h")),), True, 2)
    assert table_lines([again], "cs", names) == [
        "AI Božena vynáší 7❤️, 9❤️, 10❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; vynáší znovu."]
    assert seat_lines([again], "cs", names, 2) == [
        "Vynášíš 7❤️, 9❤️, 10❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; vynášíš znovu."]
    assert table_lines([again], "en", names) == [
        "AI Božena leads 7❤️, 9❤️, 10❤️: quart 7❤️ 8❤️ 9❤️ 10❤️; leads again."]
    assert seat_lines([again], "en", names, 2) == [
        "You lead 7❤️, 9❤️, 10❤️: quart 7❤️ 8❤️ 9❤️ 10❤️; you lead again."]
    ended = GameEnded(Contract.CERVENE, (5, 0, 1, 2))
    assert table_lines([ended], "cs", names) == [
        "Konec hry Červené: Alice 5 · Bob 0 · AI Božena 1 · AI Karel 2."]
    assert table_lines([ended], "en", names) == [
        "End of Hearts: Alice 5 · Bob 0 · AI Božena 1 · AI Karel 2."]


def test_a_hand_keeps_the_end_of_the_last_game_above_the_new_ones_lines():
    """``hand_lines``: the decisive line of the last game (a hand emptied in desítky, a
    maturant's knock) and its results stay above the new deal's last three lines until the
    seat makes a move of his own (a forced card laid for him is none); at the lóra's end
    they stay."""
    from bot.games.lora.texts import hand_lines
    from bot.model import Unclicked
    from engine.cards import parse_card as c
    from engine.contracts import Contract
    from engine.events import (
        CardLaid,
        CardPlayed,
        GameEnded,
        GameStarted,
        Knocked,
        LoraFinished,
        MaturitaDealt,
        MaturitaFailed,
        TrickTaken,
        TurnEnded,
    )

    names = ["Alice", "Bob", "AI Božena", "AI Karel"]
    ten = GameStarted(Contract.DESITKY, 1, 7, 0, 3)
    shed = [ten, CardLaid(1, c("10h")), TurnEnded(1, (c("10h"),)),
            GameEnded(Contract.DESITKY, (2, 0, 4, 1)), MaturitaDealt(2, 1, 1)]
    ended = ["Bob přikládá 10❤️ a už nemá žádnou kartu: konec hry.",
             "Konec hry Desítky: Alice 2 · Bob 0 · AI Božena 4 · AI Karel 1."]
    assert hand_lines(shed, "cs", names, 0) == [
        *ended, "Nové karty jsou rozdané, hru volí AI Božena."]
    assert hand_lines(shed, "en", names, 1)[0] == (
        "You lay 10❤️ and have no cards left: the game is over.")
    # the maturant's knock fails the attempt; the next one is dealt and chosen
    knock = [TurnEnded(1, (c("9h"),)), Knocked(2), GameEnded(Contract.DESITKY, (0, 0, 8, 0)),
             MaturitaFailed(2, 1), MaturitaDealt(2, 1, 2),
             GameStarted(Contract.CERVENE, 1, 8, 2, 1, attempt=2)]
    failed = ["AI Božena: ťuk – nemá co přiložit (automaticky).",  # (no point: R-MATURITA)
              "AI Božena: maturita na 1. pokus nevyšla (8 b.)."]
    started = ("Maturita: Červené, maturuje AI Božena. AI Božena nesmí vzít žádnou červenou"
               " – pokus zkazí už jediný bod. Tvoje body se nepočítají.")
    assert hand_lines(knock, "cs", names, 0) == [*failed, started]
    assert hand_lines(knock, "cs", names, 2)[:3] == [
        "Ťuk – nemáš co přiložit (automaticky).",
        "Maturita ti na 1. pokus nevyšla (8 b.).",
        "Maturita: Červené, maturuješ ty. Neber žádnou červenou. "
        "Pokus zkazí už jediný bod."]
    tricks = [TrickTaken(n % 2, (c("7l"), c("8l"), c("9l"), c("10l")), 0, n, False)
              for n in (1, 2, 3)]
    # the new deal's last three lines, under the old game's end while Alice has not moved
    assert hand_lines([*knock, *tricks], "cs", names, 0) == [
        *failed, "Bob bere 1. štych (7🍃 8🍃 9🍃 10🍃).", "Bereš 2. štych (7🍃 8🍃 9🍃 10🍃).",
        "Bob bere 3. štych (7🍃 8🍃 9🍃 10🍃)."]
    # a card the table played for her is no move of hers; her own card is
    forced = [*knock, Unclicked(0, "auto"), CardPlayed(0, c("7l"))]
    told = "Automaticky šla tvoje karta (jediná možná): 7🍃 (1. štych)."
    assert hand_lines(forced, "cs", names, 0) == [*failed, started, told]
    assert hand_lines([*forced, CardPlayed(0, c("8l"))], "cs", names, 0) == [started, told]
    # the lóra is over: its last game's end stays
    last = [*knock[-1:], CardPlayed(0, c("7l")), *tricks[:1],
            GameEnded(Contract.CERVENE, (0, 0, 0, 0)), LoraFinished((0, 1, 2, 3), (1, 2, 3, 4))]
    assert hand_lines(last, "cs", names, 0) == [
        "Bob bere 1. štych (7🍃 8🍃 9🍃 10🍃).",
        "Konec hry Červené: Alice 0 · Bob 0 · AI Božena 0 · AI Karel 0.",
        "Konec lóry. Pořadí: Alice, Bob, AI Božena, AI Karel."]


def test_a_refusal_is_worded_by_its_code_without_the_rule_id():
    from bot.games.lora import UI
    from engine.errors import IllegalAction

    refusal = IllegalAction("must_follow_suit", rule="R-TRICK")
    assert UI.refusal_text(refusal, "cs") == "musíš ctít barvu"
    assert UI.refusal_text(refusal, "en") == "you must follow suit"
    assert UI.refusal_text(IllegalAction("no_such_code", rule="R-X"), "cs") is None


async def test_either_game_s_sheet_command_names_the_table_one_sits_at(harness):
    """Seated at a Lóra table, /taroky score answered "you sit at no table", then showed
    the Lóra sheet unnamed (review 76): it names his table, its game and its command."""
    guild, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    own = reply(await alice.slash(ch, "lora score"))
    other = reply(await alice.slash(ch, "taroky score"))
    assert [a.filename for a in own.attachments] == ["protokol.png"]
    assert (other.content, other.attachments) == (mentioned(
        f"Taroky teď nehraješ; sedíš u stolu č. {tid} (Lóra, <#{ch.id}>) – tam použij"
        " /lora score."), [])
    carol = guild.add_member(harness.env.create_user("carol"))
    # a spectator in the table's channel: its sheet, as its Protokol button shows it to her
    # (review 61: "You do not sit at any table on this server"); the other game's command
    # shows no sheet of this game (review 76)
    seen = reply(await carol.slash(ch, "lora score"))
    assert seen.content == own.content
    assert await seen.attachments[0].read() == await own.attachments[0].read()
    taroky = mentioned("You do not sit at any table on this server. Open one with /taroky new,"
                       " or sit down at an open table with its Join button.")
    assert reply(await carol.slash(ch, "taroky score")).content == taroky
    elsewhere = guild.create_text_channel("elsewhere")
    assert reply(await carol.slash(elsewhere, "taroky score")).content == taroky  # (her
    # client's language)
    # her hand asked for where the game is played: what its Moje karty tells her (review 71)
    assert reply(await carol.slash(ch, "lora hand")).content == (
        "You do not sit at this table – nobody sees another's hand. You can see the table and"
        " the score sheet.")
    assert reply(await carol.slash(elsewhere, "lora hand")).content == mentioned(
        "You do not sit at any table on this server. Open one with /lora new, or sit down at"
        " an open table with its Join button.")


def test_a_maturita_s_start_tells_its_goal_and_that_one_point_fails_it():
    """Review 61: the maturita's line in a hand said only whose attempt it was; it now says,
    as a normal game's does, what the maturant must avoid — and that a single point of his
    fails the attempt (R-MATURITA), the others that their points are not recorded. The
    public line (no reader) stays short."""
    from bot.games.lora.texts import hand_lines
    from engine.contracts import Contract
    from engine.events import GameStarted

    names = ["Alice", "Bob", "AI Karel", "AI Božena"]

    def start(contract: Contract, lang: str, seat: int) -> str:
        return hand_lines([GameStarted(contract, 1, 8, 1, 1, attempt=1)], lang, names, seat)[-1]

    assert start(Contract.VSECHNY, "cs", 1) == (
        "Maturita: Všechny, maturuješ ty. Neber žádný štych. Pokus zkazí už jediný bod.")
    assert start(Contract.VSECHNY, "cs", 0) == (
        "Maturita: Všechny, maturuje Bob. Bob nesmí vzít žádný štych – pokus zkazí už jediný"
        " bod. Tvoje body se nepočítají.")
    assert start(Contract.KVARTY, "cs", 3) == (
        "Maturita: Kvarty, maturuje Bob. Bob se musí jako první zbavit všech karet – pokus"
        " zkazí už jediný bod. Tvoje body se nepočítají.")
    assert start(Contract.VSECHNY, "en", 1) == (
        "Graduation in All tricks; you play it. Take no trick. A single point fails the attempt.")
    assert start(Contract.DESITKY, "en", 2) == (
        "Graduation in Tens; Bob plays it. Bob must be the first to shed all the cards,"
        " without a knock: a single point fails the attempt. Your points do not count.")
    goals = {c: start(c, "cs", 0) for c in (Contract.CERVENY_KRAL, Contract.PRVNI_POSLEDNI)}
    assert "nesmí vzít červeného krále" in goals[Contract.CERVENY_KRAL]
    assert "nesmí vzít první ani poslední štych" in goals[Contract.PRVNI_POSLEDNI]
