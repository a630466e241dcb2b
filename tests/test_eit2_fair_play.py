"""Europe in Turmoil II and issue 10: determinizations remember what Deuxième Bureau showed,
observations stay in their declared bounds, scenarios.yaml is validated, and the deal is an
undo barrier."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from warroom.core import Rng, Session, State, apply, determinize, legal_actions, new_game
from warroom.core.errors import ContentError
from warroom.core.flow import run
from warroom.games.eit2.board import LW, RW, controller
from warroom.games.eit2.components import BUNDLED, load_components
from warroom.games.eit2.frames import action_round_frame
from warroom.games.eit2.game import SP_SCALE, EuropeInTurmoil2
from warroom.games.eit2.sequence import deal

G = EuropeInTurmoil2()
C = G.c


# -- 10: observations inside their declared bounds --------------------------------------

def test_observations_stay_inside_minus_one_one() -> None:
    """The RL adapters declare the observation Box as [-1, 1]. Random games that pile SP up
    (placement preferred) once gave values up to 9.7 (SP / 10)."""
    worst = 0.0
    count = 0
    for scenario in G.scenarios:
        for seed in range(3):
            s = new_game(G, scenario, seed)
            r = random.Random(seed)
            while s.active is not None:
                for role in G.roles:
                    obs = G.observation(s, role)
                    assert len(obs) == G.observation_size()
                    worst = max(worst, max(abs(v) for v in obs))
                    count += 1
                acts = legal_actions(s)
                score = [a for a in acts if a.kind == "score"]
                place = [a for a in acts if a.kind == "space"]
                apply(s, score[0] if score else place[0] if place and r.random() < 0.7
                      else acts[r.randrange(len(acts))])
            for role in G.roles:           # the final position too (Power may pass 20)
                worst = max(worst, max(abs(v) for v in G.observation(s, role)))
    assert count > 1000
    assert worst <= 1.0


def test_observation_spaces_and_cards_read_the_rules_helpers() -> None:
    """The observation's per-space block (SP, Extremists, control) and its card bits are
    written for speed (the network-guided search encodes a position at every node); they
    must say what :func:`controller` (2.1.4) and the piles say."""
    n = len(C.names)
    checked = 0
    for scenario in G.scenarios:
        s = new_game(G, scenario, 5)
        r = random.Random(5)
        while s.active is not None:
            d = s.data
            for me, role in enumerate(G.roles):
                obs = G.observation(s, role)
                for sp in range(n):
                    ctl = controller(C, d, sp)
                    want = [min(d["sp"][LW][sp], SP_SCALE) / SP_SCALE,
                            min(d["sp"][RW][sp], SP_SCALE) / SP_SCALE,
                            float(d["ext"][LW][sp] > 0), float(d["ext"][RW][sp] > 0),
                            float(ctl == LW), float(ctl == RW)]
                    assert obs[6 * sp:6 * sp + 6] == want, (scenario, sp)
                cards = obs[6 * n + 10:6 * n + 10 + 4 * len(C.card_numbers)]
                piles = (d["hands"][me], d["discard"], d["out_of_game"], d["ongoing"])
                for k, pile in enumerate(piles):
                    bits = cards[k * len(C.card_numbers):(k + 1) * len(C.card_numbers)]
                    assert {C.card_numbers[i] for i, b in enumerate(bits) if b} == set(pile)
                checked += 1
            acts = legal_actions(s)
            apply(s, acts[r.randrange(len(acts))])
    assert checked > 100


# -- 6c: determinize remembers what Deuxième Bureau showed --------------------------------

def _bureau(seed: int = 1) -> tuple[State, dict[str, Any]]:
    """RW plays Deuxième Bureau (card 35) as an Event in 1932: it sees the LW hand, which
    then discards one card at random."""
    s = new_game(G, "great_depression", seed)
    d = s.data
    d["discard"].remove(35)
    d["hands"][RW].append(35)
    d["stack"][-1:] = [action_round_frame(RW)]
    s.invalidate()
    run(s)
    apply(s, "event:35")
    return s, d


def test_determinize_keeps_the_cards_deuxieme_bureau_showed() -> None:
    """The RW player has seen the LW hand: in every determinization for RW those cards are
    in the LW hand (while they are still there); LW's own determinizations resample RW's."""
    s, d = _bureau()
    shown = list(d["hands"][LW])
    assert shown and d["seen"][RW] == shown
    rng = Rng(3)
    for _ in range(20):
        copy = determinize(s, "rw", rng)
        assert sorted(copy.data["hands"][LW]) == sorted(shown)
        assert copy.data["hands"][RW] == d["hands"][RW]
    # a card LW then plays leaves the hand: the others stay known, the new ones are not
    if s.active == "lw":
        played = next(a for a in legal_actions(s) if a.kind in ("ops", "event", "score"))
        apply(s, played)
        while s.active == "lw":
            apply(s, legal_actions(s)[0])
        still = [n for n in shown if n in d["hands"][LW]]
        assert played.value not in still
        for _ in range(10):
            copy = determinize(s, "rw", rng)
            assert set(still) <= set(copy.data["hands"][LW])
    # without the Event, nothing is known: the LW hand is resampled
    plain = new_game(G, "great_depression", 1)
    hands = {tuple(sorted(determinize(plain, "rw", rng).data["hands"][LW])) for _ in range(5)}
    assert len(hands) > 1


def test_the_deal_forgets_seen_cards_that_left_the_hand() -> None:
    """A card seen in the hand, played and reshuffled, may be drawn again unseen: each deal
    keeps only the seen cards still in the hand."""
    _, d = _bureau()
    gone = d["seen"][RW][0]
    d["hands"][LW].remove(gone)
    d["discard"].append(gone)
    deal(C, d)
    assert gone not in d["seen"][RW]
    assert set(d["seen"][RW]) <= set(d["hands"][LW])


# -- 8: scenarios.yaml is validated like the other content files --------------------------

def _pack_with(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "scenarios.yaml").write_text(text, encoding="utf-8")
    return folder


def test_a_typo_in_scenarios_yaml_is_a_content_error_with_did_you_mean(tmp_path: Path) -> None:
    text = (BUNDLED / "scenarios.yaml").read_text(encoding="utf-8")
    folder = _pack_with(tmp_path, text.replace("  tension: 1\n", "  tenson: 1\n", 1))
    with pytest.raises(ContentError) as info:
        load_components(folder)
    err = info.value
    assert err.file == str(folder / "scenarios.yaml")
    assert "unknown field" in str(err) and "did you mean 'tension'" in str(err)
    assert err.field is not None and "tenson" in err.field


@pytest.mark.parametrize(("old", "new", "words"), [
    ("  turn: 5\n", "  turn: eleven\n", "turn"),
    ("  power: 1\n", "  power: 40\n", "power"),
    ("great_depression:\n", "great_depresion:\n", "did you mean 'great_depression'"),
    ("    Vatican:\n      lw_sp: 0\n", "    Vatican:\n      lw_sp: -2\n", "lw_sp"),
])
def test_broken_scenarios_yaml(tmp_path: Path, old: str, new: str, words: str) -> None:
    text = (BUNDLED / "scenarios.yaml").read_text(encoding="utf-8")
    assert old in text
    folder = _pack_with(tmp_path, text.replace(old, new, 1))
    with pytest.raises(ContentError) as info:
        load_components(folder)
    assert words in f"{info.value} {info.value.field}"


def test_the_bundled_scenarios_load_through_their_model() -> None:
    gd = C.scenarios["great_depression"]
    assert gd["turn"] == 5 and gd["rearmament"]["little_entente"] == (None, "LW")


# -- 5b: the end-of-turn deal is an undo barrier ----------------------------------------

def test_the_end_of_turn_deal_is_an_undo_barrier() -> None:
    """The deal shows each player new cards (core ``reveal``): no undo crosses it. LW's last
    placement of turn 5 ends the turn; the deal of turn 6 moves the barrier (no die, no
    reshuffle here, so the deal alone moves it) and nobody can undo across it."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    for side in (LW, RW):
        for n in [n for n in d["hands"][side] if C.cards[n].scoring]:
            d["hands"][side].remove(n)
            d["discard"].append(n)
    n = next(n for n in d["deck"] if C.cards[n].side == "LW" and C.cards[n].ops)
    d["deck"].remove(n)
    d["hands"][LW].append(n)
    d["ar"], d["round_done"], d["phasing"] = 8, [8, 8], LW
    d["stack"][:] = [{"kind": "turn", "role": None}, action_round_frame(LW)]
    s.invalidate()
    run(s)
    session = Session(s)
    session.apply(f"ops:{n}")
    session.apply("op_place")
    assert session.can_undo("lw")                   # its own decision, nothing revealed
    while session.state.data["turn"] == 5:          # the SP, one at a time
        barrier = session.state.data["barrier"]
        session.apply(legal_actions(session.state)[0])
    assert session.state.data["turn"] == 6 and session.state.active == "rw"
    assert session.state.data["barrier"] == barrier + 1
    assert any(e["rule"] == "4.5.1" for e in session.state.log[-5:])
    assert not session.can_undo("rw") and not session.can_undo("lw")
    b = session.state.data["barrier"]
    deal(C, session.state.data)
    assert session.state.data["barrier"] > b
