"""What the table says, through the real bot in SimCord: the standings come before the čistá
stovka question (R-MATURITA, R-STOVKA), and a kvarta's line shows the leader's own cards and
says "odfouknutá" only of a run stopped by a played card (R-KVARTY-LEAD, R-KVARTY-NEXT)."""

from __future__ import annotations

import random

import pytest

from bot.games.lora.texts import announcements
from engine.actions import Lead
from engine.cards import parse_card
from engine.contracts import Contract
from engine.events import GameEnded, GameStarted
from engine.lora import Lora
from tests.botkit import enabled_controls, open_table, put_state, reply, table_message
from tests.helpers import at_game, deal, drive, first_legal, lora_deals, tali_deals

NAMES = ["alice", "bob", "cyril", "dana"]




async def _click(harness, ch, table, users, action):
    """The seat to act clicks ``action`` on his hand message."""
    seat = table.state.to_act
    user = next(u for u in users if table.seat_of(u.id) == seat)
    index = table.state.legal_actions().index(action)
    res = await user.click(table_message(ch, table),
                           custom_id=f"lora:t:{table.table_id}:hand")
    hand = reply(res)
    wanted = f"lora:a:{table.table_id}:{table.version}:{index}"
    assert wanted in [c["custom_id"] for c in enabled_controls(hand)]
    await user.click(hand, custom_id=wanted)


def _shown(ch):
    """What the channel shows now: each public message's text."""
    return {m.id: m.content for m in ch.history() if not m.flags.ephemeral}


def _public(ch, before):
    """The public lines that appeared since ``before`` (``_shown``), in the channel's order:
    new messages, and messages that became other text — a deal start's announcements are
    the record its old table message becomes (and announcements of one table that waited
    together arrive folded into one post), a line each."""
    return [line for m in ch.history() if not m.flags.ephemeral
            and before.get(m.id) != m.content for line in m.content.splitlines()]


async def test_the_standings_come_before_the_cista_stovka_question(harness):
    _guild, ch, users, tid = await open_table(harness, NAMES)
    table = harness.service.tables[tid]
    deals = lora_deals(0, [0, 1, 2, 3])
    probe = Lora(first_leader=0, deals=deals)
    drive(probe, lambda lo: lo.phase == "stovka")
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, lambda lo: len(lo.log) == len(probe.log) - 1)  # tálie 3, game 4 ends next
    await put_state(harness, table, lora)
    before = _shown(ch)
    await _click(harness, ch, table, users, first_legal(table.state))
    assert table.state.phase == "stovka"
    texts = _public(ch, before)
    standings = [i for i, x in enumerate(texts) if x.startswith("Stav před hrou Červený král:")]
    question = [i for i, x in enumerate(texts) if x.startswith("Před Červeným králem: hlásí někdo")]
    assert len(standings) == 1 and len(question) == 1
    assert standings[0] < question[0]
    # lora_deals: seat 0 took every trick of tálie 1's games 1–5, seat 1 of tálie 2's (40
    # each), seat 2 of tálie 3's games 1–4 (32); in kvarty and desítky the tálie's leader shed
    # everything (8 + 8 for each of the others); no maturita failed
    assert table.state.totals == [56, 56, 64, 32]
    names = table.names()
    assert texts[standings[0]] == (
        f"Stav před hrou Červený král: {names[3]} 32, {names[0]} 56, {names[1]} 56,"
        f" {names[2]} 64"
    )
    # everybody answers; červený král starts without a second standing
    before = _shown(ch)
    for _ in range(4):
        await _click(harness, ch, table, users, first_legal(table.state))  # "no"
    assert table.state.phase == "play" and table.state.game_no == 5
    texts = _public(ch, before)
    assert not any(x.startswith("Stav před hrou") for x in texts)
    king = [i for i, x in enumerate(texts) if x.startswith("▶ **Červený král**")]
    # the answers stay on record in the message of the game's start (R-STOVKA)
    assert king and texts[king[0] - 1] == "■ **Čistou stovku** nehlásí nikdo."
    assert sum(x.startswith("■ **Čistou stovku**") for x in texts) == 1


async def test_who_declared_cista_stovka_stays_on_record_once(harness):
    """The question's table message was rewritten to the next game's announcement and lost
    who declared: the announcement of červený král in tálie 3 starts with it, tálie 4's not."""
    _guild, ch, users, tid = await open_table(harness, NAMES, language="en")
    table = harness.service.tables[tid]
    deals = lora_deals(0, [0, 1, 2, 3])
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, lambda lo: lo.phase == "stovka")
    await put_state(harness, table, lora)
    names = table.names()
    before = _shown(ch)
    for yes in (True, False, True, False):
        action = next(a for a in table.state.legal_actions() if a.declare is yes)
        await _click(harness, ch, table, users, action)
    texts = _public(ch, before)
    declared = [s for s in range(4) if table.state.stovka[s]]
    assert len(declared) == 2
    line = f"■ **Clean hundred** declared by {names[declared[0]]}, {names[declared[1]]}."
    assert line in texts and texts.index(line) + 1 < len(texts)
    assert texts[texts.index(line) + 1].startswith("▶ **King of hearts**")
    # červený král of tálie 4 starts without it: it is on record once
    later = GameStarted(Contract.CERVENY_KRAL, 4, 5, leader=3, dealer=2)
    assert not any(x.startswith("■") for x in announcements(table, [later]))


# BLOWN: seat 0 leads 9h (his 9h Fh; 10h of seat 1, Sh of seat 2): complete, he tops it. Then
# 7h: 9h is played, so the run is 7h 8h with 8h of seat 3: odfouknutá, seat 0 leads again.
BLOWN = deal(
    "7h 9h Fh 7l 8l 9l 10l Ea",
    "10h Kh Sl Fl Kl El 7b 8b",
    "Sh Eh 9b 10b Sb Fb Kb Eb",
    "8h 7a 8a 9a 10a Sa Fa Ka",
)


async def test_kvarty_lines_show_own_cards_and_say_odfouknuta_only_when_it_is(harness):
    _guild, ch, users, tid = await open_table(harness, NAMES)
    table = harness.service.tables[tid]
    deals = tali_deals(0, 0)
    deals[5] = BLOWN
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, at_game(1, 6))
    await put_state(harness, table, lora)
    name = table.names()[0]
    await _click(harness, ch, table, users, Lead(0, parse_card("9h")))
    await _click(harness, ch, table, users, Lead(0, parse_card("7h")))
    lines = list(table.state.public_view().game.kvarty)
    assert [k.blown for k in lines] == [False, True]
    text = table_message(ch, table).embeds[0].description
    complete = f"• {name} vynáší 9❤️, F❤️: kvarta 9❤️ 10❤️ S❤️ F❤️; vynáší znovu."
    blown = f"• {name} vynáší 7❤️: odfouknutá kvarta 7❤️ 8❤️ (9❤️ už je venku); vynáší znovu."
    assert complete in text and blown in text
    assert text.count("odfouknutá") == 1
    assert table.state.to_act == 0


def test_R_MATURITA_standings_of_a_whole_lora_in_one_batch_are_those_of_their_moment():
    """A table of AI players (or stand-ins) brings many games in one batch: each "Stav před
    hrou" line gives the totals as they stood before that game, and every tálie has both."""
    import random

    from bot.games.lora import UI
    from bot.model import Seat, Table, TableSettings
    from engine.events import GameEnded, GameStarted, MaturitaDealt, StovkaAnswered, StovkaAsked

    lora = Lora(rng=random.Random(11))
    rng = random.Random(11)
    names = ["Alice", "AI Karel", "AI Libuše", "AI Božena"]
    seats = [Seat(None, n, "easy") for n in names]
    table = Table(1, 1, 1, 1, TableSettings(lang="cs"), seats, "lora", state=lora)
    events = []
    while not lora.finished:
        events += lora.apply(rng.choice(lora.legal_actions()))
    expected, running, declared = [], [0, 0, 0, 0], set()
    for i, e in enumerate(events):
        asked = any(isinstance(x, StovkaAsked) for x in events[max(0, i - 5):i])
        if isinstance(e, GameEnded) and e.contract.value != "harakiri":
            running = [a + b for a, b in zip(running, e.points, strict=True)]
        elif isinstance(e, StovkaAnswered) and e.declared:
            declared.add(e.seat)
        elif (isinstance(e, StovkaAsked) or (isinstance(e, MaturitaDealt) and e.attempt == 1)
              or (isinstance(e, GameStarted) and e.contract.value == "cerveny_kral"
                  and e.attempt is None and not asked)):
            expected.append([(p, s, s in declared) for p, s in sorted(
                zip(running, range(4), strict=True), key=lambda x: x[0])])
    assert declared  # (R-PROTOCOL: the lines after the answers mark the declarers)
    lines = [x for x in UI.announcements(table, events) if x.startswith("Stav před hrou")]
    assert sum(x.startswith("Stav před hrou Červený král:") for x in lines) == 4
    assert sum(x.startswith("Stav před hrou Maturita:") for x in lines) == 4
    assert [x.split(": ", 1)[1] for x in lines] == [
        ", ".join(f"{names[s]} {p}" + (" (hlásí čistou stovku)" if d else "") for p, s, d in row)
        for row in expected]


RESULTS = {
    "cs": ("■ **Červené** – 1. tálie, 1. hra. Body: {0} 8 · {1} 0 · {2} 0 · {3} 0",
           "▶ **Filky** – 1. tálie, 2. hra.",
           "■ **Maturita: Červené** – 2. tálie, 1. pokus. {1}: nevyšla (8 b.).",
           "▶ **Maturita** – 2. tálie, 2. pokus. Maturuje {1}."),
    "en": ("■ **Hearts** (game 1 of the 1st round of eight). Points: {0} 8 · {1} 0 · {2} 0 · {3} 0",
           "▶ **Obers** (game 2 of the 1st round of eight).",
           "■ **Graduation: Hearts** (2nd round of eight, attempt 1). {1} failed (8 pts).",
           "▶ **Graduation** (2nd round of eight, attempt 2). {1} plays it."),
}


CLOSING = {
    "cs": ("Poslední tahy: {0} bere 8. štych (E❤️ 8❤️ 10❤️ F❤️): 4 b.",
           "Poslední tahy: {1} bere 7. štych (K❤️ 7❤️ 9❤️ S❤️)."),
    "en": ("Last moves: {0} takes trick 8 (E❤️ 8❤️ 10❤️ F❤️): 4 pts.",
           "Last moves: {1} takes trick 7 (K❤️ 7❤️ 9❤️ S❤️)."),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_a_partial_games_old_table_message_keeps_its_result(harness, lang):
    """When the next partial game starts, the table message is posted anew and the old one
    becomes the record of what came: the game's result (each seat's points; a maturita
    attempt passed or failed), then the next game's announcement — so a player who scrolls up
    reads what every game ended with, as Taroky's old messages keep each deal's result."""
    _guild, ch, users, tid = await open_table(harness, NAMES, language=lang)
    table = harness.service.tables[tid]
    # seat 0 takes every trick of tálie 1's games 1–5; seat 1, tálie 2's maturant, fails once
    deals = lora_deals(0, [0, 1, 2, 3], fails={1: 1})
    probe = Lora(first_leader=0, deals=deals)
    drive(probe, at_game(1, 2))
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, lambda lo: len(lo.log) == len(probe.log) - 1)  # červené ends next
    await put_state(harness, table, lora)
    names = table.names()
    old = table.message_id
    await _click(harness, ch, table, users, first_legal(table.state))
    assert table.message_id != old and table.state.game_no == 2
    result, started, *_ = (x.format(*names) for x in RESULTS[lang])
    record = next(m for m in ch.history() if m.id == old).content.splitlines()
    assert record[0] == result
    # its last trick, played by the click that ended it, stays in public (review 69: the
    # message was cut to the result, and the trick was in the players' hands alone)
    assert record[1] == CLOSING[lang][0].format(*names)
    assert record[2].startswith(started)
    # tálie 2's first maturita attempt fails (seat 1 takes every trick of červené)
    probe = Lora(first_leader=0, deals=deals)
    drive(probe, lambda lo: lo.attempt == 2)
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, lambda lo: len(lo.log) == len(probe.log) - 1)
    await put_state(harness, table, lora)
    old = table.message_id
    await _click(harness, ch, table, users, first_legal(table.state))
    assert table.message_id != old and table.state.attempt == 2
    *_, failed, again = (x.format(*names) for x in RESULTS[lang])
    record = next(m for m in ch.history() if m.id == old).content.splitlines()
    assert record == [failed, CLOSING[lang][1].format(*names), again]


async def test_a_burst_of_ai_moves_keeps_every_line_since_the_player_s_own_move(harness):
    """Kvarty, Alice against three AIs: after her lead they lead kvarta after kvarta, eight
    lines before her turn comes again. The table message keeps every line since her move
    (its last six alone dropped her lead and the first AI's kvarta); once she has moved
    again, the lines before that move may go (the last six, or all since her move); a new
    game starts them anew."""
    import copy

    from bot.games.lora.events import table_lines
    from bot.games.lora.texts import event_lines
    from bot.service import PACE_SECONDS
    from tests.botkit import channel_delivered

    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy",) * 3)
    table = harness.service.tables[tid]

    async def lowest(kind, level, view, seed, **kw):  # type: ignore[no-untyped-def]
        return first_legal(table.state).to_json()  # (the burst below, whatever the AI is)

    harness.service.ai.decide = lowest

    def burst(lora):
        """What the table says from Alice's first legal move up to her next turn."""
        lora = copy.deepcopy(lora)
        events = list(lora.apply(first_legal(lora)))
        while lora.to_act != 0:
            events += lora.apply(first_legal(lora))
        return table_lines(events, "cs", table.names())

    async def alice_moves():
        await _click(harness, ch, table, users, first_legal(table.state))
        for _ in range(20):  # (the AIs move at people's pace: Alice watches)
            if table.state.to_act == 0:
                break
            await harness.env.advance_time(PACE_SECONDS + 1)
        await channel_delivered(harness, ch.id)
        text = table_message(ch, table).embeds[0].description
        return text.split("__Poslední události__\n")[1].split("\n")

    lora = Lora(first_leader=0, rng=random.Random(84))
    drive(lora, lambda lo: len(lo.log) == 160)
    assert lora.contract is Contract.KVARTY and lora.to_act == 0
    said = burst(lora)
    assert len(said) == 8 and said[1].startswith(f"{table.names()[3]} vynáší 7❤️: kvarta")
    await put_state(harness, table, lora)
    assert await alice_moves() == [f"• {line}" for line in said]
    # her next lead (her last card follows by itself, kvarty end, then desítky): the
    # message shows the lines from desítky's start on — kvarty's, her lead's among them,
    # are the last game's, its result posted (review 57) — none of the burst before it
    shown = await alice_moves()
    events = list(table.events)
    ended = max(i for i, e in enumerate(events) if isinstance(e, GameEnded))
    assert table.state.contract is Contract.DESITKY
    assert shown == [f"• {line}" for line in event_lines(table, events[ended + 1:])]
    assert len(shown) == 4 and not any("kvarta" in line for line in shown)
    assert not {f"• {line}" for line in said} & set(shown)


def test_a_return_line_stays_until_the_returner_s_own_move_and_a_restart_keeps_the_rule():
    """Ann comes back (her line), then Bob moves and the AIs make seven lines: the lines
    since her own last move, her return's among them, stay in the table message until she
    moves herself; after a restart (the table read back from its saved form) too. Bob's
    move holds back the lines since it; a player away holds none back."""
    from datetime import UTC, datetime

    from bot.model import STATUS_LOBBY, Seat, Table, TableSettings
    from bot.persist import table_from_record
    from bot.storage.models import TableRecord

    def restarted(table):
        now = datetime.now(UTC)
        return table_from_record(TableRecord(
            1, 1, 1, None, 1, STATUS_LOBBY, table.settings.to_json(), table.seats_json(), None,
            0, table.extra_json(), now, now))

    seats = [Seat(1, "Ann"), Seat(2, "Bob"), Seat(None, "AI Karel", ai="easy"),
             Seat(None, "AI Božena", ai="easy")]
    table = Table(1, 1, 1, 1, TableSettings(), seats, "lora")
    table.recent.add(["Bob vynáší"], [1])
    table.recent.add(["Ann vynáší"], [0])
    table.recent.add(["Ann nereaguje", "Ann je zpět u stolu."])
    burst = [f"AI {i}" for i in range(7)]
    table.recent.add(burst[:1], [1])  # Bob's own move, then the AIs'
    table.recent.add(burst[1:])
    since_ann = ["Ann vynáší", "Ann nereaguje", "Ann je zpět u stolu.", *burst]
    assert table.recent_shown() == since_ann
    assert restarted(table).recent_shown() == since_ann
    seats[0].absent = True  # (away: her hand tells her on her return)
    assert table.recent_shown() == burst
    seats[0].absent = False
    table.recent.add(["Ann vynáší znovu"], [0])  # (Bob has not seen it, nor the AIs')
    assert table.recent_shown() == [*burst, "Ann vynáší znovu"]
    table.recent.add(["Bob vynáší znovu"], [1])
    assert table.recent_shown() == [*burst, "Ann vynáší znovu", "Bob vynáší znovu"][-6:]


def test_a_refused_save_takes_back_the_recent_lines_with_their_count_and_marks():
    """The database refuses a change: its lines go, and so do the count and the mover's
    mark they moved (else the message would hold back lines nobody has to see again)."""
    from bot.model import Seat, Table, TableSettings

    seats = [Seat(1, "Ann"), Seat(2, "Bob"), Seat(None, "AI Karel", ai="easy"),
             Seat(None, "AI Božena", ai="easy")]
    table = Table(1, 1, 1, 1, TableSettings(), seats, "lora")
    table.recent.add(["Ann vynáší"], [0])
    table.recent.add([f"AI {i}" for i in range(7)])
    table.recent.add(["Bob vynáší"], [1])
    table.recent.keep()  # (committed)
    committed = (table.recent_shown(), table.recent.count, dict(table.recent.marks))
    table.recent.add(["Ann vynáší znovu", "AI 7"], [0])  # (refused by the database)
    assert table.recent_shown() != committed[0]
    table.recent.undo()
    assert (table.recent_shown(), table.recent.count, table.recent.marks) == committed
    assert table.recent_shown() == ["Ann vynáší", *(f"AI {i}" for i in range(7)), "Bob vynáší"]


def test_recent_lines_of_a_table_saved_before_their_marks_were_kept():
    """A table saved with its lines only: every seat has seen them, the message shows the
    last six as it did then, and a refused change goes back to them."""
    from bot.recent import RecentLines

    old = [f"AI {i}" for i in range(9)]
    recent = RecentLines.from_json({"recent": old}, 4)
    assert (recent.count, recent.marks) == (9, {0: 9, 1: 9, 2: 9, 3: 9})
    assert recent.shown([0, 1]) == old[-6:]
    recent.add(["Ann vynáší"], [0])
    assert recent.shown([1]) == [*old[-5:], "Ann vynáší"]
    recent.undo()
    assert (recent.lines, recent.count) == (old, 9)
    assert RecentLines.from_json(recent.to_json(), 4) == recent


def test_each_partial_games_result_keeps_its_last_moves_when_the_next_one_starts():
    """Review 69: a game's closing tricks (often an AI's, right after a click) were in no
    public message — the table message is cut to the results when the next game starts.
    In a whole lóra played in one batch, every game's result that a new game follows keeps
    the last (at most three) table lines of its own moves; the last game's stay in the
    final table message (its lines are not cut), so its result adds none."""
    from bot.games.lora import UI
    from bot.games.lora.events import table_lines
    from bot.games.lora.texts import CLOSING_LINES
    from bot.model import Seat, Table, TableSettings
    from engine.events import LoraFinished, MaturitaFailed, MaturitaPassed

    lora = Lora(rng=random.Random(5))
    rng = random.Random(5)
    names = ["Ann", "AI Karel", "AI Libuše", "AI Božena"]
    table = Table(1, 1, 1, 1, TableSettings(lang="en"), [Seat(None, n, "easy") for n in names],
                  "lora", state=lora)
    events = []
    while not lora.finished:
        events += lora.apply(rng.choice(lora.legal_actions()))
    ends = [i for i, e in enumerate(events) if isinstance(e, GameEnded)]
    expected = []
    for k, i in enumerate(ends):  # (the lines of its moves: from its start on)
        begin = max((j for j in range(i) if isinstance(events[j], GameStarted)), default=0)
        graded = isinstance(events[i + 1], MaturitaFailed | MaturitaPassed)
        lines = table_lines(events[begin:i], "en", names, graded)
        expected.append("Last moves: " + " ".join(lines[-CLOSING_LINES:])
                        if k < len(ends) - 1 else None)
    said = UI.announcements(table, events)
    results = [x for x in said if x.startswith("■ **") and "Clean hundred" not in x]
    assert len(results) == len(ends) >= 32 and isinstance(events[-1], LoraFinished)
    closing = [x.split("\n")[1] if "\n" in x else None for x in results]
    assert closing == expected
    hearts = closing[0]
    assert hearts is not None and hearts.startswith("Last moves: ") and "takes trick 8" in hearts


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Ann leads 7❤️: incomplete quart 7❤️ 8❤️ (9❤️ already played); leads again."),
    ("cs", "Ann vynáší 7❤️: odfouknutá kvarta 7❤️ 8❤️ (9❤️ už je venku); vynáší znovu."),
])
def test_R_KVARTY_NEXT_an_incomplete_quart_names_the_card_that_stopped_it(lang, line):
    """Review 69: "blown quart 8❤️ 9❤️" told a new player neither what it was nor why; the
    line names the card already played that stopped the run (R-KVARTY-NEXT)."""
    from bot.games.lora.events import table_lines

    deals = tali_deals(0, 0)
    deals[5] = BLOWN
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, at_game(1, 6))
    lora.apply(Lead(0, parse_card("9h")))
    events = lora.apply(Lead(0, parse_card("7h")))
    assert table_lines(events, lang, ["Ann", "Bob", "Cyril", "Dana"]) == [line]


@pytest.mark.parametrize(("lang", "parts"), [
    ("en", ("It is **complete** at four cards or at the Ace: whoever laid its top card leads"
            " next.", "A run stopped by a card already played is an **incomplete quart**"
            " (odfouknutá kvarta): you lead again.", "The first lead must start at the Unter"
            " or lower")),
    ("cs", ("Kvarta je **celá**, má-li čtyři karty nebo dojde k esu: dál vynáší, kdo přiložil"
            " nejvyšší kartu.", "Zastaví-li ji karta, která už byla zahrána, je to"
            " **odfouknutá kvarta** a vynášíš znovu.", "První výnos musí začínat spodkem"
            " nebo nižší kartou")),
])
def test_the_rules_say_what_an_incomplete_quart_is_and_who_leads(lang, parts):
    """Review 69: the rules text never said what an incomplete (odfouknutá) kvarta is, who
    leads after a kvarta, or where the first lead must start (R-KVARTY-NEXT, -FIRST)."""
    from bot.i18n import t

    text = t("lora.rules_text", lang)
    assert all(part in text for part in parts)
