"""What a club reads in a tournament's channel, top to bottom, and how a tournament table is
named to its players (Lóra and Taroky through SimCord)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.games.taroky.pictures import render_sheet, render_sheet_from_export, round_from_export
from bot.storage.models import STATUS_FINISHED
from bot.tournament import model
from bot.ui.questions import CONFIRM_SECONDS
from tests.botkit import BotHarness, enabled_controls, reply
from tests.tournament_kit import TOURNAMENT_SETTLE, play_round_out, record, started_tournament

pytestmark = pytest.mark.settle(TOURNAMENT_SETTLE)


async def ai_tournament(h: BotHarness, kind: str, extra: dict[str, Any]) -> tuple[Any, Any]:
    """Eight AI players (easy) in two rounds, the organiser not playing: returns the
    channel and the finished tournament's record."""
    ch, _ann, _message = await started_tournament(h, kind, ("easy",) * 8, plays=False,
                                                  rounds=2, turn_timer=20, **extra)
    await play_round_out(h, 1, 1, steps=60)
    rec = await play_round_out(h, 1, 2, steps=60)
    assert rec.status.value == "finished"
    return ch, rec


def reading(ch: Any) -> list[str]:
    """The channel's messages in order, as a reader tells them apart."""
    out = []
    for m in ch.history():
        if m.type == discord.MessageType.thread_created:
            out.append(f"thread {m.content}")
        elif m.embeds and m.embeds[0].title and "turnaj č. 1" in m.embeds[0].title \
                and m.attachments:
            out.append(f"standings {m.embeds[0].title}")
        elif m.content and m.content.startswith("Zápisové lístky"):
            out.append(f"sheets {m.content}")
        elif m.content and m.content.startswith("Začíná"):
            out.append(f"next {m.content}")
        elif m.content and m.content.startswith("🏆"):  # (who won: a person or an AI)
            out.append("winner")
    return out


@pytest.mark.parametrize(("kind", "extra", "game"), [
    ("taroky", {"round_deals": 1}, "Taroky"), ("lora", {}, "Lóra")])
async def test_a_round_s_standings_come_before_the_next_round_s_tables(harness, kind, extra,
                                                                        game):
    ch, rec = await ai_tournament(harness, kind, extra)
    threads = {s.round_no: [] for s in rec.tables}
    for s in sorted(rec.tables, key=lambda s: (s.round_no, s.table_no)):
        threads[s.round_no].append(s.table_no)
    name = f"{game} – turnaj č. 1 · " + "{r}. kolo · stůl {n}"

    def drawn(r: int) -> str:  # review 24: who sits where, in the channel, every round
        return "\n".join([
            f"next Začíná **{r}. kolo**. Los stolů (každý stůl hraje ve svém vlákně níže):",
            *(f"Stůl {s.table_no}: " + ", ".join(model.entrant(rec, e).name for e in s.seats)
              for s in model.tables_of(rec, r))])

    assert reading(ch) == [
        drawn(1),
        *(f"thread {name.format(r=1, n=n)}" for n in threads[1]),
        f"standings {game} – turnaj č. 1: pořadí po 1. kole",
        "sheets Zápisové lístky stolů 1. kola:",
        drawn(2),
        *(f"thread {name.format(r=2, n=n)}" for n in threads[2]),
        f"standings {game} – turnaj č. 1: konečné pořadí",
        "sheets Zápisové lístky stolů 2. kola:",
        "winner"]
    assert len(model.tables_of(rec, 2)) == 2


async def test_the_export_of_a_round_two_taroky_table_draws_round_two(harness):
    """``/taroky export`` of an archived tournament table draws the tournament's round (the
    archive keeps the table's link); a game archived without it draws the engine's round,
    which is the same now."""
    ch, rec = await ai_tournament(harness, "taroky", {"round_deals": 1})
    slot = model.tables_of(rec, 2)[0]
    store = harness.bot.store
    data = await store.export_game(ch.guild.id, slot.game_id, "taroky")
    assert data["options"]["tournament"] == {
        "id": 1, "round": 2, "table": slot.table_no,
        "entrants": [model.entrant_number(rec, n) for n in slot.seats]}
    # the table's options: the tournament's rounds (2), not the engine's default 4 (review 53)
    for options in (data["options"]["options"], data["replay"]["options"]):
        assert (options["rounds"], options["round_limit"]) == (2, {"deals": 1})
    zed = ch.guild.add_member(harness.env.create_user("zed"))  # an English client
    res = await zed.slash(ch, "taroky export", game=slot.game_id)
    png = reply(res).attachments[0]
    view = round_from_export(data).public_view()
    names = data["names"]
    assert names == [model.entrant(rec, n).name for n in slot.seats]
    # the engine's round is the tournament's (review 75: every table played its first, and
    # the export's protocol rows said round 1): the link and the record agree
    assert view.round_no == 2
    assert await png.read() == render_sheet(view, names, "en", 2)  # "Score sheet – round 2"
    assert render_sheet(view, names, "en", 2) == render_sheet(view, names, "en", None)
    assert render_sheet(view, names, "en", 2) != render_sheet(view, names, "en", 1)
    old = {**data, "options": {k: v for k, v in data["options"].items()
                               if k != "tournament"}}
    assert render_sheet_from_export(old, "cs") == render_sheet(view, names, "cs", None)


@pytest.mark.parametrize(("kind", "extra", "game", "final"), [
    ("taroky", {"round_deals": 1}, "Taroky", "Konec kola"), ("lora", {}, "Lóra", "Konec lóry")])
async def test_a_tournament_table_is_named_as_the_tournament_numbers_it(harness, kind, extra,
                                                                        game, final):
    """Its thread, its table message (title and footer) and its final message say "turnaj
    č. 1 · 2. kolo · stůl N"; the bot's table id ("stůl č. 7") is nowhere beside it."""
    ch, rec = await ai_tournament(harness, kind, extra)
    for s in model.tables_of(rec, 2):
        name = f"turnaj č. 1 · 2. kolo · stůl {s.table_no}"
        thread = next(t for t in ch.threads if t.id == s.thread_id)
        assert thread.name == f"{game} – {name}"
        table = harness.service.tables.get(s.table_id) or harness.bot.controller.finished.get(
            s.table_id)
        said = [thread.name]
        for m in thread.history():
            said.append(m.content or "")
            for e in m.embeds:
                said += [e.title or "", e.description or "", e.footer.text or ""]
        assert not any("stůl č." in x for x in said), said
        titles = [e.title for m in thread.history() for e in m.embeds]
        assert f"{final} – {name}" in titles
        footers = {e.footer.text for m in thread.history() for e in m.embeds if e.footer.text}
        assert footers <= {f"Turnaj č. 1 · 2. kolo · stůl {s.table_no} · karty vidíš jen ty "
                           "(Moje karty)", f"Turnaj č. 1 · 2. kolo · stůl {s.table_no}"}
        assert table is None or table.tournament["round"] == 2


@pytest.mark.settle(5.0)  # (SimCord's default: its turn timer must not fire within a wait)
async def test_a_cancelled_tournament_s_table_says_so_in_the_tournament_s_words(harness):
    ch, ann, message = await started_tournament(harness, "taroky", ("easy",) * 3, rounds=1,
                                                round_deals=1, turn_timer=20)
    rec = await record(harness, 1)
    (slot,) = model.tables_of(rec, 1)
    thread = next(t for t in ch.threads if t.id == slot.thread_id)
    table_message = next(m for m in thread.history() if m.embeds)
    assert table_message.embeds[0].title == "Taroky – turnaj č. 1 · 1. kolo · stůl 1"
    await ann.click(message, custom_id="lora:tn:1:cancel")  # (asked first)
    ask = reply(await ann.click(message, custom_id="lora:tn:1:cancel"))
    await ann.click(ask, label="Zrušit turnaj")
    assert ("1\\. kolo u stolu 1 (turnaj č. 1) se dál nehraje – stůl byl zrušen."
            in [m.content for m in thread.history()])
    # what an old button of the closed table answers
    assert await harness.bot.controller.replies.over_text(slot.table_id, "cs") == (
        "1\\. kolo u stolu 1 (turnaj č. 1) se dál nehraje – stůl byl zrušen.")


async def test_only_the_organiser_or_a_server_manager_cancels_a_tournament(harness):
    guild = harness.env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann = guild.add_member(harness.env.create_user("ann", global_name="Ann"))
    bob = guild.add_member(harness.env.create_user("bob", global_name="Bob"))
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(harness.env.create_user("mod", global_name="Mod"), roles=[mods])
    res = await ann.slash(ch, "lora tournament", language="cs")
    assert reply(res).content.startswith("Turnaj č. 1 je")
    message = ch.last_message
    res = await bob.click(message, custom_id="lora:tn:1:cancel")
    assert reply(res).ephemeral and reply(res).content == (
        f"Turnaj může zrušit jen jeho organizátor (<@{ann.id}>) nebo správce serveru.")
    # (not registered himself, the organiser is named by a mention: shown privately, it
    # pings nobody)
    assert (await record(harness, 1)).status.value == "registration"
    res = await mod.click(message, custom_id="lora:tn:1:cancel")
    assert reply(res).content == "Turnaj č. 1 je zrušen."
    assert (await record(harness, 1)).status.value == "cancelled"


async def test_the_tournament_turn_timer_is_registered_with_its_real_range(harness):
    """Review 9: ``turn_timer`` of ``/lora tournament`` and ``/taroky tournament`` was
    registered as 0–3600 while below 20 s is refused: Discord's client now keeps a player to
    20–3600, as the option's description says. A table's own (``new``) keeps 0: no timer."""
    from discord import app_commands

    from bot.i18n import t

    found = set()
    for group in harness.bot.tree.get_commands():
        assert isinstance(group, app_commands.Group)
        for command in group.commands:
            if command.name not in ("tournament", "new"):
                continue
            timer = command.get_parameter("turn_timer")
            assert timer is not None
            low = 20 if command.name == "tournament" else 0
            assert (timer.min_value, timer.max_value) == (low, 3600), group.name
            found.add((group.name, command.name))
    assert {("lora", "tournament"), ("taroky", "tournament")} <= found
    assert t("core.tournament.opt_timer_desc", "cs") == (
        "Čas na tah v sekundách, 20–3600 (výchozí 120)")


async def click_lapsed(h: BotHarness, who: Any, ask: Any, label: str) -> Any:
    """``who`` clicks ``label`` on the question ``ask`` once it has lapsed (the controller's
    clock moved past ``CONFIRM_SECONDS``; no turn timer fires meanwhile)."""
    controller = h.bot.controller
    clock = controller.now
    controller.now = lambda: clock() + CONFIRM_SECONDS + 1
    try:
        return await who.click(ask, label=label)
    finally:
        controller.now = clock


@pytest.mark.settle(5.0)
async def test_withdrawing_from_a_running_tournament_asks_first(harness):
    """Review 12: Odstoupit withdrew at once, for good, a click away from Pořadí: it asks
    first (as leaving a tournament's table does); the question lapses, and once answered its
    button goes. Before the start, Odhlásit se stays one click (one may join again)."""
    ch, ann, message = await started_tournament(harness, "taroky", ("easy",) * 3, rounds=1,
                                                round_deals=1, turn_timer=20)
    res = await ann.click(message, custom_id="lora:tn:1:leave")
    ask = reply(res)
    assert res.ephemeral and ask.content == (
        "Opravdu odstoupit z turnaje č. 1? Za tebe dohraje AI (u rozehraného stolu hned) až "
        "do konce turnaje a vrátit se už nepůjde.")
    assert model.entrant_of_user(await record(harness, 1), ann.id).replaced_from is None
    late = await click_lapsed(harness, ann, ask, "Odstoupit, dohraje AI")
    assert reply(late).content == "Tohle potvrzení už vypršelo – nic se nestalo."
    assert enabled_controls(reply(late)) == []
    assert model.entrant_of_user(await record(harness, 1), ann.id).replaced_from is None
    ask = reply(await ann.click(message, custom_id="lora:tn:1:leave"))
    assert [b["label"] for b in enabled_controls(ask)] == ["Odstoupit, dohraje AI", "Zůstat"]
    res = await ann.click(ask, label="Zůstat")  # (nothing changes)
    assert reply(res).content == "Nic se nezměnilo." and enabled_controls(ask) == []
    assert model.entrant_of_user(await record(harness, 1), ann.id).replaced_from is None
    ask = reply(await ann.click(message, custom_id="lora:tn:1:leave"))
    res = await ann.click(ask, label="Odstoupit, dohraje AI")
    assert reply(res).content == "Z turnaje č. 1 odstupuješ; za tebe dohraje AI."
    assert enabled_controls(ask) == []
    assert model.entrant_of_user(await record(harness, 1), ann.id).replaced_from == 1


@pytest.mark.settle(5.0)
async def test_cancelling_a_running_tournament_asks_first(harness):
    """Review 14: Zrušit turnaj closed every running table at one click, beside Export and
    Odstoupit: it asks first, saying what happens; the question lapses, and "Nerušit turnaj"
    changes nothing."""
    ch, ann, message = await started_tournament(harness, "taroky", ("easy",) * 3, rounds=1,
                                                round_deals=1, turn_timer=20)
    res = await ann.click(message, custom_id="lora:tn:1:cancel")
    ask = reply(res)
    assert res.ephemeral and ask.content == (
        "Opravdu zrušit turnaj č. 1? Skončí hned a nikdo ho nevyhraje: každý stůl 1. kola, "
        "u kterého se ještě hraje, se zavře a jeho hra se nedohraje. Vrátit to nepůjde.")
    assert [b["label"] for b in enabled_controls(ask)] == ["Zrušit turnaj", "Nerušit turnaj"]
    assert (await record(harness, 1)).status.value == "playing"
    res = await ann.click(ask, label="Nerušit turnaj")
    assert reply(res).content == "Nic se nezměnilo." and enabled_controls(ask) == []
    ask = reply(await ann.click(message, custom_id="lora:tn:1:cancel"))
    late = await click_lapsed(harness, ann, ask, "Zrušit turnaj")
    assert reply(late).content == "Tohle potvrzení už vypršelo – nic se nestalo."
    assert (await record(harness, 1)).status.value == "playing"
    ask = reply(await ann.click(message, custom_id="lora:tn:1:cancel"))
    res = await ann.click(ask, label="Zrušit turnaj")
    assert reply(res).content == "Turnaj č. 1 je zrušen." and enabled_controls(ask) == []
    assert (await record(harness, 1)).status.value == "cancelled"


@pytest.mark.settle(5.0)
async def test_the_export_before_any_table_finished_says_so_without_empty_files(harness):
    """Review 14: Export right after the start sent "the tables finished so far" and an
    empty ZIP; also once cancelled with nothing played out."""
    ch, ann, message = await started_tournament(harness, "taroky", ("easy",) * 3, rounds=1,
                                                round_deals=1, turn_timer=20)
    res = await ann.click(message, custom_id="lora:tn:1:export")
    assert reply(res).ephemeral and reply(res).content == (
        "V turnaji č. 1 se zatím nedohrál žádný stůl: není co exportovat.")
    assert reply(res).attachments == []
    await ann.click(reply(await ann.click(message, custom_id="lora:tn:1:cancel")),
                    label="Zrušit turnaj")
    res = await ann.click(message, custom_id="lora:tn:1:export")
    assert reply(res).content == "V turnaji č. 1 se nedohrál žádný stůl: není co exportovat."
    assert reply(res).attachments == []


@pytest.mark.settle(5.0)
async def test_cancelling_a_registration_others_joined_asks_first(harness):
    """Before the start the organiser's own list goes at one click (nobody else loses a
    place); once others registered, the question names them."""
    guild = harness.env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann = guild.add_member(harness.env.create_user("ann", global_name="Ann"))
    bob = guild.add_member(harness.env.create_user("bob", global_name="Bob"))
    res = await ann.slash(ch, "lora tournament", language="cs")
    assert reply(res).content.startswith("Turnaj č. 1 je")
    message = ch.last_message
    await ann.click(message, custom_id="lora:tn:1:join")
    await bob.click(message, custom_id="lora:tn:1:join")
    ask = reply(await ann.click(message, custom_id="lora:tn:1:cancel"))
    assert ask.content == "Opravdu zrušit turnaj č. 1? Zruší se i pro ostatní přihlášené (Bob)."
    assert (await record(harness, 1)).status.value == "registration"
    res = await ann.click(ask, label="Zrušit turnaj")
    assert reply(res).content == "Turnaj č. 1 je zrušen."
    assert (await record(harness, 1)).status.value == "cancelled"
    res = await ann.slash(ch, "lora tournament", language="cs")
    assert reply(res).content.startswith("Turnaj č. 2 je")
    res = await ann.click(ch.last_message, custom_id="lora:tn:2:cancel")  # nobody else
    assert reply(res).content == "Turnaj č. 2 je zrušen."


@pytest.mark.settle(5.0)
async def test_a_second_tournament_is_refused_while_one_takes_registrations_in_the_channel(
        harness):
    """Review 12: a second ``/lora tournament`` in a channel whose tournament still takes
    registrations made two live registration messages there: refused, saying which."""
    guild = harness.env.create_guild()
    ch, other = guild.create_text_channel("turnaj"), guild.create_text_channel("jinde")
    ann = guild.add_member(harness.env.create_user("ann", global_name="Ann"))
    res = await ann.slash(ch, "lora tournament", language="cs")
    assert reply(res).content.startswith("Turnaj č. 1 je")
    res = await ann.slash(ch, "taroky tournament", language="cs")
    assert reply(res).ephemeral and reply(res).content == (
        "V tomto kanálu se ještě přihlašuje do turnaje č. 1: další turnaj tu jde založit, až "
        "ten začne nebo bude zrušen.")
    res = await ann.slash(other, "lora tournament", language="cs")
    assert reply(res).content.startswith("Turnaj č. 2 je")
    await ann.click(ch.last_message, custom_id="lora:tn:1:cancel")
    res = await ann.slash(ch, "lora tournament", language="cs")
    assert reply(res).content.startswith("Turnaj č. 3 je")


@pytest.mark.settle(5.0)
async def test_the_tournament_message_numbers_its_players_one_by_one_in_plain_czech(harness):
    """Review 17: one who unregisters and registers again is the last of the list, numbered
    on without a gap (not by his registration's number); the rules field and the round line
    read as Czech does ("Počet kol: 2", "1. kolo ze 2")."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann, bob, eva = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                     for n in ("ann", "bob", "eva"))
    await ann.slash(ch, "taroky tournament", language="cs", rounds=2, round_deals=1,
                    fill="organiser", turn_timer=20)
    message = ch.last_message
    for u in (ann, eva, bob):
        await u.click(message, custom_id="lora:tn:1:join")
    await eva.click(message, custom_id="lora:tn:1:leave")  # (before the start: at once)
    await eva.click(message, custom_id="lora:tn:1:join")
    await ann.select(message, ["easy"], custom_id="lora:tnai:1")
    embed = next(m for m in ch.history() if m.id == message.id).embeds[0]
    assert embed.description.endswith(
        f"__Hráči (4)__\n1\\. <@{ann.id}>\n2\\. <@{bob.id}>\n3\\. <@{eva.id}>\n"
        "4\\. AI Karel (AI, lehký)"), embed.description
    rules = next(f.value for f in embed.fields if f.name == "Pravidla turnaje")
    assert rules.startswith("Počet kol: 2\n"), rules
    # (review 75: "doplní organizátor AI hráči" read as "the organiser AI players"; what
    # becomes of one who withdraws or never moves is told whatever fills the tables)
    assert ("\nNeúplné stoly doplní organizátor (přidá AI hráče).\nČas na tah: 20 s, pak hraje"
            " AI\nKdo odstoupí nebo v celém kole neudělá ani jeden tah, za toho dál hraje AI"
            " náhradník (střední); v pořadí zůstává, na stupně vítězů ale nepostupuje.\n") in rules
    # (review 73: how the tournament scores, told before round 1 ends)
    assert rules.endswith("\nBody 4-3-2-1 podle pořadí u stolu (při shodě se body dělí); při "
                          "rovnosti bodů rozhoduje vyšší součet výsledků."), rules
    res = await ann.click(message, custom_id="lora:tn:1:start")
    assert reply(res).embeds[0].description.startswith(
        "Hraje se **1. kolo** ze 2. Každý stůl hraje ve svém vlákně.")


async def test_a_finished_tournament_s_tables_are_not_reloaded_by_a_restart_and_keep_results(
        harness):
    """Review 45: a finished tournament's tables stay in memory a while after their ends
    (their buttons answer); a restart then does not load them again, and nothing of them is
    lost — each is finished in the database, archived once with the result the tournament
    scored, and the tournament keeps its rounds and standings."""
    ch, rec = await ai_tournament(harness, "lora", {})
    store = harness.bot.store
    slots = sorted(rec.tables, key=lambda s: (s.round_no, s.table_no))
    ids = [s.table_id for s in slots]
    assert len(ids) == 4 and None not in ids
    in_memory = [i for i in ids if i in harness.service.tables]
    assert in_memory, "the round-2 tables are still in memory after their ends"
    assert all(harness.service.tables[i].status == STATUS_FINISHED for i in in_memory)
    games_before = await store.recent_games(ch.guild.id, limit=50)
    assert sorted(g.table_id for g in games_before) == sorted(ids)

    await harness.restart()
    store = harness.bot.store
    assert not set(ids) & set(harness.service.tables)
    assert 1 not in harness.bot.controller.desk.service.tournaments
    for s in slots:
        table = await store.get_table(s.table_id)
        assert table is not None and table.status == STATUS_FINISHED
    games_after = await store.recent_games(ch.guild.id, limit=50)
    assert [(g.game_id, g.table_id, g.outcome) for g in games_after] == \
        [(g.game_id, g.table_id, g.outcome) for g in games_before]  # archived once, kept
    by_table = {g.table_id: g for g in games_after}
    after = await record(harness, 1)
    assert after.status.value == "finished"
    for s, kept in zip(slots, sorted(after.tables, key=lambda s: (s.round_no, s.table_no)),
                       strict=True):
        assert (kept.table_id, kept.game_id, kept.result) == (s.table_id, s.game_id, s.result)
        outcome = by_table[s.table_id].outcome
        assert s.result is not None and outcome is not None
        assert kept.game_id == by_table[s.table_id].game_id
        assert kept.result == outcome.to_json()
    assert [r.standings for r in after.rounds] == [r.standings for r in rec.rounds]
    assert all(r.standings for r in after.rounds)
    # what an old button of it reads now comes from the database
    table = await harness.bot.controller.table(ids[-1])
    assert table is not None and table.status == STATUS_FINISHED and table.state.finished
