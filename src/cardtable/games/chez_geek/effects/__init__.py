"""The effect vocabulary of the deck format: one rule module per effect (``registry.RULES``)."""
