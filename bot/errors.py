"""Every error type of the bot, in one place.

``TableError`` is a refusal to show the user (its ``key`` names a ``core.…`` string, its
``params`` fill it); the controller and the tree's ``on_error`` turn it, and anything
unexpected, into an answer. The storage raises ``StorageError`` subclasses; the service maps
them to ``TableError`` ("db_error", "already_seated"). The engine's refusals are the game's own
(``engine.errors.LoraError`` for Lóra) and reach the user as "illegal".
"""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    """A refusal to show the user: ``key`` is a string id of the ``core`` namespace."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class StorageError(Exception):
    """Base class of the storage layer's own errors."""


class MigrationError(StorageError):
    """A migration set that cannot be applied (gap, newer database, broken SQL)."""


class TableNotFound(StorageError):
    def __init__(self, table_id: int) -> None:
        super().__init__(f"no table {table_id}")
        self.table_id = table_id


class UserAlreadySeated(StorageError):
    """A user may sit at one active table per guild; nothing was changed."""

    def __init__(self, user_id: int, table_id: int) -> None:
        super().__init__(f"user {user_id} already sits at table {table_id}")
        self.user_id = user_id
        self.table_id = table_id


class AlreadyRegistered(StorageError):
    """A user is registered once per tournament; nothing was changed."""

    def __init__(self, tournament_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} is registered in tournament {tournament_id} already")
        self.tournament_id = tournament_id
        self.user_id = user_id


class TournamentNotFound(StorageError):
    def __init__(self, tournament_id: int) -> None:
        super().__init__(f"no tournament {tournament_id}")
        self.tournament_id = tournament_id
