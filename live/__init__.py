"""Live updates of the game pages: a notice "game G is at version V" pushed to every open page of G.

`publish` (a `games.hooks` subscriber, after commit) sends the notice through the fan-out of the settings
(`LIVE_FANOUT`: PostgreSQL LISTEN/NOTIFY, Redis pub/sub, or the poll of the version column for the embedded
defaults); `streams` serves it to the browsers as server-sent events. The notice carries a key and its number
only (`live.marks`: a game's version, a waiting room's or the lobby's changes, a running table's chat lines
by channel and its takeback requests and answers), never a text: each page then fetches what its own viewer
may see.
"""
