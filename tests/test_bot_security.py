"""Privacy and permissions through the real bot.

* No card a player still holds appears anywhere but in his own ephemeral messages: every
  message the bot sends or edits (content, embeds, attachment names, component labels) and
  every log line is checked at the moment it is made, against the hands at that moment, in
  the bot's notation ("K❤️") and the engine's ("Kh"). A card is public from the moment an
  engine event shows it (played, laid, built into a kvarta). One allowance: in the step that
  ends a partial game (new hands are dealt), the table's recent-event lines may still name
  cards the old game played; a line found clean is not checked again when it is re-shown.
* The table picture depends on the public view only.
* Only the seated player acts for his seat; only the creator or a server manager aborts.
* The token never appears in the settings' repr nor in the log.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import re
from typing import Any

import discord
import pytest
from simcord.http import router as simcord_router

from bot.config import load_settings
from bot.games import ui_of
from bot.games.lora.cards import card_label
from bot.i18n import t
from bot.ui.presenter import TablePresenter
from engine.cards import card_str, cards_of, shuffled_deal
from engine.lora import Lora
from tests.botkit import Players, enabled_controls, open_table, raw_click, reply, stored_message

# A made-up token of the real shape, built here so that no token-like literal is tracked.
FAKE_TOKEN = ".".join(
    ("MTE0NTA2NzQ0Mzk4MDgwMDAwMA", "GfAkE1", "s3cr3t-t0k3n-" + "ABCDEFGHIJKLMNOPQRSTUVWXYZab")
)
PUBLIC = None  # the audience of a message everybody sees


def _pattern(card: int) -> re.Pattern[str]:
    label = card_label(card)
    bare = label.replace("\ufe0f", "")
    return re.compile(
        rf"{re.escape(label)}|{re.escape(bare)}|(?<![0-9A-Za-z]){re.escape(card_str(card))}"
        r"(?![0-9A-Za-z])"
    )


CARD_PATTERNS = {card: _pattern(card) for card in range(32)}
# a partial game's result line that retells its last moves ("Poslední tahy: …", review 69):
# told once the next game's hands are dealt, of the cards the ended game had played
CLOSING = tuple(t("lora.result_closing", lang, lines="") for lang in ("cs", "en"))


def message_texts(payload: dict[str, Any]) -> list[str]:
    """Every text of a message payload a client shows."""
    out = [payload.get("content") or ""]
    for embed in payload.get("embeds") or []:
        out += [embed.get("title") or "", embed.get("description") or ""]
        out.append((embed.get("footer") or {}).get("text") or "")
        out.append((embed.get("author") or {}).get("name") or "")
        for field in embed.get("fields") or []:
            out += [field.get("name") or "", field.get("value") or ""]
    for attachment in payload.get("attachments") or []:
        out += [attachment.get("filename") or "", attachment.get("description") or ""]
    stack = list(payload.get("components") or [])
    while stack:
        comp = stack.pop()
        stack.extend(comp.get("components") or [])
        out += [comp.get("label") or "", comp.get("placeholder") or ""]
        for option in comp.get("options") or []:
            out += [option.get("label") or "", option.get("description") or ""]
    return [x for x in out if x]


def event_cards(events: list[Any]) -> set[int]:
    """The cards the engine's events show (every event is public by its contract)."""
    out: set[int] = set()
    for event in events:
        for f in dataclasses.fields(event):
            value = getattr(event, f.name)
            if f.name == "card" and isinstance(value, int):
                out.add(value)
            elif f.name in ("cards", "own_cards"):
                out.update(value)
            elif f.name == "filled":  # KvartaBuilt: (seat, card) the others added
                out.update(card for _seat, card in value)
    return out


class PrivacyWatch:
    """Checks what the bot shows, when it shows it, against the hands of that moment."""

    def __init__(self, harness: Any) -> None:
        self.harness = harness
        self.leaks: list[str] = []
        self.checked = {"public": 0, "ephemeral": 0, "log": 0, "hidden_cards_seen": 0}
        self.attachments: list[tuple[int | None, str]] = []
        self.step: dict[int, int] = {}
        self.step_public = set()
        self.vetted: set[tuple[int | None, str]] = set()

    def begin_step(self) -> None:
        """A user is about to act: what the engine tells from now on is public."""
        self.step_public: set[int] = set()
        self.step = {
            tid: table.state.public_view().played if table.state else 0
            for tid, table in self.harness.service.tables.items()
        }

    def hidden(self, recap: bool = False) -> list[tuple[int | None, int]]:
        """(owner's user id or None for an AI, card) for every card in a hand, except the
        cards the engine's events made public in this step (a step that ends a partial game
        deals new hands while its messages still tell the old game's end). For the table's
        recent event lines (``recap``) the cards the old game had played before the step
        are public too."""
        out = []
        for tid, table in self.harness.service.tables.items():
            lora = table.state
            if lora is None:
                continue
            played = set(self.step_public)
            if recap:
                played.update(cards_of(self.step.get(tid, 0)))
            for seat, s in enumerate(table.seats):
                owner = None if s is None else s.user_id
                out += [(owner, c) for c in cards_of(lora.view(seat).hand) if c not in played]
        return out

    def recent_lines(self) -> set[str]:
        return {f"• {line}" for table in self.harness.service.tables.values()
                for line in table.recent.lines}

    def leaks_in(self, texts: list[str], viewer: int | None,
                 told: frozenset[str] = frozenset()) -> list[str]:
        """Hidden cards of others in texts, line by line. A line found clean once is clean
        when it is shown again (the table's recent events stay while new hands are dealt; a
        hand tells how the last game ended after its new cards are dealt). ``told``: lines
        of the events just shown, checked as the recent events are."""
        found = []
        strict = [(o, c) for o, c in self.hidden() if viewer is None or o != viewer]
        recap = [(o, c) for o, c in self.hidden(recap=True) if viewer is None or o != viewer]
        recent = self.recent_lines() | told
        if strict:
            self.checked["hidden_cards_seen"] += 1
        for text in texts:
            for line in text.splitlines():
                if (PUBLIC, line) in self.vetted or (viewer, line) in self.vetted:
                    continue
                hidden = recap if line in recent or line.startswith(CLOSING) else strict
                bad = [(owner, card) for owner, card in hidden
                       if CARD_PATTERNS[card].search(line)]
                found += [f"{card_label(card)} ({card_str(card)}) of {owner}: {line!r}"
                          for owner, card in bad]
                if not bad:
                    self.vetted.add((viewer, line))
        return found

    def check_message(self, payload: dict[str, Any], viewer: int | None, where: str) -> None:
        self.checked["public" if viewer is None else "ephemeral"] += 1
        for leak in self.leaks_in(message_texts(payload), viewer):
            self.leaks.append(f"{where} to {viewer or 'everyone'}: {leak}")
        for attachment in payload.get("attachments") or []:
            self.attachments.append((viewer, attachment.get("filename") or ""))

    def audience(self, path: str, payload: dict[str, Any]) -> int | None:
        """Who sees a message: everyone, or (ephemeral) the user of its interaction."""
        if not int(payload.get("flags") or 0) & 64:
            return PUBLIC
        backend = self.harness.env.backend
        token = path.strip("/").split("/")[2]
        record = backend.interactions[backend.interaction_tokens[token]]
        return record.user_id

    def on_request(self, method: str, path: str, result: Any) -> None:
        if not isinstance(result, dict):
            return
        message = result
        if "resource" in result:  # an interaction callback that created a message
            message = (result.get("resource") or {}).get("message") or {}
        if "id" not in message or "content" not in message:
            return
        self.check_message(message, self.audience(path, message), f"{method} {path}")

    def install(self, monkeypatch: Any) -> None:
        dispatch = simcord_router.dispatch
        watch = self

        def watched(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            result = dispatch(backend, method, path, **kwargs)
            watch.on_request(method, path, result)
            return result

        monkeypatch.setattr(simcord_router, "dispatch", watched)
        game_shown = TablePresenter.game_shown

        def presented(controller: Any, table: Any, events: list[Any], origin: Any) -> Any:
            watch.step_public.update(event_cards(events))
            # the table's lines of these events, checked as they are told: a new game's
            # table message no longer shows the last game's (its end is its result's), but
            # a hand still tells how it ended, once the new hands are dealt
            told = [f"• {line}" for line in ui_of(table.game_kind).event_lines(table, events)]
            for leak in watch.leaks_in(told, PUBLIC, frozenset(told)):
                watch.leaks.append(f"table lines: {leak}")
            return game_shown(controller, table, events, origin)

        monkeypatch.setattr(TablePresenter, "game_shown", presented)
        handler = _LogWatch(self)
        for name in ("bot", "discord", "engine"):
            logger = logging.getLogger(name)
            logger.addHandler(handler)
        self._handler = handler

    def uninstall(self) -> None:
        for name in ("bot", "discord", "engine"):
            logging.getLogger(name).removeHandler(self._handler)


class _LogWatch(logging.Handler):
    def __init__(self, watch: PrivacyWatch) -> None:
        super().__init__(logging.DEBUG)
        self.watch = watch

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f" {record.exc_info[1]!r}"
        self.watch.checked["log"] += 1
        for leak in self.watch.leaks_in([text], PUBLIC):
            self.watch.leaks.append(f"log {record.name}: {leak}")


@pytest.fixture
def watch(harness, caplog, monkeypatch):
    caplog.set_level(logging.DEBUG, logger="bot")
    caplog.set_level(logging.DEBUG, logger="discord")
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    w = PrivacyWatch(harness)
    w.install(monkeypatch)
    try:
        yield w
    finally:
        w.uninstall()


def test_the_watch_sees_a_leak(harness):
    """The detector itself: a hidden card in either notation is found, a played one is not."""
    w = PrivacyWatch(harness)
    table_hidden = [(1, 6), (None, 31)]  # K of hearts (seat of user 1), E of acorns (an AI)
    w.hidden = lambda recap=False: table_hidden  # type: ignore[method-assign]
    assert w.leaks_in(["Karel plays K❤️ now"], PUBLIC)
    assert w.leaks_in(["card Ea"], PUBLIC)
    assert w.leaks_in(["K❤ without the variation selector"], PUBLIC)
    assert not w.leaks_in(["Karel plays K❤️ now"], 1)  # his own card, to him
    assert w.leaks_in(["Ea"], 1)  # an AI's card, to a player
    assert not w.leaks_in(["Kea, Eagle, 8❤️, 10🌰"], PUBLIC)
    assert message_texts({"content": "", "embeds": [{"fields": [{"name": "a", "value": "b"}]}],
                          "components": [{"components": [{"label": "K❤️"}]}]}) == [
        "a", "b", "K❤️"]


# -- a whole lóra ------------------------------------------------------------------------------
async def _spectate(harness, players, spectator, ch, everything: bool) -> None:
    """A spectator (and a player) look at what the table offers: everything must be public."""
    tid = players.table_id
    message = players.table_message()
    shown = {c["custom_id"] for c in enabled_controls(message)}
    ops = ("last", "sheet", "rules", "hand") if everything else ("last",)
    for op in ops:
        if f"lora:t:{tid}:{op}" in shown:
            res = await spectator.click(message, custom_id=f"lora:t:{tid}:{op}")
            assert res.ephemeral
    if everything:
        await spectator.slash(ch, "lora score")
        await spectator.slash(ch, "lora hand")
        seated = next(iter(players.users.values()))
        if f"lora:t:{tid}:last" in shown:
            await seated.click(message, custom_id=f"lora:t:{tid}:last")


async def test_no_hidden_card_leaks_during_a_whole_lora(harness, watch, caplog):
    """Two humans and two AIs play a whole lóra: the humans click part of their moves and
    the rest goes through the service (``TableService.act``, the path of a click without its
    Discord answer); a spectator looks at the table at every new partial game."""
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    carol = guild.add_member(harness.env.create_user("carol"))
    players = Players(harness, ch, tid, users, random.Random(21))
    table = players.table
    service = harness.service
    rng = random.Random(22)
    games_seen = set()
    decisions = clicks = 0
    while not table.state.finished:
        lora = table.state
        assert decisions < 2000, "the lóra did not end"
        game = (lora.tali, lora.game_no, lora.attempt)
        if game not in games_seen:
            games_seen.add(game)
            watch.begin_step()
            await _spectate(harness, players, carol, ch, everything=lora.game_no in (1, 5))
        seat = lora.to_act
        user_id = table.seats[seat].user_id
        decisions += 1
        watch.begin_step()
        if decisions % 6 == 0 or lora.phase != "play":
            await players.move()
            clicks += 1
        else:
            index = rng.randrange(len(lora.legal_actions()))
            await service.act(tid, user_id, table.version, index)
            await service.settled(tid)  # the AI moves that follow
            await harness.bot.controller.delivery.settled(tid)  # and what they show
        assert not watch.leaks, "\n".join(watch.leaks[:10])
    watch.begin_step()
    await _spectate(harness, players, carol, ch, everything=True)
    assert table.status == "finished"
    assert not watch.leaks, "\n".join(watch.leaks[:10])
    # the watch really looked: public and ephemeral messages and log lines, with cards hidden
    assert clicks > 50
    assert watch.checked["public"] > 200
    assert watch.checked["ephemeral"] > 100
    assert watch.checked["log"] > 100
    assert watch.checked["hidden_cards_seen"] > 300
    # pictures of a hand go to its owner only; public messages carry public pictures only
    for viewer, name in watch.attachments:
        if name == "hand.png":
            assert viewer in {u.id for u in users}
        else:
            assert name in ("table.png", "protokol.png"), name
    # every human's hand was shown to him, and only to him
    for user in users:
        mine = {m.id for m in ch.history(viewer=user) if m.flags.ephemeral}
        assert mine
        for other in [*users, carol]:
            if other is not user:
                assert not mine & {m.id for m in ch.history(viewer=other) if m.flags.ephemeral}
    assert FAKE_TOKEN not in caplog.text
    assert not errors_logged(caplog)


# -- pictures -----------------------------------------------------------------------------------
def _twins(seed: int, plays: int) -> tuple[Lora, Lora]:
    """Two lóry that differ only in hidden cards: one card of seat 0 and one of seat 1 (same
    suit) swapped, then the same public plays (never of the two cards)."""
    deal = shuffled_deal(random.Random(seed))
    for x in cards_of(deal[0]):
        y = next((y for y in cards_of(deal[1]) if y // 8 == x // 8), None)
        if y is not None:
            break
    else:  # pragma: no cover - every deal has a shared suit between two hands
        raise LookupError
    other = list(deal)
    other[0] = other[0] ^ (1 << x) | (1 << y)
    other[1] = other[1] ^ (1 << y) | (1 << x)
    a, b = Lora(deals=[deal]), Lora(deals=[(other[0], other[1], other[2], other[3])])
    rng = random.Random(seed)
    for _ in range(plays):
        options = [act for act in a.legal_actions()
                   if getattr(act, "card", None) not in (x, y) and b.is_legal(act)]
        if not options:
            break
        act = rng.choice(options)
        a.apply(act)
        b.apply(act)
    assert a.view(0).hand != b.view(0).hand
    assert a.public_view() == b.public_view()
    return a, b


@pytest.mark.parametrize(("seed", "plays"), [(3, 0), (4, 6)])
async def test_table_picture_ignores_hidden_cards(harness, seed, plays):
    """Two tables whose states differ only in the hidden cards of their human: the bot's
    table messages (picture and text) are the same; the humans' hand pictures differ."""
    a, b = _twins(seed, plays)
    pictures, descriptions, hands = [], [], []
    for n, lora in enumerate((a, b)):
        guild, ch, users, tid = await open_table(harness, [f"u{n}"], ("easy",) * 3)
        table = harness.service.tables[tid]
        table.state = lora
        for i, seat in enumerate(table.seats):
            seat.name = ["Anička", "Bohouš", "Cecílie", "Dalibor"][i]
        await harness.bot.controller.presenter.table_changed(table, [])
        players = Players(harness, ch, tid, users, random.Random(1))
        message = players.table_message()
        assert message.attachments[0].filename == "table.png"
        pictures.append(await message.attachments[0].read())
        descriptions.append(message.embeds[0].description)
        hand = await players.open_hand(users[0])
        hands.append(await hand.attachments[0].read())
    assert pictures[0] == pictures[1]
    assert descriptions[0] == descriptions[1]
    assert hands[0] != hands[1]  # the hidden cards really differ


# -- who may do what ----------------------------------------------------------------------------
def errors_logged(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_only_the_seated_player_acts_for_his_seat(harness, watch, caplog):
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    carol = guild.add_member(harness.env.create_user("carol"))
    players = Players(harness, ch, tid, users, random.Random(3))
    table = players.table
    for _round in range(3):
        seat = table.state.to_act
        owner = players.users[table.seats[seat].user_id]
        other = next(u for u in users if u is not owner)
        hand = await players.open_hand(owner)
        snapshot = stored_message(owner, hand)
        controls = [c["custom_id"] for c in enabled_controls(hand)]
        assert controls
        before = table.state.to_json()
        for cid in controls:  # every button of his hand, clicked by the other player …
            res = await raw_click(other, snapshot, cid)
            assert reply(res).content == "Teď nejsi na tahu."  # the table's language
            assert reply(res).ephemeral
        res = await raw_click(carol, snapshot, controls[0])  # … and by a spectator
        assert reply(res).content == "U tohoto stolu nesedíš."
        assert reply(res).ephemeral
        assert table.state.to_json() == before
        rec = await harness.bot.store.get_table(tid)
        assert rec.state == before
        await players.move()  # the seated player himself can
        assert table.state.to_json() != before
    assert not watch.leaks, "\n".join(watch.leaks[:10])
    assert not errors_logged(caplog)


async def test_only_the_creator_or_a_manager_aborts(harness):
    env = harness.env
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    alice, bob = users
    table = harness.service.tables[tid]
    helpers = guild.create_role("Helpers", permissions=discord.Permissions(
        manage_messages=True, manage_channels=True, kick_members=True))
    helper = guild.add_member(env.create_user("helper"), roles=[helpers])
    carol = guild.add_member(env.create_user("carol"))
    # a manager of another server cannot reach this table
    other = env.create_guild()
    other_ch = other.create_text_channel("lora")
    mods_elsewhere = other.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    stranger = other.add_member(env.create_user("stranger"), roles=[mods_elsewhere])
    # (about the table)
    refused = "Stůl může zrušit jen jeho zakladatel (Alice) nebo správce serveru."
    for user in (bob, helper, carol):
        res = await user.slash(ch, "lora abort", table=tid)
        assert res.response.content == refused, user
        assert res.ephemeral
    res = await stranger.slash(other_ch, "lora abort", table=tid)
    assert res.response.content == "Table 1 does not exist or has already ended."
    assert table.status == "playing"
    assert (await harness.bot.store.get_table(tid)).status == "playing"
    # the creator can
    res = await alice.slash(ch, "lora abort")
    assert table.status == "playing"  # (asked first)
    res = await alice.click(reply(res), label="Zrušit stůl")
    assert reply(res).content == f"Stůl č. {tid} je zrušen."
    assert table.status == "aborted"
    assert (await harness.bot.store.get_table(tid)).status == "aborted"
    # and so can a member with Manage Server, at another table
    guild2, ch2, users2, tid2 = await open_table(harness, ["dana"], ("easy",) * 3)
    mods = guild2.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild2.add_member(env.create_user("mod"), roles=[mods])
    res = await mod.slash(ch2, "lora abort", table=tid2)
    res = await mod.click(reply(res), label="Zrušit stůl")
    assert reply(res).content == f"Stůl č. {tid2} je zrušen."
    assert harness.service.tables[tid2].status == "aborted"


# -- the token ----------------------------------------------------------------------------------
def test_the_token_is_never_shown(monkeypatch, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    monkeypatch.setenv("LORA_LOG_LEVEL", "DEBUG")
    monkeypatch.setenv("LORA_DB", str(tmp_path / "lora.sqlite3"))
    settings = load_settings(tmp_path / "missing.env")
    assert settings.token == FAKE_TOKEN
    for shown in (repr(settings), str(settings), f"{settings}", f"{settings!r}"):
        assert FAKE_TOKEN not in shown
        assert FAKE_TOKEN[:20] not in shown
    # from a .env file too
    monkeypatch.delenv("DISCORD_TOKEN")
    env_file = tmp_path / ".env"
    env_file.write_text(f"DISCORD_TOKEN='{FAKE_TOKEN}'\n", encoding="utf-8")
    settings = load_settings(env_file)
    assert settings.token == FAKE_TOKEN
    assert FAKE_TOKEN not in repr(settings)
    # python -m bot: the token goes to discord.py's login, never into the log
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    import bot.__main__ as entry

    given = []

    def fake_run(self, token, **kwargs):
        given.append(token)
        logging.getLogger("bot").info("would connect with %r", load_settings())

    monkeypatch.setattr(discord.Client, "run", fake_run)
    assert entry.main([]) == 0
    assert given == [FAKE_TOKEN]
    assert "would connect" in caplog.text
    assert FAKE_TOKEN not in caplog.text
