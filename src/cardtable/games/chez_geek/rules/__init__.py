"""The effect vocabulary of the deck format: one module per word, each one ``RULE``.

``registry.EFFECTS`` lists them; a new word is its module here and one line
there (the deck loader, the labels and the RL action table read the registry).
"""
