"""The bot's persistence: tables in play, the game archive, ratings and statistics (SQLite).

No Discord here. ``Storage`` is the whole API; see ``bot/storage/storage.py``.
"""

from bot.storage.db import MigrationError, StorageError
from bot.storage.export import replay_actions, replay_document
from bot.storage.models import (
    ForgetResult,
    GamePlayer,
    GameSummary,
    LeaderboardRow,
    PlayerResult,
    PlayerStats,
    TableNotFound,
    TableRecord,
    UserAlreadySeated,
)
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
    "Storage",
    "StorageError",
    "TableNotFound",
    "TableRecord",
    "UserAlreadySeated",
    "display_rating",
    "replay_actions",
    "replay_document",
]
