"""The warroom web server (``warroom serve``): lobby, secret seat links, bots, live updates,
games kept in SQL (SQLite by default, PostgreSQL by URL). A front end: it holds no rules,
only the core protocol."""
