"""Numbered SQL migrations (``NNNN_name.sql``), package data read by ``bot.storage.db``.

``RESERVED``: numbers another stream of work has claimed and not landed yet; the loader
accepts their gap in the package's own migrations (never in a folder given to it). Remove a
number here when its file lands (if it never comes, renumber the later files instead): a
database migrated past a reserved number would otherwise skip that migration.
"""

RESERVED: frozenset[int] = frozenset()  # none now: 0005–0007 have landed
