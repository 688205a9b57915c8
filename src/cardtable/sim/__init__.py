"""Running many games: matches between bots, statistics over their results."""
