"""Taroky through the real bot in SimCord: a whole round played by clicks over constructed
deals reaching every game (first duty with a flekked announced pagát and a secret partner,
second duty, preferans with both sets of three shown, solo, Warsaw chosen and pushed, a
silent solo), with a restart in every phase; the round clock; the records."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games.taroky.stats import taroky_stats
from bot.games.taroky.words import card_label
from engine.taroky.actions import Discard, Play
from engine.taroky.cards import PAGAT, parse_card, parse_cards
from engine.taroky.events import CardPlayed
from tests.botkit import channel_delivered, enabled_controls, raw_click, reply
from tests.taroky.helpers import WORKED_HANDS, WORKED_TALON, fill
from tests.taroky_kit import (
    XIX,
    Clickers,
    find_deal,
    given,
    holds,
    open_taroky,
    scripted,
)

NAMES = ["alice", "bob", "carol", "dave"]


def _deals() -> list[Any]:
    """Seven constructed deals; deal n is dealt by seat (2 + n) % 4 (T-SEATS)."""
    return [
        given(WORKED_HANDS, WORKED_TALON),  # 1: předák 0 plays 1P, calls XIX held by seat 2
        find_deal(0, lambda d, p: holds(d, 2, PAGAT) and not holds(d, 2, XIX)),  # 2: 2P by 2
        find_deal(1, lambda d, p: True),  # 3: 3P by předák 2, both trojkas shown
        find_deal(2, lambda d, p: True, seed=7),  # 4: 6P by seat 0
        find_deal(3, lambda d, p: True, seed=3),  # 5: Varšava chosen by předák 0
        find_deal(0, lambda d, p: True, seed=5),  # 6: Varšava pushed (žďuch) by zadák 0
        find_deal(1, lambda d, p: holds(d, 2, XIX) and not any(
            parse_card("XIX") == c for c in d[1])),  # 7: tiché sólo by předák 2
    ]


SCRIPTS: list[dict[str, Any]] = [
    {"bid": {0: "1P"}, "choose": {0: "1P"}, "call": {0: "XIX"},
     "announce": {0: ["pagat"], 1: ["flek:pagat"]}},
    {"bid": {1: "1P", 2: "2P"}, "call": {2: "XIX"}},
    {"bid": {2: "3P"}, "trojka": {2: (False, False)}},
    {"bid": {3: "1P", 0: "6P"}, "announce": {1: ["flek:game"]}},
    {"bid": {0: "1P"}, "choose": {0: "W"}},
    {"bid": {1: "1P", 0: "zduch"}},
    {"bid": {2: "1P"}, "choose": {2: "1P"}, "call": {2: "XIX"}},
]
GAMES = ["1P", "2P", "3P3", "6P", "W", "W", "1P"]


async def _restart(h: Any, clickers: Clickers) -> Clickers:
    before = clickers.table.state.to_json()
    await h.restart()
    table = h.service.tables[clickers.tid]
    assert table.state.to_json() == before
    again = Clickers(h, clickers.ch, clickers.tid, list(clickers.users.values()))
    again.clicks = clickers.clicks
    return again


async def test_a_whole_round_by_clicks_every_game_and_a_restart_in_every_phase(harness):
    deals = _deals()
    guild, ch, users, tid = await open_taroky(harness, NAMES, deals)
    clickers = Clickers(harness, ch, tid, users)
    restarted: set[str] = set()
    for n, script in enumerate(SCRIPTS):
        policy = scripted(script)
        table = clickers.table
        assert table.state.deal.deal_no == n + 1
        while not table.state.finished and table.state.deal.deal_no == n + 1:
            phase = table.state.deal.phase
            mid_trick = phase == "play" and len(table.state.deal.trick) == 2
            key = "mid_trick" if mid_trick else phase
            if key not in restarted:
                restarted.add(key)
                clickers = await _restart(harness, clickers)
                table = clickers.table
            await clickers.act(policy(table.state))
            table = clickers.table
        row = table.state.protocol[n]
        assert row.game == GAMES[n], (n, row.game)
    table = clickers.table
    assert restarted == {"bid", "choose", "call", "trojka", "discard", "announce", "play",
                         "mid_trick"}
    rnd = table.state
    assert rnd.finished and table.status == "finished"
    rows = rnd.protocol
    assert rows[0].pagat is not None and rows[0].pagat.announced and rows[0].flek[1] == 1
    assert rows[0].partner == 2 and not rows[0].alone
    assert rows[1].declarer == 2 and rows[1].pagat is not None and rows[1].pagat.announced
    assert rows[2].shown and len(rows[2].shown) == 6  # both trojkas shown
    assert rows[3].declarer == 0 and rows[3].flek[0] == 1
    assert not rows[4].zduch and rows[5].zduch
    assert rows[6].tiche_solo and rows[6].alone
    assert clickers.clicks > 300
    # the end: the final order by results, the protocol picture, archived per game
    final = next(m for m in ch.history() if m.embeds and m.embeds[0].title
                 == f"Konec kola – stůl č. {tid}")
    lines = final.embeds[0].fields[0].value.splitlines()
    outcome = rnd.outcome()
    assert len(lines) == 4 and lines[0].startswith(f"{outcome.places[outcome.order()[0]]}\\. ")
    assert "výsledek" in lines[0] and "Kč" in lines[0]
    assert final.attachments[0].filename == "protokol.png"
    store = harness.bot.store
    [game] = await store.recent_games(guild.id, "taroky")
    assert (await store.leaderboard(guild.id, "lora"))[1] == 0
    assert (await store.leaderboard(guild.id, "taroky"))[1] == 4
    res = await users[0].slash(ch, "taroky export", game=game.table_id)
    png, record, results = reply(res).attachments
    assert png.filename == f"taroky-{game.table_id}.png"
    assert png.description.startswith("Výsledky kola – vyhrává ")
    assert final.attachments[0].description.startswith("Výsledky kola – vyhrává ")
    assert results.filename == f"taroky-{game.table_id}.csv"
    data = json.loads(await record.read())
    from engine.taroky import SPEC

    assert SPEC.replayed(data).outcome() == outcome
    # statistics from the archived protocol
    stats = await store.player_stats(guild.id, users[0].id, "taroky")
    mine = taroky_stats(stats)
    assert mine.deals == 7 and mine.declared["1P"] == 1 and mine.declared["6P"] == 1
    assert mine.pagat_announced == 1
    assert mine.money == sum(r.money[0] for r in rows)
    res = await users[0].slash(ch, "taroky stats")
    embed = reply(res).embeds[0]  # in the language of the table she played at
    assert embed.title == "Statistiky Taroků – Alice"
    assert any(f.name == "Hry vydražitele (vyhrané)" for f in embed.fields)


async def test_the_hand_shows_the_phase_controls_and_the_engine_reasons(harness):
    deal = given(WORKED_HANDS, WORKED_TALON)
    # an English table: its hands are English (a table's language rules its private messages)
    guild, ch, users, tid = await open_taroky(harness, NAMES, [deal], language="en")
    c = Clickers(harness, ch, tid, users)
    alice = users[0]
    hand = await c.open_hand(alice)
    labels = {x["label"]: x for row in hand.components for x in row["components"]}
    assert list(labels) == ["1P – first duty", "2P – second duty", "3P – preferans",
                            "6P – solo", "Pass", "Push (Warsaw)"]
    assert labels["Pass"]["disabled"] and labels["Push (Warsaw)"]["disabled"]
    assert not labels["1P – first duty"].get("disabled")
    assert "The forehand must open the bidding; passing is not allowed." in hand.content
    # a modified client clicks the disabled Pass: the game has not moved, the rules refuse
    # it with the reason the hand gives, and the hand keeps it
    before = c.table.state.to_json()
    res = await raw_click(alice, hand, labels["Pass"]["custom_id"])
    assert [f.content for f in res.followups] == [
        "The rules do not allow that: The forehand must open the bidding; passing is not "
        "allowed."]
    assert "The forehand must open the bidding; passing is not allowed." in hand.content
    assert c.table.state.to_json() == before
    await c.act(scripted({"bid": {0: "1P"}})(c.table.state))
    for _ in range(3):
        await c.act(scripted({})(c.table.state))
    hand = await c.open_hand(alice)
    labels = [x["label"] for x in enabled_controls(hand)]
    assert labels == ["1P – first duty", "2P – second duty", "Warsaw"]  # as when bidding
    await c.act(scripted({"choose": {0: "1P"}})(c.table.state))
    hand = await c.open_hand(alice)
    assert [x["label"] for x in enabled_controls(hand)] == ["XIX"]
    assert "whoever holds it is your partner" in hand.content
    await c.act(scripted({"call": {0: "XIX"}})(c.table.state))
    # four cards to lay away: one select of the cards of a legal whole discard
    hand = await c.open_hand(alice)
    [select] = enabled_controls(hand)
    offered = [o["label"] for o in select["options"]]
    assert select["min_values"] == select["max_values"] == 4
    assert offered == ["J♥", "C♥", "Q♥", "3♦", "C♣\ufe0e", "8♠\ufe0e", "J♠\ufe0e"]
    assert "I K♥: A king, the pagát, the mond or the Škýz cannot be laid away." in hand.content
    assert "You may lay away a tarok only" in hand.content
    assert "your partner is whoever holds XIX" in hand.content
    # Carol, the secret partner, knows it; Bob does not
    carol = users[2]
    hand_c = await c.open_hand(carol)
    assert "XIX, partner: Alice – the others do not know yet" in hand_c.content
    hand_b = await c.open_hand(users[1])
    assert "partner" not in hand_b.content
    assert ("Opponents: Alice (first duty) and whoever holds XIX; the other player is on"
            " your side.") in hand_b.content
    # the choice is applied as a whole, in an order the engine accepts
    values = [json.dumps(Discard(0, parse_card(x)).to_json(), separators=(",", ":"))
              for x in ("Jh", "Ch", "Qh", "3k")]
    await alice.select(hand, values, custom_id=select["custom_id"])
    rnd = c.table.state
    assert rnd.deal.discards[0] == parse_cards("Jh Ch Qh 3k")
    assert rnd.to_act == 1


async def test_T_TALON_411_each_taker_reads_the_talon_cards_he_took_and_nobody_else(harness):
    """1P: the declarer buys 4 talon cards, the next two seats 1 each (T-TALON-411); the
    hand said only "Lay 4 cards away" and drew them among the rest, unmarked. Each taker's
    hand names the cards he took and draws them apart ("From the talon") while the discard
    lasts; the seat that took none reads no such line; nobody reads another seat's cards."""
    from bot.games.taroky.pictures import render_hand
    from bot.games.taroky.pictures.hand import extra_cards

    deal = given(WORKED_HANDS, WORKED_TALON)  # talon XVIII Ch 3k Jp | 7x | XIII
    took = {0: "XVIII C♥ 3♦ J♠\ufe0e", 1: "7♣\ufe0e", 2: "XIII"}
    # once laid away, the line says so in the usual order (review 68: "Z talonu máš: XVIII
    # C♥ 3♦ J♠" after 3♦ and J♠ were laid away)
    laid_away = {0: "Jh Ch Qh 3k", 1: "4h"}  # (the script's discards; D♥ or Q♥ by language)
    both = {"en": "From the talon you took: {} · laid away: {}.",
            "cs": "Vzato z talonu: {} · odloženo za talon: {}."}
    for lang, line in (("en", "From the talon you took: {}."), ("cs", "Vzato z talonu: {}.")):
        _g, ch, users, tid = await open_taroky(harness, NAMES, [deal], language=lang)
        c = Clickers(harness, ch, tid, users)
        laid = {s: " ".join(card_label(x, lang) for x in parse_cards(cards))
                for s, cards in laid_away.items()}
        script = scripted({"bid": {0: "1P"}, "choose": {0: "1P"}, "call": {0: "XIX"}})
        while c.table.state.deal.phase != "discard":
            await c.act(script(c.table.state))
        for step in range(3):  # the declarer lays 4 away, then seat 1 one card, seat 2 one
            assert c.table.state.to_act == step
            for seat, user in enumerate(users):
                hand = await c.open_hand(user)
                lines = hand.content.split("\n")
                mine = [x for x in lines if x.startswith(line.partition("{")[0])]
                said = ([] if seat not in took else [both[lang].format(took[seat], laid[seat])]
                        if seat < step else [line.format(took[seat])])
                assert mine == said, (seat, lines)
                others = {card for s, cards in took.items() if s != seat
                          for card in cards.split()}
                words = {w.strip(".,:;()") for w in hand.content.split()}
                assert not others & words, (seat, others & words)  # hidden from this seat
                view = c.table.state.view(seat)
                assert await hand.attachments[0].read() == render_hand(
                    view, c.table.names(), lang)
                strip = extra_cards(view, lang)[1]  # what the picture draws below the hand
                if view.own_discards:
                    # laid away: those are drawn now, in the usual order
                    assert " ".join(card_label(x, lang) for x in strip) == laid[seat]
                else:
                    assert [card_label(x, lang) for x in strip] == (
                        took[seat].split() if seat in took else [])
            await c.act(script(c.table.state))
        assert c.table.state.deal.phase == "announce"
        for user in users:  # the discard is over: the talon is no longer told
            hand = await c.open_hand(user)
            assert line.partition("{")[0] not in hand.content


async def test_a_raw_click_on_a_disabled_call_or_card_is_told_why_as_the_hand_says(harness):
    """A raw click on a disabled control (a modified client or an old message: Discord greys
    it out) was answered only "Tenhle tah pravidla nedovolují."; it is told the engine's
    reason for that control, the one the hand shows, in the table's language — a call of a
    lower tarok, a card that does not follow suit — and nothing changes."""
    from bot.games.taroky.words import card_label
    from engine.taroky import TarokyRound
    from engine.taroky.actions import Play
    from engine.taroky.cards import cards_of
    from engine.taroky.errors import TarokyError
    from engine.taroky.options import TarokyOptions

    def refused(rnd: TarokyRound, action: Any) -> str | None:
        try:
            rnd.verify(action)
        except TarokyError as exc:
            return str(exc.code)
        return None

    def off_suit(rnd: TarokyRound) -> int | None:
        seat = rnd.to_act
        if rnd.deal.phase != "play" or seat is None:
            return None
        return next((card for card in cards_of(rnd.view(seat).hand)
                     if refused(rnd, Play(seat, card)) == "must_follow_suit"), None)

    script = scripted({"bid": {0: "1P"}, "choose": {0: "1P"}, "call": {0: "XIX"}})
    said = {
        "cs": ("Takhle to pravidla nedovolují: Volá se XIX; nižší tarok (nejníž XVI) jen s "
               "držením všech vyšších až po XIX.",
               "Takhle to pravidla nedovolují: Musíš přiznat barvu."),
        "en": ("The rules do not allow that: Call XIX; a lower tarok (XVI at the lowest) only "
               "holding every tarok above it up to XIX.",
               "The rules do not allow that: You must follow suit."),
    }
    deal = given(WORKED_HANDS, WORKED_TALON)
    for lang, (call_why, card_why) in said.items():
        _g, ch, users, tid = await open_taroky(harness, NAMES, [deal], language=lang)
        c = Clickers(harness, ch, tid, users)
        table = c.table
        rnd = TarokyRound(options=TarokyOptions.from_json(table.settings.options),
                          deals=[deal])
        for stop, label, why in ((lambda r: r.deal.phase == "call", "XVIII", call_why),
                                 (lambda r: off_suit(r) is not None, None, card_why)):
            while not stop(rnd):
                actions = script(rnd)
                for action in actions if isinstance(actions, list) else [actions]:
                    rnd.apply(action)
            table.state = rnd
            await harness.service._save(table)
            await harness.bot.controller.presenter.table_changed(table, [])
            seat = rnd.to_act
            assert seat is not None
            user = c.users[table.seats[seat].user_id]
            hand = await c.open_hand(user)
            label = label or card_label(off_suit(rnd) or 0, lang)
            [button] = [x for row in hand.components for x in row["components"]
                        if x.get("label") == label]
            assert button.get("disabled") and why.partition(": ")[2] in hand.content
            before = rnd.to_json()
            res = await raw_click(user, hand, button["custom_id"])
            assert [f.content for f in res.followups] == [why]
            assert table.state.to_json() == before and table.state.to_act == seat


async def test_an_illegal_choice_of_cards_is_refused_with_the_engines_reason(harness):
    """Four taroks chosen while a suit card is left: the engine refuses the whole choice,
    the player reads why, nothing is applied."""
    masks, talon = fill(["I II III IV V VI VII VIII IX Kh 4h 3h"], "X XI XII Kk")
    deal = ((masks[0], masks[1], masks[2], masks[3]), tuple(talon))
    guild, ch, users, tid = await open_taroky(harness, NAMES, [deal], language="en")
    c = Clickers(harness, ch, tid, users)
    script = scripted({"bid": {0: "1P"}, "choose": {0: "1P"}, "call": {0: "XIX"}})
    while c.table.state.deal.phase != "discard":
        await c.act(script(c.table.state))
    alice = users[0]
    hand = await c.open_hand(alice)
    [select] = enabled_controls(hand)
    assert [o["label"] for o in select["options"]] == [
        "4♥", "3♥", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]
    before = c.table.state.to_json()
    values = [json.dumps(Discard(0, parse_card(x)).to_json(), separators=(",", ":"))
              for x in ("II", "III", "IV", "V")]
    res = await alice.select(hand, values, custom_id=select["custom_id"])
    assert reply(res).content == (
        "The rules do not allow that: You may lay away a tarok only when you hold nothing "
        "but taroks and kings.")
    assert c.table.state.to_json() == before  # nothing of it was applied
    assert (await harness.bot.store.get_table(tid)).state == before
    # with the suit card it is a legal discard, laid away in an order the engine accepts
    hand = await c.open_hand(alice)
    [select] = enabled_controls(hand)
    values = values[:2] + [json.dumps(Discard(0, parse_card(x)).to_json(),
                                      separators=(",", ":")) for x in ("4h", "3h")]
    await alice.select(hand, values, custom_id=select["custom_id"])
    assert c.table.state.deal.discards[0] == parse_cards("4h 3h II III")


async def test_the_round_clock_ends_the_round_after_the_deal_in_progress_even_across_a_restart(
        harness):
    """round_limit = 15 minutes: after 15 minutes (SimCord's clock) the table asks the
    engine to end the round (EndRound, logged by nobody), the deal in progress is played
    out and the round is over. A restart in between keeps the start and re-arms the rest."""
    env = harness.env
    guild, ch, users, tid = await open_taroky(harness, ["alice"], None, ("easy", "easy", "easy"),
                                              round_minutes=15)
    table = harness.service.tables[tid]
    started = table.clock_started
    assert started is not None and abs(started - harness.now()) < 5
    status = table_status(ch, table)
    assert f"Kolo skončí <t:{int(started + 900)}:R>" in status
    await env.advance_time(600)
    assert not table.state.ending
    await harness.restart()
    table = harness.service.tables[tid]
    assert table.clock_started == started  # kept across the restart
    await env.advance_time(299)
    assert not table.state.ending
    await env.advance_time(2)
    await channel_delivered(harness, ch.id)
    assert table.state.ending and not table.state.finished
    assert table.state.log[-1].to_json() == {"end_round": True}
    rec = await harness.bot.store.table_actions(tid)
    assert rec[-1]["action"] == {"end_round": True} and rec[-1]["by"] == "autoplay"
    assert "⏱ Čas kola vypršel" in "\n".join(m.content for m in ch.history())
    assert "Čas vypršel – toto rozdání je poslední." in table_status(ch, table)
    deal_no = table.state.deal.deal_no
    c = Clickers(harness, ch, tid, users)
    while not table.state.finished:
        await c.act(scripted({})(table.state))
    assert table.state.deal.deal_no == deal_no and len(table.state.protocol) == deal_no
    assert table.status == "finished"
    [game] = await harness.bot.store.recent_games(guild.id, "taroky")
    assert game.unrated_reason == "too_few_humans"


async def test_a_person_at_a_table_with_a_round_clock_waits_for_no_ai(harness):
    """A round by the clock with a person present: the AI seats move at once after each of
    her clicks (``PACE_SECONDS`` holds back only tables where nobody is present)."""
    from bot.service import PACE_SECONDS

    _guild, ch, users, tid = await open_taroky(harness, ["alice"], None,
                                               ("easy", "easy", "easy"), round_minutes=15)
    table = harness.service.tables[tid]
    c = Clickers(harness, ch, tid, users)
    while not table.state.protocol:  # a whole deal: some 45 AI moves
        await c.act(scripted({})(table.state))
    assert harness.now() - table.clock_started < PACE_SECONDS
    assert not harness.service.driver.paces


def table_status(ch: Any, table: Any) -> str:
    message = next(m for m in ch.history() if m.id == table.message_id)
    return message.embeds[0].description


async def test_an_absent_player_gets_a_reminder_then_an_ai_stand_in(harness):
    env = harness.env
    guild, ch, users, tid = await open_taroky(harness, ["alice", "bob"], None,
                                              ("easy", "easy"), turn_timer=40)
    table = harness.service.tables[tid]
    assert table.state.to_act == 0 == table.seat_of(users[0].id)  # the předák opens
    await env.advance_time(21)
    await channel_delivered(harness, ch.id)
    assert ch.last_message.content == (f"{users[0].mention}, máš na tah ještě 20 s; pak za "
                                       "tebe bude hrát AI, dokud znovu neklikneš.")
    await env.advance_time(21)
    await channel_delivered(harness, ch.id)
    alice = table.seats[0]
    assert alice.absent and alice.ai_moves == 1 and table.state.deal.bids[0][0] == 0
    embed = next(m for m in ch.history() if m.id == table.message_id).embeds[0]
    assert ("Alice nereaguje, a tak za hráče hraje AI, dokud znovu neklikne."
            in embed.description)
    await Clickers(harness, ch, tid, users).open_hand(users[0])
    assert not alice.absent


async def test_a_player_back_after_leaving_reads_what_the_ai_said_for_him_truly(harness):
    """Bob leaves the table in the bidding and takes his seat back: his hand told him what
    the AI said for him "in your absence", as if he had idled; it says "Za tebe hrála AI"
    (he left it on purpose), as the Lóra hand does."""
    env = harness.env
    _g, ch, users, tid = await open_taroky(harness, ["alice", "bob"], None, ("easy", "easy"))
    table = harness.service.tables[tid]
    alice, bob = users
    seat = table.seat_of(bob.id)
    ask = reply(await bob.slash(ch, "taroky leave"))
    await bob.click(ask, label="Odejít, dohraje AI")
    clickers = Clickers(harness, ch, tid, users)
    while table.seats[seat].ai_moves < 1:
        if table.seats[table.state.to_act].user_id is None:
            await env.settle()
            continue
        await clickers.act(scripted({})(table.state))
    offer = reply(await bob.click(clickers.table_message(), label="Moje karty"))
    await bob.click(offer, label="Vrátit se ke stolu")
    told = [line for line in offer.content.splitlines() if "hrála AI" in line]
    assert len(told) == 1 and told[0].startswith("Za tebe hrála AI – licitace: "), told


STOOD_IN = {
    "cs": ("Za nepřítomného hráče Alice hrála AI – licitace: první povinnost; hlášení: dobrá.",
           "Za tebe hrála AI – licitace: první povinnost; hlášení: dobrá;"
           " karty: V."),
    "en": ("An AI played for the absent player Alice – bidding: first duty;"
           " announcements: pass.",
           "An AI played for you – bidding: first duty; announcements: pass;"
           " cards: V."),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_what_an_ai_said_for_an_absent_player_is_told_where_the_bids_are_read(harness,
                                                                                     lang):
    """The AI standing in for Alice opens the bidding (the předák must bid: the lowest game),
    passes in the announcements and plays her first card: the table's status says what it
    said while the deal lasts (her card is in the event lines), and her hand says all of it,
    the card too, when she is back — after a restart too (the seat keeps the versions of
    the AI's moves for her)."""
    env = harness.env
    guild, ch, users, tid = await open_taroky(harness, ["alice", "bob"], None,
                                              ("easy", "easy"), turn_timer=40, language=lang)
    table = harness.service.tables[tid]
    await env.advance_time(42)  # Alice does not bid in time: an AI stands in for her
    assert table.seats[0].absent and table.state.deal.bids == [(0, "1P")]
    public, own = STOOD_IN[lang]
    clickers = Clickers(harness, ch, tid, users)
    while table.state.deal.phase != "play":  # Bob passes and says nothing; the AIs play
        assert table.seats[table.state.to_act].user_id == users[1].id
        await clickers.act(scripted({})(table.state))
    assert public in table_status(ch, table).splitlines()
    clickers = await _restart(harness, clickers)
    table = clickers.table
    hand = await clickers.open_hand(users[0])  # she is back
    assert not table.seats[0].absent
    lines = hand.content.splitlines()
    title = next(i for i, line in enumerate(lines) if line.startswith("**"))
    assert own in lines and lines.index(own) == title + 2  # under the title and her role
    assert public in table_status(ch, table).splitlines()
    # the next deal: nothing said for her any more
    while table.state.deal.deal_no == 1:
        seat = table.state.to_act
        if table.seats[seat].user_id is None:
            await env.settle()
            continue
        await clickers.act(scripted({})(table.state))
    assert public not in table_status(ch, table).splitlines()
    hand = await clickers.open_hand(users[0])
    assert own not in hand.content


async def test_a_player_back_is_told_the_cards_an_ai_played_for_him(harness):
    """Bob idles in the play: the AI plays his cards until he clicks again. The public lines
    keep only the last few events, so his hand names all of them, in order."""
    env = harness.env
    guild, ch, users, tid = await open_taroky(harness, ["alice", "bob"], None,
                                              ("easy", "easy"), turn_timer=40)
    table = harness.service.tables[tid]
    clickers = Clickers(harness, ch, tid, users)
    while table.state.deal.phase != "play" or table.state.to_act != 1:
        if table.seats[table.state.to_act].user_id is None:
            await env.settle()
            continue
        await clickers.act(scripted({})(table.state))
    await env.advance_time(42)  # Bob does not play in time: an AI stands in for him
    assert table.seats[1].absent
    while table.seats[1].ai_moves < 3:  # Alice plays on; the AI plays for Bob
        if table.seats[table.state.to_act].user_id is None:
            await env.settle()
            continue
        await clickers.act(scripted({})(table.state))
    hand = await clickers.open_hand(users[1])
    assert not table.seats[1].absent
    told = "Za tebe hrála AI – karty: VI, 4♦, Škýz, D♣\ufe0e."
    assert told in hand.content.splitlines()
    # his hands tell it until he plays a card himself, not in every later hand of the deal
    while table.state.to_act != 1:
        await clickers.act(scripted({})(table.state))
    assert told in (await clickers.open_hand(users[1])).content.splitlines()
    await clickers.act(scripted({})(table.state))  # his own card
    deal = table.state.deal.deal_no
    while table.state.to_act != 1:
        await clickers.act(scripted({})(table.state))
    assert table.state.deal.deal_no == deal
    assert told not in (await clickers.open_hand(users[1])).content


async def test_a_forced_card_is_marked_in_the_hand_also_after_a_restart(harness):
    """A human's only legal card is played for him (autoplay); his hand marks it in the
    trick — the same after a restart (the events a hand words are saved with the table)."""
    from bot.games.taroky.hand import forced_cards

    env = harness.env
    guild, ch, users, tid = await open_taroky(harness, ["alice", "bob"], None,
                                              ("easy", "easy"))
    table = harness.service.tables[tid]
    clickers = Clickers(harness, ch, tid, users)

    def forced_in_trick() -> int | None:
        deal = table.state.deal
        if deal.phase != "play":
            return None
        for seat in (0, 1):
            forced = forced_cards(table.events, seat)
            if forced and forced[-1] in deal.trick:
                return seat
        return None

    while (seat := forced_in_trick()) is None:
        assert table.state.deal.deal_no < 20
        if table.seats[table.state.to_act].user_id is None:
            await env.settle()
            continue
        await clickers.act(scripted({})(table.state))
    before = (await clickers.open_hand(users[seat])).content
    assert " (automaticky)" in next(line for line in before.splitlines()
                                    if line.startswith("Ve štychu: "))
    clickers = await _restart(harness, clickers)
    assert (await clickers.open_hand(users[seat])).content == before


# Alice (seat 0, předák) plays first duty and leads XVII to trick 4; the AIs, fixed to the
# kit's default policy (first legal card), lead 4♣ and then a tarok, and her K♥ and XXI are
# her only legal cards in tricks 5 and 6 (autoplay): one click, three of her cards. She leads
# trick 7 and 11 herself; her D♣ to trick 10 goes by itself too, alone.
FORCED_HANDS = ["I VI XIV XVII XXI 3h 2k 9x 10x Jx Qx 10p",
                "IV IX XI XV XVI 2h Ah Qh 3k Jk 9p Qp",
                "V VIII X XIII XVIII XX Sk 4h 7x 8p Cp Kp",
                "III VII XII XIX Ch 4k Qk Kk 8x Cx Kx Jp"]
FORCED_TALON = "Ak Jh 7p Kh II Ck"
FORCED_CHAIN = {"cs": "Automaticky šly tvoje karty (pokaždé jediná možná): K♥ (5. štych),"
                      " XXI (6. štych).",
                "en": "Played for you automatically (each time your only playable card):"
                      " K♥ (trick 5), XXI (trick 6)."}
FORCED_ONE = {"cs": "V 10. štychu šla tvoje karta D♣\ufe0e (automaticky).",
              "en": "Your card Q♣\ufe0e went to trick 10 (played automatically)."}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_one_click_that_plays_a_chain_of_forced_cards_is_told_in_one_line(harness, lang):
    """Review 28: one click may play her card and then her only card in trick after trick;
    her hand told only the last of them ("V 6. štychu šla tvoje karta XXI") and the K♥ of
    trick 5 went without a word. Now one line names each with its trick, until she plays
    a card herself; one card alone keeps its sentence. Only her hand tells it: at the table
    it would tell that she had no other card to play."""
    from tests.taroky_kit import default_policy

    env = harness.env
    _g, ch, users, tid = await open_taroky(harness, ["alice"],
                                           [given(FORCED_HANDS, FORCED_TALON)],
                                           ("easy",) * 3, language=lang)
    table = harness.service.tables[tid]
    assert table.seat_of(users[0].id) == 0

    async def first_legal(kind, level, view, seed, **kw):  # type: ignore[no-untyped-def]
        chosen = default_policy(table.state)  # the AIs' choices fixed: the chain is certain
        return (chosen[0] if isinstance(chosen, list) else chosen).to_json()

    harness.service.ai.decide = first_legal
    clickers = Clickers(harness, ch, tid, users)

    async def play_until(tricks: int) -> list[str]:
        """Alice's hand once she is to play with tricks done, as she opens it."""
        while not (table.state.deal.phase == "play" and table.state.to_act == 0
                   and len(table.state.view(0).public.history) == tricks):
            assert not table.state.finished and table.state.deal.deal_no == 1
            if table.state.to_act != 0:
                await env.settle()
                continue
            await clickers.act(default_policy(table.state))
        return (await clickers.open_hand(users[0])).content.splitlines()

    await play_until(3)
    assert len(table.state.legal_actions()) > 1  # her own choice: XVII leads trick 4
    lines = await play_until(6)
    log = table.state.deal.log
    auto = [a.card for a in log[-8:] if isinstance(a, Play) and a.seat == 0]
    assert [card_label(c, lang) for c in auto] == ["K♥", "XXI"]
    assert lines[2] == FORCED_CHAIN[lang], lines  # under the title and her role
    assert not any("automati" in line.lower()
                   for line in [*table.recent.lines, table_status(ch, table)])
    # her own card ends it
    await clickers.act(default_policy(table.state))
    lines = await play_until(8)
    assert FORCED_CHAIN[lang] not in lines and FORCED_ONE[lang] not in lines, lines
    lines = await play_until(10)  # D♣, alone, in the sentence it had
    assert lines[2] == FORCED_ONE[lang] and FORCED_CHAIN[lang] not in lines, lines


def test_the_forced_card_in_the_trick_in_play_is_marked_there_and_the_last_deals_not_told():
    """``forced_cards_line`` tells the forced cards of the tricks taken; the one in the trick
    in progress is marked in the trick line, not told twice. A forced card of the deal
    before (the 12th trick's card always goes by itself) is no card of this deal, though
    she holds the same card again and did not click since (her moves of this deal before
    trick 5 are left out of the events here)."""
    from bot.games.taroky.hand import hand
    from bot.model import STATUS_PLAYING, Seat, Table, TableSettings, Unclicked
    from engine.taroky import SPEC, TarokyRound
    from engine.taroky.events import TrickTaken
    from engine.taroky.options import TarokyOptions
    from tests.taroky_kit import default_policy

    rnd = TarokyRound(options=TarokyOptions(), deals=[given(FORCED_HANDS, FORCED_TALON)])
    start = rnd.deal.start_events
    events: list[Any] = []
    while parse_card("XXI") not in rnd.deal.trick:
        if len(rnd.view(0).public.history) == 4 and not rnd.deal.trick:
            events = []  # (trick 5 begins)
        chosen = default_policy(rnd)
        for action in chosen if isinstance(chosen, list) else [chosen]:
            if rnd.to_act == 0 and len(rnd.legal_actions()) == 1 and SPEC.autoplay_allowed(rnd):
                events.append(Unclicked(0, "auto"))
            events += rnd.apply(action)
    seats: list[Seat | None] = [Seat(100 + i, n) for i, n in enumerate(NAMES)]
    table = Table(1, 1, 1, 1, TableSettings(options=rnd.options.to_json()), seats,
                  game_kind="taroky", status=STATUS_PLAYING, state=rnd, events=events)
    trick = "Ve štychu: carol XX, dave 4♦, alice XXI (automaticky)"
    told = "V 5. štychu šla tvoje karta K♥ (automaticky)."
    assert hand(table, rnd.view(0), "cs").lines[2:4] == [told, trick]
    xvii = parse_card("XVII")  # her card of trick 4, by her click in this deal
    table.events = [Unclicked(0, "auto"), CardPlayed(0, xvii),
                    TrickTaken(0, 12, (xvii, *parse_cards("Jh 7p Ck")), 0), *start,
                    *events]
    assert hand(table, rnd.view(0), "cs").lines[2:4] == [told, trick]


async def test_the_rules_at_a_table_give_that_tables_own_rules(harness):
    """The summary speaks of the tournament rules (60 minutes, 50 Kč); asked at a table of
    four deals and a stake of 20 Kč it adds that table's rules and says they are there
    instead (review 53), so nobody reads a round of 60 minutes at a table of four deals."""
    guild, ch, users, tid = await open_taroky(harness, ["alice"], None,
                                              ("easy", "easy", "easy"), round_deals=4,
                                              stake=20)
    table_message = next(m for m in ch.history() if m.id == harness.service.tables[
        tid].message_id)
    for res in (await users[0].click(table_message, custom_id=f"lora:t:{tid}:rules"),
                await users[0].slash(ch, "taroky rules")):
        embed = reply(res).embeds[0]
        assert embed.description.endswith(
            "Hraje se proti směru hodinových ručiček; délka kola, vklad a strop tohoto"
            " stolu jsou níže v Pravidlech stolu.")
        assert "60 minut" not in embed.description
        assert "**J** kluk" in embed.description  # "C♠": the card letters are explained
        # each topic a field titled by it (review 71: one block of ~3,000 characters)
        *topics, field = embed.fields
        # (review 72: the trick play, "Hra" after "Oči", read as the game: "Štychy" first)
        # (review 74: the roles and cards first, the payment after the eyes)
        assert [f.name for f in topics] == ["Role a karty", "Licitace", "1P/2P", "Preferanc",
                                            "Sólo", "Štychy", "Hlášky", "Oči", "Placení",
                                            "Varšava"]
        assert topics[1].value.startswith("Předák nesmí říct dobrá: zahajuje 1P")
        assert topics[6].value.startswith("**Hlášky** (taročky, barvy, trul, honéry…)")
        assert field.name == "Pravidla stolu"
        assert field.value.splitlines()[:4] == [
            "• Kolo: 4 rozdání",
            "• Vklad 20,00 Kč (peníze každého hráče na začátku kola; sazby nemění)",
            "• Dokup po 10,00 Kč (kdykoli by hráči peníze klesly pod nulu, automaticky se mu"
            " po této částce dokoupí)",
            "• Herní strop 40,00 Kč (nejvíc, kolik jeden hráč zaplatí druhému za jednu hru)"]
    other = guild.add_member(harness.env.create_user("eve", global_name="Eve"))
    res = await other.slash(ch, "taroky rules")  # not at a table: the summary alone
    assert [f.name for f in reply(res).embeds[0].fields] == [
        "Roles and cards", "Bidding", "1P/2P", "Preferans", "Solo", "Tricks", "Declarations",
        "Eyes", "Payment", "Warsaw"]
    assert reply(res).embeds[0].description.endswith(
        "Play goes counter-clockwise; the tournament rules play rounds of 60 minutes with a"
        " stake of 50 Kč (a table may agree on other settings).")  # (her client's English)


# The rules summary's explanations (review 27): what a newcomer reads before the buttons
# offer him a pagát, a valát, a double or a Warsaw.
SUMMARY = {
    "cs": ("Sólo: Talon se nevyměňuje: patří protihráčům a po každém z prvních šesti štychů"
           " se jedna jeho karta otočí lícem nahoru.",
           "**pagáta** (ultimo) – kdo má pagáta, slibuje, že jím vezme poslední, 12. štych",
           "**valáta**, slib strany, že vezme všech 12 štychů",
           "Ohlášený pagát platí {pagat} Kč, valát {valat} Kč; neohlášené (tiché) se počítají"
           " za polovinu",
           "Oči: Král, pagát, mond a škýz {five}, dáma {queen}, kaval {cavalier}, kluk {jack},"
           " každá jiná karta {other}; karty se počítají po třech: každá trojice za svůj součet"
           " bez 2, zbylá jedna nebo dvě karty za součet bez 1. Celý balík má {total} očí;",
           "potřebuje {need}, 35:35 je plichta (hra se neplatí).",
           "(1P, 2P a preferanc na prvních {r1} h za oko, na druhých {r2} h, na třetích {r3} h,"
           " sólo {r6} h)",
           "Malá hláška – taročky (8–9 taroků), barvičky (1–2 taroky), trul, honéry (aspoň 4"
           " honéry, z toho 2–3 králové) – platí {small} h, velká – taroky (10 a více taroků),"
           " barvy (žádný tarok), trulhonéry (trul a aspoň jeden král), královské honéry (4"
           " králové) – {large} Kč.",
           "Varšava: Každý hraje sám za sebe a nic se nehlásí;",
           "Talon leží zakrytý; po každém z prvních šesti štychů se jedna jeho karta otočí a"
           " počítá se tomu, kdo štych bere. Každý platí každému, kdo má méně očí, {w} h za oko"
           " rozdílu (hráči bez štychu, bláně, {blana} h)"),
    "en": ("Solo: No talon exchange: the talon belongs to the opponents, and one of its"
           " cards is turned face up after each of the first six tricks.",
           "**pagát ultimo** may be announced – the holder of the pagát promises to win the last,"
           " 12th trick with it",
           "**valat**, a side's promise to take all 12 tricks",
           "An announced pagát ultimo is worth {pagat} Kč, a valat {valat} Kč; unannounced"
           " (silent) they count half",
           "and all 12 tricks taken by a side that did not announce valat.",
           "Eyes: King, pagát, mond and Škýz {five}, queen {queen}, cavalier {cavalier},"
           " jack {jack}, every other card {other}; cards are counted in threes, each three worth"
           " its sum less 2, a last one or two cards their sum less 1. The pack holds {total}"
           " eyes;",
           "needs {need}, and 35:35 is a tie (the game is not paid).",
           "(1P, 2P and preferans on first cards {r1} h (haléř, 1/100 Kč) an eye, on second {r2}"
           " h, on third {r3} h, solo {r6} h)",
           "A small declaration – 8–9 taroks, 1–2 taroks, trul, honours (4 or more honours, 2–3 of"
           " them kings) – is worth {small} h, a large one – 10+ taroks, no tarok, trul with"
           " king(s), four kings – {large} Kč.",
           "Warsaw: Each plays for themselves, with no announcements;",
           "The talon stays face down; after each of the first six tricks one of its cards goes"
           " to that trick's winner. Everyone pays everyone with fewer eyes {w} h per eye of"
           " difference ({blana} h to a player with no trick)"),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_T_COUNT_T_TALON_6P_the_rules_summary_explains_its_words_as_the_engine_plays(
        harness, lang):
    """Review 27: the summary named pagát, valát, eyes and Warsaw without a word of what they
    are, and said "Solo: no talon" while the table turned a talon card after each trick. It
    explains each, with the engine's own numbers (T-DECK values, T-COUNT's 70 eyes and 36,
    T-SCORE rates, T-TALON-6P), and fits one Discord embed."""
    from engine.taroky.cards import (
        CAVALS,
        FIVES,
        FULL_DECK,
        JACKS,
        QUEENS,
        card_value,
        cards_of,
        eyes,
    )
    from engine.taroky.hlasky import VALUE
    from engine.taroky.scoring import (
        BLANA_RATE,
        PAGAT_ANNOUNCED,
        PAGAT_SILENT,
        RATES,
        VALAT_ANNOUNCED,
        VALAT_SILENT,
        VARSAVA_RATE,
    )

    def worth(mask):
        [value] = {card_value(c) for c in cards_of(mask)}
        return value

    assert (PAGAT_SILENT * 2, VALAT_SILENT * 2) == (PAGAT_ANNOUNCED, VALAT_ANNOUNCED)  # "half"
    assert eyes(FULL_DECK) == 70
    numbers = dict(
        five=worth(FIVES), queen=worth(QUEENS), cavalier=worth(CAVALS), jack=worth(JACKS),
        other=worth(FULL_DECK & ~(FIVES | QUEENS | CAVALS | JACKS)), total=eyes(FULL_DECK),
        need=eyes(FULL_DECK) // 2 + 1, pagat=PAGAT_ANNOUNCED // 100, valat=VALAT_ANNOUNCED // 100,
        r1=RATES["3P1"], r2=RATES["3P2"], r3=RATES["3P3"], r6=RATES["6P"], w=VARSAVA_RATE,
        blana=BLANA_RATE, small=VALUE["tarocky"], large=VALUE["taroky"] // 100)
    # (each small hláška and each large one worth the same: the summary says one value)
    assert {VALUE[h] for h in ("tarocky", "barvicky", "trul", "honery")} == {numbers["small"]}
    assert {VALUE[h] for h in ("taroky", "barvy", "trulhonery", "kralovske_honery")} == {
        100 * numbers["large"]}
    assert RATES["1P"] == RATES["2P"] == RATES["3P1"]
    _g, ch, users, tid = await open_taroky(harness, ["alice"], None, ("easy", "easy", "easy"),
                                           language=lang)
    table_message = next(m for m in ch.history()
                         if m.id == harness.service.tables[tid].message_id)
    embed = reply(await users[0].click(table_message, custom_id=f"lora:t:{tid}:rules")).embeds[0]
    # (each topic a field titled by it: "Sólo: Talon se …")
    text = "\n".join([embed.description, *(f"{f.name}: {f.value}" for f in embed.fields)])
    for said in SUMMARY[lang]:
        assert said.format(**numbers) in text, said
    assert "no talon." not in text and "bez talonu" not in text
    # Discord's limits: a description of 4096 characters, an embed of 6000 in all
    assert len(embed.description) <= 4096 and all(len(f.value) <= 1024 for f in embed.fields)
    assert len(embed.title) + len(embed.description) + sum(len(f.name) + len(f.value)
                                                           for f in embed.fields) <= 6000


async def test_the_hand_names_only_what_the_seat_may_do(harness):
    """The review: the předák read "hlas hru, nebo řekni dobrá" next to his disabled Dobrá;
    every announcement turn offered "pagát, valát, flek, pak Hotovo" with [Dobrá] its only
    button; "Ohlásil(a) jsi: Valát." Each prompt now names what the seat's buttons do. (A
    table without automatic moves: with them, a turn with only Hotovo left ends by itself —
    review 93, tests/test_taroky_review93.py.)"""
    deal = given(WORKED_HANDS, WORKED_TALON)
    guild, ch, users, tid = await open_taroky(harness, NAMES, [deal], autoplay=False)
    c = Clickers(harness, ch, tid, users)
    alice, carol = users[0], users[2]
    hand = await c.open_hand(alice)
    assert hand.content.splitlines()[2] == "Licitace: ohlas hru."  # (under his cards)
    script = scripted({"bid": {0: "1P"}, "choose": {0: "1P"}, "call": {0: "XIX"},
                       "announce": {0: ["pagat", "valat"], 1: ["flek:pagat"],
                                    2: ["flek:pagat"]}})

    def last_said(seat: int, item: str) -> Any:
        return lambda r: r.deal.phase == "announce" and r.deal.announcements[-1:] == [
            (seat, item)]

    await c.play_deal(script, stop=last_said(0, "valat"))
    hand = await c.open_hand(alice)
    assert hand.content.splitlines()[3] == (
        "Tvoje hlášení: pagát, valát. Víc přidat nemůžeš – skonči tlačítkem Hotovo.")
    assert [x["label"] for x in enabled_controls(hand)] == ["Hotovo"]
    await c.play_deal(script, stop=last_said(2, "flek:pagat"))
    hand = await c.open_hand(carol)  # the partner gave the re
    assert hand.content.splitlines()[3] == (
        "Tvoje hlášení: re na pagáta. Víc přidat nemůžeš – skonči tlačítkem Hotovo.")
    await c.play_deal(script, stop=last_said(3, "done"))
    hand = await c.open_hand(alice)
    assert hand.content.splitlines()[3] == (  # why (review 85), from the engine's cases
        "Hlášení: zbývá jen dobrá – pagáta už máš ohlášeného; valáta lze hlásit jen v 1."
        " tahu; flek na hru, sup na pagáta nebo flek na valáta dají jen soupeři.")
    assert [x["label"] for x in enabled_controls(hand)] == ["Dobrá"]


async def test_T_VIEW_a_finished_deal_is_shown_in_its_result_message(harness):
    """Decision 18: when a deal ends everything is shown. The table message of the deal
    becomes its result with the picture of the deal as counted (the engine's reveal: the
    talon and who took it, the discards, each seat's tricks); the round's last deal posts
    its result with its picture. A deal in progress has no such picture."""
    from bot.games import ui_of
    from bot.games.taroky.pictures import render_deal
    from bot.games.taroky.texts import finished_deal

    deals = [given(WORKED_HANDS, WORKED_TALON), find_deal(0, lambda d, p: True)]
    _guild, ch, users, tid = await open_taroky(harness, ["alice"], deals,
                                               ("easy", "easy", "easy"))
    table = harness.service.tables[tid]
    ui = ui_of("taroky")
    assert ui.named_picture(table, "deal:1", "cs") is None  # not over: nothing shown
    c = Clickers(harness, ch, tid, users)
    first = table.message_id
    policy = scripted({"bid": {0: "1P"}, "choose": {0: "1P"}, "call": {0: "XIX"}})
    while not table.state.protocol:
        await c.act(policy(table.state))
    await channel_delivered(harness, ch.id)
    record = next(m for m in ch.history() if m.id == first)
    assert record.content.startswith("■ **1. rozdání: ")
    assert "**2. rozdání** – rozdává" in record.content
    [png] = record.attachments
    assert png.filename == "rozdani-1.png"
    rnd = table.state
    # its alt text (what a screen reader says of it) says what it shows, not its result
    # line again (the post's text, read already) nor its "■" (review 52): here a Varšava,
    # the talon and each player's eyes (review 92)
    assert png.description == (
        "1. rozdání po sečtení. Talon: tarok 13, tarok 18, srdcový kaval, kárová trojka,"
        " křížová sedma, pikový kluk. Oči: Alice 21 očí, AI Karel 27 očí, AI Božena 22 očí, AI"
        " Jaroslav (blána) 0 očí.")
    deal = finished_deal(rnd, 1)
    assert deal is not None and deal.reveal is not None
    assert await png.read() == render_deal(deal, rnd.protocol[0], table.names(), "cs")
    assert ui.named_picture(table, "deal:2", "cs") is None  # in progress
    assert not [m for m in ch.history() if m.id != first and m.attachments
                and m.attachments[0].filename.startswith("rozdani")]
    while not table.state.finished:
        await c.act(scripted({})(table.state))
    await channel_delivered(harness, ch.id)
    [result] = [m for m in ch.history() if m.content.startswith("■ **2. rozdání: ")]
    [png] = result.attachments
    assert png.filename == "rozdani-2.png"
    assert await png.read() == render_deal(finished_deal(rnd, 2), rnd.protocol[1],
                                           table.names(), "cs")
    # an older deal is replayed from the round's log: the same deal as shown then
    assert finished_deal(rnd, 1) == deal


LAST_TRICK = {  # T-VIEW: the last completed trick is everybody's (its number never opens a line)
    "cs": ("Poslední štych",
           "V tomto rozdání ještě nikdo nebral štych.",
           "Poslední štych (1.), vynáší Alice: Alice I, Bob II, Carol VII, Dave III"
           " – bere **Carol**.",
           "Poslední štych (3.), vynáší Carol: Carol X, Dave 3♥, Alice XII, Bob VI"
           " – bere **Alice**."),
    "en": ("Last trick",
           "No trick has been taken in this deal yet.",
           "Last trick (no. 1), led by Alice: Alice I, Bob II, Carol VII, Dave III"
           " – taken by **Carol**.",
           "Last trick (no. 3), led by Carol: Carol X, Dave 3♥, Alice XII, Bob VI"
           " – taken by **Alice**."),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_T_VIEW_the_table_offers_the_last_trick_once_one_is_taken(harness, lang):
    """As at a Lóra table, the table message has a "last trick" button once a trick is taken:
    who led, who played what (suits by their symbols), who took it; none before (bidding, the
    first trick in progress). Its number is in brackets: "3. štych" opening a line is a
    numbered list on Discord."""
    from bot.games.taroky.texts import last_trick_text

    label, none_yet, first, third = LAST_TRICK[lang]
    _g, ch, users, tid = await open_taroky(harness, NAMES, [given(WORKED_HANDS, WORKED_TALON)],
                                           language=lang)
    clickers = Clickers(harness, ch, tid, users)
    policy = scripted(SCRIPTS[0])
    last = f"lora:t:{tid}:last"

    def ops() -> dict[str, str]:
        return {c["custom_id"]: c.get("label", "") for c in enabled_controls(
            clickers.table_message())}

    assert clickers.table.state.deal.phase == "bid" and last not in ops()
    await clickers.play_deal(policy, stop=lambda r: len(r.deal.public_view().trick) == 3)
    assert clickers.table.state.deal.phase == "play" and last not in ops()
    assert last_trick_text(clickers.table, lang) == none_yet  # (a button from before)
    for taken, text in ((1, first), (3, third)):
        await clickers.play_deal(policy, stop=lambda r, n=taken: r.deal.public_view(
            ).tricks_done == n)
        assert ops()[last] == label
        res = await users[1].click(clickers.table_message(), custom_id=last)
        assert res.ephemeral and reply(res).content == text


async def test_a_taroky_lobby_lets_its_creator_switch_the_common_rules(harness):
    """Review 71: a Taroky table's rules were only ``/taroky new``'s options (Lóra's lobby has
    a select): the creator flips Varšava (with it the push and the mond on the Škýz go), the
    sólo's talon and the tie; the seated accept again; a full lobby names who may start."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("taroky")
    alice = guild.add_member(env.create_user("alice", global_name="Alice"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    await alice.slash(ch, "taroky new", language="cs")
    table = harness.service.tables[1]

    def lobby() -> Any:
        return next(m for m in ch.history() if m.id == table.message_id)

    def select() -> dict[str, Any]:
        return next(c for c in enabled_controls(lobby()) if c["type"] == 3)

    assert [o["label"] for o in select()["options"]] == [
        "Varšava: vypnout", "Žďuchání do Varšavy: vypnout", "Mond na škýze ve Varšavě: povolit",
        "Talon v sólu: nechat skrytý", "Plichta 35:35: platit o jedno oko"]
    await bob.click(lobby(), custom_id="lora:l:1:join")
    for _ in range(2):
        await alice.click(lobby(), custom_id="lora:lai:1:easy")
    assert lobby().embeds[0].description == (
        f"Stůl je plný – hru teď může spustit zakladatel stolu <@{alice.id}>.")
    res = await bob.select(lobby(), ["tie"], custom_id=select()["custom_id"])
    assert reply(res).content == "Pravidla stolu mění jen jeho zakladatel."
    await alice.select(lobby(), ["varsava"], custom_id=select()["custom_id"])
    await alice.select(lobby(), ["solo_talon"], custom_id=select()["custom_id"])
    await alice.select(lobby(), ["tie"], custom_id=select()["custom_id"])
    options = table.settings.options
    assert (options["varsava"], options["solo_talon"], options["tie"]) == (
        False, "hidden", "one_eye")
    assert [o["label"] for o in select()["options"]] == [
        "Varšava: zapnout", "Talon v sólu: otáčet po kartě po štychu", "Plichta 35:35: neplatit"]
    embed = lobby().embeds[0]
    assert "• Varšava: ne" in embed.fields[1].value
    assert embed.description == (
        "Stůl je plný. Až všichni odsouhlasí změněná pravidla, může hru spustit zakladatel"
        f" stolu <@{alice.id}>.")
    res = await alice.click(lobby(), custom_id="lora:l:1:start")
    assert reply(res).content == ("Hru zatím nelze začít: se změněnými pravidly ještě "
                                  "musí souhlasit: Bob.")
    await bob.click(lobby(), custom_id="lora:l:1:agree")
    await alice.click(lobby(), custom_id="lora:l:1:start")
    assert table.state is not None and not table.state.options.varsava
