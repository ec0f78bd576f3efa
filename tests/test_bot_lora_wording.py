"""What Lóra's texts say, through the real bot in SimCord, word for word.

* The čistá stovka question and the rules say what R-STOVKA / R-RANK say of a declarer who
  misses: he ranks below every non-declarer (not simply last: among the declarers who missed,
  fewer points still rank higher).
* English tables use the English names of RULES.md's glossary (Hearts, Obers, …, Graduation)
  and call a tálie a "round of eight", never a bare "round" (a tournament's rounds are rounds).
* A player's hand tells his own čistá stovka answer and who else declared, from his answer to
  his first move in červený král (R-STOVKA).
* The maturant's hand at the choice names the Graduation and its attempt once (R-MATURITA).
"""

from __future__ import annotations

import pytest

from engine.lora import Lora
from tests.botkit import open_table, put_state, reply, table_message
from tests.helpers import drive, lora_deals

NAMES = ["alice", "bob", "cyril", "dana"]



async def _at_stovka_question(harness, lang):
    """A table in ``lang`` at the čistá stovka question; the hand of the seat to answer."""
    _g, ch, users, tid = await open_table(harness, NAMES, language=lang)
    table = harness.service.tables[tid]
    lora = Lora(first_leader=0, deals=lora_deals(0, [0, 1, 2, 3]))
    drive(lora, lambda lo: lo.phase == "stovka")
    table.state = lora
    await harness.service._save(table)
    await harness.bot.controller.presenter.table_changed(table, [])
    user = next(u for u in users if table.seat_of(u.id) == lora.to_act)
    res = await user.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    return ch, user, reply(res)


STOVKA_WORDS = {  # R-STOVKA, R-RANK: the hand's question, the short rules' last line
    "cs": ("Hlásíš čistou stovku? Vyhraješ, když skončíš s přesně 100 body; jinak budeš za všemi,"
           " kdo ji nehlásili.",
           "**Čistá stovka**: ve 3. tálii před Červeným králem ji lze ohlásit – kdo skončí s"
           " přesně 100 body, vyhrává; komu nevyjde, je za všemi, kdo ji nehlásili. Shodu bodů"
           " rozhoduje **harakiri**: hra, ve které se počítají body Červených, Filků, První –"
           " poslední, Všech a Červeného krále najednou; méně bodů je lepší místo (shodují-li se"
           " tři nebo čtyři hráči, hrají se čtyři takové hry a body se sčítají)."),
    "en": ("Declare a clean hundred? You win by ending with exactly 100 points; otherwise you rank"
           " below everyone who did not declare.",
           "**Clean hundred** (čistá stovka): in the third round of eight, before King of hearts,"
           " you may declare it – end with exactly 100 and you win; miss and you rank below"
           " everyone who did not declare. Ties are played off by **harakiri**: a game that"
           " scores Hearts, Obers, First and last, All tricks and King of hearts at once; fewer"
           " points is the better place (three or four tied players play four such games and"
           " add up the points)."),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_the_stovka_question_says_a_missed_declarer_ranks_below_the_non_declarers(
        harness, lang):
    ch, user, hand = await _at_stovka_question(harness, lang)
    question, rules = STOVKA_WORDS[lang]
    assert hand.content.splitlines()[-1] == question
    res = await user.slash(ch, "lora rules")
    assert res.response.embeds[0].description.splitlines()[-1] == rules


async def test_an_english_table_names_the_games_and_the_round_of_eight_by_the_glossary(harness):
    _g, ch, users, tid = await open_table(harness, NAMES, language="en")
    table = harness.service.tables[tid]
    names = table.names()
    public = [m for m in ch.history() if not m.flags.ephemeral]
    assert public[0].content == (
        f"▶ **Hearts** (game 1 of the 1st round of eight). {names[3]} deals, {names[0]} leads.")
    shown = table_message(ch, table).embeds[0].description
    assert shown == f"**Hearts** (game 1 of the 1st round of eight)\nTo act: **{names[0]}**"
    res = await users[0].click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    assert reply(res).content.splitlines()[:2] == [
        "**Hearts** (game 1 of the 1st round of eight)",
        "• Now Hearts; you lead. Take no heart."]
    # the maturant at the choice: Graduation, and the games to choose by their English names
    lora = Lora(first_leader=0, deals=lora_deals(0, [0, 1, 2, 3]))
    drive(lora, lambda lo: lo.phase == "choose")
    table.state = lora
    await harness.service._save(table)
    await harness.bot.controller.presenter.table_changed(table, [])
    assert table_message(ch, table).embeds[0].description == (
        f"**Graduation** (1st round of eight, attempt 1)\n**{names[0]}** plays Graduation and"
        " chooses the game.")
    res = await users[0].click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    hand = reply(res)
    assert hand.content.splitlines()[0] == "**Graduation** (1st round of eight, attempt 1)"
    assert hand.content.splitlines()[-1] == "Look at your cards and choose the game."
    select = next(c for row in hand.components for c in row["components"] if c["type"] == 3)
    assert select["placeholder"] == "Choose the game…"
    assert [o["label"] for o in select["options"]] == [
        "Hearts", "Obers", "All tricks", "King of hearts", "Quarts", "Tens"]


# -- the glossary's English names (RULES.md "Glossary for the UI"), "round of eight" for tálie --
def _drawn(monkeypatch, module, name="text"):
    """Every string ``module`` draws with its function ``name`` (spied)."""
    seen: list[str] = []
    real = getattr(module, name)

    def spy(*args, **kwargs):
        seen.append(args[2] if name == "text" else args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, spy)
    return seen


def _graduation(attempt: int) -> Lora:
    """Tálie 1's maturita, attempt ``attempt`` in play: the maturant (seat 0) failed the
    earlier attempts in Hearts (``first_legal`` chooses it)."""
    lora = Lora(first_leader=0, deals=lora_deals(0, [0, 1, 2, 3], fails={0: attempt - 1}))
    drive(lora, lambda lo: lo.phase == "play" and lo.attempt == attempt and lo.game_no == 8)
    return lora


def test_the_table_heading_keeps_the_english_game_name_whole(monkeypatch):
    from bot.render import table as table_module

    lora = _graduation(2)
    lora.apply(lora.legal_actions()[0])  # seat 1 is to play: "To act: AI Božena"
    seen = _drawn(monkeypatch, table_module)
    table_module.render_table(lora.public_view(), ["Alice", "AI Božena", "AI Karel", "Bob"],
                              "en")
    # the name whole, and the line after it whole on its own line
    assert seen[:3] == ["To act: AI Božena", "Graduation – Hearts",
                        "Attempt 2/3 · 1st round of eight"]


def test_the_score_sheet_marks_graduation_attempts_g_in_english(monkeypatch):
    from bot.render import sheet as sheet_module

    lora = _graduation(3)
    names = ["Alice", "Bob", "Cyril", "Dana"]
    for lang, tags in (("en", ["G1 ✗", "G2 ✗", "G3"]), ("cs", ["M1 ✗", "M2 ✗", "M3"])):
        sheet_module._block.cache_clear()
        seen = _drawn(monkeypatch, sheet_module, "badge")
        sheet_module.render_sheet(lora.public_view(), names, lang)
        assert seen == tags
    seen = _drawn(monkeypatch, sheet_module)
    sheet_module._block.cache_clear()
    sheet_module.render_sheet(lora.public_view(), names, "en")
    assert seen[:3] == ["Score sheet", "Now: 1st round of eight, Graduation – Hearts",
                        "1st round of eight · Alice leads"]
    assert "4th round of eight · Dana leads" in seen
    assert [x for x in seen if x in ("Hearts", "Obers", "Tens", "Quarts")][:4] == [
        "Hearts", "Obers", "Quarts", "Tens"]
    # the legend whole (on as many lines as the sheet's width takes, a part never split)
    legend = [x for x in seen if "G1–G3" in x or "king of hearts" in x or "knock" in x]
    assert " · ".join(legend) == (
        "G1–G3: Graduation attempt · ✗ failed · ◯ king of hearts · • knock (automatic)")


def test_the_graduation_choice_names_its_attempt_once_and_tells_the_maturant(monkeypatch):
    """The choice said "attempt 2/3" in the heading and "Graduation · try 2/3" in the middle,
    and the maturant's own hand said "Alice chooses the game": the heading alone names the
    attempt, the maturant is told "Choose the game", the others and the table read the third
    person."""
    from bot.render import center as center_module
    from bot.render import hand as hand_module
    from bot.render import table as table_module

    lora = Lora(first_leader=0, deals=lora_deals(0, [0, 1, 2, 3], fails={0: 1}))
    drive(lora, lambda lo: lo.phase == "choose" and lo.attempt == 2)
    names = ["Alice", "Bob", "Cyril", "Dana"]
    words = {"en": ("attempt 2/3", "Graduation", "Choose the game", "Alice chooses the game"),
             "cs": ("pokus 2/3", "Maturita", "Zvol hru", "Alice volí hru")}
    in_hand = _drawn(monkeypatch, hand_module)
    on_table = _drawn(monkeypatch, table_module)
    in_center = _drawn(monkeypatch, center_module)
    for lang, (attempt, title, you, she) in words.items():
        for seat, who, other in ((0, you, she), (1, she, you)):
            in_hand.clear()
            hand_module.hand_image(lora.view(seat), lang, names)
            assert sum(attempt in line.lower() for line in in_hand) == 1, in_hand
            assert not any("try" in line for line in in_hand), in_hand
            assert title in in_hand and who in in_hand and other not in in_hand
        on_table.clear()
        in_center.clear()
        table_module.table_image(lora.public_view(), names, lang)
        assert sum(attempt in line.lower() for line in on_table + in_center) == 1
        assert title in in_center and she in in_center and you not in in_center


# -- R-STOVKA: the hand tells the player's own answer and who declared ---------------------------
# Cyril answers first (lora_deals: seat 2 led tálie 3), then Dana, Alice and Bob; Cyril and
# Alice declare. The lines of each hand after each answer, below the end of All tricks (kept
# until the player's own move). Before a player answers, his hand lists the answers so far;
# from his answer on, one line says it and who else declared (so far: while others answer).
STOVKA_HANDS = {
    "cs": {
        "asked": "Před Červeným králem: hlásí někdo čistou stovku? Začíná Cyril.",
        "asked_you": "Před Červeným králem: hlásí někdo čistou stovku? Začínáš ty.",
        "king": "Hraje se Červený král, vynáší Cyril. Neber červeného krále.",
        "king_you": "Hraje se Červený král, vynášíš ty. Neber červeného krále.",
        # after Cyril's yes
        1: {"Cyril": "Hlásíš čistou stovku! Zatím ji nikdo další nehlásí.",
            "Dana": "Cyril hlásí čistou stovku!"},
        # after Dana's no
        2: {"Cyril": "Hlásíš čistou stovku! Zatím ji nikdo další nehlásí.",
            "Dana": "Čistou stovku nehlásíš. Zatím ji hlásí: Cyril.",
            "Alice": ("Cyril hlásí čistou stovku!", "Dana čistou stovku nehlásí.")},
        # after Alice's yes
        3: {"Cyril": "Hlásíš čistou stovku! Zatím ji hlásí také: Alice.",
            "Dana": "Čistou stovku nehlásíš. Zatím ji hlásí: Cyril, Alice.",
            "Alice": "Hlásíš čistou stovku! Zatím ji hlásí také: Cyril.",
            "Bob": ("Cyril hlásí čistou stovku!", "Dana čistou stovku nehlásí.",
                    "Alice hlásí čistou stovku!")},
        # after Bob's no: červený král starts
        4: {"Cyril": "Hlásíš čistou stovku! Hlásí ji také: Alice.",
            "Dana": "Čistou stovku nehlásíš. Hlásí ji: Cyril, Alice.",
            "Alice": "Hlásíš čistou stovku! Hlásí ji také: Cyril.",
            "Bob": "Čistou stovku nehlásíš. Hlásí ji: Cyril, Alice."},
    },
    "en": {
        "asked": "Before King of hearts: does anybody declare a clean hundred? Cyril answers"
                 " first.",
        "asked_you": "Before King of hearts: does anybody declare a clean hundred? You answer"
                     " first.",
        "king": "Now King of hearts; Cyril leads. Do not take the king of hearts.",
        "king_you": "Now King of hearts; you lead. Do not take the king of hearts.",
        1: {"Cyril": "You declare a clean hundred! Nobody else has declared one so far.",
            "Dana": "Cyril declares a clean hundred!"},
        2: {"Cyril": "You declare a clean hundred! Nobody else has declared one so far.",
            "Dana": "You do not declare a clean hundred. So far declared by Cyril.",
            "Alice": ("Cyril declares a clean hundred!",
                      "Dana does not declare a clean hundred.")},
        3: {"Cyril": "You declare a clean hundred! So far also declared by Alice.",
            "Dana": "You do not declare a clean hundred. So far declared by Cyril, Alice.",
            "Alice": "You declare a clean hundred! So far also declared by Cyril.",
            "Bob": ("Cyril declares a clean hundred!", "Dana does not declare a clean hundred.",
                    "Alice declares a clean hundred!")},
        4: {"Cyril": "You declare a clean hundred! Also declared by Alice.",
            "Dana": "You do not declare a clean hundred. Declared by Cyril, Alice.",
            "Alice": "You declare a clean hundred! Also declared by Cyril.",
            "Bob": "You do not declare a clean hundred. Declared by Cyril, Alice."},
    },
}


def _bullets(hand) -> list[str]:
    return [line[2:] for line in hand.content.splitlines() if line.startswith("• ")]


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_R_STOVKA_the_hand_tells_the_own_answer_and_who_declared_until_the_own_move(
        harness, lang):
    """The hand's last three lines lost the first answers, and when the last answer started
    červený král they lost them all: the player who answered last (or whose answer the AIs
    after him closed) read nothing of it. Now, from his own answer until his own first move
    in červený král, one line says what he answered and who else declared."""
    from tests.helpers import first_legal
    from tests.test_bot_announcements import _click

    ch, users, table = await _table_entering(harness, lang, "stovka")
    assert table.state.phase == "stovka"
    names = table.names()
    assert names == ["Alice", "Bob", "Cyril", "Dana"]
    words = STOVKA_HANDS[lang]
    ended = _bullets(await _hand(ch, table, users, 0))[1]  # the end of All tricks, kept
    assert ended.startswith("Konec hry Všechny:" if lang == "cs" else "End of All tricks:")

    async def lines_of(name):
        return _bullets(await _hand(ch, table, users, names.index(name)))

    for step, yes in enumerate((True, False, True, False), start=1):
        seat = table.state.to_act
        # who waits reads that a question is being answered, not that a card is to be played
        later = (seat + 1) % 4
        assert WAITING[lang]["stovka"].format(name=names[seat]) in (
            await _hand(ch, table, users, later)).content.splitlines()
        action = next(a for a in table.state.legal_actions() if a.declare is yes)
        answered = await _answer(ch, table, users, seat, action)
        expected = words[step]
        # the answerer's own hand, refreshed by his click, says his answer at once
        assert _bullets(answered)[-2 if step == 4 else -1] == expected[names[seat]]
        for name, said in expected.items():
            lines = await lines_of(name)
            assert lines[1] == ended, (name, lines)
            if step == 4:  # červený král: the answers above its first line
                king = words["king_you" if name == "Cyril" else "king"]
                assert lines[2:] == [said, king], (name, lines)
            elif isinstance(said, tuple):  # not answered yet: the answers so far
                assert lines[-len(said):] == list(said), (name, lines)
            else:
                asked = words["asked_you" if name == "Cyril" else "asked"]
                assert lines[2:] == [asked, said], (name, lines)
    # Cyril plays his first card of červený král: his answer's line has done its work
    assert table.state.to_act == names.index("Cyril")
    await _click(harness, ch, table, users, first_legal(table.state))
    lines = await lines_of("Cyril")
    assert not any(words[4]["Cyril"] in line for line in lines), lines
    assert words[4]["Alice"] in await lines_of("Alice")


async def _table_entering(harness, lang, phase):
    """A table of NAMES whose lóra has just entered ``phase`` (its last move before it made
    by a click, so the hands and the table message were refreshed by it)."""
    from tests.helpers import first_legal
    from tests.test_bot_announcements import _click

    _g, ch, users, tid = await open_table(harness, NAMES, language=lang)
    table = harness.service.tables[tid]
    deals = lora_deals(0, [0, 1, 2, 3])
    probe = Lora(first_leader=0, deals=deals)
    drive(probe, lambda lo: lo.phase == phase)
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, lambda lo: len(lo.log) == len(probe.log) - 1)
    await put_state(harness, table, lora)
    await _click(harness, ch, table, users, first_legal(table.state))
    return ch, users, table


async def _hand(ch, table, users, seat):
    user = next(u for u in users if table.seat_of(u.id) == seat)
    return reply(await user.click(table_message(ch, table),
                                  custom_id=f"lora:t:{table.table_id}:hand"))


async def _answer(ch, table, users, seat, action):
    """``seat`` answers the čistá stovka question on his hand; the hand as his click left it."""
    hand = await _hand(ch, table, users, seat)
    index = table.state.legal_actions().index(action)
    user = next(u for u in users if table.seat_of(u.id) == seat)
    res = await user.click(hand, custom_id=f"lora:a:{table.table_id}:{table.version}:{index}")
    return reply(res)


# -- R-MATURITA: the maturant's hand at the choice names the Graduation and the attempt once ----
MATURITA_HANDS = {  # (the maturant's hand, the select's placeholder, another seat's line)
    "cs": ("**Maturita** – 1. tálie, 1. pokus\n"
           "• Přikládáš 10❤️ 9❤️ 8❤️ 7❤️ S❤️ F❤️ K❤️ E❤️ a už nemáš žádnou kartu: konec hry.\n"
           "• Konec hry Desítky: Alice 0 · Bob 8 · Cyril 8 · Dana 8.\n"
           "• Nové karty jsou rozdané, maturuješ ty.\n"
           "V ruce máš: S❤️ F❤️ · S🍃 F🍃 · S🔔 F🔔 · S🌰 F🌰\n"
           "Podívej se na karty a zvol hru.",
           "Zvol hru…",
           "• Nové karty jsou rozdané, hru volí Alice."),
    "en": ("**Graduation** (1st round of eight, attempt 1)\n"
           "• You lay 10❤️ 9❤️ 8❤️ 7❤️ S❤️ F❤️ K❤️ E❤️ and have no cards left: the game is over.\n"
           "• End of Tens: Alice 0 · Bob 8 · Cyril 8 · Dana 8.\n"
           "• New cards are dealt; the choice is yours.\n"
           "In your hand: S❤️ F❤️ · S🍃 F🍃 · S🔔 F🔔 · S🌰 F🌰\n"
           "Look at your cards and choose the game.",
           "Choose the game…",
           "• New cards are dealt; Alice chooses the game."),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_R_MATURITA_the_maturants_hand_names_the_graduation_and_its_attempt_once(
        harness, lang):
    """The maturant's hand said Graduation four times ("Graduation (round of eight 1,
    attempt 1)" in the header and again in the deal's line, "You play Graduation: …", "Choose
    your Graduation game…") and the attempt twice: the header alone names them now."""
    ch, users, table = await _table_entering(harness, lang, "choose")
    assert table.state.phase == "choose" and table.state.to_act == 0
    assert table.names() == ["Alice", "Bob", "Cyril", "Dana"]
    content, placeholder, other = MATURITA_HANDS[lang]
    hand = await _hand(ch, table, users, 0)
    assert hand.content == content
    select = next(c for row in hand.components for c in row["components"] if c["type"] == 3)
    assert select["placeholder"] == placeholder
    word = "aturit" if lang == "cs" else "Graduation"
    assert sum(x.count(word) for x in (hand.content, select["placeholder"])) == 1
    assert hand.content.count("1. pokus" if lang == "cs" else "attempt 1") == 1
    waiting = await _hand(ch, table, users, 1)
    assert waiting.content.splitlines()[3] == other
    # the others wait for a choice, not for a move
    assert WAITING[lang]["choose"] in waiting.content.splitlines()


WAITING = {
    "cs": {"choose": "Alice maturuje a volí hru. Tlačítka se odemknou, až budeš na řadě.",
           "stovka": "Na čistou stovku teď odpovídá {name}. Tlačítka se odemknou, až budeš "
                     "na řadě."},
    "en": {"choose": "Alice plays Graduation and chooses the game. The buttons unlock when it "
                     "is your turn.",
           "stovka": "{name} is answering whether to declare a clean hundred. The buttons "
                     "unlock when it is your turn."},
}


def test_R_STOVKA_the_answer_line_keeps_a_stand_in_mark_and_goes_with_the_next_deal():
    """An answer an AI gave for an absent player says so in the line; a seat yet to answer
    reads the answers one by one; the line is gone once the game after červený král is
    dealt (the player never moved: an AI stood in)."""
    from bot.games.lora.texts import hand_lines
    from bot.model import Unclicked
    from engine.contracts import Contract
    from engine.events import GameEnded, GameStarted, StovkaAnswered, StovkaAsked

    names = ["Alice", "Bob", "Cyril", "Dana"]
    asked = [GameEnded(Contract.VSECHNY, (0, 0, 8, 0)), StovkaAsked(2),
             StovkaAnswered(2, True), Unclicked(3, "stand_in"), StovkaAnswered(3, False)]
    assert hand_lines(asked, "en", names, 3)[-1] == (
        "The AI did not declare a clean hundred for you. So far declared by Cyril.")
    assert hand_lines(asked, "cs", names, 0)[-2:] == [
        "Cyril hlásí čistou stovku!", "Dana čistou stovku nehlásí (tah AI)."]
    king = [*asked, StovkaAnswered(0, False), StovkaAnswered(1, True),
            GameStarted(Contract.CERVENY_KRAL, 3, 5, leader=2, dealer=1)]
    assert hand_lines(king, "cs", names, 3)[-2:] == [
        "Čistou stovku za tebe AI nehlásila. Hlásí ji: Cyril, Bob.",
        "Hraje se Červený král, vynáší Cyril. Neber červeného krále."]
    kvarty = [*king, GameEnded(Contract.CERVENY_KRAL, (0, 0, 8, 0)),
              GameStarted(Contract.KVARTY, 3, 6, leader=2, dealer=1)]
    assert not any("stovku" in line for line in hand_lines(kvarty, "cs", names, 3))


def test_R_MATURITA_no_trick_line_of_an_attempt_tells_points_the_maturants_neither():
    """The maturant's trick read "Bereš 2. štych (F❤️ K❤️ E❤️ 7🔔): 2 b." above "Maturita ti
    na 1. pokus nevyšla (8 b.)." though only the 8 count (R-MATURITA): in an attempt no
    trick line tells points — the maturant's, as the others', at the table and in the
    hands, also when the recent events hold only the trick and the attempt's result."""
    from bot.games.lora.events import seat_lines, table_lines
    from engine.cards import parse_card as c
    from engine.contracts import Contract
    from engine.events import (
        GameEnded,
        GameStarted,
        MaturitaChosen,
        MaturitaFailed,
        TrickTaken,
    )

    names = ["Ann", "Bob", "Cyril", "Dana"]
    cards = (c("Fh"), c("Kh"), c("Eh"), c("7b"))
    other, own = (TrickTaken(2, (c("10a"),) * 4, 0, 1, False),
                  TrickTaken(0, cards, 2, 2, True))
    end = [GameEnded(Contract.FILKY, (8, 0, 0, 0)), MaturitaFailed(0, 1)]
    attempt = [MaturitaChosen(0, Contract.FILKY, 1),
               GameStarted(Contract.FILKY, 1, 8, 0, 3, attempt=1), other, own, *end]
    assert table_lines(attempt, "cs", names)[-3:] == [
        "Cyril bere 1. štych (10🌰 10🌰 10🌰 10🌰).", "Ann bere 2. štych (F❤️ K❤️ E❤️ 7🔔).",
        "Ann: maturita na 1. pokus nevyšla (8 b.)."]
    assert seat_lines(attempt, "cs", names, 0)[-2:] == [
        "Bereš 2. štych (F❤️ K❤️ E❤️ 7🔔).", "Maturita ti na 1. pokus nevyšla (8 b.)."]
    assert seat_lines(attempt, "en", names, 0)[-2] == "You take trick 2 (F❤️ K❤️ E❤️ 7🔔)."
    assert seat_lines([own, *end], "cs", names, 0)[0] == "Bereš 2. štych (F❤️ K❤️ E❤️ 7🔔)."
    assert table_lines([other, own], "cs", names)[-1] == "Ann bere 2. štych (F❤️ K❤️ E❤️ 7🔔)."
    # a trick of a partial game keeps its points
    game = [GameStarted(Contract.FILKY, 1, 2, 0, 3), own]
    assert table_lines(game, "cs", names)[-1] == "Ann bere 2. štych (F❤️ K❤️ E❤️ 7🔔): 2 b."
    assert table_lines([own], "cs", names) == ["Ann bere 2. štych (F❤️ K❤️ E❤️ 7🔔): 2 b."]


def test_R_MATURITA_a_knock_in_an_attempt_tells_no_penalty_point():
    """Review 21: in a Desítky attempt "Bob: ťuk – nemá co přiložit (automaticky, 1 trestný
    bod)." though R-MATURITA records no point of the other seats, and the maturant's knock
    fails the attempt (8, as the line after it says): in an attempt a knock tells no point,
    at the table and in the hands, also when the events hold only the knock (a move's)."""
    from bot.games.lora.events import seat_lines, table_lines
    from engine.contracts import Contract
    from engine.events import GameEnded, GameStarted, Knocked, MaturitaChosen, MaturitaFailed

    names = ["Ann", "Bob", "Cyril", "Dana"]
    start = [MaturitaChosen(0, Contract.DESITKY, 1),
             GameStarted(Contract.DESITKY, 1, 8, 0, 3, attempt=1)]
    fails = [Knocked(0), GameEnded(Contract.DESITKY, (8, 0, 0, 0)), MaturitaFailed(0, 1)]
    assert table_lines([*start, Knocked(1)], "cs", names)[-1] == (
        "Bob: ťuk – nemá co přiložit (automaticky).")
    assert seat_lines([*start, Knocked(1)], "cs", names, 1)[-1] == (
        "Ťuk – nemáš co přiložit (automaticky).")
    assert table_lines([*start, Knocked(1)], "en", names)[-1] == (
        "Bob knocks – nothing to lay (automatically).")
    assert seat_lines([*start, Knocked(1)], "en", names, 1)[-1] == (
        "You knock – nothing to lay (automatically).")
    assert table_lines([*start, *fails], "cs", names)[-2:] == [
        "Ann: ťuk – nemá co přiložit (automaticky).", "Ann: maturita na 1. pokus nevyšla (8 b.)."]
    assert seat_lines([*start, *fails], "cs", names, 0)[-2:] == [
        "Ťuk – nemáš co přiložit (automaticky).", "Maturita ti na 1. pokus nevyšla (8 b.)."]
    assert seat_lines(fails, "en", names, 0)[:2] == [
        "You knock – nothing to lay (automatically).", "You fail Graduation on attempt 1 (8 pts)."]
    # a move's events: the game in play says it is an attempt
    assert table_lines([Knocked(1)], "cs", names, attempt=True) == [
        "Bob: ťuk – nemá co přiložit (automaticky)."]
    # a knock of a partial game keeps its point
    game = [GameStarted(Contract.DESITKY, 1, 7, 0, 3), Knocked(1)]
    assert table_lines(game, "cs", names)[-1] == (
        "Bob: ťuk – nemá co přiložit (automaticky, 1 trestný bod).")
    assert table_lines([Knocked(1)], "en", names, attempt=False) == [
        "Bob knocks – nothing to lay (automatically, 1 penalty point)."]


def test_a_returning_player_is_told_every_card_the_ai_played_for_him():
    """Back at the table Bob read only "Za tebe hrála AI: 10❤️." though it had played K🍃
    for him too (his only leaf, in trick 1; the line fell out of the last three): his hand
    names every card an AI played for him in the deal since his last own move, in one line
    kept until he moves, as Taroky's does."""
    from bot.games.lora.texts import hand_lines
    from bot.model import Unclicked
    from engine.cards import parse_card as c
    from engine.contracts import Contract
    from engine.events import CardPlayed, GameStarted, TrickTaken

    names = ["Ann", "Bob", "Cyril", "Dana"]
    one = [c("El"), c("Kl"), c("10l"), c("8l")]
    two = [c("Sh"), c("10h"), c("Fh"), c("Kh")]
    events = [GameStarted(Contract.FILKY, 1, 2, 0, 3),
              CardPlayed(0, one[0]), Unclicked(1, "left"), CardPlayed(1, one[1]),
              CardPlayed(2, one[2]), CardPlayed(3, one[3]), TrickTaken(0, tuple(one), 0, 1),
              CardPlayed(0, two[0]), Unclicked(1, "left"), CardPlayed(1, two[1]),
              CardPlayed(2, two[2]), CardPlayed(3, two[3]), TrickTaken(3, tuple(two), 2, 2)]
    assert hand_lines(events, "cs", names, 1) == [
        "Ann bere 1. štych (E🍃 K🍃 10🍃 8🍃): 0 b.",
        "Za tebe hrála AI: K🍃, 10❤️.", "Dana bere 2. štych (S❤️ 10❤️ F❤️ K❤️): 2 b."]
    assert hand_lines(events, "en", names, 1, 1) == [
        "The AI played for you: K🍃, 10❤️.", "Dana takes trick 2 (S❤️ 10❤️ F❤️ K❤️): 2 pts."]
    # the others read the AI's cards as the seat's moves, not in one line
    assert "Bob hraje" not in " ".join(hand_lines(events, "cs", names, 0))
    # once he plays a card of his own, the cards before it are the deal's past: a line each
    mine = [*events, CardPlayed(3, c("7b")), CardPlayed(0, c("8b")), CardPlayed(1, c("9b"))]
    assert hand_lines(mine, "cs", names, 1, 2) == [
        "Za tebe hrála AI: 10❤️.", "Dana bere 2. štych (S❤️ 10❤️ F❤️ K❤️): 2 b."]


def test_forced_cards_since_the_own_move_are_one_line_kept_above_the_last_lines():
    """``forced_cards_line``: the cards the table played for a seat as his only ones since
    his own last move are one line at the last of them, kept above the last lines when
    those would cut it, next to the AI's cards for him (each in its order); the others read
    them as his cards of the tricks."""
    from bot.games.lora.texts import hand_lines
    from bot.model import Unclicked
    from engine.cards import parse_card as c
    from engine.contracts import Contract
    from engine.events import CardPlayed, GameStarted, TrickTaken

    names = ["Ann", "Bob", "Cyril", "Dana"]
    tricks = [TrickTaken(2, (c("7b"), c("8b"), c("Eb"), c("9b")), 0, n) for n in (1, 2, 3)]
    events = [GameStarted(Contract.CERVENE, 1, 1, 0, 3), CardPlayed(0, c("8b")),
              Unclicked(0, "auto"), CardPlayed(0, c("7a")), tricks[0],
              Unclicked(0, "left"), CardPlayed(0, c("Kh")),
              Unclicked(0, "auto"), CardPlayed(0, c("7l")), tricks[1], tricks[2]]
    taken = "Cyril bere {}. štych (7🔔 8🔔 E🔔 9🔔): 0 b."
    forced = "Automaticky šly tvoje karty (pokaždé jediná možná): 7🌰 (1. štych), 7🍃 (2. štych)."
    assert hand_lines(events, "cs", names, 0, 1) == [
        "Za tebe hrála AI: K❤️.", forced, taken.format(3)]
    assert hand_lines(events, "cs", names, 0) == [
        "Za tebe hrála AI: K❤️.", forced, taken.format(2), taken.format(3)]
    assert hand_lines(events[:4], "en", names, 0) == [  # (trick 1 in progress)
        "Now Hearts; you lead. Take no heart.",
        "Played for you automatically (your only playable card): 7🌰 (trick 1)."]
    assert not any("7🌰" in line for line in hand_lines(events, "cs", names, 1))


def test_the_last_trick_has_one_name_and_the_rules_start_in_good_czech():
    """The Lóra pictures said "Minulý štych" where the button, its answer and Taroky's
    picture say "Poslední štych"; the rules began "**Lóra** hrají čtyři hráči" (an object
    of "hrají": "Lóru")."""
    from bot.i18n import t

    for lang, name in (("cs", "Poslední štych"), ("en", "Last trick")):
        assert {t(key, lang) for key in ("lora.pic.last_trick", "lora.btn_last",
                                         "taroky.pic.last_trick")} == {name}
    assert t("lora.rules_text", "cs").startswith("**Lóru** hrají čtyři hráči ")
    assert t("lora.rules_text", "en").startswith("**Lóra** is played by four ")


async def test_R_MATURITA_the_tables_line_of_the_maturants_trick_tells_no_points(harness):
    """The table read "Cyril bere 1. štych (F🔔 7🔔 7🌰 8🔔): 0 b." in an attempt while the
    hands read no points: a move's events hold the trick but not the attempt's start, so the
    table's lines learn from the game in play that it is an attempt (R-MATURITA)."""
    from tests.helpers import first_legal
    from tests.test_bot_announcements import _click

    _g, ch, users, tid = await open_table(harness, NAMES)
    table = harness.service.tables[tid]
    lora = Lora(first_leader=0, deals=lora_deals(0, [0, 1, 2, 3], fails={0: 1}))
    drive(lora, lambda lo: lo.phase == "play" and lo.attempt == 1)  # (červené chosen)
    await put_state(harness, table, lora)
    for _ in range(4):  # the 4 cards of trick 1: the maturant's
        await _click(harness, ch, table, users, first_legal(table.state))
    name = table.names()[0]
    taken = [line for line in table.recent.lines if "1. štych" in line]
    assert taken == [f"{name} bere 1. štych (K🍃 7🍃 9🍃 S🍃)."]


# Alice (seat 0) leads Hearts; the AIs' cards leave each of them a single suit to lead (hearts
# only when no other suit is left, R-TRICK-RED-LEAD) and the trick to one seat whatever they
# choose: Bob's E🔔 takes trick 1, Cyril's E🌰 trick 2, Dana's E🍃 trick 3 and her bells trick
# 4. Alice holds one acorn, one leaf and, after her 8🔔, one bell: 7🌰, 7🍃, 7🔔 are her only
# cards in tricks 2–4 (every order of the AIs' choices checked with the engine), then she
# chooses among her four hearts.
FORCED_CHAIN = ("7b 8b 7a 7l 7h 8h 9h 10h", "Eb 9a 10a Sa Fa Ka Sh Fh",
                "9b Ea 8l 9l 10l Sl Fl Kl", "10b Sb Fb Kb 8a El Kh Eh")
FORCED_LINE = {"cs": "Automaticky šly tvoje karty (pokaždé jediná možná): 7🌰 (2. štych),"
                      " 7🍃 (3. štych), 7🔔 (4. štych).",
               "en": "Played for you automatically (each time your only playable card):"
                     " 7🌰 (trick 2), 7🍃 (trick 3), 7🔔 (trick 4)."}
FORCED_PAST = {"cs": ("Automaticky šla tvoje karta (jediná možná): 7🔔 (4. štych).",
                      "{name} bere {n}. štych"),
               "en": ("Played for you automatically (your only playable card): 7🔔 (trick 4).",
                      "{name} takes trick {n}")}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_one_click_that_plays_a_chain_of_forced_cards_is_told_in_one_line(harness, lang):
    """Review 27: Alice's one click played her 8🔔 and then her only cards of three tricks;
    her hand kept its last three lines, a line per forced card, so the first two vanished
    and she held four cards fewer, told of one. Now one line names them all, above the last
    trick, until she moves herself; the table's lines do not mark them (her only card of a
    suit is her secret)."""
    from engine.actions import Play
    from tests.helpers import c, deal

    _g, ch, (alice,), tid = await open_table(harness, ["alice"], ("easy",) * 3, language=lang)
    table = harness.service.tables[tid]
    assert table.seat_of(alice.id) == 0
    await put_state(harness, table, Lora(first_leader=0, deals=[deal(*FORCED_CHAIN)]))
    hand = reply(await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand"))
    index = table.state.legal_actions().index(Play(0, c("8b")))
    await alice.click(hand, custom_id=f"lora:a:{tid}:{table.version}:{index}")
    lora = table.state
    assert (lora.to_act, len(lora.public_view().game.tricks), len(lora.legal_actions())) == (
        0, 4, 4)
    past, taken = FORCED_PAST[lang]
    dana = table.names()[3]  # (the AI in seat 3 takes tricks 3 and 4)
    hand = await _hand(ch, table, [alice], 0)
    lines = _bullets(hand)
    assert len(lines) == 3 and lines[1] == FORCED_LINE[lang], lines
    assert lines[0].startswith(taken.format(name=dana, n=3) + " ("), lines
    assert lines[2].startswith(taken.format(name=dana, n=4) + " ("), lines
    assert not any("7🌰, 7🍃" in line or "automati" in line for line in table.recent.lines)
    # her own card ends it: the cards before it are the deal's past, a line each
    await alice.click(hand, custom_id=f"lora:a:{tid}:{table.version}:0")
    lines = _bullets(await _hand(ch, table, [alice], 0))
    assert lines[0] == past and FORCED_LINE[lang] not in lines, lines


def test_a_start_he_was_to_lead_says_the_ai_led_for_him_when_it_did():
    """Review 73 (#8): back at the table his hand read "Hraje se Červené, vynášíš ty." over
    "Za tebe hrála AI: S🍃" — the lead made for him already. The start says so when an AI
    made his first move of the game; his own lead keeps "vynášíš ty"."""
    from bot.games.lora.texts import hand_lines
    from bot.model import Unclicked
    from engine.cards import parse_card as c
    from engine.contracts import Contract
    from engine.events import CardPlayed, GameStarted

    names = ["Ann", "Bob", "Cyril", "Dana"]
    start = GameStarted(Contract.CERVENE, 2, 1, 1, 0)
    led = [start, Unclicked(1, "stand_in"), CardPlayed(1, c("Sl")), CardPlayed(2, c("7l"))]
    assert hand_lines(led, "cs", names, 1)[:2] == [
        "Hraje se Červené, za tebe vynesla AI. Neber žádnou červenou.",
        "Za tebe hrála AI: S🍃."]
    assert hand_lines(led, "en", names, 1)[0].startswith("Now Hearts; the AI led for you.")
    own = [start, CardPlayed(1, c("Sl")), CardPlayed(2, c("7l"))]
    assert hand_lines(own, "cs", names, 1)[0] == (
        "Hraje se Červené, vynášíš ty. Neber žádnou červenou.")
    # the others read the start as ever
    assert hand_lines(led, "cs", names, 0)[0] == (
        "Hraje se Červené, vynáší Bob. Neber žádnou červenou.")
