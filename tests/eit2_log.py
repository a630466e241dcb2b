"""Reading eit2's log in tests: the lines as the terminal prints them, and the entries
behind them, whose facts (die, mods, total...) the event tests read."""

from __future__ import annotations

from warroom.core.log import LogEntry, render
from warroom.games.eit2.game import EuropeInTurmoil2

C = EuropeInTurmoil2().c


def sid(name: str) -> int:
    return int(C.index[name])


class Lines(list[str]):
    """The log lines of a play as the terminal prints them (``text [rule]``), with the
    entries behind them, whose facts (die, mods, total...) the tests read."""

    def __init__(self, entries: list[LogEntry]) -> None:
        super().__init__(render(e) for e in entries)
        self.entries = entries

    def checks(self, name: str | None = None) -> list[LogEntry]:
        """The Support Checks (6.2.5) made, in ``name`` if given."""
        return [e for e in self.entries if e["rule"] == "6.2.5" and "die" in e
                and (name is None or e["space"] == C.slugs[sid(name)])]

    def check(self, name: str) -> LogEntry:
        found = self.checks(name)
        assert len(found) == 1, self
        return found[0]

    def attempts(self, track: str | None = None) -> list[LogEntry]:
        """The Rearmament attempts (6.3.2) made, on ``track`` (an id) if given."""
        return [e for e in self.entries if e["rule"] == "6.3.2" and "die" in e
                and (track is None or e["track"] == track)]


def mods(entry: LogEntry) -> set[str]:
    """A roll's modifiers as the log prints them (``+1 Slovenia controlled``)."""
    return {f"{v:+d} {why}" for v, why in entry["mods"]}
