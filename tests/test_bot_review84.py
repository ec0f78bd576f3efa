"""Review 84 (moderation on a busy server) through the real bot in SimCord: a player who has
left the server is still removable; an aborted table's open hands and ``/<game> hand`` say
it was aborted; a server manager may start a tournament and add its AI players, and a kick
naming a registered entrant says what can be done; refusals name the creator and the
organiser; a game's command does not act on the other game's table; a cancelled
tournament's notice names who did it without a ping; ``defaults`` says open tables keep
their options."""

from __future__ import annotations

import random

import discord
import pytest

from tests.botkit import Players, channel_delivered, mentioned, open_table, reply
from tests.tournament_kit import record


def _mod(harness, guild, name="mod"):
    role = guild.create_role("Správci", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(harness.env.create_user(name, global_name=name.capitalize()),
                            roles=[role])


async def test_a_player_who_left_the_server_is_removed_from_a_running_game(harness):
    """Discord sends one who left the server as a user without member data: the kick took
    only members and failed with an error."""
    guild, ch, (alena, bohous, dana), tid = await open_table(
        harness, ["alena", "bohous", "dana"], ("easy",), game="taroky")
    table = harness.service.tables[tid]
    seat = table.seat_of(dana.id)
    guild.remove_member(dana)
    mod = _mod(harness, guild)
    res = await mod.slash(ch, "taroky kick", user=dana.user)  # (a user: no member data)
    question = reply(res)
    # (review 87: one no longer on the server is not told she may come back)
    assert res.ephemeral and question.content == (
        f"Odebrat hráče Dana od stolu č. {tid}? Už na serveru není – místo převezme AI.")
    res = await mod.click(question, label="Odebrat")
    assert reply(res).content == f"Hotovo – za hráče Dana teď u stolu č. {tid} hraje AI."
    assert table.seats[seat].user_id is None and table.seats[seat].left_by == dana.id
    # the public notice names her, pings nobody and sends her to no button (review 87)
    await channel_delivered(harness, ch.id)
    notice = next(m for m in reversed(ch.history()) if "už na serveru není" in m.content)
    assert notice.content == (
        f"Dana už na serveru není – místo u stolu č. {tid} převzala AI.")
    assert not any(f"<@{dana.id}>" in m.content for m in ch.history())
    assert harness.env.errors == []


async def test_an_aborted_table_s_open_hands_and_hand_command_say_so(harness):
    guild, ch, users, tid = await open_table(harness, ["alena", "bohous", "cyril"], ("easy",))
    alena, bohous, _cyril = users
    players = Players(harness, ch, tid, users, random.Random(5))
    hands = [await players.open_hand(u) for u in (alena, bohous)]
    assert all(h.components for h in hands)
    ask = reply(await alena.slash(ch, "lora abort"))
    await alena.click(ask, label="Zrušit stůl")
    await channel_delivered(harness, ch.id)
    for hand in hands:
        assert hand.content == (
            f"Stůl č. {tid} byl zrušen – tyto karty už nehraješ. Rozehraná hra se"
            " nezapočítá.")
        assert hand.components == [] and hand.attachments == []
    res = await bohous.slash(ch, "lora hand")
    assert reply(res).content == (
        f"Tvůj stůl č. {tid} (Lóra, <#{ch.id}>) byl zrušen – rozehraná hra skončila a"
        " nezapočítá se.")


async def test_refusals_name_the_creator_and_a_game_s_command_keeps_to_its_tables(harness):
    guild, ch, (alena, bohous), tid = await open_table(harness, ["alena", "bohous"],
                                                       ("easy", "easy"), game="taroky")
    res = await bohous.slash(ch, "taroky abort")
    assert reply(res).content == (
        "Stůl může zrušit jen jeho zakladatel (Alena) nebo správce serveru.")
    mod = _mod(harness, guild)
    res = await mod.slash(ch, "lora kick", user=bohous)
    assert reply(res).content == mentioned(
        f"Stůl č. {tid} hraje Taroky – hráče od něj odebereš příkazem /taroky kick"
        f" table:{tid}.")  # (review 87: was "je stůl hry Taroky – tam použij …")
    res = await mod.slash(ch, "lora abort")
    assert reply(res).content == mentioned(
        f"Stůl č. {tid} hraje Taroky – zrušíš ho příkazem /taroky abort table:{tid}.")
    res = await alena.slash(ch, "lora abort", table=tid)  # (the creator, by its number)
    assert reply(res).content == mentioned(
        f"Stůl č. {tid} hraje Taroky – zrušíš ho příkazem /taroky abort table:{tid}.")
    # a manager's bare abort elsewhere lists the game's own tables only
    other = guild.create_text_channel("jinde")
    res = await mod.slash(other, "lora abort")  # (his client's English: no table's)
    assert reply(res).content == mentioned(
        "You do not sit at any table on this server. Open one with /lora new, or sit down at"
        " an open table with its Join button.")
    assert harness.service.tables[tid].status == "playing"
    assert harness.service.tables[tid].seat_of(bohous.id) is not None


@pytest.mark.settle(5.0)  # (SimCord's default: its turn timer must not fire within a wait)
async def test_a_manager_runs_a_tournament_s_registration(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    bohous, dana, cyril = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                           for n in ("bohous", "dana", "cyril"))
    mod = _mod(harness, guild)
    await bohous.slash(ch, "lora tournament", language="cs", turn_timer=20)
    message = ch.last_message
    for u in (bohous, dana):
        await u.click(message, custom_id="lora:tn:1:join")
    res = await cyril.click(message, custom_id="lora:tn:1:start")
    assert reply(res).content == (
        "Turnaj může spustit jen jeho organizátor (Bohous) nebo správce serveru.")
    res = await cyril.select(message, ["easy"], custom_id="lora:tnai:1")
    assert reply(res).content == (
        "AI hráče do turnaje může přidat jen jeho organizátor (Bohous) nebo správce serveru.")
    # a kick naming a registered entrant: registrations are withdrawn by their players
    res = await mod.slash(ch, "lora kick", user=dana)
    assert reply(res).content == (
        "Dana nesedí u žádného stolu – je na seznamu přihlášených do turnaje č. 1, který"
        " ještě nezačal. Cizí přihlášku zrušit nejde, jen vlastní tlačítkem **Odhlásit se**;"
        " organizátor nebo správce serveru může zrušit celý turnaj tlačítkem"
        " **Zrušit turnaj**.")
    await mod.select(message, ["easy"], custom_id="lora:tnai:1")
    await bohous.select(message, ["easy"], custom_id="lora:tnai:1")
    assert len((await record(harness, 1)).entrants) == 4
    await mod.click(message, custom_id="lora:tn:1:start")
    assert (await record(harness, 1)).status.value == "playing"
    # the manager cancels it: named in public, not mentioned
    res = await mod.click(message, custom_id="lora:tn:1:cancel")
    await mod.click(reply(res), label="Zrušit turnaj")
    assert (await record(harness, 1)).status.value == "cancelled"
    await channel_delivered(harness, ch.id)
    notices = [m.content for m in ch.history() if "ruší turnaj" in (m.content or "")]
    assert notices == ["Mod ruší turnaj č. 1."]


async def test_changed_defaults_say_that_open_tables_keep_their_options(harness):
    guild = harness.env.create_guild()
    ch = guild.create_text_channel("taroky")
    mod = _mod(harness, guild)
    res = await mod.slash(ch, "taroky defaults", language="cs", turn_timer=60)
    assert reply(res).content.splitlines()[-1] == (
        "Stoly, které už jsou otevřené, hrají dál se svými volbami.")
    res = await mod.slash(ch, "taroky defaults")  # (only asked: nothing changed)
    assert "otevřené" not in reply(res).content
