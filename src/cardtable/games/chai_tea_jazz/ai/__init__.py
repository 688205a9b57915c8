"""Chai Tea Jazz's players and analysis: the heuristic bot, the double-dummy solver, PIMC.

Apart from the rules: they read the state and the game, the rules never import
them (``game.ChaiTeaJazzGame.bots`` names them as "module:Class" strings).
"""
