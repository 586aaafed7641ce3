"""Tournament services: the only code that writes tournaments, their logs and their links to games.

Every write that advances a tournament goes through `writing.advance` (the tournament's row locked, its
version checked, the events appended with the projection columns), so a beat task, a hook and a player's
request racing each other do each step once.
"""
