"""Europe in Turmoil II: the 17.0 Example of Play as a scripted game (protocol level).

The opening turn of 17.0 (Kris RW, Tâm LW) is played through ``apply`` from ``new_game``:
the printed opening hands replace the dealt ones, then the discretionary SP (3.7) and
Extremists (3.8) and every Action Round of turn 1 follow in the printed order, each die
forced just before the decision that rolls it. After each step the test asserts the printed
parentheses "(LW SP / RW SP)" (``*`` an Extremist) of every space the text mentions, the
printed modified totals (read from the engine's log lines, modifier by modifier), Power,
Tension, Moderation and the Rearmament markers. tests/test_eit2_map.py replays the same
text on the map alone and derives the stabilities and adjacencies used here.

Where 17.0 disagrees with the rules or the card data (the rules win; each is asserted as
the rules have it):
* 17.0 numbers the rounds "1.1".."1.5", then "6" and "7": all are turn 1 (4.5.2: seven
  Action Rounds per turn), so the engine's "Action Round 1.6" / "1.7".
* 17.0 prints "End of turn 1" between Action Round 6 and 7, although AR 7 still belongs to
  turn 1 (4.5.2). Its claims are checked after AR 6, where the text puts them, and the
  turn really ends after Tâm's AR 7 (4.5.3-4.5.4: both held cards are non-scoring, the
  turn marker advances, 4.5.1 deals to eight cards).
* "Claiming Hamburg gives the LW a shot at controlling three of the five battlegrounds in
  Germany" vs "Germany has only four battlegrounds" (End of turn 1): four, plus the
  Rhineland once its Demilitarized marker is gone (3.5); asserted as four.
* AR 7, American Expatriates: "in order to place a support and an extremist in the Action
  Française space (1*/2*)". The card text is not printed; the bundled card used to read
  "1 LW SP in Paris and 1 LW SP in London", reconstructed so that the Event's spaces fit
  the 11.2.5 list of "spaces [that] have SP placed in them by Strategy cards", which has no
  Action Française. 11.2.5 lists spaces a card names, and 17.0 AR 7 is the only printed
  statement of this Event's effect ("in order to": the LW player chose the space), so the
  card now reads "1 LW SP and 1 LW Extremist (if none there) in one space in France of the
  LW player's choice" (scope within France reconstructed): 17.0 and 11.2.5 both hold, and
  Paris and London stay in the 11.2.5 list through the cards that name them.
* Wall Street Crash: 17.0 lists the UK Parliament first; the card's choice is made Region
  by Region (France, UK, Germany, Spain, Italy, Little Entente): same six spaces.

The hands are edited after the deal, so a plain :class:`~warroom.core.record.Record` of
this game cannot replay it; instead the script is shown to be deterministic (two runs give
byte-identical ``State.dumps()``), and the actions and dice are kept below (``ACTIONS``,
``DICE``) as its record.
"""

from __future__ import annotations

from typing import Any

from warroom.core import State, apply, clone, explain, legal_actions, new_game, view
from warroom.core.log import LogEntry, render
from warroom.games.eit2.board import LW, RW
from warroom.games.eit2.game import EuropeInTurmoil2
from warroom.games.eit2.scoring import is_battleground, region_levels

G = EuropeInTurmoil2()
C = G.c
SEED = 1920

RW_HAND = ["France Scoring", "Admiral Horthy", "Kellogg-Briand Pact", "Miguel Primo de Rivera",
           "Washington Naval Treaty", "Aventine Secession", "Spirit of Locarno",
           "War Reparations/War Debt"]
LW_HAND = ["Friedrich Ebert", "March on Rome", "Tomas Masaryk", "Józef Piłsudski",
           "Wall Street Crash", "American Expatriates", "Winston Churchill", "Croix-de-Feu"]

# The record of the turn: every decision in order (cards and spaces by name) and the dice.
ACTIONS = [
    # 3.7 discretionary SP: LW 3, RW 4, LW 2
    "space:Lombardy", "space:Hamburg", "space:Algeria",
    "space:Action Française", "space:Egypt", "space:Fiume", "space:East-Prussia",
    "space:Silesia", "space:Austria",
    # 3.8 discretionary Extremists: RW, then LW
    "space:Hamburg", "space:Alsace-Lorraine",
    # AR 1.1
    "score:France Scoring", "space:Paris",
    "ops:Józef Piłsudski", "op_place", "space:USSR", "space:USSR",
    # AR 1.2
    "ops:Miguel Primo de Rivera", "op_place", "space:Poland", "space:Slovenia",
    "space:Slovenia",
    "event:Wall Street Crash", "space:Action Française", "space:Parliament",
    "space:East-Prussia", "space:Spanish Catholics", "space:Fiume", "space:Slovenia",
    # AR 1.3
    "ops:Kellogg-Briand Pact", "event_first", "op_place", "space:Slovenia",
    "space:East-Prussia",
    "ops:March on Rome", "event_first", "op_place", "space:Berlin", "space:Berlin",
    "space:Lombardy", "space:Lombardy",
    # AR 1.4
    "event:Admiral Horthy",
    "rearm:Winston Churchill", "track:france",
    # AR 1.5
    "rearm:Spirit of Locarno", "track:little_entente", "space:Hamburg",
    "ops:Tomas Masaryk", "op_place", "space:Bavaria", "space:Bavaria",
    # AR 6
    "ops:Aventine Secession", "op_place", "space:Hamburg", "space:Hamburg", "space:Hamburg",
    "ops:Friedrich Ebert", "op_place", "space:Norway", "space:Norway",
    # AR 7
    "ops:War Reparations/War Debts", "op_check", "space:Austria",
    "event:American Expatriates", "space:Action Française",
]
# Paris (France Scoring), Poland (Piłsudski), Hungary (Horthy), France track (Churchill),
# Little Entente track (Spirit of Locarno), Austria (War Reparations).
DICE = [3, 4, 5, 3, 4, 3]

def sid(name: str) -> int:
    return int(C.index[name])


def card(title: str) -> int:
    return int(C.card_by_title(title))


class Script:
    """Drives the game through the protocol; keeps the actions (readable) and dice."""

    def __init__(self) -> None:
        self.state: State = new_game(G, "1920", SEED)
        self.actions: list[str] = []
        self.dice: list[int] = []
        self.lines: list[str] = []
        self.entries: list[LogEntry] = []
        d = self.state.data
        everything = sorted(d["deck"] + d["hands"][LW] + d["hands"][RW])
        for side, titles in ((RW, RW_HAND), (LW, LW_HAND)):
            d["hands"][side] = [card(t) for t in titles]
        held = set(d["hands"][LW] + d["hands"][RW])
        d["deck"] = [n for n in everything if n not in held]
        self.state.invalidate()
        assert sorted(d["deck"] + d["hands"][LW] + d["hands"][RW]) == everything
        assert G.check_invariants(self.state) == []

    def key(self, readable: str) -> str:
        kind, _, arg = readable.partition(":")
        if kind == "space":
            return f"space:{C.slugs[sid(arg)]}"
        if kind in ("score", "event", "ops", "rearm"):
            return f"{kind}:{card(arg)}"
        return readable

    def do(self, readable: str, die: int | None = None, role: str | None = None) -> list[str]:
        """Apply one decision (forcing ``die`` just before it); return the new log lines."""
        s = self.state
        if role is not None:
            assert s.active == role, (readable, s.active)
        if die is not None:
            s.data["forced"] = [die]
        key = self.key(readable)
        legal = [a.key for a in legal_actions(s)]
        assert key in legal, (readable, legal)
        n = len(s.data["log"])
        apply(s, key)
        if die is not None:
            assert s.data["forced"] == [], f"{readable}: the forced die was not rolled"
            self.dice.append(die)
        kind, _, arg = readable.partition(":")
        if kind in ("score", "event", "ops", "rearm"):      # the card's own title
            readable = f"{kind}:{C.cards[card(arg)].title}"
        self.actions.append(readable)
        self.entries = list(s.data["log"][n:])
        self.lines = [render(e) for e in self.entries]
        assert G.check_invariants(s) == [], readable
        return self.lines

    def legal(self, readable: str) -> bool:
        return self.key(readable) in {a.key for a in legal_actions(self.state)}

    # -- what the text prints ------------------------------------------------------------
    def par(self, name: str) -> str:
        """The 17.0 parenthesis of a space: "LW/RW", ``*`` per Extremist."""
        sp = view(self.state)["spaces"][sid(name)]
        return (f"{sp['lw_sp']}" + "*" * sp["lw_extremists"] + "/"
                + f"{sp['rw_sp']}" + "*" * sp["rw_extremists"])

    def control(self, name: str) -> str | None:
        return view(self.state)["spaces"][sid(name)]["control"]

    def check_line(self) -> dict[str, Any]:
        """The facts of the one Support Check (6.2.5) of the last decision's log."""
        found = [e for e in self.entries if e["rule"] == "6.2.5" and "die" in e]
        assert len(found) == 1, self.lines
        e = found[0]
        return {"side": e["role"].upper(), "space": C.names[C.slugs.index(e["space"])],
                "before": e["before"], "die": e["die"], "ops": e["ops"], "drm": e["drm"],
                "mods": {f"{v:+d} {why}" for v, why in e["mods"]}, "total": e["total"],
                "target": e["target"]}

    def rearm_line(self) -> dict[str, Any]:
        """The facts of the one Rearmament attempt (6.3.2) of the last decision's log."""
        found = [e for e in self.entries if e["rule"] == "6.3.2" and "die" in e]
        assert len(found) == 1, self.lines
        e = found[0]
        return {"side": e["role"].upper(),
                "track": C.track_names[C.track_ids.index(e["track"])], "die": e["die"],
                "ops": e["ops"], "mods": {f"{v:+d} {why}" for v, why in e["mods"]},
                "total": e["total"], "box": e["box"], "needed": e["needed"]}

    def track(self, track_id: str) -> tuple[str, str]:
        r = next(x for x in view(self.state)["rearmament"] if x["track"] == track_id)
        return r["box"], r["side"]

    def numbers(self) -> tuple[int, int, dict[str, int]]:
        v = view(self.state)
        return v["power"], v["tension"], v["moderation"]


def expect(s: Script, printed: dict[str, str]) -> None:
    got = {name: s.par(name) for name in printed}
    assert got == printed


def play_turn_1(s: Script) -> None:
    d = s.state.data
    assert s.numbers() == (0, 1, {"lw": 10, "rw": 12})                      # 3.1
    # Opening: Admiral Horthy "without Right Wing presence in countries adjacent to Hungary"
    assert all(d["sp"][RW][t] == 0 and d["ext"][RW][t] == 0 for t in C.adj[sid("Hungary")])

    # -- Discretionary SP (3.7): LW 3, RW 4, LW 2 ---------------------------------------
    for name in ("Lombardy", "Hamburg", "Algeria"):
        s.do(f"space:{name}", role="lw")
    expect(s, {"Lombardy": "1/0", "Hamburg": "1/0", "Algeria": "1/0"})
    assert not s.legal("space:Berlin")          # 3.7 example: not where LW markers are
    for name in ("Action Française", "Egypt", "Fiume", "East-Prussia"):
        s.do(f"space:{name}", role="rw")
    expect(s, {"Action Française": "0/3*", "Egypt": "0/1", "Fiume": "0/1",
               "East-Prussia": "0/4"})
    assert s.control("Action Française") == "rw" and s.control("East-Prussia") == "rw"
    for name in ("Silesia", "Austria"):
        s.do(f"space:{name}", role="lw")
    expect(s, {"Silesia": "1/0", "Austria": "2/0"})
    assert s.control("Austria") == "lw"         # "defends both Hungary and Bavaria"

    # -- Discretionary Extremists (3.8): RW first -----------------------------------------
    s.do("space:Hamburg", role="rw")
    assert not s.legal("space:Hamburg")         # a space with any Extremist is closed
    s.do("space:Alsace-Lorraine", role="lw")
    expect(s, {"Hamburg": "1/0*", "Alsace-Lorraine": "0*/0"})

    # -- AR 1.1 Kris: France Scoring, Support Check in Paris -----------------------------
    assert any("Action Round 1.1: RW" in x for x in s.lines)
    s.do("score:France Scoring", role="rw")
    before_paris = clone(s.state)
    s.do("space:Paris", die=3)
    chk = s.check_line()
    # +2 (the card), +1 French Catholics, -1 Nord/Pas-de-Calais, -1 Extremist in Alsace-
    # Lorraine: 3 +1 net = 4; 4 - 2x2 = 0, nothing changes.
    assert (chk["side"], chk["space"], chk["before"]) == ("RW", "Paris", "2/0")
    assert (chk["die"], chk["ops"], chk["drm"], chk["total"], chk["target"]) == (3, 2, -1, 4, 4)
    assert chk["mods"] == {"+1 French Catholics controlled",
                           "-1 Nord/Pas-de-Calais opponent-controlled",
                           "-1 opposing Extremist in Alsace-Lorraine"}
    assert chk["ops"] + chk["drm"] == 1                                      # "+1 net"
    expect(s, {"Paris": "2/0"})
    # "Rolling a 4 or higher would have broken Tâm's control over Paris"
    alt = clone(before_paris)
    alt.data["forced"] = [4]
    apply(alt, "space:paris")
    assert alt.data["sp"][LW][sid("Paris")] == 1
    assert view(alt)["spaces"][sid("Paris")]["control"] is None
    # "Both players end with 1 battleground in France and with only presence and no
    # controlled Independent spaces, the score remains at 0 Power."
    levels = region_levels(C, d, "France")
    assert levels[LW]["battlegrounds"] == levels[RW]["battlegrounds"] == 1
    assert levels[LW]["level"] == levels[RW]["level"] == "presence"
    assert any("France scoring, LW: Presence 3, battlegrounds 1 (10.1.3), adjacent "
               "Independents 0" in x for x in s.lines)
    assert any("France scoring, RW: Presence 3, battlegrounds 1 (10.1.3), adjacent "
               "Independents 0" in x for x in s.lines)
    assert s.numbers()[0] == 0
    assert card("France Scoring") in d["discard"]

    # -- AR 1.1 Tâm: Józef Piłsudski for 2 OPs, OPs first (5.2), then the RW Event -------
    s.do("ops:Józef Piłsudski", role="lw")
    s.do("op_place")                             # OPs first: the Event is resolved after
    s.do("space:USSR")
    expect(s, {"USSR": "4*/1"})
    s.do("space:USSR", die=4)                    # the last SP; the deferred Event rolls
    assert "LW places 1 SP in USSR (5*/1) [6.1.3]" in s.lines
    assert "RW places 2 SP in Poland (2/3) [7.1]" in s.lines
    chk = s.check_line()
    # +4 (the Event), +1 East-Prussia, -1 Russia's control, -1 Russia's Extremist: 4 +3 = 7
    # against 6: one LW SP removed.
    assert (chk["side"], chk["space"], chk["before"]) == ("RW", "Poland", "2/3")
    assert (chk["die"], chk["ops"], chk["drm"], chk["total"], chk["target"]) == (4, 4, -1, 7, 6)
    assert chk["mods"] == {"+1 East-Prussia controlled", "-1 USSR opponent-controlled",
                           "-1 opposing Extremist in USSR"}
    assert chk["ops"] + chk["drm"] == 3                                      # "a net +3"
    expect(s, {"USSR": "5*/1", "Poland": "1/3"})
    assert card("Józef Piłsudski") in d["out_of_game"]                        # "removed"

    # -- AR 1.2 Kris: Miguel Primo de Rivera for 3 OPs -------------------------------------
    s.do("ops:Miguel Primo de Rivera", role="rw")
    assert d["stack"][-1]["event"] is False      # his own Event: it does not occur (5.2)
    s.do("op_place")
    s.do("space:Poland")                         # 1 OP: uncontrolled at 1/3
    expect(s, {"Poland": "1/4"})
    assert s.control("Poland") == "rw"
    s.do("space:Slovenia")
    s.do("space:Slovenia")
    expect(s, {"Slovenia": "0/2"})
    assert s.control("Slovenia") == "rw"
    assert card("Miguel Primo de Rivera") in d["discard"]                     # "discarded"

    # -- AR 1.2 Tâm: Wall Street Crash, 1 RW SP off one space per Scoring Region ----------
    s.do("event:Wall Street Crash", role="lw")
    for name in ("Action Française", "Parliament", "East-Prussia", "Spanish Catholics",
                 "Fiume", "Slovenia"):
        s.do(f"space:{name}")
    expect(s, {"Parliament": "0/1", "Action Française": "0/2*", "East-Prussia": "0/3",
               "Slovenia": "0/1", "Fiume": "0/0", "Spanish Catholics": "0/1"})
    assert s.control("Slovenia") is None and s.control("East-Prussia") is None

    # -- AR 1.3 Kris: Kellogg-Briand Pact, the LW Event first, then 2 OPs ---------------
    s.do("ops:Kellogg-Briand Pact", role="rw")
    s.do("event_first")
    assert s.numbers()[1] == 0                   # "reducing Tension to 0"
    assert d["flags"]["kellogg_briand"] is True  # "flipping the Tension marker"
    s.do("op_place")
    s.do("space:Slovenia")
    s.do("space:East-Prussia")
    expect(s, {"Slovenia": "0/2", "East-Prussia": "0/4"})

    # -- AR 1.3 Tâm: March on Rome, the RW Event first, then 4 OPs ------------------------
    s.do("ops:March on Rome", role="lw")
    s.do("event_first")
    assert s.numbers()[2] == {"lw": 10, "rw": 11}                    # "RW Moderation ... 11"
    expect(s, {"Libya": "0/0*", "South Tyrol": "0/0*", "Blackshirts": "0/0*",
               "Rome": "1/4"})
    s.do("op_place")
    assert not s.legal("space:Fiume")            # "Tâm cannot reach Fiume yet" (6.1.2)
    for name in ("Berlin", "Berlin", "Lombardy", "Lombardy"):
        s.do(f"space:{name}")
    expect(s, {"Berlin": "3*/0", "Lombardy": "3/0"})
    assert s.control("Berlin") == s.control("Lombardy") == "lw"

    # -- AR 1.4 Kris: Admiral Horthy ----------------------------------------------------
    # "Rolling a 6 would not have given Kris any extra bonus, as he already has an
    # Extremist in Hungary, and sufficient SP for control over the space."
    alt = clone(s.state)
    alt.data["forced"] = [6]
    apply(alt, f"event:{card('Admiral Horthy')}")
    assert any(e.get("total") == 9 and e.get("target") == 4 for e in alt.data["log"][-6:])
    assert (alt.data["sp"][LW][sid("Hungary")], alt.data["sp"][RW][sid("Hungary")],
            alt.data["ext"][LW][sid("Hungary")], alt.data["ext"][RW][sid("Hungary")]) \
        == (0, 2, 0, 1)
    s.do("event:Admiral Horthy", die=5, role="rw")
    assert "RW Extremist placed in Hungary (2*/1*) [7.1]" in s.lines
    chk = s.check_line()
    # +1 Slovenia, +1 own Extremist, -1 Austria, -1 LW Extremist; 5 + 3 OPs = 8; 8 - 4 = 4:
    # two LW SP, the LW Extremist, one RW SP.
    assert (chk["side"], chk["space"], chk["before"]) == ("RW", "Hungary", "2*/1*")
    assert (chk["die"], chk["ops"], chk["drm"], chk["total"], chk["target"]) == (5, 3, 0, 8, 4)
    assert chk["mods"] == {"+1 Slovenia controlled", "+1 Extremist in Hungary",
                           "-1 Austria opponent-controlled", "-1 opposing Extremist in Hungary"}
    assert chk["total"] - chk["target"] == 4
    expect(s, {"Hungary": "0/2*"})
    assert s.control("Hungary") == "rw"

    # -- AR 1.4 Tâm: Winston Churchill for a Rearmament attempt on the French track -------
    assert s.track("france") == ("France", "lw")
    s.do("rearm:Winston Churchill", role="lw")
    s.do("track:france", die=3)
    r = s.rearm_line()
    # 3, +1 (marker on its LW side), +2 OPs = 6: Maginot Line Conception (no alignment
    # bonus: Churchill is a RW card; 6.3.7: its Event is not implemented).
    assert (r["side"], r["track"], r["die"], r["ops"], r["total"]) == ("LW", "France", 3, 2, 6)
    assert r["mods"] == {"+1 marker on the LW +1 side"}
    assert (r["box"], r["needed"]) == ("Maginot Line Conception", 6)
    assert s.track("france") == ("Maginot Line Conception", "lw")
    expect(s, {"Alsace-Lorraine": "2*/0", "Empire & Commonwealth": "0/0",
               "Northern England": "2/0"})
    assert view(s.state)["rearmament_available"]["lw"] is False

    # -- AR 1.5 Kris: Spirit of Locarno for a Rearmament attempt on the LE track ---------
    assert s.track("little_entente") == ("Little Entente", "lw")
    s.do("rearm:Spirit of Locarno", role="rw")
    s.do("track:little_entente", die=4)
    r = s.rearm_line()
    assert (r["side"], r["die"], r["ops"], r["total"]) == ("RW", 4, 4, 8)    # "modified to 8"
    assert r["mods"] == set()
    assert r["box"] == "Foreign Plane Import"
    assert s.track("little_entente") == ("Foreign Plane Import", "rw")      # flipped
    assert s.numbers()[1] == 0                   # the LW Event (Tension -2) did not occur
    s.do("space:Hamburg")                        # 1 SP where RW has an Extremist
    expect(s, {"Hamburg": "1/1*"})

    # -- AR 1.5 Tâm: Tomas Masaryk, 2 OPs in Bavaria ------------------------------------
    s.do("ops:Tomas Masaryk", role="lw")
    s.do("op_place")
    s.do("space:Bavaria")
    s.do("space:Bavaria")
    expect(s, {"Bavaria": "3/0"})

    # -- AR 6 Kris: Aventine Secession for 3 OPs, all in Hamburg -------------------------
    assert any("Action Round 1.6: RW" in x for x in s.lines)
    s.do("ops:Aventine Secession", role="rw")
    s.do("op_place")
    for _ in range(3):
        s.do("space:Hamburg")
    expect(s, {"Hamburg": "1/4*"})
    assert s.control("Hamburg") == "rw"

    # -- AR 6 Tâm: Friedrich Ebert for 2 OPs in Norway ---------------------------------
    s.do("ops:Friedrich Ebert", role="lw")
    s.do("op_place")
    # "she couldn't take Hamburg in one Action Round": RW-controlled, 2 OPs per SP (6.1.3)
    assert explain(s.state, "space:hamburg").reason.startswith("2 OP(s)")
    s.do("space:Norway")
    s.do("space:Norway")
    expect(s, {"Norway": "2/0"})
    assert s.control("Norway") == "lw"

    # -- "End of turn 1" (printed here, before AR 7) --------------------------------------
    end_of_turn_claims(s)

    # -- AR 7 Kris: War Reparations/War Debts for a 4-OP Support Check in Austria ---------
    assert any("Action Round 1.7: RW" in x for x in s.lines)
    s.do("ops:War Reparations/War Debt", role="rw")
    s.do("op_check")
    s.do("space:Austria", die=3)
    chk = s.check_line()
    # 3 +4 (OPs) +3 (Extremists in South Tyrol and Hungary, control of Hungary) -1 (Bavaria)
    # -4 (twice the stability): 5: two LW SP off, two RW SP and a RW Extremist on.
    assert (chk["side"], chk["space"], chk["before"]) == ("RW", "Austria", "2/0")
    assert (chk["die"], chk["ops"], chk["drm"], chk["total"], chk["target"]) == (3, 4, 2, 9, 4)
    assert chk["mods"] == {"+1 Extremist in South Tyrol", "+1 Extremist in Hungary",
                           "+1 Hungary controlled", "-1 Bavaria opponent-controlled"}
    assert chk["total"] - chk["target"] == 5
    expect(s, {"Austria": "0/2*"})
    end_of_turn_claims(s)

    # -- AR 7 Tâm: American Expatriates for its Event -----------------------------------
    s.do("event:American Expatriates", role="lw")
    s.do("space:Action Française")
    expect(s, {"Action Française": "1*/2*"})

    # -- the end of turn 1 (4.5.3-4.5.4) and the deal of turn 2 (4.5.1) ---------------
    assert d["turn"] == 2 and d["ar"] == 1 and s.state.active == "rw"
    assert card("Washington Naval Treaty") in d["hands"][RW]     # the held cards
    assert card("Croix-de-Feu") in d["hands"][LW]
    assert len(d["hands"][RW]) == len(d["hands"][LW]) == 8
    assert view(s.state)["rearmament_available"] == {"lw": True, "rw": True}
    assert d["outcome"] is None
    assert s.numbers() == (0, 0, {"lw": 10, "rw": 11})
    assert s.track("france") == ("Maginot Line Conception", "lw")
    assert s.track("little_entente") == ("Foreign Plane Import", "rw")


def end_of_turn_claims(s: Script) -> None:
    d = s.state.data
    # "France is dominated by the Left Wing player"
    france = region_levels(C, d, "France")
    assert france[LW]["level"] == "domination" and france[RW]["level"] == "presence"
    # "Prior to the addition of the Rhineland ... Germany has only four battlegrounds and
    # they are currently divided two to two", "the Left Wing's battlegrounds ... each
    # adjacent to a RW extremist"
    german = [x for x in range(len(C.names)) if C.region[x] == "Germany"
              and is_battleground(C, d, x)]
    assert len(german) == 4 and sid("Rhineland") not in german
    lw = [x for x in german if view(s.state)["spaces"][x]["control"] == "lw"]
    rw = [x for x in german if view(s.state)["spaces"][x]["control"] == "rw"]
    assert len(lw) == len(rw) == 2
    assert sid("Hamburg") in rw
    for x in lw:
        assert any(d["ext"][RW][t] for t in C.adj[x]), C.names[x]


def run() -> Script:
    s = Script()
    play_turn_1(s)
    return s


def test_the_17_0_example_of_play_turn_1() -> None:
    s = run()
    assert s.actions == ACTIONS
    assert s.dice == DICE


def test_the_script_is_deterministic() -> None:
    # The hands are edited after the deal, so no Record replays this game; two runs of the
    # same script (same seed, hands, actions and dice) must give the same state, byte for
    # byte.
    assert run().state.dumps() == run().state.dumps()
