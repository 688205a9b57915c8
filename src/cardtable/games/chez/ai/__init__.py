"""Chez's bots: players of the game, kept apart from its rules (the rules never import them)."""
