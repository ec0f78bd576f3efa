"""The times and bounds of the tables. Read as ``limits.NAME`` at the moment of use, so a
test that patches one here changes it for every part of the service."""

RETRY_SECONDS = 5
# a turn timer armed again for a running turn (what is left of it) gives at least this much:
# its player is not replaced the moment it is armed (after a restart he gets at least half
# his time: ``TurnTimer.resumed``)
TIMER_FLOOR_SECONDS = 10
EVICT_SECONDS = 3600
# the (server, player) pairs whose last table is held (``TableService.last_table``; it is
# kept in his settings too: a pair dropped is read again)
LAST_TABLES_HELD = 10_000
STOP_SECONDS = 5.0  # the most a shutdown waits for the background work it cancelled
# a lobby nobody has touched this long closes (``Table.touched``; checked at a restart and
# every ``SWEEP_SECONDS``): a lobby left behind would keep its players seated for good
LOBBY_IDLE_SECONDS = 24 * 3600
SWEEP_SECONDS = 3600  # how often the service's housekeeping runs (``TableService.every``)
MAX_AUTO_STEPS = 2000  # a safety bound on forced moves in one go (a whole lóra is ~800 actions)
CHAIN_COMMIT_SECONDS = 0.5  # a chain of AI moves is committed at least this often
# A game played by the clock (a Taroky round of N minutes) at a table where no person is
# present moves at people's pace: each AI move comes this long after the one before (a Taroky
# deal is some 60 moves, about 8 minutes so: a round of 60 minutes is 7 or 8 deals, as at a
# table of people) instead of dozens of deals that flood the thread and the absent player's
# money. A table with a person present plays at his pace (he waits for no AI); a table
# without a clock plays at once.
PACE_SECONDS = 8.0
