"""Nothing secret reaches what Taroky's bot shows: hidden cards, and the secret partner.

Twin rounds differ only in what nobody may know — who holds the called tarok (so who the
partner is), or which of two hidden cards of the same kind a seat holds. They are played in
lockstep over random deals, and at every step:

* while their public views are equal, everything the table shows is equal: the status and
  event lines, the announcements, the turn ping, the table's buttons, the table picture and
  the protocol;
* every seat whose own view is equal in both gets the same hand message: text, controls,
  reasons, picture and its alt text.

So every public message, picture, button label and event line depends on the public view
only, and each hand on its seat's view only — the engine hides the partner there until he
is revealed (T-VIEW, T-CALL-PARTNER), and the public view's ``history`` is never drawn.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import ui_of
from bot.model import STATUS_PLAYING, Seat, Table, TableSettings
from engine.taroky import TarokyRound
from engine.taroky.actions import Announce, Bid, Call, Choose, DealAction
from engine.taroky.cards import NUM_TAROKS, TRUL, cards_of, color
from engine.taroky.deal import random_deal
from engine.taroky.events import DealEnded, PartnerRevealed
from engine.taroky.options import TarokyOptions

NAMES = ["Anička", "Bohouš", "Cecílie", "Dalibor"]
UI = ui_of("taroky")
Deal = tuple[tuple[int, int, int, int], tuple[int, ...]]


def _table(state: TarokyRound, lang: str) -> Table:
    seats: list[Seat | None] = [Seat(100 + i, name) for i, name in enumerate(NAMES)]
    return Table(1, 1, 1, 1, TableSettings(options=state.options.to_json(), lang=lang), seats,
                 game_kind="taroky", status=STATUS_PLAYING, state=state, seed=1,
                 clock_started=1_700_000_000.0)


def _items(items: list[Any]) -> list[dict[str, Any]]:
    return [item.to_component_dict() for item in items]


def public_outputs(table: Table, events: list[Any], lang: str, pictures: bool) -> Any:
    rnd = table.state
    assert isinstance(rnd, TarokyRound)
    out: list[Any] = [
        UI.status_lines(table, lang),
        UI.event_lines(table, events),
        UI.announcements(table, events),
        [(op.op, op.label) for op in UI.table_ops(table, lang, True)],
    ]
    if rnd.to_act is not None:
        out.append(UI.turn_ping(table, rnd.to_act, "@player"))
    if pictures:
        picture = UI.table_picture(table, lang)
        assert picture is not None
        out += [picture(), *(page() for page in UI.sheet_book(table, lang).pictures)]
    return out


def hand_outputs(table: Table, seat: int, lang: str, pictures: bool) -> Any:
    assert table.state is not None
    parts = UI.hand(table, table.state.view(seat), lang)
    out: list[Any] = [parts.lines, _items(parts.items), parts.alt]
    if pictures and parts.picture is not None:
        out.append(parts.picture())
    return out


def _swap(deal: Deal, a: int, b: int) -> Deal:
    """The deal with cards ``a`` and ``b`` exchanged wherever they lie (hands or talon)."""
    hands = list(deal[0])
    for s, h in enumerate(hands):
        has_a, has_b = bool(h >> a & 1), bool(h >> b & 1)
        if has_a != has_b:
            hands[s] = h ^ (1 << a) ^ (1 << b)
    talon = tuple(b if c == a else a if c == b else c for c in deal[1])
    return (hands[0], hands[1], hands[2], hands[3]), talon


def _policy(rnd: TarokyRound, rng: random.Random, legal: list[DealAction]) -> DealAction:
    """Random, but towards games with a called partner: the předák opens 1P and keeps it,
    the others mostly pass; few announcements."""
    first = legal[0]
    if isinstance(first, Bid):
        wanted = "1P" if not rnd.deal.bids else "dobra"
        pick = [a for a in legal if isinstance(a, Bid) and a.bid == wanted]
        if pick and rng.random() < 0.85:
            return pick[0]
    if isinstance(first, Choose):
        pick = [a for a in legal if isinstance(a, Choose) and a.game == "1P"]
        if pick and rng.random() < 0.85:
            return pick[0]
    if isinstance(first, Announce):
        done = [a for a in legal if a.item == "done"]
        if done and rng.random() < 0.75:
            return done[0]
    return rng.choice(legal)


def _partner_twin(deal: Deal, log: list[DealAction]) -> tuple[Deal, int, int] | None:
    """After the call: the called tarok and a hidden tarok of another non-declarer seat
    (both outside the talon, neither a trul card), swapped — the partner changes, nothing
    public does."""
    rnd = TarokyRound(deals=[deal])
    for a in log:
        rnd.apply(a)
    d = rnd.deal
    n = d.called
    if n is None or d.declarer is None or n in deal[1]:
        return None
    holder = next(s for s in range(4) if deal[0][s] >> n & 1)
    if holder == d.declarer:
        return None
    for q in range(4):
        if q in (holder, d.declarer):
            continue
        for x in cards_of(deal[0][q]):
            if x < NUM_TAROKS and not TRUL >> x & 1 and x != n:
                return _swap(deal, n, x), n, x
    return None


def _hidden_twin(deal: Deal, rng: random.Random) -> tuple[Deal, int, int]:
    """Two cards of the same suit (neither a king) in two different hands, or one in a hand
    and one in the talon, swapped: the hlášky and every count stay as they were."""
    where = {c: s for s in range(4) for c in cards_of(deal[0][s])}
    where.update({c: 4 + i for i, c in enumerate(deal[1])})
    cards = [c for c in range(NUM_TAROKS, 54) if (c - NUM_TAROKS) % 8 != 7]
    rng.shuffle(cards)
    for a in cards:
        for b in cards:
            if color(a) == color(b) and a != b and where[a] != where[b] and (
                    where[a] < 4 or where[b] < 4) and min(where[a], where[b]) < 4:
                return _swap(deal, a, b), a, b
    raise LookupError


def shows(event: Any, cards: tuple[int, int]) -> bool:
    """The event shows one of ``cards`` (played, laid away face up, turned, a trojka); the
    deal's end shows everything (T-VIEW)."""
    if getattr(event, "card", None) in cards:
        return True
    return any(c in cards for c in getattr(event, "cards", ()))


def _lockstep(a: TarokyRound, b: TarokyRound, rng: random.Random, lang: str,
              secret: tuple[int, int], check_every: int) -> dict[str, int]:
    """Play both rounds with the same actions; compare what the bot shows at every step."""
    ta, tb = _table(a, lang), _table(b, lang)
    seen = {"public_equal": 0, "hands_equal": 0, "pictures": 0}
    step = 0
    while not a.finished and not b.finished:
        legal_b = b.legal_actions()
        both = [x for x in a.legal_actions() if x in legal_b]
        if not both:
            break
        action = _policy(a, rng, both)
        ea, eb = a.apply(action), b.apply(action)
        step += 1
        pictures = step % check_every == 0
        if a.public_view() != b.public_view():
            assert any(isinstance(e, PartnerRevealed | DealEnded) for e in [*ea, *eb]) or any(
                shows(e, secret) for e in [*ea, *eb]
            ), f"the public views parted without a reveal at {action}"
            break
        assert public_outputs(ta, ea, lang, pictures) == public_outputs(tb, eb, lang, pictures)
        seen["public_equal"] += 1
        seen["pictures"] += pictures
        for seat in range(4):
            if a.view(seat) == b.view(seat):
                assert hand_outputs(ta, seat, lang, pictures) == hand_outputs(
                    tb, seat, lang, pictures), (seat, action)
                seen["hands_equal"] += 1
    return seen


@pytest.mark.parametrize("seed", range(8))
def test_the_secret_partner_never_shows_before_he_is_revealed(seed: int) -> None:
    rng = random.Random(seed)
    totals = {"twins": 0, "public_equal": 0, "hands_equal": 0, "pictures": 0}
    for k in range(400):
        if totals["twins"] == 3:
            break
        deal = random_deal(random.Random(f"privacy/{seed}/{k}"), 3)
        a = TarokyRound(deals=[deal], options=TarokyOptions(round_deals=1))
        log: list[DealAction] = []
        while a.deal.phase in ("bid", "choose", "call"):
            action = _policy(a, rng, a.legal_actions())
            a.apply(action)
            log.append(action)
            if isinstance(action, Call):
                break
        twin = _partner_twin(deal, log)
        if twin is None:
            continue
        other, n, x = twin
        b = TarokyRound(deals=[other], options=TarokyOptions(round_deals=1))
        for action in log:
            b.apply(action)
        assert a.deal.partner != b.deal.partner  # the partner really differs
        seen = _lockstep(a, b, rng, "cs" if seed % 2 else "en", (n, x), check_every=9)
        totals["twins"] += 1
        for key, value in seen.items():
            totals[key] += value
    assert totals["twins"] == 3
    assert totals["public_equal"] > 30 and totals["hands_equal"] > 30 and totals["pictures"]


@pytest.mark.parametrize("seed", range(6))
def test_hidden_cards_never_show(seed: int) -> None:
    rng = random.Random(100 + seed)
    deal = random_deal(random.Random(f"hidden/{seed}"), 3)
    other, x, y = _hidden_twin(deal, rng)
    a = TarokyRound(deals=[deal], options=TarokyOptions(round_deals=1))
    b = TarokyRound(deals=[other], options=TarokyOptions(round_deals=1))
    seen = _lockstep(a, b, rng, "en" if seed % 2 else "cs", (x, y), check_every=7)
    assert seen["public_equal"] > 5 and seen["hands_equal"] > 5 and seen["pictures"] > 0


def test_the_table_picture_draws_the_last_trick_only() -> None:
    """Two rounds whose earlier tricks differ but whose last trick and everything else
    public agree draw the same table: ``history`` (the AI's memory) is not drawn."""
    from dataclasses import replace

    rnd = TarokyRound(rng=random.Random(4), options=TarokyOptions(round_deals=1))
    rng = random.Random(5)
    while not (rnd.deal.phase == "play" and len(rnd.deal.tricks) >= 3):
        rnd.apply(_policy(rnd, rng, rnd.legal_actions()))
    view = rnd.public_view()
    forgotten = replace(view, deal=replace(view.deal, history=view.deal.history[-1:]))
    from bot.games.taroky.pictures import render_table

    assert render_table(view, NAMES) == render_table(forgotten, NAMES)


def test_the_twins_catch_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison itself: a status line that named the partner would be caught."""
    from bot.games.taroky import texts

    real = texts.status_lines

    def leaky(table: Table, lang: str) -> list[str]:
        rnd = table.state
        assert isinstance(rnd, TarokyRound)
        return [*real(table, lang), f"partner: {rnd.deal.partner}"]

    monkeypatch.setattr(texts, "status_lines", leaky)
    with pytest.raises(AssertionError):
        test_the_secret_partner_never_shows_before_he_is_revealed(0)


def _played_to(seed: int, lang: str, tricks: int) -> tuple[TarokyRound, Table]:
    """A round played (towards a 1P game) until ``tricks`` tricks are taken, each change's
    event lines added to its table message's recent lines, as the presenter adds them."""
    rnd = TarokyRound(rng=random.Random(seed), options=TarokyOptions(round_deals=1))
    table = _table(rnd, lang)
    rng = random.Random(seed)
    while not (rnd.deal.phase == "play" and len(rnd.deal.tricks) >= tricks):
        table.recent.add(UI.event_lines(table, rnd.apply(_policy(rnd, rng, rnd.legal_actions()))))
    return rnd, table


@pytest.mark.parametrize(("lang", "lines", "later"), [
    ("en", ["Announcements are over; Anička leads.", "Dalibor takes trick 1.",
            "Anička takes trick 2.", "Dalibor takes trick 3.", "Cecílie takes trick 4.",
            "Bohouš takes trick 5 (led by Cecílie: 10♠\ufe0e C♠\ufe0e K♠\ufe0e XIV)."],
     ["Bohouš takes trick 5.", "Anička takes trick 6 (led by Bohouš: Q♥ K♥ J♥ III)."]),
    ("cs", ["Konec hlášení, vynáší Anička.", "Dalibor bere 1. štych.", "Anička bere 2. štych.",
            "Dalibor bere 3. štych.", "Cecílie bere 4. štych.",
            "Bohouš bere 5. štych (vynáší Cecílie: 10♠\ufe0e C♠\ufe0e K♠\ufe0e XIV)."],
     ["Bohouš bere 5. štych.", "Anička bere 6. štych (vynáší Bohouš: D♥ K♥ J♥ III)."]),
])
def test_t_view_the_table_message_names_the_last_tricks_cards_only(
        lang: str, lines: list[str], later: list[str]) -> None:
    """T-VIEW: everyone sees the last completed trick and no earlier one — the table
    message's recent events name an earlier trick's taker, not its cards (review 65: they
    listed five tricks card by card). The next trick taken makes the last one brief."""
    rnd, table = _played_to(3, lang, 5)
    assert table.recent.shown([]) == lines
    rng = random.Random(9)
    while len(rnd.deal.tricks) < 6:
        table.recent.add(UI.event_lines(table, rnd.apply(_policy(rnd, rng, rnd.legal_actions()))))
    assert table.recent.shown([])[-2:] == later
    # as saved and loaded (a restart), the last trick still fades when the next comes
    from bot.recent import RecentLines

    table.recent.keep()
    loaded = RecentLines.from_json(table.recent.to_json(), 4)
    assert loaded == table.recent
    while len(rnd.deal.tricks) < 7:
        loaded.add(UI.event_lines(table, rnd.apply(_policy(rnd, rng, rnd.legal_actions()))))
    assert later[1] not in loaded.lines and sum("(" in line for line in loaded.lines) == 1
