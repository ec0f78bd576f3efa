"""Delivery of what the channel must see: the outbox and its sender.

Anything that posts to a channel because something changed — a game, a tournament, a notice
— writes ``OutboxItem``s (constructors in ``bot.delivery.items``) in the transaction of that
change (``TableStore.update_table(outbox=…)``) or alone (``Controller.enqueue``), and hands
the committed entries to the ``Sender`` (``bot.delivery.sender``): retried on 5xx and 429,
superseded where only the latest counts, paced per channel, posted once across restarts.
Ephemeral answers to a click do not go here: they answer through the interaction.
"""
