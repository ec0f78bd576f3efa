"""Review 54's findings, through SimCord where they are a flow: a lobby's game not started
named when asked about elsewhere; ``/… defaults reset`` by the choice a client shows, and
its hint for managers only; a forged question button told it is not one's own; a manager's
bare abort in a tournament's channel pointed to its button; harakiri's table picture without
tálie roles; the last results above the final table picture (a harakiri's too); the finished
sheet's čistá stovka in the past."""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.render.sheet import stovka_line
from bot.render.table import _kinds, _legend_kinds
from engine.cards import shuffled_deal
from engine.lora import Lora
from tests.botkit import (
    Players,
    channel_delivered,
    mentioned,
    open_table,
    put_state,
    raw_click,
    reply,
)
from tests.helpers import drive, lora_deals, xdeal


def club(harness, *names):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("klub")
    role = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod", global_name="Modka"), roles=[role])
    users = [guild.add_member(env.create_user(n, global_name=n.capitalize())) for n in names]
    return guild, ch, mod, users


# -- /… hand and /… score about a lobby elsewhere -----------------------------------------
async def test_cards_and_sheet_asked_elsewhere_name_the_lobby_whose_game_has_not_started(
        harness, locales):
    guild, ch, mod, (carl, dave) = club(harness, "carl", "dave")
    druhy = guild.create_text_channel("druhy")
    locales[carl.id] = "cs"
    await carl.slash(druhy, "lora new", language="cs")
    lobby = harness.service.table_of_user(guild.id, carl.id)
    text = f"Hra u tvého stolu č. {lobby.table_id} (<#{druhy.id}>) ještě nezačala."
    # (the other game's commands: that he plays Lóra there; review 76)
    other = (f"Taroky teď nehraješ; sedíš u stolu č. {lobby.table_id} (Lóra, <#{druhy.id}>),"
             " kde hra ještě nezačala.")
    for command, said in (("lora hand", text), ("lora score", text),
                          ("taroky hand", other), ("taroky score", other)):
        res = await carl.slash(ch, command)
        assert res.ephemeral and reply(res).content == said, command
    await dave.slash(druhy, "taroky new", language="en")
    taroky = harness.service.table_of_user(guild.id, dave.id)
    res = await dave.slash(ch, "taroky score")
    assert reply(res).content == (
        f"The game at your table {taroky.table_id} (<#{taroky.channel_id}>) has not started"
        " yet.")  # (in a thread of its own: #druhy has a table)


# -- /… defaults ---------------------------------------------------------------------------
async def test_defaults_reset_is_named_as_the_client_shows_it_and_only_to_managers(
        harness, locales):
    guild, ch, mod, (alice,) = club(harness, "alice")
    locales[mod.id] = locales[alice.id] = "cs"
    res = await mod.slash(ch, "lora defaults", turn_timer=60)
    lines = reply(res).content.split("\n")
    assert lines[-4:] == [  # (review 84: and that open tables keep theirs)
        "Bez voleb serveru by platilo – Čas na tah: 120 s",
        "Turnaje mají vlastní volby – z těchto přebírají jen jazyk stolu.",
        mentioned("Zpět na vestavěné volby: /lora výchozí obnovit:ano; jednu volbu vrátíš"
                  " zadáním její vestavěné hodnoty."),
        "Stoly, které už jsou otevřené, hrají dál se svými volbami."]
    # a member refused is shown the options, not a command he may not use
    res = await alice.slash(ch, "lora defaults", turn_timer=30)
    lines = reply(res).content.split("\n")
    assert lines[0] == ("Výchozí volby stolů serveru mohou měnit jen jeho správci (Spravovat"
                        " server).")
    assert lines[-2:] == ["Bez voleb serveru by platilo – Čas na tah: 120 s",
                          "Turnaje mají vlastní volby – z těchto přebírají jen jazyk stolu."]
    res = await alice.slash(ch, "lora defaults")
    assert not any("obnovit" in line for line in reply(res).content.split("\n"))
    # the choice itself: "ano" on a Czech client (not Discord's own True)
    reset = next(p for p in harness.bot.tree.get_command("lora").get_command("defaults")
                 .parameters if p.name == "reset")
    assert [c.value for c in reset.choices] == ["yes"]
    res = await mod.slash(ch, "lora defaults", reset="yes")
    assert reply(res).content.startswith("Výchozí volby serveru pro hru Lóra jsou zrušeny.")


# -- a forged question button ---------------------------------------------------------------
async def test_someone_elses_confirm_button_forged_on_a_public_message_is_not_his(
        harness, locales):
    guild, ch, mod, (alice, bob, eve) = club(harness, "alice", "bob", "eve")
    locales[eve.id] = "cs"
    await alice.slash(ch, "lora new", language="cs")
    table = harness.service.table_of_user(guild.id, alice.id)
    lobby = next(m for m in ch.history() if m.id == table.message_id)
    await bob.click(lobby, custom_id=f"lora:l:{table.table_id}:join")
    await channel_delivered(harness)
    asked = await alice.slash(ch, "lora abort")
    (confirm,) = [c["custom_id"] for row in reply(asked).components for c in row["components"]
                  if c["custom_id"].startswith(f"lora:k:{table.table_id}:abort")]
    res = await raw_click(eve, lobby, confirm)
    assert res.ephemeral and reply(res).content == (
        "Tohle tlačítko není tvoje – patří k otázce, kterou bot položil někomu jinému.")
    assert table.status == "lobby"


# -- a manager's bare /… abort in a tournament's channel ------------------------------------
async def test_a_managers_bare_abort_in_a_tournaments_channel_points_to_its_button(
        harness, locales):
    guild, ch, mod, (eve, carl) = club(harness, "eve", "carl")
    locales[mod.id] = locales[carl.id] = "cs"
    turnaj = guild.create_text_channel("turnaj")
    await eve.slash(turnaj, "lora tournament", language="cs")
    res = await mod.slash(turnaj, "lora abort")
    assert reply(res).content == (
        f"Tady je turnaj č. 1: zrušit jde jen celý turnaj, tlačítkem **Zrušit turnaj** u jeho"
        f" zprávy (<#{turnaj.id}>).")
    res = await carl.slash(turnaj, "lora abort")  # (he may not cancel it)
    assert reply(res).content == mentioned(
        "Nesedíš u žádného stolu na tomto serveru. Založ stůl příkazem /lora nová, nebo"
        " přisedni k otevřenému stolu tlačítkem Přisednout.")


# -- harakiri ----------------------------------------------------------------------------
def _tied_pair() -> Lora:
    """Cyril and Dana tied at 10 (Alice 30, Bob 20): one harakiri, which Dana takes whole."""
    lora = Lora(first_leader=0, deals=[xdeal(3)], start=False)
    lora.totals = [30, 20, 10, 10]
    lora._begin_final_order()
    return lora


def test_R_HARAKIRI_the_table_picture_shows_no_dealer_or_tali_lead_in_a_harakiri():
    lora = _tied_pair()
    drive(lora, lambda lo: lo.game is not None and lo.to_act is not None)
    view = lora.public_view()
    assert not view.in_tali
    assert "dealer" not in _legend_kinds(view) and "leader" not in _legend_kinds(view)
    assert all(k not in ("dealer", "leader") for seat in range(4) for k in _kinds(view, seat))
    fresh = Lora(first_leader=0, deals=[xdeal(0)])  # (a tálie's game has both)
    drive(fresh, lambda lo: lo.game is not None)
    assert fresh.public_view().in_tali
    assert _legend_kinds(fresh.public_view())[:2] == ("dealer", "leader")


def test_the_finished_sheet_has_no_clean_hundred_line_for_who_did_not_declare():
    """Review 54 made it "neohlášena" (not the live "nehlásí"); review 67: a line in every
    such box was noise, so a seat that did not declare has none, in the harakiri too."""
    lora = _tied_pair()
    lora.stovka = [False, False, None, None]
    going = lora.public_view()
    assert stovka_line(going, 0, "cs") is None  # (the harakiri: games over)
    drive(lora, lambda lo: lo.finished)
    assert stovka_line(lora.public_view(), 0, "cs") is None
    assert stovka_line(lora.public_view(), 0, "en") is None


def _opening(message: Any) -> str:
    """What a post reads first: its text's first line, else its embed's (its title when the
    embed has no text: the final order's)."""
    if message.content:
        return message.content.split("\n")[0]
    embed = message.embeds[0]
    return (embed.description or embed.title).split("\n")[0]


async def _end_posts(harness, xs: list[int], fails: dict[int, int]) -> tuple[int, list[str]]:
    """A lóra from tálie 4's maturita (``lora_deals``) played out by clicks: the openings
    of the public posts from its table message then on, in the channel's order."""
    guild, ch, users, tid = await open_table(harness, ["alice", "bob", "cyril", "dana"])
    table = harness.service.tables[tid]
    rng = random.Random(7)  # (the harakiri's deals)
    lora = Lora(options=table.state.options, first_leader=table.state.first_leader,
                deals=lora_deals(table.state.first_leader, xs, fails)
                + [shuffled_deal(rng) for _ in range(4)])
    drive(lora, lambda lo: lo.tali == 4 and lo.phase == "choose")
    await put_state(harness, table, lora)
    await channel_delivered(harness)
    first = table.message_id
    players = Players(harness, ch, tid, users, random.Random(7))
    while not table.state.finished:
        await players.move()
    await channel_delivered(harness)
    posts = sorted((m for m in ch.history() if m.id >= first), key=lambda m: m.id)
    return tid, [_opening(m) for m in posts]


async def test_R_HARAKIRI_the_last_result_reads_above_the_final_table_picture(harness):
    """Dana's maturita passes and leaves Bob and Cyril tied: the old table message keeps
    the maturita's result and the harakiri's start, the harakiri's table message becomes its
    result, then the final table picture, then the final order (review 54: the harakiri's
    result came below the picture, where its game had started)."""
    tid, posts = await _end_posts(harness, [0, 1, 2, 0], {})
    assert posts == ["■ **Maturita: Filky** – 4. tálie, 1. pokus. Dana: vyšla!",
                     "■ **Harakiri**. Body: Bob 26 · Cyril 7",
                     "**Konec lóry.**",
                     f"Konec lóry – stůl č. {tid}"]


async def test_the_last_partial_games_result_reads_above_the_final_table_picture(harness):
    """A lóra with no tie ends so too: its last maturita's result, the final table
    picture, the final order."""
    tid, posts = await _end_posts(harness, [0, 0, 1, 2], {1: 1})
    assert posts == ["■ **Maturita: Filky** – 4. tálie, 1. pokus. Dana: vyšla!",
                     "**Konec lóry.**",
                     f"Konec lóry – stůl č. {tid}"]
