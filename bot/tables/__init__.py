"""The parts of ``bot.service.TableService``, one concern a module.

Layers, each a base of the next: ``registry`` (the tables in memory, their locks, who sits
where), ``persistence`` (saving a change with its outbox entries), ``play`` (a move applied,
committed and shown), ``lobby`` (opening, seating, starting and closing a table). Collaborators
the play layer owns, each with its own state: ``driver`` (the AI driver and its pace),
``turn_timer`` (reminders and stand-ins), ``round_clock`` (a game that ends by time), the
last two on ``loop_timers``. Beside them: ``presenter`` (what the service asks the Discord
layer), ``seating``, ``limits`` (times and bounds) and ``metrics``.
"""
