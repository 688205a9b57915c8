"""Chez Geek's bots and what they estimate with: none of it is a rule.

The rules (everything outside this package) never import it; the game names
its bots as ``"module:Class"`` strings (``ChezGeekGame.bots``).
"""
