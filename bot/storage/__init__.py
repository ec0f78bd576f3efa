"""The bot's persistence: tables in play, the game archive, ratings and statistics (SQLite).

No Discord here. ``TableStore`` (``protocol.py``) is the whole API the bot uses; ``Storage``
implements it on SQLite (``storage.py``).
"""

from bot.errors import AlreadyRegistered, MigrationError, StorageError, TournamentNotFound
from bot.storage.models import (
    ForgetResult,
    GamePlayer,
    GameSummary,
    LeaderboardRow,
    OutboxBatch,
    OutboxDone,
    OutboxEntry,
    OutboxItem,
    PlayerResult,
    PlayerStats,
    SeatResult,
    TableNotFound,
    TableRecord,
    TableStatus,
    TournamentRecord,
    TournamentStatus,
    UserAlreadySeated,
)
from bot.storage.protocol import TableStore
from bot.storage.ratings import display_rating
from bot.storage.storage import Storage

__all__ = [
    "AlreadyRegistered",
    "ForgetResult",
    "GamePlayer",
    "GameSummary",
    "LeaderboardRow",
    "MigrationError",
    "OutboxBatch",
    "OutboxDone",
    "OutboxEntry",
    "OutboxItem",
    "PlayerResult",
    "PlayerStats",
    "SeatResult",
    "Storage",
    "StorageError",
    "TableNotFound",
    "TableRecord",
    "TableStatus",
    "TableStore",
    "TournamentNotFound",
    "TournamentRecord",
    "TournamentStatus",
    "UserAlreadySeated",
    "display_rating",
]
