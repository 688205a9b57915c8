"""One router per resource: games, tables, the play socket, and the pages."""
