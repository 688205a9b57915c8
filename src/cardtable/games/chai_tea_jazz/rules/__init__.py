"""Chai Tea Jazz's contracts: one module per rule, each a frozen ``contract.Contract``.

Listed in ``registry.CONTRACTS``; a ``plays.Play`` is a contract as chosen
(trump suit, start direction), ``offers`` the plays a scoreboard row allows.
"""
