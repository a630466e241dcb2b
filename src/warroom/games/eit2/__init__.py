"""Europe in Turmoil II: The Interbellum Years 1920-1939 (game id ``eit2``)."""
