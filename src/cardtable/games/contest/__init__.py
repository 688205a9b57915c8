"""ChardZ Contest: a two-player bluffing duel with chess-piece cards."""
