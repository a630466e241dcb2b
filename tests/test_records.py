"""Game records (JSON), replay, and sessions with undo that never crosses a die roll."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import warroom.games.eaw1940
from warroom.core import (
    Game,
    IllegalActionError,
    Record,
    RecordError,
    Session,
    UnknownGameError,
    apply,
    legal_actions,
    new_game,
    replay,
)
from warroom.core.record import (
    content_id,
    doubts,
    other_content,
    outcome_doubts,
    replay_fitting,
)
from warroom.core.rng import Rng
from warroom.games import load_game

# -- helpers -------------------------------------------------------------------------------


def played_session(game: Game, seed: int, steps: int | None = None,
                   forced: list[int] | None = None) -> Session:
    session = Session.start(game, seed=seed, forced_dice=forced)
    rng = Rng(seed + 17)
    while not session.state.is_over and (steps is None or len(session.record.actions) < steps):
        legal = legal_actions(session.state)
        session.apply(legal[rng.randbelow(len(legal))])
    return session


def write(path: Path, obj: Any) -> Path:
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return path


def good_record(game: Game, seed: int = 4, steps: int = 12) -> Record:
    return played_session(game, seed, steps).record


# -- the record format ---------------------------------------------------------------------


def test_record_format_is_named_and_a_newer_one_is_refused_by_its_number(eaw: Game) -> None:
    obj = good_record(eaw).to_json()
    # a file written before the key existed reads as format 1
    old = {k: v for k, v in obj.items() if k != "format"}
    assert Record.from_json(old) == Record.from_json(obj)
    # a newer format with a key this warroom does not know: told to upgrade, not "unknown key"
    newer = {**obj, "format": "warroom-record/3", "clocks": [1, 2]}
    with pytest.raises(RecordError, match=r"format 'warroom-record/3'.*newer warroom.*"
                                          r"upgrade warroom"):
        Record.from_json(newer)
    # judged first: a newer file may lack today's keys, or hide its seed
    for newer in ({"format": "warroom-record/3", "game": "eaw1940", "moves": []},
                  {**obj, "format": "warroom-record/4", "seed": None}):
        with pytest.raises(RecordError, match="newer warroom"):
            Record.from_json(newer)
    for bad in ("chess-pgn/1", 1, "warroom-record/x", "warroom-record/0", None,
                "warroom-record/\u00b2", "warroom-record/\u0663"):     # not ASCII digits
        with pytest.raises(RecordError, match="'format' must be"):
            Record.from_json({**obj, "format": bad})


def test_record_round_trips_through_json_and_files(eaw: Game, tmp_path: Path) -> None:
    session = played_session(eaw, 3, forced=[6, 5, 4])
    record = session.record
    assert record.forced_dice == [6, 5, 4]
    obj = record.to_json()
    assert set(obj) == {"format", "game", "scenario", "options", "seed", "forced_dice",
                        "actions", "content"}
    assert obj["format"] == "warroom-record/1"
    assert obj["content"] == content_id(eaw)
    assert Record.from_json(json.loads(json.dumps(obj))) == record
    # to_json is a copy: changing it does not change the record
    obj["actions"].append("end_turn")
    obj["forced_dice"].clear()
    assert record.forced_dice == [6, 5, 4] and obj["actions"] != record.actions
    # files, without and with a state snapshot
    record.save(tmp_path / "plain.json", with_state=False)
    assert Record.load(tmp_path / "plain.json") == record
    record.state = json.loads(session.state.dumps())
    record.save(str(tmp_path / "snap.json"))
    loaded = Record.load(str(tmp_path / "snap.json"))
    assert loaded.state == record.state and loaded == record
    assert "state" not in json.loads((tmp_path / "plain.json").read_text())


def test_replay_reproduces_the_game_bit_for_bit(eaw: Game) -> None:
    for seed in range(40):
        forced = [1 + (seed + i) % 6 for i in range(seed % 4)]
        session = played_session(eaw, seed, forced=forced)
        record = session.record
        assert replay(eaw, record).dumps() == session.state.dumps()
        # by catalogue ids too, and after a JSON round trip
        by_id = Record.from_json({**record.to_json(),
                                  "actions": [eaw.catalogue.by_key(k).id
                                              for k in record.actions]})
        assert replay(eaw, by_id).dumps() == session.state.dumps()
        again = Record.from_json(json.loads(json.dumps(record.to_json())))
        assert replay(eaw, again).dumps() == session.state.dumps()
        # a prefix replays to the same position as the game had then
        half = len(record.actions) // 2
        part = Record.from_json({**record.to_json(), "actions": record.actions[:half]})
        expected = new_game(eaw, seed=seed, forced_dice=forced)
        for key in record.actions[:half]:
            apply(expected, key)
        assert replay(eaw, part).dumps() == expected.dumps()


def test_replay_with_matching_snapshot_passes(eaw: Game) -> None:
    session = played_session(eaw, 8, 15)
    record = Record.from_json({**session.record.to_json(),
                               "state": json.loads(session.state.dumps())})
    assert replay(eaw, record).dumps() == session.state.dumps()


def test_illegal_step_reports_its_index_and_the_alternatives(eaw: Game) -> None:
    for seed in range(10):
        record = good_record(eaw, seed, 20)
        for index in (0, 5, len(record.actions)):
            state = new_game(eaw, seed=seed)
            for key in record.actions[:index]:
                apply(state, key)
            legal = [a.key for a in legal_actions(state)]
            bad = next(a.key for a in eaw.catalogue if a.key not in legal)
            broken = Record.from_json({**record.to_json(),
                                       "actions": [*record.actions[:index], bad,
                                                   *record.actions[index:]]})
            with pytest.raises(RecordError) as info:
                replay(eaw, broken)
            assert info.value.index == index
            assert info.value.legal == legal
            msg = str(info.value)
            assert str(index) in msg
            assert bad in msg or eaw.catalogue.by_key(bad).label in msg


@pytest.mark.parametrize("bad", ["no_such_action", 999, -1])
def test_unknown_action_in_record_fails_at_its_index(eaw: Game, bad: Any) -> None:
    record = good_record(eaw)
    broken = Record.from_json({**record.to_json(), "actions": [*record.actions[:3], bad]})
    with pytest.raises(RecordError) as info:
        replay(eaw, broken)
    assert info.value.index == 3
    assert info.value.legal  # the alternatives at that point


# -- malformed records ---------------------------------------------------------------------

BASE: dict[str, Any] = {"game": "eaw1940", "scenario": "1940", "options": {}, "seed": 1,
                        "forced_dice": [], "actions": ["end_turn"]}


@pytest.mark.parametrize(("content", "fragment"), [
    ("", "not valid JSON"),
    ("{'game': 'eaw1940'}", "not valid JSON"),
    ('{"game": "eaw1940", "actions": [}', "not valid JSON"),
    ("[1, 2, 3]", "must be a JSON object"),
    ('"eaw1940"', "must be a JSON object"),
    ("null", "must be a JSON object"),
    ({"scenario": "1940", "actions": []}, "missing key(s) game"),
    ({"game": "eaw1940"}, "missing key(s) actions"),
    ({**BASE, "player": "me"}, "unknown key(s) player"),
    ({**BASE, "game": 1940}, "'game' must be a string"),
    ({**BASE, "scenario": 1940}, "'scenario' must be a string"),
    ({**BASE, "scenario": 0}, "'scenario' must be a string"),
    ({**BASE, "options": ["fast"]}, "'options' must be an object"),
    ({**BASE, "options": []}, "'options' must be an object"),
    ({**BASE, "seed": "1"}, "'seed' must be an integer"),
    ({**BASE, "seed": 1.5}, "'seed' must be an integer"),
    ({**BASE, "seed": True}, "'seed' must be an integer"),
    ({**BASE, "forced_dice": "66"}, "'forced_dice' must be a list"),
    ({**BASE, "forced_dice": 0}, "'forced_dice' must be a list"),
    ({**BASE, "forced_dice": [6, "6"]}, "'forced_dice' must be a list"),
    ({**BASE, "actions": "end_turn"}, "'actions' must be a list"),
    ({**BASE, "actions": {"0": "end_turn"}}, "'actions' must be a list"),
    ({**BASE, "actions": ["end_turn", 1.5]}, "actions[1]"),
    ({**BASE, "actions": [True]}, "actions[0]"),
    ({**BASE, "actions": [None]}, "actions[0]"),
    ({**BASE, "state": [1, 2]}, "'state' must be an object"),
    ({k: v for k, v in BASE.items() if k != "seed"}, "missing key seed"),
    ({**BASE, "seed": None, "note": "the seed is revealed when the game ends"},
     "its seed is hidden (null): this is a seat's copy of a game in play"),
])
def test_malformed_record_files_are_rejected_clearly(
        tmp_path: Path, content: Any, fragment: str) -> None:
    path = write(tmp_path / "game.json", content)
    with pytest.raises(RecordError) as info:
        Record.load(path)
    assert fragment in str(info.value)
    assert str(path) in str(info.value)  # says which file


def test_missing_record_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read record"):
        Record.load(tmp_path / "nowhere.json")


@pytest.mark.parametrize(("change", "fragment"), [
    ({"game": "chess"}, "record is for game 'chess'"),
    ({"scenario": "1939"}, "no scenario '1939'"),
    ({"options": {"fog": True}}, "no option fog"),
    ({"forced_dice": [0]}, "not a face of the eaw1940 dice"),
    ({"forced_dice": [7]}, "record cannot start: forced die value 7"),
])
def test_records_that_cannot_start_or_run(eaw: Game, change: dict[str, Any],
                                          fragment: str) -> None:
    record = Record.from_json({**BASE, "actions": ["attack:western"], **change})
    with pytest.raises(RecordError, match=fragment):
        replay(eaw, record)


def test_replay_fitting_goes_as_far_as_the_rules_accept(eaw: Game) -> None:
    """After an upgrade whose rules refuse a step of a saved game: the state after the
    longest start that replays, and the step refused; a whole record gives ``None``; the
    saved state snapshot (of the old rules) is not compared; a record that cannot start
    is still refused."""
    session = played_session(eaw, 6, 14)
    whole = Record.from_json({**session.record.to_json(),
                              "state": {"not": "today's state"}})
    state, refused = replay_fitting(eaw, whole)
    assert refused is None and state.dumps() == session.state.dumps()
    for index in (0, 4, 14):
        broken = Record.from_json({**whole.to_json(with_state=True),
                                   "actions": [*whole.actions[:index], "no_such_action",
                                               *whole.actions[index:]]})
        state, refused = replay_fitting(eaw, broken)
        assert refused == index
        fits = Record.from_json({**whole.to_json(), "actions": whole.actions[:index]})
        assert state.dumps() == replay(eaw, fits).dumps()
    with pytest.raises(RecordError, match="no scenario"):
        replay_fitting(eaw, Record.from_json({**BASE, "scenario": "1939"}))


def test_tampered_snapshot_is_detected(eaw: Game, tmp_path: Path) -> None:
    session = played_session(eaw, 6, 10)
    snapshot = json.loads(session.state.dumps())
    for key, value in (("ap", snapshot["ap"] + 1), ("turn", 9), ("rng", 12345),
                       ("axis", [4, 4, 4, 4, 4]), ("extra", 1)):
        tampered = {**snapshot, key: value}
        record = Record.from_json({**session.record.to_json(), "state": tampered})
        with pytest.raises(RecordError, match=f"snapshot does not match.*{key}"):
            replay(eaw, record)
        record.save(tmp_path / "t.json")
        with pytest.raises(RecordError, match="snapshot"):
            Session.load(eaw, tmp_path / "t.json")
    # and actions edited under an honest snapshot
    edited = Record.from_json({**session.record.to_json(), "state": snapshot,
                               "actions": session.record.actions[:-1]})
    with pytest.raises(RecordError, match="snapshot"):
        replay(eaw, edited)


# -- sessions and undo ---------------------------------------------------------------------


def test_undo_restores_exactly_and_shrinks_the_record(eaw: Game) -> None:
    session = Session.start(eaw, seed=2)
    start = session.state.dumps()
    assert not session.can_undo()
    session.apply("tank:western:north_africa")  # a tank move rolls no die
    after_move = session.state.dumps()
    assert session.can_undo() and session.record.actions == ["tank:western:north_africa"]
    session.apply(eaw.catalogue.by_key("tank:north_africa:western").id)  # by id too
    assert session.record.actions == ["tank:western:north_africa", "tank:north_africa:western"]
    session.undo()
    assert session.state.dumps() == after_move
    assert session.record.actions == ["tank:western:north_africa"]
    session.undo()
    assert session.state.dumps() == start
    assert session.record.actions == []
    assert not session.can_undo()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        session.undo()
    # the restored state is live and independent of the snapshot it came from
    session.apply("attack:western")
    assert replay(eaw, session.record).dumps() == session.state.dumps()


def test_a_die_roll_clears_undo(eaw: Game) -> None:
    session = Session.start(eaw, seed=2)
    session.apply("tank:western:north_africa")
    assert session.can_undo()
    barrier = session.state.data["barrier"]
    session.apply("attack:north_africa")  # an attack rolls
    assert session.state.data["barrier"] > barrier
    assert not session.can_undo()
    with pytest.raises(IllegalActionError):
        session.undo()
    assert len(session.record.actions) == 2  # nothing was taken back


def test_unstall_is_undoable_but_ending_the_turn_is_not(eaw: Game) -> None:
    # find a position where a front is stalled and AP remain after unstalling it
    for seed in range(500):
        session = Session.start(eaw, seed=seed)
        rng = Rng(seed)
        while not session.state.is_over:
            legal = legal_actions(session.state)
            unstall = [a for a in legal if a.key.startswith("unstall:")]
            if unstall and session.state.data["ap"] >= 2:
                break
            session.apply(legal[rng.randbelow(len(legal))])
        else:
            continue
        before = session.state.dumps()
        actions = list(session.record.actions)
        session.apply(unstall[0])
        assert session.can_undo()
        session.undo()
        assert session.state.dumps() == before
        assert session.record.actions == actions
        session.apply("end_turn")  # the Allied BOT rolls
        assert not session.can_undo()
        return
    pytest.fail("no position with a stalled front found")


def test_undo_everywhere_in_random_games(eaw: Game) -> None:
    """Each step: undo is offered exactly when no die was rolled, and restores exactly."""
    undone = cleared = 0
    for seed in range(60):
        session = Session.start(eaw, seed=seed)
        rng = Rng(seed)
        while not session.state.is_over:
            before = session.state.dumps()
            n = len(session.record.actions)
            barrier = session.state.data["barrier"]
            legal = legal_actions(session.state)
            action = legal[rng.randbelow(len(legal))]
            session.apply(action)
            assert session.record.actions[-1] == action.key
            if session.state.data["barrier"] == barrier and session.state.active == "axis":
                after = session.state.dumps()
                assert session.can_undo()
                session.undo()
                assert session.state.dumps() == before
                assert len(session.record.actions) == n
                session.apply(action.id)
                assert session.state.dumps() == after
                undone += 1
            else:
                assert not session.can_undo()
                cleared += 1
        assert replay(eaw, session.record).dumps() == session.state.dumps()
    assert undone > 50 and cleared > 50


def test_session_rejects_illegal_actions_without_side_effects(eaw: Game) -> None:
    session = Session.start(eaw, seed=1)
    session.apply("tank:western:north_africa")
    before = session.state.dumps()
    for bad in ("reroll", "no_such_action", 999):
        with pytest.raises(IllegalActionError):
            session.apply(bad)
    assert session.state.dumps() == before
    assert session.record.actions == ["tank:western:north_africa"]
    assert session.can_undo()


def test_session_survives_a_bad_forced_die(eaw: Game) -> None:
    # a forced 7 is refused for this d6 game before the game starts...
    with pytest.raises(UnknownGameError, match="not a face of the eaw1940 dice"):
        Session.start(eaw, seed=1, forced_dice=[7])
    # ...and if one is slipped into the state, the session restores it when the rules fail
    session = Session.start(eaw, seed=1)
    session.state.data["forced"] = [7]
    before = session.state.dumps()
    with pytest.raises(ValueError, match="d6"):
        session.apply("attack:western")
    assert session.state.dumps() == before
    assert session.record.actions == []


def test_session_save_and_load(eaw: Game, tmp_path: Path) -> None:
    for seed in range(6):
        session = played_session(eaw, seed, 10 + 7 * seed, forced=[6, 6, 2])
        path = tmp_path / f"s{seed}.json"
        session.save(path)
        saved = json.loads(path.read_text())
        assert saved["state"] == json.loads(session.state.dumps())
        assert saved["actions"] == session.record.actions
        assert session.record.state is None  # the snapshot is not kept in the live record
        loaded = Session.load(eaw, path)
        assert loaded.state.dumps() == session.state.dumps()
        assert loaded.record == session.record
        assert not loaded.can_undo()
        # the loaded session plays on exactly as the original would
        if not session.state.is_over:
            action = legal_actions(session.state)[0]
            session.apply(action)
            loaded.apply(action)
            assert loaded.state.dumps() == session.state.dumps()


def test_session_of_a_fresh_state_keeps_its_forced_dice(eaw: Game, tmp_path: Path) -> None:
    state = new_game(eaw, seed=9, forced_dice=[6, 6, 6, 1])
    session = Session(state)
    assert session.record.forced_dice == [6, 6, 6, 1]
    session.apply("attack:western")
    session.save(tmp_path / "f.json")
    assert Session.load(eaw, tmp_path / "f.json").state.dumps() == session.state.dumps()


def test_session_of_a_game_in_progress_needs_its_record(eaw: Game) -> None:
    state = played_session(eaw, 2, 5).state
    with pytest.raises(RecordError, match="record"):
        Session(state)


def test_undo_never_takes_back_another_roles_decision() -> None:
    g = load_game("eit2")
    session = Session.start(g, "1920", seed=5)
    # 3.7: LW places 3 SP, then RW 4: placements roll no dice
    lw_space = next(a for a in legal_actions(session.state) if a.key.startswith("space:"))
    session.apply(lw_space)
    assert session.can_undo()
    session.apply(lw_space)
    session.apply(lw_space)
    assert session.state.active == "rw"
    rw_space = next(a for a in legal_actions(session.state) if a.key.startswith("space:"))
    session.apply(rw_space)
    session.undo()                       # RW takes back its own placement...
    assert not session.can_undo()          # ...but not the LW's
    assert session.state.active == "rw" and len(session.record.actions) == 3


def test_a_loaded_game_keeps_the_undo_it_had_when_saved(tmp_path: Path) -> None:
    """Undo survives save and load: the role to act may take back the decisions it made
    before the save, exactly as before it, and still none of another role's (a terminal
    audit: a loaded game refused undo, naming dice and reveals that never happened)."""
    g = load_game("eit2")
    session = Session.start(g, "1920", seed=5)
    lw_space = next(a for a in legal_actions(session.state) if a.key.startswith("space:"))
    session.apply(lw_space)
    session.apply(lw_space)
    session.save(tmp_path / "g.json")
    loaded = Session.load(g, tmp_path / "g.json")
    assert loaded.can_undo() and loaded.can_undo("lw") and not loaded.can_undo("rw")
    loaded.undo()
    session.undo()
    assert loaded.state.dumps() == session.state.dumps()
    assert loaded.record.actions == session.record.actions
    loaded.undo()
    assert not loaded.can_undo() and loaded.record.actions == []
    # after the hand-over to RW nothing of LW's comes back
    for _ in range(2):
        session.apply(lw_space)
    assert session.state.active == "rw"
    session.save(tmp_path / "h.json")
    assert not Session.load(g, tmp_path / "h.json").can_undo()


def test_a_failed_save_keeps_the_file_saved_before(eaw: Game, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A save that fails half way (a full disk) leaves the earlier save whole and no
    temporary file behind: it wrote over the file in place, which left 2 KiB of broken
    JSON where a good save had been (an outside audit, with `ulimit -f 2`)."""
    import errno

    import warroom.core.files as files

    path = tmp_path / "game.json"
    first = played_session(eaw, 1, 8)
    first.save(path)
    good = path.read_bytes()
    later = played_session(eaw, 1, 20)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        later.save(path)
    assert path.read_bytes() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    monkeypatch.undo()
    later.save(path)
    assert Session.load(eaw, path).record == later.record
    # the file has the permissions open() gives (the umask's), not mkstemp's owner-only
    import os
    mask = os.umask(0o022)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_save_over_a_file_keeps_its_permissions_writes_through_a_link_and_any_name(
        eaw: Game, tmp_path: Path) -> None:
    """A records audit: a save over a private (0600) record made it readable by everyone;
    a save to a link replaced the link with a file; a legal 250-character name could not
    be saved (the temporary file's name went over 255 bytes)."""
    session = played_session(eaw, 1, 8)
    private = tmp_path / "private.json"
    private.write_text("{}")
    private.chmod(0o600)
    session.save(private)
    assert private.stat().st_mode & 0o777 == 0o600
    assert Session.load(eaw, private).record == session.record
    target = tmp_path / "target.json"
    target.write_text("hi")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    session.save(link)
    assert link.is_symlink() and Session.load(eaw, target).record == session.record
    long = tmp_path / ("b" * 245 + ".json")
    session.save(long)
    assert Session.load(eaw, long).record == session.record
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["private.json", "target.json", "link.json", long.name])


def test_a_snapshot_is_not_compared_on_what_only_undo_reads(eaw: Game, tmp_path: Path
                                                              ) -> None:
    """A version whose rules mark one more undo barrier (sfe's announced lack of a card)
    plays the same game: a save of the version before still loads; any other key that
    differs is still a mismatch."""
    path = tmp_path / "g.json"
    played_session(eaw, 1, 8).save(path)
    saved = json.loads(path.read_text())
    saved["state"]["barrier"] += 1
    path.write_text(json.dumps(saved))
    Session.load(eaw, path)
    saved["state"]["turn"] = saved["state"].get("turn", 0) + 1
    path.write_text(json.dumps(saved))
    with pytest.raises(RecordError, match="snapshot does not match"):
        Session.load(eaw, path)


def test_a_record_says_its_content_pack_and_result_and_a_replay_checks_them(
        eaw: Game, tmp_path: Path) -> None:
    """Records keep their content pack's id and, once over, their result: a replay on
    another pack, or to another result, is told (`doubts`), and a step another pack
    refuses names the pack in its error. Before, a record replayed without the --content
    it was played with came to another winner, exit 0 and no word (an outside audit)."""
    session = played_session(eaw, 4)
    assert session.state.is_over
    path = tmp_path / "g.json"
    session.save(path)
    saved = json.loads(path.read_text())
    assert saved["content"] == content_id(eaw) and saved["result"]["winner"] is not None
    record = Record.load(path)
    state = replay(eaw, record)
    assert doubts(eaw, record, state) == []
    # another pack
    other = Record.from_json({**saved, "content": "0123456789ab"})
    assert any("another content pack (id 0123456789ab" in d
               for d in doubts(eaw, other, replay(eaw, other)))
    bad = Record.from_json({**saved, "content": "0123456789ab", "actions": ["fly"]})
    with pytest.raises(RecordError, match="played with another content pack"):
        replay(eaw, bad)
    # warroom's own record under a pack: said so, with the way on (the ids alone did not
    # say which was which: an audit)
    pack = tmp_path / "pack"
    pack.mkdir()
    own = Path(warroom.games.eaw1940.__file__).parent / "content" / "victory.yaml"
    (pack / "victory.yaml").write_text(own.read_text(encoding="utf-8").replace(
        "per_location: 1", "per_location: 2"), encoding="utf-8")
    packed = load_game("eaw1940", pack)
    words = other_content(packed, record)
    assert f"warroom's own (id {content_id(eaw)})" in words and "without --content" in words
    with pytest.raises(RecordError, match=r"warroom's own .* replay it without --content"):
        replay(packed, record)
    said = outcome_doubts(packed, record, None)[0]
    assert said.startswith("this record was played with another content pack, warroom's own")
    assert said.endswith("(id " + content_id(packed) + "): the replay may end otherwise; "
                         "replay it without --content"), said
    words = other_content(eaw, Record.from_json({**saved, "content": content_id(packed)}))
    assert "the loaded content is warroom's own" in words and "with the --content" in words
    # another result
    winner = saved["result"]["winner"]
    edited = Record.from_json({**saved, "result": {**saved["result"],
                                                   "winner": "nobody" if winner else "axis"}})
    (said,) = doubts(eaw, edited, replay(eaw, edited))
    assert "but its replay gives winner" in said
    # a result that is not an object is refused
    with pytest.raises(RecordError, match="'result' must be an object"):
        Record.from_json({**saved, "result": "garbage"})


@pytest.mark.parametrize("gid", ["eaw1940", "sfe", "eit2", "tk"])
def test_a_packs_id_is_its_data_not_its_folder(gid: str, tmp_path: Path) -> None:
    """The same files in two folders, named by relative or absolute paths, are one pack:
    a record made with a pack replays cleanly wherever the pack is copied (a content audit:
    the id hashed the folder's path, so a moved pack made replay warn and exit 1). A copy
    of the bundled files is the bundled pack."""
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / gid / "content"
    ids = set()
    for where in ("a", "b"):
        pack = tmp_path / where
        pack.mkdir()
        for f in src.glob("*.yaml"):
            (pack / f.name).write_bytes(f.read_bytes())
        ids.add(content_id(load_game(gid, pack)))
    assert ids == {content_id(load_game(gid))}


@pytest.mark.parametrize(("gid", "file", "old", "new"), [
    ("eit2", "scenarios.yaml", "  power: 1\n", "  power: 5\n"),      # a scenario's Power
    ("eit2", "map.yaml", "at_start: {lw_sp: 1}", "at_start: {lw_sp: 3}"),
    ("eit2", "cards.yaml", "lasts: game", "lasts: turn"),
    ("tk", "situation_1939.yaml", "Spain: {markers: [influence:axis]}",
     "Spain: {markers: [influence:western]}"),
])
def test_every_value_a_pack_holds_is_in_its_id(gid: str, file: str, old: str, new: str,
                                               tmp_path: Path) -> None:
    """A pack that changes any value of its files has another id, so its records are not
    replayed under the bundled pack without a word: the id left out eit2's scenarios,
    at-start SP and card durations and tk's situations, which the rules read (a terminal
    audit: such a record replayed to another game with exit 0). A record that names its
    pack by the id of before still matches it."""
    from warroom.core.record import legacy_content_id, same_content
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / gid / "content"
    text = (src / file).read_text(encoding="utf-8")
    assert old in text, old
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    bundled, packed = load_game(gid), load_game(gid, tmp_path)
    assert content_id(packed) != content_id(bundled)
    assert not same_content(packed, content_id(bundled))
    assert not same_content(bundled, content_id(packed))
    assert same_content(bundled, legacy_content_id(bundled))
    # a comment or a new layout is no other pack
    (tmp_path / file).write_text("# a note\n" + text, encoding="utf-8")
    assert content_id(load_game(gid, tmp_path)) == content_id(bundled)


@pytest.mark.parametrize(("gid", "file", "old", "new", "then"), [
    ("sfe", "setup.yaml", "  axis: [6, 6, 6]", "  axis: [5, 6, 6]", "c6075e612ec9"),
    ("sfe", "cards.yaml", "Add 2 to your total army strength.",
     "Add 3 to your total army strength.", "8d1fc4dd9904"),
    ("tk", "tables.yaml", "", "", "e4bb895c3c6e"),
    ("eaw1940", "victory.yaml", "Draw. The historical", "Draw. As history went",
     "902f11965484"),
    ("eit2", "cards.yaml", "+2 modifier", "+4 modifier", "fcdfc8e3ab9f"),
])
def test_a_packs_records_of_before_still_match_it(gid: str, file: str, old: str, new: str,
                                                  then: str, tmp_path: Path) -> None:
    """The ids the code of 7 December 2026 before the change (889fbf1) wrote for these
    packs: their records still match them with no doubt. (The bundled sfe and tk files
    marked more entries reconstructed that day, and an sfe pack's reworded event text is
    now followed by a note: both changed the old way's id of every such pack, so records
    of a pack made before warned and exited 1, a review.)"""
    from warroom.core.record import same_content
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / gid / "content"
    text = (src / file).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    game = load_game(gid, tmp_path)
    assert same_content(game, then) and content_id(game) != then


def test_a_refused_step_of_a_hidden_hand_game_names_no_card() -> None:
    """A record whose step the rules refuse is named by its step, its role and its key; in
    a game with hidden hands neither the reasons nor the legal choices are told (they named
    the seat's hand: 'Legal now: ops:14, event:17...', printed by play --load to whoever
    sat at a hot-seat terminal: an outside audit)."""
    import random

    from warroom.core.errors import RecordError
    from warroom.core.protocol import apply, legal_actions, new_game
    from warroom.core.record import Record, replay
    from warroom.games import load_game

    g = load_game("eit2")
    st = new_game(g, None, 5)
    rng = random.Random(5)
    keys = []
    while len(keys) < 40:
        legal = legal_actions(st)
        a = legal[rng.randrange(len(legal))]
        keys.append(a.key)
        apply(st, a)
    hand = [g.catalogue.by_key(k) for k in (a.key for a in legal_actions(st))]
    bad = next(a.key for a in g.catalogue if a.kind == "event"
               and a.key not in {h.key for h in hand})
    with pytest.raises(RecordError) as err:
        replay(g, Record("eit2", "1920", {}, 5, [], [*keys, bad]))
    text = str(err.value)
    assert "record step 40" in text and repr(bad) in text and "Legal now" not in text
    for h in hand:
        assert h.key not in text


@pytest.mark.parametrize("gid", ["eaw1940", "sfe", "eit2", "tk"])
def test_a_new_wording_of_the_code_is_no_other_content_pack(gid: str, tmp_path: Path) -> None:
    """The id hashes the pack, not the code's words: a record replays with no doubt after a
    rule's summary or an action's label is reworded (the ids of all four games changed so
    on 6 December 2026, and a record saved the day before said "another content pack"),
    and the bundled pack's id of before is known as the same content. A copied pack is not
    the bundled pack: an earlier bundled id is no match for it."""
    from warroom.core.record import same_content
    game = load_game(gid)
    cid = content_id(game)
    real = game.content_json()
    game.content_json = lambda: {**real, "rules": {"1": "reworded"},  # type: ignore[method-assign]
                                 "actions": [{"id": 0, "key": "x", "label": "relabelled"}]}
    try:
        assert content_id(game) == cid
    finally:
        del game.content_json          # type: ignore[method-assign]
    for earlier in type(game).earlier_content_ids:
        assert same_content(game, earlier) and earlier != cid
    # the earlier ids are the bundled pack's alone: a --content pack is matched by its own
    # id, never by an id that hashed other words of the code
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / gid / "content"
    pack = tmp_path / "pack"
    pack.mkdir()
    for f in src.glob("*.yaml"):
        (pack / f.name).write_bytes(f.read_bytes())
    other = load_game(gid, pack)
    for earlier in type(game).earlier_content_ids:
        assert other.content_dir is not None and not same_content(other, earlier)
    assert not same_content(game, "0123456789ab")


def test_a_packs_id_reads_mappings_of_number_and_text_keys(tmp_path: Path) -> None:
    """YAML's ``{45: 1, "46": 1}`` is read by the pack's model but could not be sorted to be
    fingerprinted: loading such a pack crashed with a TypeError (a review)."""
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / "tk" / "content"
    text = (src / "situation_1940.yaml").read_text(encoding="utf-8")
    old = "production_successes: {45: 1}"
    assert old in text
    (tmp_path / "situation_1940.yaml").write_text(
        text.replace(old, 'production_successes: {45: 1, "46": 1}'), encoding="utf-8")
    game = load_game("tk", tmp_path)
    assert content_id(game) != content_id(load_game("tk"))
