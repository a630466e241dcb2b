"""``why`` (core ``explain``) gives the odds of every die-rolled choice, the card texts, the
cards behind an operation, and never a card hidden from the asking role (issue 15)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from warroom.ai.bots import RandomBot
from warroom.core import State, apply, determinize, explain, legal_actions, new_game, prompt
from warroom.core.rng import Rng
from warroom.games import load_game
from warroom.games.eaw1940.components import ALLIED

PCT = re.compile(r"\b\d{1,3}%")


def play_until(gid: str, seed: int, stop: Callable[[State[Any]], bool],
               scenario: str | None = None, steps: int = 5000,
               options: dict[str, Any] | None = None) -> State[Any]:
    st = new_game(load_game(gid), scenario, seed, options)
    bot = RandomBot(seed)
    for _ in range(steps):
        if st.active is None or stop(st):
            return st
        apply(st, bot.choose(st))
    return st


def kind_is(*kinds: str) -> Callable[[State[Any]], bool]:
    return lambda st: bool(st.data["stack"]) and st.data["stack"][-1]["kind"] in kinds


def whys(st: State[Any]) -> list[str]:
    return [explain(st, a, st.active).reason for a in legal_actions(st)]


# -- odds ----------------------------------------------------------------------------------

def test_eaw1940_attacks_give_target_and_chance() -> None:
    st = new_game(load_game("eaw1940"), None, 0)
    land = explain(st, "attack:western", "axis").reason
    assert "advance on a modified 5-6: die 4-6 with DRM +1, 50% (3 in 6)" in land
    assert "with the front's unused tank re-rolling a failure (8.1): 75%" in land
    sea = explain(st, "sea:mediterranean", "axis").reason
    assert "the Axis win on a modified 3-6: die 3-6 with DRM +0, 67%" in sea
    st.data["air"][1] = ALLIED                   # the Allies hold an air space
    st.invalidate()
    air = next(a for a in legal_actions(st) if a.key.startswith("air:"))
    reason = explain(st, air, "axis").reason
    assert "(no DRM); the Axis win on a modified" in reason and PCT.search(reason)


def test_eit2_support_check_gives_target_modifiers_and_chance() -> None:
    st = play_until("eit2", 3, kind_is("support_check"))
    frame = st.data["stack"][-1]
    for act in legal_actions(st):
        if act.kind != "space":
            continue
        reason = explain(st, act, st.active).reason
        s = act.value
        target = 2 * st.game.c.stability[s]
        assert f"must beat {target} (Stability {st.game.c.stability[s]} x2)" in reason
        assert f"+{frame['ops']} OPs" in reason and PCT.search(reason)


def test_eit2_placement_why_names_the_space_neighbours() -> None:
    """A placement's why names the space's neighbours, legal or not: the terminal shows
    the map's adjacency nowhere else, and 6.1.2 turns on it (a terminal audit)."""
    st = play_until("eit2", 3, kind_is("place_sp"))
    c = st.game.c
    spaces = [a for a in legal_actions(st) if a.kind == "space"]
    assert spaces
    s = spaces[0].value
    near = ", ".join(sorted(c.names[n] for n in c.adj[s]))
    assert explain(st, spaces[0], st.active).reason.endswith(f"{c.names[s]} is next to {near}")
    frame = st.data["stack"][-1]
    far = next(x for x in range(len(c.names)) if x not in frame["eligible"]
               and x != c.rhineland)
    reason = explain(st, f"space:{c.slugs[far]}", st.active).reason
    assert "next to friendly SP" in reason and f"{c.names[far]} is next to " in reason


def test_eit2_rearmament_gives_the_next_box_and_chance() -> None:
    st = play_until("eit2", 1, kind_is("rearm_track"))
    for reason in whys(st):
        assert re.search(r"next box .* needs \d+( \(it gives you: [^)]*\))?: "
                         r"die \+\d+ OPs [+-]\d+ \(.*\): .*\d+%", reason), reason
    st = play_until("eit2", 1, kind_is("action_round"))
    rearm = [a for a in legal_actions(st) if a.kind == "rearm"]
    assert rearm
    assert PCT.search(explain(st, rearm[0], st.active).reason)


def test_eit2_event_why_has_the_text_and_who_it_helps() -> None:
    st = play_until("eit2", 1, kind_is("action_round"))
    g = st.game
    side = g.roles.index(st.active)
    mine = "LW" if side == 0 else "RW"
    for act in legal_actions(st):
        card = g.c.cards[act.value]
        reason = explain(st, act, st.active).reason
        if act.kind == "event":
            # a neutral Event is the player's to implement (2.2.2) but may give both sides
            # something (Spanish Civil War): not said to help the player
            said = (f"(a neutral Event, implemented by {mine})" if card.side == "neutral"
                    else f"(it helps {mine})")
            assert said in reason, reason
            assert card.event.strip()[:40] in reason
        if act.kind == "ops" and card.side not in (mine, "neutral"):
            assert "it helps your opponent" in reason and card.event.strip()[:40] in reason


def test_sfe_battle_choices_give_totals_and_chance() -> None:
    def attacking(s: State[Any]) -> bool:
        return kind_is("battle_air")(s)
    st = play_until("sfe", 0, attacking)
    for reason in whys(st):
        assert re.search(r"attack \d+ \(\d+ in \d+ counters? \+ air \d+\) against defence "
                         r"\d+", reason), reason
        assert "you win if" in reason or "you cannot win" in reason
        assert PCT.search(reason) or "cannot win" in reason
    st = play_until("sfe", 0, kind_is("defender_air"))
    for reason in whys(st):
        assert (("you hold if that card is air" in reason and PCT.search(reason))
                or "you cannot hold" in reason or "you hold whatever" in reason), reason
        assert not re.search(r"air -?0 or less|air -\d", reason), reason


def test_sfe_defence_odds_say_when_the_battle_is_decided_before_the_air_card() -> None:
    """The defender's why once read "you hold if that card is air -4 or less ... 0%": a
    defence below the attack before any air card cannot hold, and one that no unseen card
    can beat holds for sure; each is said in words."""
    from warroom.games.sfe.odds import defence_text
    st = play_until("sfe", 0, kind_is("defender_air"))
    side = st.game.roles.index(st.active)
    fr = next(f for f in reversed(st.data["stack"]) if f["kind"] == "battle")
    assert "you cannot hold: the attack reaches" in defence_text(st, side, fr, air=-50)
    assert "you hold whatever air card it played" in defence_text(st, side, fr, air=50)


def test_sfe_operation_names_the_cards_that_allow_it() -> None:
    st = new_game(load_game("sfe"), None, 1)
    c = st.game.c
    hand = st.data["hand"][0]
    move = explain(st, "op:move", "axis").reason
    movers = [x for x in hand if c.card_move[x]]
    assert movers
    for x in movers:
        kind = "naval" if c.card_move[x] == 2 else "land"
        assert f"{c.card_names[x]}: {kind} move" in move
    build = explain(st, "op:build", "axis").reason
    assert "builds an Axis" in build


def test_tk_table_rolls_give_each_result_and_chance() -> None:
    st = new_game(load_game("tk"), "1939", 1, {"event": "15.26", "faction": "western"})
    reasons = whys(st)
    assert reasons
    for reason in reasons:
        assert "one die on the Area Table" in reason
        faces: list[int] = []
        for span in re.findall(r"die ([\d, -]+): ", reason):
            for part in span.split(", "):
                lo, _, hi = part.partition("-")
                faces += range(int(lo), int(hi or lo) + 1)
        assert sorted(faces) == [1, 2, 3, 4, 5, 6]
        assert set(re.findall(r"\((\d+)%\)", reason)) <= {"17", "33", "50", "67", "83",
                                                              "100"}


def test_tk_why_names_its_choice_once() -> None:
    """The head of an answer names the action; tk's reason named it again: "Area Table:
    Western: legal — Select an Area Table and roll one die: Area Table: Western is one of the
    choices", and a withheld option's "Pressure the US: illegal — ...: Pressure the US is not
    offered now" (a terminal audit of `why 1`). The reason says the choice's menu label only
    where it tells more than the head (the Truce's level, Neutrality Discussions' choices)."""
    g = load_game("tk")
    asked = 0
    for seed in range(30):
        st = new_game(g, None, seed)
        bot = RandomBot(seed)
        while st.active is not None:
            frame = st.data["stack"][-1]
            keys = [a.key for a in legal_actions(st)]
            keys += list((frame.get("ctx") or {}).get("withheld") or {})
            said = prompt(st).text.lower()
            for key in keys:
                why = explain(st, key, st.active)
                head = why.action.lower()
                assert why.reason.lower().count(head) <= said.count(head), why
                asked += 1
            apply(st, bot.choose(st))
    assert asked > 300
    st = new_game(g, "1939", 1, {"event": "15.28", "faction": "axis"})
    why = explain(st, "opt:pressure_us", "axis")
    assert str(why).startswith("Pressure the US: illegal — not offered now: the Lend-Lease "
                               "marker is not in the Allied Conditional Events Box"), why
    st = new_game(g, None, 2)
    assert str(explain(st, legal_actions(st)[0], st.active)) == (
        "Increase the Truce marker one level: legal — one of the choices now (Increase the "
        "Truce in France to level 3): The Truce marker in the France Posture Box: increase, "
        "reduce or leave it (13.6.2.3) [rule 15.23]")


# -- hidden information ----------------------------------------------------------------------

def _hidden_titles(st: State[Any], role: str) -> set[str]:
    """Titles of the cards in the opponent's hand that ``role`` cannot know of."""
    g = st.game
    me = g.roles.index(role)
    if g.id == "eit2":
        mine = {g.c.cards[n].title for n in st.data["hands"][me]}
        public = {g.c.cards[n].title for pile in ("discard", "out_of_game", "ongoing")
                  for n in st.data[pile]}
        return {g.c.cards[n].title for n in st.data["hands"][1 - me]} - mine - public
    c = g.c
    mine = {c.card_names[x] for x in st.data["hand"][me]}
    # the events' names (Great Commander, Defender Reinforce Battle) are rules the texts
    # name whoever holds them
    return {c.card_names[x] for x in st.data["hand"][1 - me]} - mine - set(c.event_names)


@pytest.mark.parametrize(("gid", "seed", "steps"), [
    ("eit2", 5, 40), ("eit2", 10, 300), ("eit2", 15, 150), ("sfe", 4, 60), ("sfe", 0, 146)])
def test_why_is_the_same_in_every_twin_and_names_no_hidden_card(
        gid: str, seed: int, steps: int) -> None:
    st = new_game(load_game(gid), None, seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if st.active is None:
            break
        apply(st, bot.choose(st))
    role = st.active
    assert role is not None
    real = whys(st)
    hidden = _hidden_titles(st, role)
    for text in real:
        for title in hidden:
            assert title not in text, (title, text)
    rng = Rng(seed)
    for _ in range(3):
        twin = determinize(st, role, rng)
        assert [a.key for a in legal_actions(twin)] == [a.key for a in legal_actions(st)]
        assert whys(twin) == real


@pytest.mark.parametrize(("gid", "seed", "kinds"), [
    ("eit2", 3, ("support_check",)), ("eit2", 1, ("action_round",)),
    ("eit2", 1, ("rearm_track",)), ("sfe", 0, ("battle_air",)),
    ("sfe", 0, ("defender_air",)), ("sfe", 1, ("operation",))])
def test_die_rolled_whys_do_not_change_with_the_hidden_cards(
        gid: str, seed: int, kinds: tuple[str, ...]) -> None:
    st = play_until(gid, seed, kind_is(*kinds))
    assert kind_is(*kinds)(st)
    role = st.active
    assert role is not None
    real = whys(st)
    rng = Rng(seed + 7)
    for _ in range(4):
        assert whys(determinize(st, role, rng)) == real


def test_eit2_why_on_a_rearmament_attempt_says_what_the_next_box_does() -> None:
    """6.3.4: the odds of an attempt come with what the box it reaches does (a terminal
    player learned it only after succeeding; the browser's chart shows it)."""
    from warroom.games.eit2.operations import rearm_odds
    g = load_game("eit2")
    st = new_game(g, "1920", 1)
    t = g.c.track_ids.index("france")
    text = rearm_odds(g.c, st.data, 0, t, 3, None)
    box = g.c.boxes[t][st.data["rearm"][t] + 1]
    assert f"next box {box.name} needs {box.needed} (it gives you: " in text, text
    # 6.3.3 flips the marker to the attempting side "if not already there": a failure on
    # a track whose marker already shows it flips nothing (it promised a flip: an audit)
    for side in (0, 1):
        st.data["rearm_side"][t] = side
        lw = rearm_odds(g.c, st.data, 0, t, 3, None)
        assert lw.endswith("(the marker is on your +1 side already)" if side == 0
                           else "(a failure flips the marker to your +1 side)"), lw



def test_eit2_track_menu_is_one_group_and_scoring_cards_say_so_once() -> None:
    """The terminal's Rearmament track menu is one list (the USSR track was filed under the
    USSR space's region, "Independent", the others under "Or"); a Scoring card's play reads
    "[Scoring card]" once (it read "(scoring) [scoring]", also on the web)."""
    from warroom.cli.choices import group_choices, number_choices
    from warroom.cli.menus import style_for
    from warroom.core import view
    st = play_until("eit2", 1, kind_is("rearm_track"))
    choices = number_choices(st, legal_actions(st))
    groups = group_choices(view(st, st.active), choices, style_for("eit2"))
    assert [g.title for g in groups] == [None]
    g = st.game
    scoring = next(a for a in g.catalogue if a.kind in ("event", "ops", "score")
                   and g.c.cards[a.value].scoring)
    label = g.describe(st, scoring.id)
    assert label.endswith(" [Scoring card]") and "(scoring)" not in label, label


@pytest.mark.parametrize("kind", ["rearm_track", "support_check", "setup_sp"])
def test_eit2_an_action_of_another_kind_is_no_choice_of_the_decision(kind: str) -> None:
    """A card, a space or a pass asked while a track is chosen (or a card while a space
    is) is answered with the decision and its rule, not with the decision's reason about
    its own choices (6.3.8 "the track's marker is on its rightmost box" for Paris, once)."""
    st = play_until("eit2", 1, kind_is(kind))
    p = st.data["stack"][-1]
    assert p["kind"] == kind
    offered = {a.kind for a in legal_actions(st)}
    game = st.game
    for other in ("card:55", "space:paris", "track:spain", "pass"):
        act = game.catalogue.resolve(other)
        if act.kind in offered:
            continue
        why = explain(st, other, st.active)
        assert not why.legal and why.reason.startswith("not a choice in this decision: ")
        prompt = game.frames[kind].prompt(st, p)
        assert why.reason.endswith(prompt.text) and why.rules == (prompt.rule,)


@pytest.mark.parametrize("gid", ["eit2", "sfe", "eaw1940", "tk"])
def test_every_rule_cited_is_in_the_games_rule_index(gid: str) -> None:
    """What a prompt, an explanation or a log entry cites is a rule the game can name
    (``game.rules``, which front ends show as the rule's heading): eit2 cited 6.0, 6.1 and
    ten others it could not name, tk's prompts and explanations gave "15.14, 14.12" as one
    rule."""
    game = load_game(gid)
    missing: set[str] = set()
    for seed in range(3):
        st = new_game(game, None, seed)
        rng = Rng(seed)
        for _ in range(800):
            if st.active is None:
                break
            p = prompt(st)
            cited = [p.rule] if p is not None and p.rule else []
            acts = legal_actions(st)
            for a in acts[:4]:
                cited += explain(st, a, st.active).rules
            before = len(st.data["log"])
            apply(st, rng.choice(acts))
            # a log line may cite a cross-reference too: "15.7, 13.5, 13.6"
            cited += [r for e in st.data["log"][before:] if e.get("rule")
                      for r in e["rule"].split(", ")]
            missing |= {r for r in cited if r not in game.rules}
    assert not missing, sorted(missing)


def test_eit2_why_of_a_scoring_play_gives_its_values_in_words() -> None:
    """A Scoring card's why names its Presence, Domination and Control values as the card
    prints them (it once printed a Python dict: "{'presence': 3, ...}")."""
    st = play_until("eit2", 2, lambda s: any(a.kind == "score" for a in legal_actions(s)))
    act = next(a for a in legal_actions(st) if a.kind == "score")
    reason = explain(st, act, st.active).reason
    assert re.search(r"\(Presence \d+, Domination \d+, Control \d+\)", reason), reason
    assert "{" not in reason


def test_eit2_last_action_round_prompt_warns_of_a_held_scoring_card() -> None:
    """4.5.3: a Scoring card held at the turn's end loses; the last round's prompt says so
    (the same words for both players whatever their hands: a prompt is public)."""
    st = play_until("eit2", 4, lambda s: kind_is("action_round")(s)
                    and s.data["ar"] == 7 and s.data["turn"] < 5)
    p = prompt(st)
    assert p is not None and "a Scoring card still held at its end loses, 4.5.3" in p.text
    st = play_until("eit2", 4, lambda s: kind_is("action_round")(s) and s.data["ar"] == 3)
    p = prompt(st)
    assert p is not None and "4.5.3" not in p.text
