"""Review 75 (H1): an entrant who never clicked (the AI played every move of her seat in both
rounds) won a club's tournament, with the 🏆 and the podium, and nothing marked her. Now one
who makes no move of her own in a whole round is withdrawn from the next round on, as after
Odstoupit; he and the organiser are told in the tournament's channel; the sheet, the standings, the
message, the CSV and the JSON say why; and the 🏆 and the podium name the best of those who
played on. One who moves at all in the round is not withdrawn. Also (M3) a finished tournament
table's Pravidla answers a passer-by in the table's language, as its tournament's buttons do."""

from __future__ import annotations

import csv
import io
import json

from bot.tournament import model
from bot.tournament.pictures import sheet_lines
from bot.tournament.scoring import standings
from tests.botkit import BotHarness, channel_delivered, reply
from tests.tournament_kit import messages_with, play_round_out, record, started_with


async def test_an_entrant_who_never_moves_in_a_round_is_withdrawn_and_never_crowned(
        harness: BotHarness) -> None:
    h = harness
    ch, (ann, bob), message = await started_with(h, "taroky", ("easy", "easy"),
                                                 others=("bob",), rounds=2, round_deals=1,
                                                 turn_timer=20)
    rec = await record(h, 1)
    ann_no = model.entrant_of_user(rec, ann.id).entrant_no
    bob_no = model.entrant_of_user(rec, bob.id).entrant_no
    # round 1: Ann makes a move of her own (then the timer lets the AI play for her), Bob none
    rec = await play_round_out(h, 1, 1, people=(ann,), steps=40)
    # (round 2 is drawn at once: an AI substitute plays his seat there from the start)
    assert [(s.round_no, s.entrant_no, s.reason) for s in rec.substitutions] == [
        (1, bob_no, "absent"), (2, bob_no, "withdrawn")]
    assert model.entrant(rec, bob_no).replaced_from == 2  # withdrawn from the next round on
    assert model.entrant(rec, ann_no).replaced_from is None
    # he is mentioned himself, the organiser after it (review 80: only the organiser was,
    # first, and the line read as if it were about her)
    notices = messages_with(ch, "ani jeden tah nebyl")
    assert [m.content for m in notices] == [
        f"<@{bob.id}>, v 1. kole za tebe tahy hrála AI – ani jeden tah nebyl tvůj vlastní. Od"
        " 2. kola to turnaj počítá jako odstoupení: dál za tebe hraje AI náhradník; v pořadí"
        f" zůstáváš, na stupně vítězů ale nepostupuješ. (Na vědomí organizátorovi <@{ann.id}>.)"]
    # asking to withdraw, or for his cards, he is told why an AI plays his seat (review 80:
    # "there is no way back", and he never withdrew)
    res = await bob.click(message, custom_id="lora:tn:1:leave")
    assert res.ephemeral and reply(res).content == (
        "V 1. kole turnaje č. 1 za tebe tahy hrála AI – ani jeden tah nebyl tvůj vlastní. Proto"
        " od 2. kola hraje tvé místo AI, a to až do konce turnaje; vrátit se do něj nejde. Jak"
        " si tvé místo vede, ukáže tlačítko **Pořadí**.")
    res = await bob.slash(ch, "taroky hand")
    assert res.ephemeral and reply(res).content == (
        "V 1. kole turnaje č. 1 za tebe tahy hrála AI – ani jeden tah nebyl tvůj vlastní. Proto"
        " tvé místo převzala AI a hraje za tebe až do konce turnaje. Stůl a protokol vidíš.")
    (first,) = model.tables_of(rec, 1)
    seat = first.seats.index(bob_no)
    assert [tag.label for tag in sheet_lines(rec, first, "cs")[seat].tags] == [
        "nepřítomnost – AI"]
    assert [tag.label for tag in sheet_lines(rec, first, "en")[seat].tags] == [
        "absent – AI"]
    # round 2: the AI plays his seat from the start, as after Odstoupit
    (second,) = model.tables_of(rec, 2)
    table = h.service.tables[second.table_id]
    assert table.seats[second.seats.index(bob_no)].user_id is None
    # (from the game's start: its results say an AI played it whole — review 80)
    assert table.seats[second.seats.index(bob_no)].left_at == 0
    rec = await play_round_out(h, 1, 2, people=(ann,), steps=40)
    await channel_delivered(h, ch.id)
    assert [(s.round_no, s.entrant_no, s.reason) for s in rec.substitutions] == [
        (1, bob_no, "absent"), (2, bob_no, "withdrawn")]
    assert len(messages_with(ch, "ani jeden tah nebyl")) == 1  # (told once)

    # he keeps his place in the standings, marked; the 🏆 and the podium never name him
    shown = next(m for m in ch.history() if m.id == message.id).embeds[0].description
    assert ("2\\. Bob – nepřítomnost v 1. kole (ani jeden vlastní tah): od té doby až do konce"
            " hrála AI") in shown
    podium = shown.split("__Stupně vítězů__\n")[1].split("\n\n")[0].splitlines()
    placed = {r.entrant: r.place for r in standings(rec, 2)}
    if placed[bob_no] <= 3:
        assert podium[-1] == ("Mimo stupně vítězů (odstoupení nebo celé kolo bez vlastního"
                              " tahu): Bob (nepřítomnost – AI od 1. kola).")
        podium = podium[:-1]
    assert podium and not any("Bob" in line for line in podium), podium
    (won,) = messages_with(ch, "🏆")
    assert f"<@{bob.id}>" not in won.content
    assert won.content.split(". ")[0].count("Bob") == 0

    res = await ann.click(message, custom_id="lora:tn:1:export")
    files = {a.filename: a for a in reply(res).attachments}
    rows = list(csv.reader(io.StringIO((await files["taroky-tournament-1.csv"].read())
                                       .decode("utf-8-sig")), delimiter=";"))
    bob_row = next(r for r in rows if r[2] == "Bob")
    # (review 97: as the embed and the standings say it, not "1. kolo: …, AI od 2. kola")
    assert bob_row[-1] == "nepřítomnost – AI od 1. kola"
    assert next(r for r in rows if r[2] == "Ann")[-1] == ""
    document = json.loads(await files["taroky-tournament-1.json"].read())
    number = model.entrant_number(rec, bob_no)
    assert [(e["entrant"], e["replaced_from"], e["absent_from"])
            for e in document["entrants"] if e["name"] == "Bob"] == [(number, 2, 1)]
    seats = [seat for r in document["rounds"] for t in r["tables"] for seat in t["seats"]
             if seat["name"] == "Bob"]
    assert [seat["substitute"] for seat in seats] == ["absent", "withdrawn"]
    # (L1) the round-2 table's record and protocol rows say round 2
    assert [r["tables"][0]["outcome"]["details"]["round"] for r in document["rounds"]] == [1, 2]
    assert {row["round"] for row in document["rounds"][1]["tables"][0]["outcome"]["details"][
        "protocol"]} == {2}


async def test_a_finished_tournament_table_answers_a_passer_by_in_its_language(
        harness: BotHarness) -> None:
    """Review 75 (M3): Zdena (an English client, not seated) clicked Pravidla at a finished
    table of a Czech tournament, gone from memory: it answered in English, while the
    tournament's Pořadí answered her in Czech. A table's and a tournament's buttons answer in
    their language (unless one chose her own in /… settings)."""
    h = harness
    ch, (ann,), message = await started_with(h, "taroky", ("easy", "easy", "easy"), rounds=1,
                                             round_deals=1, turn_timer=20)
    rec = await play_round_out(h, 1, 1, rounds=1, people=(ann,), steps=40)
    (slot,) = model.tables_of(rec, 1)
    table = h.service.tables.get(slot.table_id) or h.bot.controller.finished[slot.table_id]
    h.service.tables.pop(slot.table_id, None)  # (as after ``EVICT_SECONDS``)
    h.bot.controller.finished.pop(slot.table_id, None)
    zdena = ch.guild.add_member(h.env.create_user("zdena", global_name="Zdena"))
    thread = next(t for t in ch.threads if t.id == slot.thread_id)
    table_message = next(m for m in thread.history() if m.id == table.message_id)
    res = await zdena.click(table_message, custom_id=f"lora:t:{slot.table_id}:rules")
    assert reply(res).embeds[0].title == "Taroky – stručná pravidla"
    res = await zdena.click(message, custom_id="lora:tn:1:standings")
    assert reply(res).content.startswith("**Taroky – turnaj č. 1: konečné pořadí**")
