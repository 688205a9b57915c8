"""One codec per game: its action-id table and observation tensor layout."""
