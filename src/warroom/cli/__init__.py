"""The terminal front end (typer + rich). It holds no rules: everything goes through the core
protocol."""
