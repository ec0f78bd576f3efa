"""An open hand message for as long as a player keeps it, through the real bot in SimCord.

Its interaction token lives 15 minutes: before it dies the hand is edited one last time to
say that it no longer follows the table by itself, with a button that refreshes it (that
click's own token edits it from then on — after a restart too); its cards keep working. A
player who leaves the table finds his open hand saying so, with no cards to click.
"""

from __future__ import annotations

import random
from typing import Any

from bot.ui import builders
from bot.ui.hands import SESSION_SECONDS
from tests.botkit import Players, channel_delivered, enabled_controls, open_table, reply

# (true whoever is to play: review 66 saw "not even when it is your turn" on his turn)
LAST_CS = ("⏸ Tahle zpráva se odteď sama neobnoví; karty výše platí, aktuální stav ukáže "
           "**Obnovit karty**.")
LAST_EN = ("⏸ From now on this message no longer updates by itself; the cards above still "
           "work, **Refresh cards** shows the current state.")
# (a waiting hand's last edit: its "X is to play, the buttons unlock…" would go stale)
WAIT_CS = "⏸ Karty se už samy neobnoví – až budeš na tahu, klikni na **Obnovit karty**."
WAIT_EN = ("⏸ Your cards no longer update by themselves – when it is your turn, click "
           "**Refresh cards**.")


def _labels(message: Any) -> list[str]:
    return [c.get("label") for c in enabled_controls(message)]


def _now(table: Any, seat: int) -> str:
    """The text of the hand as the table is now, from ``seat``."""
    return builders.hand_message(table, table.state.view(seat), table.settings.lang,
                                 render=False)["content"]


async def test_a_lora_hand_says_before_its_token_dies_and_its_refresh_brings_it_back(harness):
    """Carol waits with her hand open and clicks nothing for 14 minutes: the hand says it no
    longer follows the table and offers "Obnovit karty" (her cards stay disabled: not her
    turn). It is not edited again when her turn comes; the refresh shows her turn in the same
    message (a newer hand she opened meanwhile says it is replaced), its cards play, and from
    then on it follows the table again."""
    _g, ch, users, tid = await open_table(harness, ["alice", "bob", "carol"], ("easy",))
    alice, _bob, carol = users
    players = Players(harness, ch, tid, users, random.Random(3))
    table = players.table
    c = table.seat_of(carol.id)
    while table.state.to_act == c:
        await players.move()
    hand = await players.open_hand(carol)
    await harness.env.advance_time(SESSION_SECONDS + 5)
    waiting = (f"Na tahu je {table.names()[table.state.to_act]}. Tlačítka se odemknou, "
               "až budeš na řadě.")
    assert waiting in _now(table, c).split("\n")
    assert hand.content == _now(table, c).replace(waiting, WAIT_CS)
    assert "odemknou" not in hand.content and LAST_CS not in hand.content
    assert _labels(hand) == ["Obnovit karty"]  # (not her turn: her cards are disabled)
    assert (tid, carol.id) not in harness.bot.controller.hands.sessions
    for _ in range(200):  # the others play (after the token's end) until it is her turn
        if table.state.to_act == c:
            break
        if table.seats[table.state.to_act].user_id != carol.id:
            await players.move()
    assert table.state.to_act == c
    assert WAIT_CS in hand.content  # no edit through the dead token
    newer = await players.open_hand(carol)  # ("Moje karty" meanwhile: a newer hand)
    res = await carol.click(hand, label="Obnovit karty")
    assert res.followups == [] and res.response.id == hand.id
    assert hand.content == _now(table, c)
    assert newer.content == "Tyhle karty jsou zastaralé – platí novější zpráva s tvými kartami."
    players.hands[carol.id] = hand
    cards = [x for x in enabled_controls(hand) if x["custom_id"].startswith("lora:a:")]
    assert cards and all(f":{table.version}:" in x["custom_id"] for x in cards)
    assert "Obnovit karty" not in _labels(hand)
    version = table.version
    await carol.click(hand, custom_id=cards[0]["custom_id"])
    assert table.version > version
    while table.state.to_act == c:  # (a forced card of hers, a lead again)
        await players.move()
    await players.move()  # another seat's move: her hand follows it
    assert hand.content == _now(table, c)


async def test_a_taroky_hand_s_cards_work_after_its_last_edit_and_its_refresh_after_a_restart(
        harness):
    """The player to act keeps his hand open past 14 minutes: its last edit keeps his enabled
    controls beside "Refresh cards" (English table), and a click on one of them plays; the
    next last edit's refresh works after a restart of the bot too."""
    from tests.taroky_kit import Clickers, default_policy

    _g, ch, users, tid = await open_table(harness, ["ann", "ben"], ("easy", "easy"),
                                          game="taroky", language="en")
    clickers = Clickers(harness, ch, tid, users)
    table = clickers.table
    user, hand, _controls = await clickers.hand_of_actor()
    seat = table.seat_of(user.id)
    await harness.env.advance_time(SESSION_SECONDS + 5)
    assert hand.content == _now(table, seat) + "\n" + LAST_EN
    labels = _labels(hand)
    assert labels[-1] == "Refresh cards" and len(labels) > 1
    other = next(i for i, s in enumerate(table.seats)  # the other human waits: no stale turn
                 if s is not None and s.user_id is not None and i != seat)
    waiting = builders.hand_message(table, table.state.view(other), "en", render=False,
                                    last=True)["content"]
    assert waiting.endswith(WAIT_EN) and "unlock" not in waiting and LAST_EN not in waiting
    version = table.version
    await clickers.act(default_policy(table.state))  # (his control on the old message)
    assert table.version > version
    assert not hand.content.endswith(LAST_EN)
    while table.state.to_act != seat:  # until he acts again, or the other human does
        if table.seats[table.state.to_act].user_id != user.id:
            await clickers.act(default_policy(table.state))
    hand = clickers.hands[user.id]
    await harness.env.advance_time(SESSION_SECONDS + 5)
    assert hand.content.endswith(LAST_EN)
    await harness.restart()
    await channel_delivered(harness)
    table = clickers.table
    res = await user.click(hand, label="Refresh cards")
    assert res.followups == [] and reply(res).id == hand.id
    assert hand.content == _now(table, seat)
    version = table.version
    await clickers.act(default_policy(table.state))
    assert table.version > version


async def test_a_player_who_leaves_finds_his_open_hand_saying_so(harness):
    """Bob leaves the Lóra table (an AI plays for him): his open hand says that it no longer
    counts, who plays and how to come back, with no card buttons and no picture, and stays
    so while the AI plays his cards. The same at a Taroky table (in English)."""
    _g, ch, users, tid = await open_table(harness, ["alice", "bob", "carol"], ("easy",))
    _alice, bob, _carol = users
    players = Players(harness, ch, tid, users, random.Random(4))
    table = players.table
    hand = await players.open_hand(bob)
    ask = reply(await bob.slash(ch, "lora leave"))
    await bob.click(ask, label="Odejít, dohraje AI")
    left = (f"Tyto karty už nehraješ – u stolu č. {tid} za tebe teď hraje AI. Vrátit se můžeš, "
            "dokud hra běží: u stolu klikni na **Moje karty** a pak na **Vrátit se ke stolu**.")
    assert hand.content == left
    assert hand.components == [] and hand.attachments == []
    version = table.version
    for _ in range(3):
        await players.move()
    assert table.version > version and hand.content == left
    # the way back it names
    res = await bob.click(players.table_message(), label="Moje karty")
    assert _labels(reply(res)) == ["Vrátit se ke stolu"]

    _g, ch, users, tid = await open_table(harness, ["ann", "ben"], ("easy", "easy"),
                                          game="taroky", language="en")
    ann = users[0]
    res = await ann.click(next(m for m in ch.history()
                               if m.id == harness.service.tables[tid].message_id),
                          custom_id=f"lora:t:{tid}:hand")
    hand = reply(res)
    ask = reply(await ann.slash(ch, "taroky leave"))
    await ann.click(ask, label="Leave, an AI plays on")
    assert hand.content == (
        f"These cards no longer count – an AI plays for you at table {tid} now. You can come "
        "back while the game runs: click **My cards** at the table, then **Back to the table**.")
    assert hand.components == [] and hand.attachments == []


async def test_hands_open_across_a_restart_follow_the_table_and_get_their_last_edit(harness):
    """The bot restarts while Carol's hand is open (she waits): it follows the table again —
    its token was saved — and its last edit comes when its token nears its end, as if there
    had been no restart. Her token is in the database meanwhile, and gone once it ended."""
    _g, ch, users, tid = await open_table(harness, ["alice", "bob", "carol"], ("easy",))
    _alice, _bob, carol = users
    players = Players(harness, ch, tid, users, random.Random(6))
    c = players.table.seat_of(carol.id)
    while players.table.state.to_act == c:
        await players.move()
    hand = await players.open_hand(carol)
    await harness.restart()
    await channel_delivered(harness)
    table = players.table
    version = table.version
    for _ in range(200):  # the others play; her hand, not clicked since, follows
        if table.state.to_act == c:
            break
        if table.seats[table.state.to_act].user_id is not None:
            await players.move()
            assert hand.content == _now(table, c)
    assert table.version > version and table.state.to_act == c
    assert carol.id in [t.user_id for t in await harness.bot.store.load_hands(
        store_moment(harness))]
    await harness.env.advance_time(SESSION_SECONDS + 5)
    assert hand.content == _now(table, c) + "\n" + LAST_CS  # (her turn: her cards work)
    assert _labels(hand)[-1] == "Obnovit karty"
    assert await harness.bot.store.load_hands(store_moment(harness)) == []


def store_moment(harness: Any) -> Any:
    """The virtual wall clock's now, as the storage takes it."""
    from datetime import UTC, datetime

    return datetime.fromtimestamp(harness.bot.controller.now(), UTC)


async def test_forget_me_tells_the_open_hand_that_he_no_longer_plays(harness):
    """Bob deletes his data (forget-me) while his hand is open: the hand says so, with no
    card buttons, and follows the table no more — in Czech, and at an English table whose
    last player closes it."""
    _g, ch, users, tid = await open_table(harness, ["alice", "bob", "carol"], ("easy",))
    _alice, bob, _carol = users
    players = Players(harness, ch, tid, users, random.Random(4))
    table = players.table
    hand = await players.open_hand(bob)
    await bob.click(reply(await bob.slash(ch, "lora forget-me")), label="Smazat moje údaje")
    gone = f"Tvoje osobní údaje jsou smazané – u stolu č. {tid} už nehraješ."
    assert hand.content == gone
    assert hand.components == [] and hand.attachments == []
    version = table.version
    for _ in range(3):
        await players.move()
    assert table.version > version and hand.content == gone

    _g, ch, users, tid = await open_table(harness, ["ann"], ("easy", "easy", "easy"),
                                          language="en")
    ann = users[0]
    res = await ann.click(next(m for m in ch.history()
                               if m.id == harness.service.tables[tid].message_id),
                          custom_id=f"lora:t:{tid}:hand")
    hand = reply(res)
    await ann.click(reply(await ann.slash(ch, "lora forget-me")), label="Delete my data")
    assert harness.service.tables[tid].status == "aborted"
    assert hand.content == f"Your personal data is deleted – you no longer play at table {tid}."
    assert hand.components == [] and hand.attachments == []


def test_an_ended_game_offers_no_im_back_and_says_it_is_over_once() -> None:
    """Review 17: the hand of a player the AI stood in for, once the game is over, offered a
    green "I'm back" (an invitation to a table that is over) and said "The lóra is over." and
    "The game is over." both; now no button, and one line says it is over (Taroky too)."""
    from bot.games.taroky.pictures.examples import example
    from bot.model import STATUS_FINISHED, Seat, Table, TableSettings
    from engine.lora import Lora
    from tests.storage_kit import finished_lora_json

    lora = Lora.from_json(finished_lora_json())
    rnd, _seat = example("finished")
    for kind, state, over in (("lora", lora, "**The lóra is over.**"),
                              ("taroky", rnd, "The round is over.")):  # (its table's words)
        seats: list[Seat | None] = [Seat(100 + i, f"P{i}", absent=i == 1) for i in range(4)]
        table = Table(1, 1, 1, 1, TableSettings(lang="en"), seats, game_kind=kind,
                      status=STATUS_FINISHED, state=state,
                      tournament={"id": 1, "round": 1, "table": 1})
        assert table.stood_in(1)  # (a tournament's table: the AI plays for him to the end)
        message = builders.hand_message(table, state.view(1), "en", render=False)
        labels = [getattr(getattr(c, "item", c), "label", None)
                  for c in message["view"].children]
        assert "I'm back" not in labels, kind
        lines = message["content"].split("\n")
        assert lines.count(over) == 1, kind
        if kind == "lora":
            assert lines[0] == over and "The game is over." not in lines
