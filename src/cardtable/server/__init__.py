"""The game server: tables, seats, bots and a browser client over one engine.

Nothing in here knows any game by name: every rule, view and notation comes
through the engine contract (``cardtable.engine``), so a game registered there
is playable in the browser without touching this package.
"""
