"""Commands named in replies as clickable mentions of the synced commands (review 94 MEDIUM
3: "/lora odejít" had to be typed); before a sync, as plain text the asker's client lists."""

from __future__ import annotations

from bot.command_ids import forget, mention
from bot.commands import command_shown
from bot.games import ui_of
from tests.botkit import reply


def _synced_id(harness, group: str) -> str:
    """The id SimCord's Discord gave the group at the bot's sync."""
    return harness.env.backend.find_command(group, None)["id"]


async def test_a_refusal_names_the_leave_command_by_a_mention_on_every_client(harness,
                                                                             locales):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("hry")
    jana = guild.add_member(env.create_user("jana"))
    await jana.slash(ch, "lora new", language="cs")
    leave = f"</lora leave:{_synced_id(harness, 'lora')}>"  # (a Czech client: "/lora odejít")
    assert reply(await jana.slash(ch, "taroky new")).content == (
        f"You already sit at table 1 (Lóra, <#{ch.id}>). To sit elsewhere, leave it first:"
        f" {leave}.")
    locales[jana.id] = "cs"  # (the same mention: Discord shows it in the viewer's language)
    assert reply(await jana.slash(ch, "lora new")).content == (
        f"Už sedíš u stolu č. 1 (Lóra, <#{ch.id}>). Chceš-li sedět jinde, nejdřív od něj"
        f" odejdi: {leave}.")
    assert mention("taroky score") == f"</taroky score:{_synced_id(harness, 'taroky')}>"


def test_without_synced_ids_commands_are_named_as_the_client_lists_them():
    forget()
    lora, taroky = ui_of("lora"), ui_of("taroky")
    assert mention("lora leave") is None
    assert command_shown(lora, "leave", True) == "/lora odejít"
    assert command_shown(lora, "leave", False) == "/lora leave"
    assert command_shown(taroky, "forget-me", True) == "/taroky zapomeň-mě"
