"""The bot loses Send Messages in a table's channel during a game (review 41): its players
play on through their hands, so each is told once, privately, why the channel shows nothing
new; once the bot may post again the table message shows the game as it is."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.delivery import items
from bot.delivery.deliverer import DeliveryError
from bot.storage.models import OutboxEntry
from bot.ui.turn_pings import TURN_PING_SECONDS
from tests.botkit import Players, channel_delivered, open_table


class Reading(Players):
    """Players who also read the notes that come with their clicks' answers."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.read: list[tuple[int, str]] = []

    async def open_hand(self, user):
        res = await user.click(self.table_message(), custom_id=f"lora:t:{self.table_id}:hand")
        hands = [m for m in [res.response, *res.followups] if m is not None and m.components]
        self.read += [(user.id, m.content) for m in res.followups if not m.components]
        self.hands[user.id] = hands[-1]
        return hands[-1]


def _deny(harness, ch, deny: int) -> None:
    harness.env.backend.set_overwrite(ch.id, Overwrite(
        target_id=harness.bot.user.id, type=OverwriteType.MEMBER, deny=deny))


async def test_players_are_told_once_when_the_bot_may_no_longer_post_in_their_channel(
        harness, locales):
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"],
                                                    ("easy", "easy"))
    locales[alice.id] = "cs"
    table = harness.service.tables[tid]
    players = Reading(harness, ch, tid, [alice, bob], random.Random(3))
    await players.move()
    await channel_delivered(harness)
    _deny(harness, ch, discord.Permissions(send_messages=True).value)
    await harness.env.settle()

    notice = (f"Do kanálu <#{ch.id}> stolu č. {tid} teď nesmím psát (chybí: Odesílat "
              "zprávy), takže tam není vidět, jak hra pokračuje. Hrát můžeš dál přes "
              "**Moje karty**; požádej správce serveru, ať mi tam psaní povolí.")
    await players.move()  # (its refresh and announcements refused: 403)
    await harness.env.advance_time(TURN_PING_SECONDS + 1)  # (the ping after its grace too)
    await channel_delivered(harness)
    await players.move()  # (refused again: nobody told twice)
    await channel_delivered(harness)
    # each reads it with his next click or command, once
    for user in (alice, bob):
        await user.slash(ch, "lora hand")
        await user.slash(ch, "lora hand")
    for user in (alice, bob):
        seen = [m.content for m in ch.history(viewer=user) if notice in (m.content or "")]
        assert seen == [notice], user
    assert table.status == "playing"

    # the permission back: the table's next message reaches the channel, the outage is over
    # (a later one would be told again)
    _deny(harness, ch, 0)
    await harness.env.settle()
    players.hands.clear()
    for _ in range(8):  # (until a post of the table, its turn ping, say, gets through)
        await players.move()
        await channel_delivered(harness)
        if not harness.bot.controller.blocked.outages:
            break
    assert harness.bot.controller.blocked.outages == {}
    shown = next(m for m in ch.history() if m.id == table.message_id)
    assert shown.embeds and shown.embeds[0].title == f"Lóra – stůl č. {tid}"
    assert harness.env.errors == []


async def _noticed_outage(harness):
    """Alice's table, whose channel then refuses the bot's posts: her notice waits, not read
    yet: ``(ch, alice, table id)``."""
    guild, ch, (alice,), tid = await open_table(harness, ["alice"], ("easy",) * 3)
    await channel_delivered(harness)
    _deny(harness, ch, discord.Permissions(send_messages=True).value)
    await harness.env.settle()
    await harness.bot.controller.enqueue([items.post(ch.id, "x", table_id=tid)])
    await channel_delivered(harness)
    assert "Odesílat zprávy" in harness.bot.controller.replies.notes[alice.id][0]
    return ch, alice, tid


async def test_a_notice_not_read_before_the_bot_may_post_again_is_taken_back(harness):
    ch, alice, tid = await _noticed_outage(harness)
    _deny(harness, ch, 0)
    await harness.env.settle()
    await harness.bot.controller.enqueue([items.post(ch.id, "y", table_id=tid)])
    await channel_delivered(harness)
    assert alice.id not in harness.bot.controller.replies.notes
    res = await alice.slash(ch, "lora hand")
    assert res.followups == [] or all("nesmím" not in (m.content or "") for m in res.followups)


async def test_a_notice_not_read_when_the_game_ends_is_taken_back(harness):
    """The table closed during the outage (aborted here): its notice, not read yet, is no
    longer true — nobody reads it at his next click, at another table, say."""
    ch, alice, tid = await _noticed_outage(harness)
    await harness.service.abort(tid)
    await channel_delivered(harness)
    assert harness.bot.controller.blocked.outages == {}
    assert alice.id not in harness.bot.controller.replies.notes


async def test_a_refusal_in_another_channel_does_not_add_to_the_tables_outage(harness):
    """A 403 of the table's entry elsewhere (its thread's pointer line in the channel it was
    opened in) is no part of its outage: a deletion refused there, then one delivered in the
    table's channel (where deleting is allowed, posting not), does not end it — its players'
    notices stay true (review read1 #5)."""
    ch, alice, tid = await _noticed_outage(harness)
    blocked = harness.bot.controller.blocked
    elsewhere = ch.guild.create_text_channel("jinde")
    now = datetime.now(UTC)
    refused = OutboxEntry.of(1, items.delete(elsewhere.id, 1, table_id=tid), now)
    blocked.refused(refused, DeliveryError("refused", route="delete", status=403))
    assert blocked.outages[tid].routes == {"post"}
    blocked.delivered(OutboxEntry.of(2, items.delete(ch.id, 2, table_id=tid), now), 0.0)
    assert tid in blocked.outages
    assert "Odesílat zprávy" in harness.bot.controller.replies.notes[alice.id][0]
    # a post delivered in its channel ends it
    blocked.delivered(OutboxEntry.of(3, items.post(ch.id, "y", table_id=tid), now), 0.0)
    assert blocked.outages == {}
    assert alice.id not in harness.bot.controller.replies.notes


async def test_a_channel_denying_only_pictures_is_not_said_to_forbid_posting(harness, locales):
    """Review 54: the bot may post there, only not attach its pictures: the notice names
    what it lacks, not "I may not post"."""
    guild, ch, (alice,), tid = await open_table(harness, ["alice"], ("easy",) * 3)
    locales[alice.id] = "cs"
    await channel_delivered(harness)
    _deny(harness, ch, discord.Permissions(attach_files=True).value)
    await harness.env.settle()
    text = harness.bot.controller.blocked._text(harness.service.tables[tid])
    assert text == (f"V kanálu <#{ch.id}> stolu č. {tid} mi teď chybí oprávnění: Přikládat"
                    " soubory, takže tam není vidět, jak hra pokračuje. Hrát můžeš dál přes"
                    " **Moje karty**; požádej správce serveru, ať mi je povolí.")



async def test_a_notice_not_read_before_a_restart_is_given_after_it(harness):
    """The outages are held in memory: after a restart a table whose channel still refuses
    the bot (its permissions say so) starts its outage anew — the notice Alice had not read
    comes with her next command, once; before, only after a post of the table was refused
    again (a move or more later). Her table's next post there ends it."""
    ch, alice, tid = await _noticed_outage(harness)
    notice = harness.bot.controller.replies.notes[alice.id][0]
    await harness.restart()
    await channel_delivered(harness)
    for _ in range(2):
        await alice.slash(ch, "lora hand")
    seen = [m.content for m in ch.history(viewer=alice) if notice in (m.content or "")]
    assert seen == [notice]
    assert harness.service.tables[tid].status == "playing"
    _deny(harness, ch, 0)
    await harness.env.settle()
    await harness.bot.controller.enqueue([items.post(ch.id, "y", table_id=tid)])
    await channel_delivered(harness)
    assert harness.bot.controller.blocked.outages == {}
