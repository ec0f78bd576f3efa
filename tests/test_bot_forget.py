"""What the forget-me question says it will do, case by case, and that it does so (review 14:
it promised "an AI plays on in your seat" also where the table closes or the tournament goes
on without the player for good)."""

from __future__ import annotations

import pytest

from bot.i18n import shown_name
from bot.tournament import model
from bot.tournament.desk import standing_name
from tests.botkit import channel_delivered, open_table, reply
from tests.tournament_kit import record, started_tournament

TAIL = (" Smaže se tvé nastavení i jméno; hodnocení, statistiky a hry zůstanou, anonymně."
        " Vrátit to nejde.")
TAIL_EN = (" Your settings and your name are deleted; your rating, statistics and games stay,"
           " anonymized. This cannot be undone.")


async def test_forget_me_by_a_lobby_s_creator_says_the_lobby_closes_for_the_others(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    cyril, bob = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                  for n in ("cyril", "bob"))
    await cyril.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    await bob.click(ch.last_message, custom_id="lora:l:1:join")
    ask = reply(await bob.slash(ch, "lora forget-me"))
    assert ask.content == "Delete your personal data? You leave table 1." + TAIL_EN
    ask = reply(await cyril.slash(ch, "lora forget-me"))
    assert ask.content == (
        "Delete your personal data? You opened table 1: it closes for the others too (Bob)."
        + TAIL_EN)
    await cyril.click(ask, label="Delete my data")
    assert harness.service.tables[1].status == "aborted"
    assert harness.service.table_of_user(guild.id, bob.id) is None


async def test_forget_me_at_a_running_table_says_whether_an_ai_plays_on_or_it_closes(harness):
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    ask = reply(await bob.slash(ch, "lora forget-me"))
    assert ask.content == (
        f"Opravdu smazat tvoje osobní údaje? U stolu č. {tid} za tebe dohraje AI a vrátit se"
        " už nepůjde." + TAIL)
    seat = table.seat_of(bob.id)
    await bob.click(ask, label="Smazat moje údaje")
    assert table.status == "playing"
    # review 14: the event line said "anonymous" (English, lower case) at a Czech table
    assert table.seats[seat].name == "anonymous"  # (the stored marker, as in old tables)
    assert table.names()[seat] == "Anonym"
    assert "Anonym opouští hru – místo převzala AI." in table.recent.lines
    assert shown_name("anonymous", "en") == "Anonymous"
    ask = reply(await alice.slash(ch, "lora forget-me"))  # the last person there
    assert ask.content == (
        f"Opravdu smazat tvoje osobní údaje? U stolu č. {tid} kromě tebe nehraje žádný další"
        " hráč: stůl se zruší a hra se nezapočítá." + TAIL)
    await alice.click(ask, label="Smazat moje údaje")
    assert table.status == "aborted"


@pytest.mark.settle(5.0)
async def test_forget_me_in_a_running_tournament_says_it_is_a_withdrawal(harness):
    ch, ann, message = await started_tournament(harness, "taroky", ("easy",) * 3, rounds=1,
                                                round_deals=1, turn_timer=20)
    (slot,) = model.tables_of(await record(harness, 1), 1)
    ask = reply(await ann.slash(ch, "taroky forget-me"))
    assert ask.content == (
        "Opravdu smazat tvoje osobní údaje? Z turnaje č. 1 odstoupíš: za tebe dohraje AI"
        " (u rozehraného stolu hned) až do konce turnaje. Turnaj č. 1, který pořádáš, se"
        " dohraje; zrušit ho pak může jen správce serveru." + TAIL)
    await ann.click(ask, label="Smazat moje údaje")
    table = harness.service.tables[slot.table_id]
    assert table.seat_of(ann.id) is None and table.humans() == []  # (AIs play it out)
    rec = await record(harness, 1)
    assert model.entrant_of_user(rec, ann.id) is None
    gone = next(e for e in rec.entrants if e.user_id is None and e.ai_level is None)
    assert (standing_name(rec, gone, "cs"), standing_name(rec, gone, "en")) == (
        "Anonym (AI od 1. kola)", "Anonymous (AI from round 1)")


@pytest.mark.settle(5.0)
@pytest.mark.parametrize(("who", "says"), [
    ("bob", "You leave the list of tournament 1."),
    ("ann", "Tournament 1, which you organise, is cancelled (without its organiser nobody "
            "could start it)."),
])
async def test_forget_me_in_a_registering_tournament(harness, who, says):
    """Before the start a player's registration goes (a nameless entry would have been
    played by an AI once the tournament starts); the organiser's tournament is cancelled
    (nobody else could start it, only a server manager cancel it). The question says so."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann, bob = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                for n in ("ann", "bob"))
    await ann.slash(ch, "lora tournament", language="cs")
    message = ch.last_message
    await ann.click(message, custom_id="lora:tn:1:join")
    await bob.click(message, custom_id="lora:tn:1:join")
    forgets = {"ann": ann, "bob": bob}[who]
    ask = reply(await forgets.slash(ch, "lora forget-me"))
    assert ask.content == "Delete your personal data? " + says + TAIL_EN
    await forgets.click(ask, label="Delete my data")
    await channel_delivered(harness, ch.id)
    rec = await record(harness, 1)
    if who == "bob":
        assert rec.status.value == "registration"
        assert [e.name for e in rec.entrants] == ["Ann"]
    else:
        assert rec.status.value == "cancelled"


def test_the_history_shows_a_forgotten_player_in_the_reader_s_language() -> None:
    """Review 14: ``/… history`` listed an archived seat of a forgotten player as the stored
    marker "anonymous" (English, lower case) also in Czech."""
    from bot.results_csv import seat_name as _name

    assert _name("anonymous", False, "cs") == "Anonym"
    assert _name("anonymous", True, "en").startswith("Anonymous")
    assert _name("Bob", False, "cs") == "Bob"
