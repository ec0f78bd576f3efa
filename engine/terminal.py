"""A lóra in the terminal: the human at seat 0, computer players at seats 1–3.

The offline way to try the game without Discord; it drives the same public API. Seats have
names, cards are written as the bot writes them (``K❤️``), the table shows what the bot's
pictures show (the current trick, the desítky rows, the standing when it changes: as each
partial game ends and before the human decides), the cards missing from the menu come with
the engine's reason (its refusal, as the bot's hand says it), a move the rules leave no
choice about is played without asking (and marked, as the bot marks it), the end brings the
final standings (places and points, as the bot's final order), and Ctrl+D ends the game cleanly.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence

from engine.actions import Action, Lay, Lead, Play
from engine.ai import make_ai
from engine.cards import RANK_SYMBOLS, SUIT_SYMBOLS, card_label, cards_of
from engine.contracts import Contract
from engine.events import (
    CardLaid,
    CardPlayed,
    Event,
    GameEnded,
    Knocked,
    KvartaBuilt,
    MaturitaChosen,
    MaturitaFailed,
    MaturitaPassed,
    TurnEnded,
)
from engine.lora import Lora, refused_cards
from engine.messages import TERMINAL, event_text, refusal_reason, terminal_text
from engine.views import DesitkyView, SeatView, TrickView

NAMES = {"cs": ("Honza", "Karel", "Božena", "Jaroslav"),
         "en": ("Alex", "Karel", "Božena", "Jaroslav")}
# a desítky turn's line names all its cards at its end; the maturita's game is told by the
# line of its start (which also names the attempt)
QUIET = (CardLaid, MaturitaChosen)
RESULT = (GameEnded, MaturitaFailed, MaturitaPassed)  # how a partial game ended
HUMAN = 0  # the seat of the player at the terminal; the others are AIs
MOVES = (CardPlayed, TurnEnded, KvartaBuilt)  # the line of a move (desítky: its turn's end)

Ask = Callable[[str], str]


def ask_line(prompt: str) -> str:
    """``input``; when the input is not a terminal (piped in) its answer is echoed, so the
    prompt's line ends as it would on a terminal."""
    answer = input(prompt)
    if not sys.stdin.isatty():
        print(answer)
    return answer


def marked(text: str, mark: str) -> str:
    """``mark`` before the sentence's final stop ("Honza hraje 7❤️ (automaticky).")."""
    if text.endswith((".", "!")):
        return text[:-1] + mark + text[-1]
    return text + mark


def describe(action: Action, lang: str) -> str:
    """An action as a menu line: its card as players read it, or its own words."""
    match action:
        case Play(card=card) | Lay(card=card):
            return card_label(card)
        case Lead(card=card):
            return terminal_text("lead", lang, card=card_label(card))
        case _:
            return action.text(lang)


def rows_text(part: DesitkyView, empty: str = "–") -> str:
    """The desítky rows: each suit's symbol and the ranks laid ("❤️ 8–S · 🍃 –"); a row not
    started is ``empty`` (the bot says it in words: a bare dash is read "dash")."""
    out = []
    for suit, row in enumerate(part.rows):
        if row is None:
            ranks = empty
        elif row[0] == row[1]:
            ranks = RANK_SYMBOLS[row[0]]
        else:
            ranks = f"{RANK_SYMBOLS[row[0]]}–{RANK_SYMBOLS[row[1]]}"
        out.append(f"{SUIT_SYMBOLS[suit]} {ranks}")
    return " · ".join(out)


class Terminal:
    """One lóra between the human (seat 0) and three computer players."""

    def __init__(self, seed: int | None, lang: str, level: str,
                 ask: Ask = ask_line, say: Callable[[str], None] = print) -> None:
        rng = random.Random(seed)
        self.lang = lang if lang in NAMES else "cs"
        self.names = list(NAMES[self.lang])
        self.lora = Lora(rng=random.Random(rng.getrandbits(64)))
        self.bots = {s: make_ai(level, random.Random(rng.getrandbits(64))) for s in (1, 2, 3)}
        self.ask, self.say = ask, say
        self.standing: tuple[int, ...] | None = None

    def show(self, events: Sequence[Event], forced: int | None = None) -> None:
        """The events' lines; when a partial game ended (its points in its line) and the lóra
        goes on, the standing after its result, before the next game's start. ``forced``:
        the seat whose move the rules made without asking; its line says so (as the bot's
        does) — in desítky its turn's end, or the card laid when the turn goes on. The
        human's knocks are such moves too (the rules make them, whoever moved)."""
        own = None
        if forced is not None:
            own = next((e for e in events if isinstance(e, MOVES) and e.seat == forced),
                       next((e for e in events if isinstance(e, CardLaid)
                             and e.seat == forced), None))
        ended = False
        for e in events:
            if ended and not isinstance(e, RESULT):
                self.totals(self.lora.totals)
                ended = False
            if e is own or (isinstance(e, Knocked) and e.seat == HUMAN):  # knocks: forced
                text = event_text(e, self.lang, self.names, card_label)
                self.say("  " + marked(text, terminal_text("auto", self.lang)))
            elif not isinstance(e, QUIET):
                self.say("  " + event_text(e, self.lang, self.names, card_label))
            if isinstance(e, GameEnded) and e.contract is not Contract.HARAKIRI:
                ended = not self.lora.finished  # (the end brings the final standings)
        if ended:
            self.totals(self.lora.totals)

    def totals(self, totals: Sequence[int]) -> None:
        """The lóra's standing, when it changed since it was last shown."""
        if tuple(totals) != self.standing:
            self.standing = tuple(totals)
            points = ", ".join(f"{n} {p}" for n, p in zip(self.names, totals, strict=True))
            self.say(terminal_text("totals", self.lang, totals=points))

    def table(self, view: SeatView) -> None:
        """What the table shows before the human decides (each line only when it says
        something new: the standing when it changed, the trick or rows now), his hand and
        why the cards missing from the menu cannot be played."""
        pub = view.public
        self.totals(pub.totals)
        match pub.game:
            case TrickView(trick=trick) if trick:
                cards = ", ".join(f"{self.names[s]} {card_label(c)}" for s, c in trick)
                self.say(terminal_text("table", self.lang, cards=cards))
            case DesitkyView() as part:
                self.say(terminal_text("rows", self.lang, rows=rows_text(part)))
            case _:
                pass
        hand = " ".join(card_label(c) for c in cards_of(view.hand))
        if hand:  # (no hand at the čistá stovka question: the next deal is not dealt yet)
            self.say(terminal_text("hand", self.lang, hand=hand))
        for code, refused in refused_cards(self.lora, view).items():
            self.say(terminal_text("why", self.lang, cards=" ".join(map(card_label, refused)),
                                   reason=refusal_reason(code, self.lang, len(refused))))

    def final(self) -> None:
        """The final standings from the engine's outcome: places (ties share), points, a
        harakiri's sums and a čistá stovka made or missed."""
        outcome = self.lora.outcome()
        if outcome is None:
            return
        self.say(terminal_text("final", self.lang))
        for seat in outcome.order():
            extra = outcome.extra(seat)
            note = ""
            sums = extra.get("harakiri_sums") or []
            if sums:
                note += terminal_text("harakiri_note", self.lang,
                                      points=" → ".join(str(n) for n in sums))
            if extra.get("cista_stovka") is True:
                note += terminal_text("stovka_made" if extra.get("cista_stovka_made")
                                      else "stovka_missed", self.lang)
            points = outcome.scores[seat]
            key = "place_one" if points == 1 and "place_one" in TERMINAL[self.lang] else "place"
            self.say(terminal_text(key, self.lang, n=outcome.places[seat],
                                   name=self.names[seat], points=points, note=note))

    def choose(self, options: list[Action]) -> Action:
        for i, a in enumerate(options, 1):
            self.say(f"  {i}) {describe(a, self.lang)}")
        while True:
            answer = self.ask(terminal_text("choose", self.lang)).strip()
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return options[int(answer) - 1]
            self.say(terminal_text("again", self.lang, n=len(options)))

    def run(self) -> int:
        """Play to the end; Ctrl+D (end of input) stops cleanly with 0, Ctrl+C with 130."""
        self.say(terminal_text("welcome", self.lang, name=self.names[0]))
        self.show(self.lora.start_events)
        try:
            while not self.lora.finished:
                seat = self.lora.to_act
                assert seat is not None
                view = self.lora.view(seat)
                forced = None
                if seat != HUMAN:
                    action = self.bots[seat].decide(view)
                elif len(view.legal) == 1:  # nothing to decide: played without asking
                    action, forced = view.legal[0], seat
                else:
                    self.table(view)
                    action = self.choose(list(view.legal))
                self.show(self.lora.apply(action), forced)
        except EOFError:
            self.say("\n" + terminal_text("bye", self.lang))
            return 0
        except KeyboardInterrupt:
            self.say("\n" + terminal_text("bye", self.lang))
            return 130
        self.final()
        return 0


def play(seed: int | None = None, lang: str = "cs", level: str = "medium") -> int:
    return Terminal(seed, lang, level).run()
