"""A table of the bot: its game, seats, settings and the engine state it wraps.

Pure data with a dict form for the database. The game itself lives in the engine, behind the
game interface (``engine.game.GameState``); the table knows it only by its ``game_kind``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from typing import Any

from bot.i18n import shown_name, t
from bot.recent import RecentLines
from bot.storage.models import TableStatus, link_entrants
from engine.game import AnyGame, GameEvent

AI_LEVELS = ("easy", "medium", "hard")
STATUS_LOBBY = TableStatus.LOBBY
STATUS_PLAYING = TableStatus.PLAYING
STATUS_FINISHED = TableStatus.FINISHED
STATUS_ABORTED = TableStatus.ABORTED
RECENT_EVENTS = 40  # the last events a hand words for its seat (``Table.events``)
AI_AT_KEPT = 64  # the versions of an AI's moves for a human a seat keeps (the newest)
JSONDict = dict[str, Any]
# a table's turn timer: 0 (none) or MIN_TIMER to MAX_TIMER seconds (a tournament's: no 0)
MIN_TIMER, MAX_TIMER = 20, 3600


@dataclass
class Seat:
    """A seat: a human (``user_id``) or an AI (``ai`` level); ``absent`` when an AI stands in."""

    user_id: int | None
    name: str
    ai: str | None = None
    absent: bool = False
    ai_moves: int = 0  # moves an AI made for this human
    moves: int = 0  # all moves made for this seat
    agreed: int = 0  # the revision of the table's options this player accepted (lobby)
    left: bool = False  # an AI seat that took a player's place for good (he left the game)
    # the versions (log indices) of the last moves an AI made for this human (standing in
    # for him while he was absent), oldest first: a game's texts tell what it did for him
    ai_at: list[int] = field(default_factory=list)
    # that player's user id while he may take the seat back (the game runs, he is not
    # forgotten; at a tournament's table only the seat an AI plays for him because the round
    # began while he was busy elsewhere, until he withdraws); None once the game is over
    left_by: int | None = None
    # a seat that took a player's place: the game's version (``Table.version``) when he
    # left (None: not known, a seat saved before it was kept); results name the AI's part.
    # Kept when he takes the seat back: he is the one who left it
    left_at: int | None = None
    # his earlier stretches away, each as the versions he left and took the seat back at
    # (flat: left, back, left, back …): the results name every part the AI played
    left_before: list[int] = field(default_factory=list)
    # an AI moved for this human during his current (or last) absence: coming back he is
    # told it no longer plays for him; a table that only waited for him did nothing for him
    ai_stood: bool = False
    # ``ai_moves`` when his current (or last) absence began: his hand counts the AI's moves
    # for him since (None: not known, a seat saved before it was kept)
    away_from: int | None = None
    # his last click that moved (``click_of``: the version it was of and what it chose),
    # saved with the seat: the same click again is his double click, not a stale button —
    # after a restart too (the log tells a move, not which of the hand's buttons made it)
    clicked: list[Any] | None = None

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    @property
    def never_clicked(self) -> bool:
        """An AI moved for him and he never clicked a move: the moves the table forced on
        him are no clicks (the tournament's absence and the lóra's "the AI played it all")."""
        return self.clicked is None and self.ai_moves > 0

    def to_json(self) -> JSONDict:
        out: JSONDict = {
            "user_id": self.user_id,
            "name": self.name,
            "ai": self.ai,
            "absent": self.absent,
            "ai_moves": self.ai_moves,
            "moves": self.moves,
            "agreed": self.agreed,
            "left": self.left,
            "ai_at": list(self.ai_at),
            "left_at": self.left_at,
            "ai_stood": self.ai_stood,
        }
        if self.left_by is not None:
            out["left_by"] = self.left_by
        if self.left_before:
            out["left_before"] = list(self.left_before)
        if self.away_from is not None:
            out["away_from"] = self.away_from
        if self.clicked is not None:
            out["clicked"] = list(self.clicked)
        return out

    @classmethod
    def from_json(cls, d: JSONDict) -> Seat:
        """A stored seat (one saved with keys no longer kept, "auto_moves", reads as well:
        they are left out)."""
        return cls(
            d.get("user_id"),
            d.get("name", "?"),
            d.get("ai"),
            bool(d.get("absent", False)),
            int(d.get("ai_moves", 0)),
            int(d.get("moves", 0)),
            int(d.get("agreed", 0)),
            bool(d.get("left", False)),
            [int(v) for v in d.get("ai_at") or ()],
            _int_or_none(d.get("left_by")),
            _int_or_none(d.get("left_at")),
            [int(v) for v in d.get("left_before") or ()],
            # (saved before it was kept: an absent player is told what he was told then)
            bool(d.get("ai_stood", d.get("absent", False))),
            _int_or_none(d.get("away_from")),
            _click_or_none(d.get("clicked")),
        )


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def click_of(version: int, choice: int | Sequence[object]) -> list[Any]:
    """A click on a hand in the form a seat keeps it (``Seat.clicked``): the version of the
    state its buttons were of, and what it chose — an action's index, or several actions
    chosen at once (their JSON, in any order: kept as sorted texts)."""
    if isinstance(choice, int):
        return [version, choice]
    return [version, sorted(json.dumps(a, sort_keys=True, separators=(",", ":"))
                            for a in choice)]


def _click_or_none(value: object) -> list[Any] | None:
    """A stored ``Seat.clicked`` (None: none, or not one)."""
    if not isinstance(value, list) or len(value) != 2 or _int_or_none(value[0]) is None:
        return None
    choice = value[1]
    if _int_or_none(choice) is not None:
        return [value[0], choice]
    if isinstance(choice, list) and all(isinstance(x, str) for x in choice):
        return [value[0], sorted(choice)]
    return None


@dataclass(frozen=True, slots=True)
class Unclicked:
    """A move nobody clicked, put by the service before that move's events: ``how`` is
    "auto" (the only legal move, played by the table), "stand_in" (an AI for an absent
    player) or "left" (the AI that took the seat of a player who left and may take it back:
    only his own hand tells it). The game's UI marks the move's line with it."""

    seat: int
    how: str

    @property
    def kind(self) -> str:
        return "unclicked"

    def text(self, lang: str = "cs") -> str:
        from bot.i18n import t

        return t(f"core.unclicked_{self.how}", lang, name=str(self.seat + 1))


def events_json(events: Sequence[Any]) -> JSONDict:
    """``Table.events`` in a small stored form: the types once (``module:Name``), then each
    event as its type's index and its fields' values in order (a tuple as a list, an enum as
    ``{"e": its type's index, "v": its value}``)."""
    types: list[str] = []

    def index(cls: type) -> int:
        name = f"{cls.__module__}:{cls.__qualname__}"
        if name not in types:
            types.append(name)
        return types.index(name)

    def value(v: Any) -> Any:
        if isinstance(v, Enum):
            return {"e": index(type(v)), "v": v.value}
        if isinstance(v, tuple | list):
            return [value(x) for x in v]
        return v

    out = [[index(type(e)), *(value(getattr(e, f.name)) for f in fields(e))]
           for e in events if is_dataclass(e)]
    return {"types": types, "list": out}


def events_from_json(data: object) -> list[Any]:
    """The events of ``events_json``; none when they cannot be read as they were written
    (a table saved before they were kept, or by a version whose events differ): a hand then
    shows fewer lines, nothing else changes."""
    if not isinstance(data, dict):
        return []
    try:
        types = [_event_type(name) for name in data["types"]]

        def value(v: Any) -> Any:
            if isinstance(v, dict):
                cls = types[v["e"]]
                if not issubclass(cls, Enum):
                    raise TypeError(cls)
                return cls(v["v"])
            if isinstance(v, list):
                return tuple(value(x) for x in v)
            return v

        out = []
        for row in data["list"]:
            cls = types[row[0]]
            if issubclass(cls, Enum):
                raise TypeError(cls)
            out.append(cls(*(value(v) for v in row[1:])))
        return out
    except Exception:
        return []


def _event_type(name: object) -> type:
    """An event's (or its enum field's) class by its stored name: only the engine's, and the
    bot's ``Unclicked``."""
    if not isinstance(name, str):
        raise TypeError(name)
    module, _, qualname = name.partition(":")
    if not (module.startswith("engine.") or name == "bot.model:Unclicked"):
        raise ValueError(name)
    cls = getattr(importlib.import_module(module), qualname)
    if not isinstance(cls, type) or not (is_dataclass(cls) or issubclass(cls, Enum)):
        raise TypeError(name)
    return cls


@dataclass
class TurnClock:
    """The turn of the present human to act (the game's ``version`` and his ``seat``): when
    it began (epoch seconds, the service's clock), whether his turn timer reminded him and
    whether he was pinged for it (``pinged``: the deal's ping or the grace's, ``TurnPings``).
    Saved with the table: after a restart his timer goes on with what was left of it, the
    reminder comes only if it did not yet, and nobody is pinged again for this turn."""

    version: int
    seat: int
    started: float
    reminded: bool = False
    pinged: bool = False

    def to_json(self) -> JSONDict:
        return {"version": self.version, "seat": self.seat, "started": self.started,
                "reminded": self.reminded, "pinged": self.pinged}

    @classmethod
    def from_json(cls, d: object) -> TurnClock | None:
        """None for a table saved before turns were kept (or a record it cannot read)."""
        if not isinstance(d, dict):
            return None
        version, seat = _int_or_none(d.get("version")), _int_or_none(d.get("seat"))
        started = d.get("started")
        if (version is None or seat is None
                or not isinstance(started, int | float) or isinstance(started, bool)):
            return None
        return cls(version, seat, float(started), bool(d.get("reminded", False)),
                   bool(d.get("pinged", False)))


@dataclass
class TableSettings:
    """What the creator chose in ``/<game> new``: the game's own options (its JSON, read by
    the game's engine and UI) and the table's (timer, language, seating, autoplay)."""

    options: JSONDict = field(default_factory=dict)
    turn_timer: int = 120  # seconds for a human; 0 = no timer
    lang: str = "cs"
    seating: str = "draw"  # "draw" or "join"
    autoplay: bool = True  # auto-play forced moves (a single legal action)
    ai_level: str = "medium"  # the level that stands in for absent players
    revision: int = 0  # the revision of ``options`` and the timer in the lobby (seats agree)
    # the options and turn timer of each revision the lobby has had (review 72: switched
    # back to the rules all had accepted, they were asked again): the same are the same
    # revision
    revisions: dict[int, tuple[JSONDict, int]] = field(default_factory=dict)

    def revise(self, options: JSONDict, turn_timer: int | None = None) -> None:
        """The creator's changed ``options`` and ``turn_timer`` (None: as it is): the
        revision they had before, if they had one (whoever accepted them then has accepted
        them), else one never used."""
        timer = self.turn_timer if turn_timer is None else turn_timer
        self.revisions.setdefault(self.revision, (dict(self.options), self.turn_timer))
        same = next((r for r, (o, s) in self.revisions.items()
                     if o == options and s == timer), None)
        self.options, self.turn_timer = dict(options), timer
        if same is None:
            self.revision = max(self.revisions) + 1
            self.revisions[self.revision] = (dict(options), timer)
        else:
            self.revision = same

    def first_options(self) -> JSONDict:
        """The options the table was opened with (the server's or the command's): its first
        revision's, kept once the creator changed them (``revise``)."""
        return self.revisions[0][0] if 0 in self.revisions else self.options

    def first_timer(self) -> int:
        """The turn timer the table was opened with (as ``first_options``)."""
        return self.revisions[0][1] if 0 in self.revisions else self.turn_timer

    def to_json(self) -> JSONDict:
        return {
            "options": dict(self.options),
            "turn_timer": self.turn_timer,
            "lang": self.lang,
            "seating": self.seating,
            "autoplay": self.autoplay,
            "ai_level": self.ai_level,
            "revision": self.revision,
            **({"revisions": [[r, dict(o), s] for r, (o, s) in sorted(self.revisions.items())]}
               if self.revisions else {}),
        }

    @classmethod
    def from_json(cls, d: JSONDict) -> TableSettings:
        options = d.get("options")
        timer = int(d.get("turn_timer", 120))
        # (a revision saved without its timer: the lobby did not change the timer then)
        return cls(
            dict(options) if isinstance(options, dict) else {},
            timer,
            d.get("lang", "cs"),
            d.get("seating", "draw"),
            bool(d.get("autoplay", True)),
            d.get("ai_level", "medium"),
            int(d.get("revision", 0)),
            {int(r): (dict(o), int(s[0]) if s else timer)
             for r, o, *s in d.get("revisions") or () if isinstance(o, dict)},
        )


def tournament_round(link: object) -> int | None:
    """The round of its tournament a table plays, from its link (``Table.tournament``:
    ``{"id", "round", "table"}``, also kept in its archived game's options); None for a table
    of its own — and for a game archived before the archive kept the link."""
    if not isinstance(link, dict):
        return None
    value = link.get("round")
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 \
        else None


def rematch_declined(rematch: JSONDict | None) -> list[int]:
    """A rematch's (``Table.rematch``) invited players who answered "Nehraju" (in the order
    they did)."""
    declined = (rematch or {}).get("declined")
    return [int(u) for u in declined if isinstance(u, int) and not isinstance(u, bool)] \
        if isinstance(declined, list) else []


@dataclass
class Table:
    table_id: int
    guild_id: int
    channel_id: int
    creator_id: int
    settings: TableSettings
    seats: list[Seat | None]
    game_kind: str  # the game's name in engine.games ("lora")
    status: TableStatus = STATUS_LOBBY
    message_id: int | None = None
    state: AnyGame | None = None  # the running game (None in the lobby)
    seed: int = 0  # the bot's seed for this table (seating draw, AI decisions)
    ping_message_id: int | None = None  # the last "your turn" message
    recent: RecentLines = field(default_factory=RecentLines)  # the table message's events
    # the round clock (a game with a time limit): when the game started, epoch seconds
    clock_started: float | None = None
    turn: TurnClock | None = None  # the present human's turn in progress (his turn timer)
    # the state, seats and status as last committed (to undo what the database refused)
    # (the state as its stored text: ``to_json_text``)
    saved: tuple[str | None, list[JSONDict | None], TableStatus] | None = None
    pending: list[JSONDict] = field(default_factory=list)  # applied, not yet committed
    unshown: list[GameEvent] = field(default_factory=list)  # events of the pending actions
    # the last events shown (a private hand words them for its seat), saved with the table
    events: list[Any] = field(default_factory=list, repr=False)
    # a tournament's table: {"id": tournament, "round": n, "table": n} (None: a table of its own)
    tournament: JSONDict | None = None
    # a table opened in a channel that plays in a thread of its own: that channel (set before
    # the thread is made, so a restart finds a placement that was cut short) and the line
    # there that points to the thread
    parent_id: int | None = None
    pointer_id: int | None = None
    # a table opened by "Hrát znovu": {"of": the finished table, "seats": {user id (as
    # text): his seat there}, "invite": the invitation's message (once posted), "declined":
    # the user ids of the invited who answered "Nehraju", "by": who opened it, "shown": the
    # invitation's text as last written}; each former player (his click, or the
    # invitation's) takes his old seat back
    rematch: JSONDict | None = None
    # a finished table: the newest rematch opened from it by "Hrát znovu" (its old button
    # then leads there, not to a second rematch with its stale rules: review 82)
    again_id: int | None = None
    # its channel (or thread) was deleted: it closed for that (its old buttons say so)
    gone: bool = False
    # a lobby: when someone last did something there (opened it, sat down, left, declined,
    # added an AI, changed or accepted the options, clicked start), epoch seconds; a lobby
    # untouched for ``limits.LOBBY_IDLE_SECONDS`` closes (``TableLobby.expire_lobbies``)
    touched: float | None = None

    @property
    def in_thread(self) -> bool:
        """It plays in a thread of its own (opened in ``parent_id``, a channel that had a
        table already); not while only the intent is saved (``parent_id`` is the channel it
        still plays in) nor for a table that plays in its channel."""
        return self.parent_id is not None and self.parent_id != self.channel_id

    @property
    def is_open(self) -> bool:
        """A lobby or a game that plays: neither finished nor aborted."""
        return self.status in (STATUS_LOBBY, STATUS_PLAYING)

    @property
    def version(self) -> int:
        """How many actions the game has taken; buttons carry it to detect stale clicks."""
        return 0 if self.state is None else len(self.state.log)

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.user_id == user_id:
                return i
        return None

    def left_seat_of(self, user_id: int) -> int | None:
        """The seat an AI plays for ``user_id``, who left it and may take it back."""
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.user_id is None and seat.left_by == user_id:
                return i
        return None

    def others_present(self, seat: int) -> bool:
        """Another human than ``seat``'s plays at the table (is not absent)."""
        return any(x is not None and x.user_id is not None and not x.absent
                   for i, x in enumerate(self.seats) if i != seat)

    def stood_in(self, seat: int) -> bool:
        """An AI plays for ``seat``'s absent player: while another human is present (a table
        nobody watches waits instead), and always at a tournament's table."""
        s = self.seats[seat] if 0 <= seat < len(self.seats) else None
        return (s is not None and s.user_id is not None and s.absent
                and (self.tournament is not None or self.others_present(seat)))

    def marks(self) -> tuple[str | None, ...]:
        """Per seat, what the table's picture marks beside the name: "ai" when an AI plays
        there for a human (absent, or gone for good), "away" for an absent player the table
        waits for (nobody stands in), else None. Known to all at the table."""
        out: list[str | None] = []
        for i, s in enumerate(self.seats):
            if s is not None and ((s.user_id is None and s.left) or self.stood_in(i)):
                out.append("ai")
            elif s is not None and s.absent and s.user_id is not None:
                out.append("away")
            else:
                out.append(None)
        return tuple(out)

    def entrants(self) -> list[int] | None:
        """At a tournament's table, its seats' entrants by their numbers in the tournament
        (``link_entrants``); None at a table of its own."""
        numbers = link_entrants(self.tournament)
        return numbers if numbers is not None and len(numbers) == len(self.seats) else None

    def names(self) -> list[str]:
        """The seats' names as the table shows them (a forgotten player's in its language)."""
        lang = self.settings.lang
        return [shown_name(s.name, lang) if s is not None else "—" for s in self.seats]

    def move_names(self) -> list[str]:
        """``names`` as the game's lines of moves and results name the seats: one an AI
        plays since its player left (he left the game, withdrew from the tournament, or
        the round began while he was busy elsewhere) marked as a tournament's opening and
        the final order mark it, "Eve (AI)" — the AI makes its moves (review 58: "clean
        hundred declared by Eve" when she had withdrawn). A player only absent keeps his
        name (the line says an AI stands in), as does one who took his seat back."""
        lang = self.settings.lang
        return [t("core.left_name", lang, name=name) if s is not None and s.left else name
                for s, name in zip(self.seats, self.names(), strict=True)]

    def not_agreed(self) -> list[int]:
        """The seats of humans who have not accepted the table's options as they are now."""
        return [i for i, s in enumerate(self.seats) if s is not None and s.user_id is not None
                and s.agreed != self.settings.revision]

    def rematch_declined(self) -> list[int]:
        """A rematch's invited players who answered "Nehraju" (in the order they did)."""
        return rematch_declined(self.rematch)

    def rematch_awaited(self) -> list[int]:
        """A rematch's invited players (the finished table's other humans) who have neither
        sat down nor declined yet, in their old seats' order; nobody once the table is full
        (nobody can sit down any more: review 82)."""
        seats = (self.rematch or {}).get("seats")
        if not isinstance(seats, dict) or self.full:
            return []
        done = {self.creator_id, *self.humans(), *self.rematch_declined()}
        order = sorted((i, int(u)) for u, i in seats.items()
                       if str(u).isdigit() and isinstance(i, int))
        return [u for _i, u in order if u not in done]

    def recent_shown(self) -> list[str]:
        """The recent event lines the table message shows (``RecentLines.shown``)."""
        return self.recent.shown(i for i, s in enumerate(self.seats)
                                 if s is not None and s.user_id is not None and not s.absent)

    def humans(self) -> list[int]:
        return [s.user_id for s in self.seats if s is not None and s.user_id is not None]

    @property
    def full(self) -> bool:
        return all(s is not None for s in self.seats)

    def extra_json(self) -> JSONDict:
        extra: JSONDict = {
            "seed": self.seed,
            "ping_message_id": self.ping_message_id,
            **self.recent.to_json(),
            "events": events_json(self.events[-RECENT_EVENTS:]),
            "clock_started": self.clock_started,
            "turn": None if self.turn is None else self.turn.to_json(),
        }
        if self.tournament is not None:
            extra["tournament"] = dict(self.tournament)
        if self.parent_id is not None:
            extra["parent"] = self.parent_id
            extra["pointer"] = self.pointer_id
        if self.rematch is not None:
            extra["rematch"] = dict(self.rematch)
        if self.again_id is not None:
            extra["again"] = self.again_id
        if self.gone:
            extra["gone"] = True
        if self.touched is not None:
            extra["touched"] = self.touched
        return extra

    def seats_json(self) -> list[JSONDict | None]:
        return [None if s is None else s.to_json() for s in self.seats]
