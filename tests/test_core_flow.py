"""core.flow, core.log, the Action payload, Session undo and role-aware apply/explain,
on a toy game written against the core only (no real game's rules involved).

The toy: a pile of counters (2d6 rolled at set-up); roles ``a`` and ``b`` alternate taking
1-3 counters; whoever takes the last counter wins. Each role is dealt a secret number at
the start (a private log entry) that nothing else reveals.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from toy import TOY, Toy
from warroom.core import (
    ActionCatalogue,
    IllegalActionError,
    Procedure,
    Prompt,
    RunawayError,
    Session,
    State,
    Termination,
    apply,
    clone,
    explain,
    legal_actions,
    new_game,
    prompt,
    result,
    view,
)
from warroom.core.flow import call, game_over
from warroom.core.log import render, visible
from warroom.core.protocol import role_turn


def play_out(st: State[Toy], pick: int = 0) -> None:
    while st.active:
        legal = legal_actions(st)
        apply(st, legal[min(pick, len(legal) - 1)])


# -- flow ------------------------------------------------------------------------------------

def test_setup_runs_procedures_to_the_first_decision() -> None:
    st = new_game(TOY, seed=3)
    assert st.active == "a"
    assert [f["kind"] for f in st.data["stack"]] == ["turn", "take"]
    p = prompt(st)
    assert p == Prompt("a", f"Take 1-3 counters ({st.data['pile']} left)", "2.1")
    assert view(st, "b")["prompt"] == p.to_json()


def test_end_hands_its_result_to_the_caller_and_game_over_unwinds() -> None:
    st = new_game(TOY, seed=3, forced_dice=[1, 1])
    apply(st, "take:1")
    assert st.active == "b" and st.data["pile"] == 1
    apply(st, "take:1")
    assert st.active is None and st.data["stack"] == []
    out = result(st)
    assert out is not None and out.winner == "b" and out.termination is Termination.FINAL_SCORING
    assert out.label == "final_scoring"
    assert prompt(st) is None and view(st)["prompt"] is None


def test_runaway_guard_names_the_frames() -> None:
    with pytest.raises(RunawayError, match="turn"):
        new_game(TOY, seed=1, options={"runaway": True})


# -- log -----------------------------------------------------------------------------------

def test_log_entries_are_data_with_facts_and_private_entries_stay_private() -> None:
    st = new_game(TOY, seed=5, forced_dice=[4, 2])
    first = st.log[0]
    assert first == {"rule": "1.1", "text": "The pile holds 6 counters", "die": [4, 2],
                     "total": 6}
    assert render(first) == "The pile holds 6 counters [1.1]"
    secret_a = str(st.data["secret"]["a"])
    seen_b = view(st, "b")["log"]
    assert all(e.get("to") in (None, "b") for e in seen_b)
    assert not any(secret_a in e["text"] and e.get("to") == "a" for e in seen_b)
    assert any(e.get("to") == "a" for e in view(st, "a")["log"])
    assert all(e.get("to") is None for e in view(st, None)["log"])
    assert visible(st.log, "a") == view(st, "a")["log"]


def test_clone_shares_log_entries_but_not_the_list_or_the_cache() -> None:
    st = new_game(TOY, seed=5)
    st.cache["x"] = 1
    c = clone(st)
    assert c.data == st.data and c.cache == {}
    assert c.data["log"] is not st.data["log"] and c.data["log"][0] is st.data["log"][0]
    apply(c, "take:1")
    assert len(c.log) == len(st.log) + 1


def test_invalidate_empties_the_cache() -> None:
    st = new_game(TOY, seed=5)
    st.cache["board"] = object()
    legal_actions(st)
    st.invalidate()
    assert st.cache == {}


# -- actions ---------------------------------------------------------------------------------

def test_action_payload_and_aliases() -> None:
    a = TOY.catalogue.by_key("take:2")
    assert (a.kind, a.args, a.arg, a.value) == ("take", ("2",), "2", 2)
    assert TOY.catalogue.resolve("grab1") is TOY.catalogue.by_key("take:1")
    assert TOY.catalogue.aliases == {"grab1": "take:1"}
    with pytest.raises(ValueError, match="names no action"):
        ActionCatalogue([("x", "X")], aliases={"old": "y"})


def test_long_unknown_keys_are_cut_in_messages() -> None:
    with pytest.raises(IllegalActionError) as info:
        TOY.catalogue.resolve("z" * 5000)
    assert len(str(info.value)) < 200


# -- role-aware apply and explain ------------------------------------------------------------

@pytest.mark.parametrize(("role", "said"), [("lw", "LW's"), ("allies", "the Allies'"),
                                            ("axis", "the Axis player's"),
                                            ("western", "the Western player's")])
def test_a_roles_turn_is_said_in_good_english(role: str, said: str) -> None:
    """"it is not Axis's turn" stood beside "the Allies' turn" (an explain audit)."""
    assert role_turn(role) == said


def test_an_action_from_the_wrong_role_is_refused_without_listing_choices() -> None:
    st = new_game(TOY, seed=3)
    before = st.dumps()
    with pytest.raises(IllegalActionError) as info:
        apply(st, "take:1", role="b")
    assert str(info.value) == "it is not B's turn: A is to decide"
    assert info.value.legal == [] and st.dumps() == before
    why = explain(st, "take:1", role="b")
    assert not why.legal and "take" not in why.reason.replace("take:1", "")
    assert explain(st, "take:1", role="a").legal
    with pytest.raises(IllegalActionError, match="no role"):
        apply(st, "take:1", role="zz")


def test_an_illegal_action_of_the_active_role_lists_its_choices_and_cites_the_rule() -> None:
    st = new_game(TOY, seed=3, forced_dice=[1, 1])
    apply(st, "take:1")
    with pytest.raises(IllegalActionError, match=r"only 1 counters are left \[rule 2.1\]"):
        apply(st, "take:3", role="b")


# -- Session undo ----------------------------------------------------------------------------

def test_undo_takes_back_only_the_askers_own_decisions_while_it_is_to_act() -> None:
    # a hand-over to another role clears undo: here every decision hands over, so a's
    # decision is gone for good once b is to act
    s = Session.start(TOY, seed=3)
    s.apply("take:1", "a")
    assert not s.can_undo("a") and not s.can_undo("b")
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        s.undo("b")


class Twice(Toy):
    """The same toy, but each role takes twice in a row (so undo has something to do)."""

    def __init__(self) -> None:
        super().__init__()
        self.frames = {**self.frames, "turn": TwiceTurn()}


class TwiceTurn(Procedure["Toy"]):
    kind = "turn"

    def run(self, st: State[Toy], frame: dict[str, Any]) -> None:
        d = st.data
        if "$" in frame:
            d["pile"] -= frame.pop("$")
            if d["pile"] <= 0:
                game_over(d, {"winner": frame["who"]})
                return
            frame["n"] = frame.get("n", 0) + 1
            if frame["n"] % 2 == 0:
                frame["who"] = "b" if frame["who"] == "a" else "a"
        call(d, "take", frame["who"])


def test_undo_within_a_role_then_barrier_on_hand_over() -> None:
    g = Twice()
    s = Session.start(g, seed=3, forced_dice=[6, 6])
    s.apply("take:1", "a")
    assert s.state.active == "a" and s.can_undo("a") and not s.can_undo("b")
    with pytest.raises(IllegalActionError):
        s.undo("b")
    s.undo("a")
    assert s.record.actions == [] and s.state.data["pile"] == 12
    s.apply("take:2", "a")
    s.apply("take:1", "a")                     # hands over to b
    assert s.state.active == "b" and not s.can_undo("a") and not s.can_undo("b")
    s.apply("take:1", "b")
    assert s.can_undo("b")


def test_a_roll_is_an_undo_barrier() -> None:
    s = Session.start(TOY, seed=1)
    assert not s.can_undo()                    # nothing yet (set-up rolled the pile)


# -- per-state caches under threads ----------------------------------------------------------

def test_states_share_nothing_across_threads() -> None:
    def play(seed: int, out: dict[int, str]) -> None:
        st = new_game(TOY, seed=seed)
        play_out(st, seed % 3)
        out[seed] = st.dumps()

    serial: dict[int, str] = {}
    for seed in range(16):
        play(seed, serial)
    threaded: dict[int, str] = {}
    threads = [threading.Thread(target=play, args=(seed, threaded)) for seed in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert threaded == serial
