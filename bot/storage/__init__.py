"""The bot's persistence: tables in play, the game archive, ratings and statistics (SQLite).

No Discord here. ``TableStore`` (``protocol.py``) is the whole API the bot uses; ``Storage``
implements it on SQLite (``storage.py``).
"""

from bot.errors import MigrationError, StorageError
from bot.storage.models import (
    ForgetResult,
    GamePlayer,
    GameSummary,
    LeaderboardRow,
    PlayerResult,
    PlayerStats,
    SeatResult,
    TableNotFound,
    TableRecord,
    TableStatus,
    UserAlreadySeated,
)
from bot.storage.protocol import TableStore
from bot.storage.ratings import display_rating
from bot.storage.storage import Storage

__all__ = [
    "ForgetResult",
    "GamePlayer",
    "GameSummary",
    "LeaderboardRow",
    "MigrationError",
    "PlayerResult",
    "PlayerStats",
    "SeatResult",
    "Storage",
    "StorageError",
    "TableNotFound",
    "TableRecord",
    "TableStatus",
    "TableStore",
    "UserAlreadySeated",
    "display_rating",
]
