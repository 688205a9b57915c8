"""Chez Geek: roommates racing to their Slack Goal; cards are data (decks/*.toml)."""
