"""Tournaments of any game, a layer above the tables (``bot.service``).

``model`` the settings and a tournament's reading of its record, ``scoring`` the standings
from the tables' engine outcomes (the points and the tiebreak are ``engine.tournament``'s),
``service`` the course of a tournament without Discord (registration, the draw, a started
table per seat group each round, results, substitutes, restarts), ``render`` its pictures,
``words`` the words its pictures and messages share (how a place is written),
``desk`` the Discord side (messages, buttons, threads), ``commands`` ``/<game> tournament``,
``export`` the whole tournament as files. Decisions: ``docs/TOURNAMENTS.md``.
"""
