"""Struggle for Europe's map in a real browser (Debian's headless Chromium, Playwright for
Python) against a real server: every location of the content is drawn with its halves,
lines and counters; the tracks strip; a highlighted location plays its legal action by
click and by keyboard; a location a decision's halves belong to plays `half:` choices; the
replay viewer draws the map at each step. Screenshots: tests/e2e/screenshots/map-sfe.png
(the start) and map-sfe-mid.png (after random moves played through the API)."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest
from e2e_support import SHOTS, Server, replay_tour

from warroom.core import Record, apply, legal_actions, new_game
from warroom.games import load_game

MY_TURN = "() => document.querySelector('#choices .choice .act') !== null"


def _content() -> Any:
    return load_game("sfe").c


def _new(server: Server, seed: int = 3) -> dict[str, Any]:
    out: dict[str, Any] = server.api("POST", "/api/games", json={
        "game": "sfe", "seed": seed, "seats": {"axis": "human", "allies": "human"}})
    return out


def _seat_view(server: Server, g: dict[str, Any], role: str) -> dict[str, Any]:
    out: dict[str, Any] = server.api("GET", f"/api/games/{g['id']}/view",
                                     params={"token": g["tokens"][role]})
    return out


def _play(server: Server, g: dict[str, Any], key: str, role: str) -> dict[str, Any]:
    out: dict[str, Any] = server.api("POST", f"/api/games/{g['id']}/actions",
                                     json={"token": g["tokens"][role], "action": key})
    return out


def _random_moves(server: Server, g: dict[str, Any], n: int, seed: int) -> dict[str, Any]:
    """``n`` random decisions of whichever seat is to act, through the API (one connection;
    a seat's own answer already holds its next choices while it stays to act)."""
    rnd = random.Random(seed)
    base = f"{server.url}/api/games/{g['id']}"
    with httpx.Client(timeout=10) as http:
        def call(method: str, path: str, **kw: Any) -> dict[str, Any]:
            res = http.request(method, base + path, **kw)
            assert res.status_code == 200, res.text
            out: dict[str, Any] = res.json()
            return out
        v = call("GET", "/view", params={"token": g["tokens"]["axis"]})
        for _ in range(n):
            if v["status"] == "over":
                break
            role = v["active"]
            mine = v if v["role"] == role else call("GET", "/view",
                                                    params={"token": g["tokens"][role]})
            v = call("POST", "/actions", json={"token": g["tokens"][role],
                                               "action": rnd.choice(mine["legal"])["key"]})
    return v


def _open(browser: Any, server: Server, g: dict[str, Any], role: str,
          size: tuple[int, int] = (1400, 1000)) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]},
                              base_url=server.url)
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/games/{g['id']}#{g['tokens'][role]}")
    page.locator("#map svg.sfe-svg").wait_for()
    return ctx, page, errors


def _version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def _map_shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.locator("#map-panel").scroll_into_view_if_needed()
    page.locator("#map-panel").screenshot(path=str(SHOTS / f"{name}.png"), animations="disabled")


@pytest.fixture
def sfe_server(server: Server) -> Server:
    if "sfe" in server.broken:
        pytest.skip(server.broken["sfe"])
    return server


def test_no_defence_value_hides_a_vp_circle_or_another(browser: Any,
                                                       sfe_server: Server) -> None:
    """A defence value stands clear of every VP circle and of the other defence values (the
    Sedan line's "1" hid Paris's VP circle, two "1"s overlapped at Naples: a new player's
    audit)."""
    g = _new(sfe_server)
    ctx, page, errors = _open(browser, sfe_server, g, "axis")
    try:
        boxes = page.evaluate("""() => {
            const r = (e) => { const b = e.getBoundingClientRect();
                return [b.left, b.top, b.right, b.bottom]; };
            return {vp: [...document.querySelectorAll('#map .sfe-vp circle')].map(r),
                    def: [...document.querySelectorAll('#map .sfe-def rect')].map(r)};
        }""")
    finally:
        ctx.close()
    assert not errors, errors

    def meet(a: list[float], b: list[float]) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    assert len(boxes["vp"]) >= 10 and len(boxes["def"]) >= 10, boxes
    for i, d in enumerate(boxes["def"]):
        assert not any(meet(d, v) for v in boxes["vp"]), d
        assert not any(meet(d, e) for e in boxes["def"][i + 1:]), d


NOTE_CROSSED = """() => {
  const note = document.querySelector('#map .sfe-waiting');
  if (!note) return null;
  const b = note.getBoundingClientRect();
  const inside = (x, y) => x >= b.left - 1 && x <= b.right + 1
    && y >= b.top - 1 && y <= b.bottom + 1;
  const lines = [];
  for (const p of document.querySelectorAll('#map path.sfe-line')) {
    const m = p.getScreenCTM();
    for (let d = 0, n = p.getTotalLength(); d <= n; d += 0.5) {
      const q = p.getPointAtLength(d);
      if (inside(m.a * q.x + m.c * q.y + m.e, m.b * q.x + m.d * q.y + m.f)) {
        lines.push(`${p.dataset.a}-${p.dataset.b}`);
        break;
      }
    }
  }
  const meet = (r) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
  const over = [...document.querySelectorAll('#map .sfe-loc .sfe-body, #map .sfe-deck-note')]
    .filter((e) => meet(e.getBoundingClientRect()))
    .map((e) => e.closest('[data-id]')?.dataset.id || e.textContent);
  return { text: note.textContent, lines, over, width: b.width };
}"""


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_usa_boxs_note_is_crossed_by_no_line(browser: Any, sfe_server: Server,
                                                 size: tuple[int, int]) -> None:
    """The note of the armies waiting in the USA box ("from 3rd play deck: 2, 3, 3") stands
    where no line runs through its text and no box or line note covers it (the dotted
    USA-Algiers line crossed it under the box: an audit)."""
    g = _new(sfe_server)
    ctx, page, errors = _open(browser, sfe_server, g, "allies", size)
    try:
        found = page.evaluate(NOTE_CROSSED)
    finally:
        ctx.close()
    assert not errors, errors
    assert found is not None and found["text"].startswith("from 3rd play deck: "), found
    assert found["width"] > 20, found
    assert found["lines"] == [] and found["over"] == [], found

DECK_WORDS = r"""() => {
  const said = [document.body.innerText,
    ...[...document.querySelectorAll('svg text, svg title')].map(e => e.textContent),
    ...[...document.querySelectorAll('[title], [aria-label], [aria-description]')].flatMap(
      e => ['title', 'aria-label', 'aria-description'].map(a => e.getAttribute(a) || ''))];
  return said.flatMap(t => t.match(/[^.;:\n]*\bdecks?\b[^.;:\n]*/gi) || []).map(t => t.trim());
}"""


def test_a_play_deck_is_named_one_way_everywhere(browser: Any, sfe_server: Server) -> None:
    """The page names a play deck as the rulebook does, "the 2nd play deck" (6): the tracks
    said "Deck I of III", a card "Deck 1", the map "Allied deck II+", "enter at deck III"
    and "from Allied deck 2" (a browser audit); a card's chevrons are its own fact."""
    g = _new(sfe_server)
    ctx, page, errors = _open(browser, sfe_server, g, "allies")
    try:
        page.locator("#hand .card").first.wait_for()
        page.locator('#map .sfe-loc[data-id="London"]').hover()     # its lines, in words
        page.wait_for_function("() => /London/.test(document.querySelector("
                               "'.sfe-map .map-info').innerText)")
        said = page.evaluate(DECK_WORDS)
        facts = page.eval_on_selector_all("#hand .card .card-facts dt", """els => els.filter(
            e => e.textContent === 'Chevrons').map(e => e.nextElementSibling.textContent)""")
    finally:
        ctx.close()
    assert not errors, errors
    numbered = [t for t in said if any(c.isdigit() for c in t) or " III" in t or " II" in t
                or re.search(r"\bI\b", t)]
    assert numbered, said
    odd = [t for t in numbered if re.search(r"\bdecks?\s+(\d|[IVX]+\b)", t, re.I)]
    assert not odd, odd
    for n in ("1st", "2nd", "3rd"):
        assert any(f"{n} play deck" in t for t in said), (n, said)
    assert any("1st play deck of 3" in t for t in said), said
    assert facts and all(f == "I: in play from the 1st play deck" for f in facts), facts


def test_the_map_draws_the_content_and_plays_a_location_by_click(browser: Any,
                                                                 sfe_server: Server) -> None:
    server = sfe_server
    c = _content()
    g = _new(server)
    ctx, page, errors = _open(browser, server, g, "axis")
    try:
        page.wait_for_function(MY_TURN)
        # every location of the content, each with its two halves and an accessible name
        assert page.locator("#map .sfe-loc").count() == c.n == 49
        assert page.locator("#map .sfe-loc .sfe-half").count() == 2 * c.n
        drawn = page.eval_on_selector_all("#map .sfe-loc", "els => els.map(e => e.dataset.id)")
        assert drawn == list(c.names)
        # (focusable: one Tab stop for the map, its places reached by the arrows)
        assert page.evaluate("""() => [...document.querySelectorAll('#map .sfe-loc')].every(
            e => e.getAttribute('aria-label') && e.hasAttribute('tabindex'))""")
        assert page.evaluate("""() => [...document.querySelectorAll('#map .space')]
            .filter(e => e.tabIndex === 0).length""") == 1
        # move lines solid, naval lines dashed, one of each per line of the content
        naval = sum(1 for ln in c.lines if ln[4])
        assert page.locator("#map path.sfe-line.land").count() == len(c.lines) - naval
        assert page.locator("#map path.sfe-line.naval").count() == naval
        dash = page.evaluate("""() => getComputedStyle(document.querySelector(
            '#map path.sfe-line.naval')).strokeDasharray""")
        assert dash not in ("", "none")
        # the set-up's counters (5.2), stacked: London holds a 1 and three 2s (west side)
        total = page.evaluate("""() => [...document.querySelectorAll('#map .sfe-stack')]
            .reduce((t, e) => t + Number(e.dataset.n), 0)""")
        assert total == len(c.start)
        london = page.locator('#map .sfe-loc[data-id="London"]')
        assert london.locator('.sfe-stack[data-strength="2"]').get_attribute("data-n") == "3"
        assert "Western Allies 2 strength army" in (london.get_attribute("aria-label") or "")
        # control: colour and a letter (Berlin: Axis, square A)
        assert page.locator('#map .sfe-loc[data-id="Berlin"] .sfe-badge-t').text_content() == "A"
        assert page.locator('#map .sfe-loc[data-id="Moscow"] .sfe-badge-t').text_content() == "S"
        # the tracks strip: turn, VP, bombing, decks and hands
        strip = page.locator("#map .sfe-tracks").inner_text()
        for word in ("Turn 1", "VP", "Strategic bombing", "Hand 6/6", "Hand 5/5",
                     "1st play deck of 3"):
            assert word in strip, word
        # hover shows a location's details
        page.locator('#map .sfe-loc[data-id="Ruhr"]').hover()
        info = page.locator(".sfe-map .map-info").inner_text()
        assert "Ruhr" in info and "Lines:" in info and "Axis" in info

        # build a 1 strength army: the operation and the card by API, the location on the map
        hand = _seat_view(server, g, "axis")
        op = next(a for a in hand["legal"] if a["key"] == "op:build")
        _play(server, g, op["key"], "axis")
        cards = _seat_view(server, g, "axis")["legal"]
        card = next((a for a in cards if "build 1" in a["label"]), cards[0])
        before = _version(page)
        _play(server, g, card["key"], "axis")
        page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
        page.wait_for_function(MY_TURN)
        legal = _seat_view(server, g, "axis")["legal"]
        if legal[0]["kind"] == "card":      # a 2 or 3 strength build: recycle cards first
            while legal and legal[0]["kind"] == "card":
                _play(server, g, legal[0]["key"], "axis")
                legal = _seat_view(server, g, "axis")["legal"]
            page.wait_for_function(f"() => document.body.dataset.version === "
                                   f"'{_seat_view(server, g, 'axis')['version']}'")
        keys = {a["key"] for a in legal}
        assert all(k.startswith("loc:") for k in keys)
        lit = page.locator("#map .sfe-loc.legal")
        lit.first.wait_for()
        assert lit.count() == len(keys)
        lit_ids = page.eval_on_selector_all("#map .sfe-loc.legal",
                                            "els => els.map(e => e.dataset.id)")
        assert {f"loc:{x}" for x in lit_ids} == keys, "exactly the legal locations are lit"
        # the marching ring stops within five seconds (WCAG 2.2.2)
        assert page.evaluate("""() => getComputedStyle(document.querySelector(
            '#map .sfe-legal-ring')).animationIterationCount""") == "2"
        _map_shot(page, "map-sfe")
        where = lit_ids[0]
        stacks = f'#map .sfe-loc[data-id="{where}"] .sfe-stack'
        n_before = page.evaluate(f"""() => [...document.querySelectorAll('{stacks}')]
            .reduce((t, e) => t + Number(e.dataset.n), 0)""")
        before = _version(page)
        page.locator(f'#map .sfe-loc[data-id="{where}"]').click()
        page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
        page.wait_for_function(f"""() => [...document.querySelectorAll('{stacks}')]
            .reduce((t, e) => t + Number(e.dataset.n), 0) === {n_before + 1}""")
        assert "7.2.1" in page.locator("#log").inner_text()
        # a location that is not a legal choice plays nothing
        page.wait_for_function(MY_TURN)
        before = _version(page)
        quiet = page.locator("#map .sfe-loc:not(.legal)").first
        quiet.click()
        page.wait_for_timeout(300)
        assert _version(page) == before
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_keyboard_and_half_choices_on_the_map(browser: Any, sfe_server: Server) -> None:
    """A fortress: the location by Enter on the focused location, then its half by
    clicking the highlighted half (7.2.2)."""
    server = sfe_server
    for seed in range(3, 40):
        g = _new(server, seed)
        v = _seat_view(server, g, "axis")
        if any(a["key"] == "op:fortress" for a in v["legal"]):
            break
    else:
        pytest.skip("no seed in 3..39 deals the Axis a fortress card at the start")
    _play(server, g, "op:fortress", "axis")
    legal = _seat_view(server, g, "axis")["legal"]
    while legal and legal[0]["kind"] == "card":
        _play(server, g, legal[0]["key"], "axis")
        legal = _seat_view(server, g, "axis")["legal"]
    assert legal and legal[0]["kind"] == "loc", legal
    ctx, page, errors = _open(browser, server, g, "axis")
    try:
        page.wait_for_function(MY_TURN)
        lit = page.locator("#map .sfe-loc.legal")
        lit.first.wait_for()
        where = lit.first.get_attribute("data-id")
        before = _version(page)
        lit.first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
        page.wait_for_function(MY_TURN)
        halves = page.locator(f'#map .sfe-loc[data-id="{where}"] .sfe-half.legal')
        halves.first.wait_for()
        assert page.locator(f'#map .sfe-loc[data-id="{where}"].focus').count() == 1
        key = halves.first.get_attribute("data-key")
        assert key and key.startswith("half:")
        before = _version(page)
        halves.first.click()
        page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
        page.locator(f'#map .sfe-loc[data-id="{where}"] .sfe-stack.fortress').wait_for()
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_move_played_on_the_map(browser: Any, sfe_server: Server) -> None:
    """7.2.4-7.2.6 on the map: the source location, then a counter of its stack, then the
    destination, each by a click."""
    server = sfe_server
    g = _new(server, seed=3)
    _play(server, g, "op:move", "axis")
    card = next(a for a in _seat_view(server, g, "axis")["legal"] if a["key"] == "card:ax06")
    v = _play(server, g, card["key"], "axis")
    ctx, page, errors = _open(browser, server, g, "axis")
    try:
        page.wait_for_function(f"() => document.body.dataset.version === '{v['version']}'")
        ruhr = page.locator('#map .sfe-loc[data-id="Ruhr"]')
        assert "legal" in (ruhr.get_attribute("class") or "")
        before = _version(page)
        ruhr.click()
        page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
        # the counters of Ruhr are the choices now: its 3 strength army plays unit:3
        three = ruhr.locator('.sfe-stack.legal[data-strength="3"]')
        three.wait_for()
        assert ruhr.locator(".sfe-stack.legal").count() == 3   # the 1, the 2s and the 3
        assert page.locator("#map .sfe-loc.focus").get_attribute("data-id") == "Ruhr"
        assert three.get_attribute("data-key") == "unit:3"
        before = _version(page)
        three.click()
        page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
        munich = page.locator('#map .sfe-loc.legal[data-id="Munich"]')
        munich.wait_for()
        before = _version(page)
        munich.click()
        page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
        page.locator('#map .sfe-loc[data-id="Munich"] .sfe-stack[data-strength="3"]').wait_for()
        assert ruhr.locator('.sfe-stack[data-strength="3"]').count() == 0
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_mid_game_map_matches_the_view(browser: Any, sfe_server: Server) -> None:
    server = sfe_server
    g = _new(server, seed=11)
    v = _random_moves(server, g, 80, seed=5)
    role = v["active"] or "axis"
    ctx, page, errors = _open(browser, server, g, role)
    try:
        page.wait_for_function(f"() => document.body.dataset.version === '{v['version']}'")
        seen = _seat_view(server, g, role)["view"]
        drawn = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
            '#map .sfe-loc')].map(e => [e.dataset.id, [e.dataset.control,
            [...e.querySelectorAll('.sfe-stack')]
                .reduce((t, s) => t + Number(s.dataset.n), 0)]]))""")
        assert drawn == {loc["name"]: [loc["control"], len(loc["counters"])]
                         for loc in seen["locations"]}
        assert any(n for _ctl, n in drawn.values())
        # the stacks marked out of supply (8.6) are those of the owners the view names
        cut = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
            '#map .sfe-loc')].map(e => [e.dataset.id, [...new Set([...e.querySelectorAll(
                '.sfe-stack.cut')].map(s => s.dataset.owner))].sort()]))""")
        assert cut == {loc["name"]: sorted(loc["out_of_supply"]) for loc in seen["locations"]}
        assert f"Turn {seen['turn']}" in page.locator("#map .sfe-tracks").inner_text()
        _map_shot(page, "map-sfe-mid")
        # zoom in and out by the buttons; the whole map again
        svg = page.locator("#map svg.sfe-svg")
        whole = svg.get_attribute("viewBox")
        page.click("#map .map-tools .zoom-in")
        assert svg.get_attribute("viewBox") != whole
        page.click("#map .map-tools .zoom-reset")
        assert svg.get_attribute("viewBox") == whole
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_phone_starts_on_the_choices_without_sideways_scroll(browser: Any,
                                                               sfe_server: Server) -> None:
    """On a phone the map fits the screen's width and a decision on the map starts zoomed on
    its highlighted locations; the whole map is one button away."""
    g = _new(sfe_server)
    _play(sfe_server, g, "op:move", "axis")
    v = _play(sfe_server, g, "card:ax06", "axis")
    ctx, page, errors = _open(browser, sfe_server, g, "axis", size=(390, 844))
    try:
        page.wait_for_function(f"() => document.body.dataset.version === '{v['version']}'")
        assert page.locator("#map .sfe-loc").count() == 49
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        svg = page.locator("#map svg.sfe-svg")
        box = svg.bounding_box()
        assert box is not None and box["width"] <= 390
        x, y, w, h = (float(n) for n in (svg.get_attribute("viewBox") or "").split())
        assert w < 1500, "zoomed in on the choices"
        for a in v["legal"]:
            loc = next(p for p in v["view"]["map"]["locations"] if f"loc:{p['id']}" == a["key"])
            assert x <= loc["x"] <= x + w and y <= loc["y"] <= y + h, loc["name"]
        page.click("#map .map-tools .zoom-reset")
        assert svg.get_attribute("viewBox") == "0.0 0.0 1500.0 1060.0"
        page.click("#map .map-tools .zoom-choices")
        assert svg.get_attribute("viewBox") == f"{x:.1f} {y:.1f} {w:.1f} {h:.1f}"
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_counters_out_of_supply_are_marked_on_the_map(page: Any, sfe_server: Server) -> None:
    """A random game played to its first cut-off stack (8.6): the replay of it marks exactly
    the stacks of the owners the view names, and says so in the location's words."""
    game = load_game("sfe")
    state = new_game(game, None, 8)
    rnd = random.Random(8)
    keys: list[str | int] = []
    cut: dict[str, list[str]] = {}
    while state.active is not None and not cut:
        legal = legal_actions(state)
        a = legal[rnd.randrange(len(legal))]
        apply(state, a)
        keys.append(a.key)
        cut = {loc["name"]: loc["out_of_supply"] for loc in game.view(state, None)["locations"]
               if loc["out_of_supply"]}
    assert cut, "the game cut no stack off"
    rec = Record(game="sfe", scenario="1939", seed=8, actions=keys,
                 options=dict(state.data["options"]))
    up = sfe_server.api("POST", "/api/records", json=rec.to_json())
    page.goto(f"/replay/{up['id']}")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.body.dataset.step === '{len(keys)}'")
    page.locator("#map .sfe-loc").first.wait_for()
    drawn = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#map .sfe-loc')].map(e => [e.dataset.id, [...new Set([...e.querySelectorAll(
            '.sfe-stack.cut')].map(s => s.dataset.owner))].sort()]).filter(x => x[1].length))""")
    assert drawn == {k: sorted(v) for k, v in cut.items()}
    name = next(iter(cut))
    words = page.locator(f'#map .sfe-loc[data-id="{name}"]').get_attribute("aria-label")
    assert "out of supply (8.6)" in (words or "")
    assert page.locator("#map .sfe-legend .sfe-lg.cut").count() == 1


def test_the_replay_viewer_draws_the_map(page: Any, sfe_server: Server) -> None:
    game = load_game("sfe")
    state = new_game(game, None, 21)
    rnd = random.Random(2)
    keys: list[str | int] = []
    for _ in range(60):
        if state.active is None:
            break
        a = rnd.choice(legal_actions(state))
        apply(state, a)
        keys.append(a.key)
    rec = Record(game="sfe", scenario="1939", seed=21, actions=keys,
                 options=dict(state.data["options"]))
    up = sfe_server.api("POST", "/api/records", json=rec.to_json())
    page.goto(f"/replay/{up['id']}")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.locator("#map .sfe-loc").first.wait_for()
    assert page.locator("#map .sfe-loc").count() == 49
    assert page.locator("#map .sfe-loc.legal").count() == 0, "nothing is playable in a replay"
    start = page.evaluate("""() => [...document.querySelectorAll('#map .sfe-stack')]
        .reduce((t, e) => t + Number(e.dataset.n), 0)""")
    assert start == len(game.c.start)
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.body.dataset.step === '{len(keys)}'")
    page.locator("#map .sfe-loc").first.wait_for()
    end = {loc["name"]: len(loc["counters"]) for loc in game.view(state, None)["locations"]}
    drawn = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#map .sfe-loc')].map(e => [e.dataset.id, [...e.querySelectorAll('.sfe-stack')]
        .reduce((t, s) => t + Number(s.dataset.n), 0)]))""")
    assert drawn == end, "the last step shows the recorded final counters"
    replay_tour(page, len(keys))


def test_why_not_on_the_sfe_map(browser: Any, sfe_server: Server) -> None:
    """A location no legal action names explains why it cannot be chosen, with the rule
    (core ``explain`` of its ``loc:`` action for the asking seat), and plays nothing; the
    seat not to act hears only that it is not its turn."""
    server = sfe_server
    g = _new(server, 3)
    legal = {a["key"] for a in _seat_view(server, g, "axis")["legal"]}
    assert "loc:Berlin" not in legal
    ctx, page, errors = _open(browser, server, g, "axis")
    try:
        page.wait_for_function(MY_TURN)
        before = _version(page)
        page.locator('#map .sfe-loc[data-id="Berlin"] .sfe-body').click()
        page.wait_for_function("() => document.querySelector('#map .map-why .rule') !== null")
        why = page.locator("#map .map-why").inner_text()
        assert "Berlin cannot be chosen now" in why and "§7.1" in why, why
        # the engine's "not a choice now: ..." after the page's "cannot be chosen now:"
        # said it twice (a browser audit)
        assert "not a choice" not in why, why
        assert _version(page) == before, "nothing was played"
        _map_shot(page, "map-sfe-why-not")
        # Enter on a focused location asks too; a highlighted choice still plays
        page.click("#map .map-why .msg-close")
        page.locator('#map .sfe-loc[data-id="Moscow"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('#map .map-why .rule') !== null"
                               " && document.querySelector('#map .map-why').innerText"
                               ".includes('Moscow')")
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    ctx, page, errors = _open(browser, server, g, "allies")
    try:
        page.locator('#map .sfe-loc[data-id="Berlin"] .sfe-body').click()
        page.wait_for_function("() => document.querySelector('#map .map-why .reason') !== null")
        why = page.locator("#map .map-why").inner_text()
        assert "not the Allies' turn" in why and "7.1" not in why, why
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_decision_off_the_map_comes_before_it(browser: Any, sfe_server: Server) -> None:
    """What the seat must decide is on screen first: an operation to choose (nothing on the
    map answers it) puts the choices above the map, in view at 1280x800; once the decision
    is made on the map (a location to move to), the map comes first again."""
    g = _new(sfe_server)
    ctx, page, errors = _open(browser, sfe_server, g, "axis", size=(1280, 800))
    try:
        page.locator("#choices .act").first.wait_for()
        order = "() => [...document.querySelector('#main .col').children].map(e => e.id)"
        ids = page.evaluate(order)
        assert ids.index("play") < ids.index("map-panel"), ids
        top = page.evaluate("document.getElementById('choices').getBoundingClientRect().top")
        assert top < 800, "the choices are in view without scrolling"
        page.locator('#choices .act[data-key="op:move"]').click()
        page.wait_for_function("() => document.body.dataset.version === '1'")
        page.locator('#choices .act[data-key="card:ax06"]').click()
        page.wait_for_function("() => document.body.dataset.version === '2'")
        assert page.locator("#map .sfe-loc.legal").count() > 0
        ids = page.evaluate(order)
        assert ids.index("map-panel") < ids.index("play"), ids
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_the_decision_stays_in_sight_at_1280x800(browser: Any, sfe_server: Server) -> None:
    """A browser audit at 1280x800: the first Tab offers "Skip to the decision"; a card to
    choose shows its text on hover (sfe's choices found no card before); a "why not" answer
    under the tall map is scrolled into sight (it was printed out of it); after a choice
    made in the list under the map, the next decision is scrolled into sight."""
    g = _new(sfe_server)
    ctx, page, errors = _open(browser, sfe_server, g, "axis", size=(1280, 800))
    try:
        page.locator("#choices .act").first.wait_for()
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.className") == "skip-link"
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "play"
        page.locator('#choices .act[data-key="op:move"]').click()
        page.wait_for_function("() => document.body.dataset.version === '1'")
        row = page.locator('#choices .choice.has-card[data-key="card:ax06"]')
        row.hover()
        assert "Panzer Corps" in row.locator(".card-pop").inner_text()
        row.locator(".act").click()
        page.wait_for_function("() => document.body.dataset.version === '2'")
        # a location no action names: the answer is in sight
        page.locator('#map .sfe-loc[data-id="Moscow"] .sfe-body').click()
        page.wait_for_function("() => document.querySelector('#map .map-why .reason') !== null")
        box = page.locator("#map .map-why").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 801, box
        # a choice made in the list under the map: the next decision comes into sight
        page.locator('#map .sfe-loc.legal[data-id="Ruhr"]').click()
        page.wait_for_function("() => document.body.dataset.version === '3'")
        page.locator('#choices .act[data-key="unit:3"]').scroll_into_view_if_needed()
        page.locator('#choices .act[data-key="unit:3"]').click()
        page.wait_for_function("() => document.body.dataset.version === '4'")
        panel = page.locator("#map-panel").bounding_box()
        assert panel is not None and panel["y"] + panel["height"] > 40 and panel["y"] < 760
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_panel_scrolled_to_stops_below_the_sticky_bar(browser: Any,
                                                        sfe_server: Server) -> None:
    """The skip link scrolls the decision to the top of the page, below the sticky top bar
    (scrolled to its top edge, the panel's heading was under the bar)."""
    g = _new(sfe_server)
    ctx, page, errors = _open(browser, sfe_server, g, "axis", size=(1280, 800))
    try:
        page.locator("#choices .act").first.wait_for()
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.focus("#skip")
        page.keyboard.press("Enter")
        bar = page.locator("#topbar").bounding_box()
        panel = page.locator("#play").bounding_box()
        assert bar is not None and panel is not None
        assert panel["y"] >= bar["y"] + bar["height"] - 1, (bar, panel)
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


NAME_PX = """() => {
    const t = document.querySelector('#map .sfe-name');
    return t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize);
}"""


def _boxes(page: Any) -> tuple[dict[str, float], dict[str, float]]:
    box = "id => { const r = document.getElementById(id).getBoundingClientRect(); " \
          "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }"
    return page.evaluate(box, "map-panel"), page.evaluate(box, "log-panel")


def test_the_map_is_wide_at_a_laptops_width_and_the_switch_is_kept(
        browser: Any, sfe_server: Server) -> None:
    """At 1280 x 800 the sfe map beside the log drew its location names at 6.4 px. It now
    takes the page's width and the screen's height below the top bar by default, the log
    below it (names at 8.4 px); "Wide map" puts the log back beside it, and the choice holds
    after a reload."""
    g = _new(sfe_server, seed=5)
    ctx, page, errors = _open(browser, sfe_server, g, "axis", size=(1280, 800))
    try:
        page.wait_for_function(MY_TURN)
        switch = page.locator("#wide-map")
        assert switch.is_visible() and switch.get_attribute("aria-pressed") == "true"
        wide = page.evaluate(NAME_PX)
        mp, log = _boxes(page)
        assert wide >= 8, wide
        assert log["top"] >= mp["bottom"] - 1          # the log below the map
        switch.click()
        assert switch.get_attribute("aria-pressed") == "false"
        page.wait_for_function(f"() => ({NAME_PX})() < {wide} * 0.9")
        mp, log = _boxes(page)
        assert log["left"] >= mp["right"] - 1          # beside it again
        narrow = page.evaluate(NAME_PX)
        assert wide >= 1.25 * narrow, (wide, narrow)
        page.reload()
        page.locator("#map svg.sfe-svg").wait_for()
        assert page.locator("#wide-map").get_attribute("aria-pressed") == "false"
        assert abs(page.evaluate(NAME_PX) - narrow) < 0.5
        page.locator("#wide-map").click()
        assert page.locator("#wide-map").get_attribute("aria-pressed") == "true"
        # on a phone the page is one column anyway: no switch
        page.set_viewport_size({"width": 400, "height": 800})
        assert not page.locator("#wide-map").is_visible()
        assert errors == []
    finally:
        ctx.close()


def test_armies_moving_into_battle_stand_in_the_half_they_entered(browser: Any,
                                                                  sfe_server: Server) -> None:
    """During a battle the armies that moved in to attack are drawn in the half they
    entered, marked as attacking, and named in its details (the board holds them in the
    battle, so they vanished from the map: a play audit)."""
    game = load_game("sfe")
    rnd = random.Random(3)
    st = new_game(game, None, 3)
    keys: list[str] = []
    while not ((b := game.battle_view(st, 0)) and any(a["moving_in"] for a in b["attackers"])):
        assert st.active is not None and len(keys) < 3000, "no move into battle"
        legal = legal_actions(st)
        a = legal[rnd.randrange(len(legal))]
        keys.append(a.key)
        apply(st, a)
    g = _new(sfe_server, seed=3)
    for key in keys:            # the same game through the server, seat by seat
        v = _seat_view(sfe_server, g, "axis")
        _play(sfe_server, g, key, v["active"])
    battle = _seat_view(sfe_server, g, "axis")["view"]["battle"]
    moving = [a for a in battle["attackers"] if a["moving_in"]]
    ctx, page, errors = _open(browser, sfe_server, g, "axis")
    try:
        half = page.locator(f'#map .sfe-loc[data-id="{battle["location"]}"] '
                            f'.sfe-half[data-half="{battle["half"]}"]')
        drawn = half.locator(".sfe-stack.attacking")
        assert drawn.count() >= 1
        n = sum(int(x) for x in drawn.evaluate_all("els => els.map(e => e.dataset.n)"))
        assert n == len(moving)
        owners = set(drawn.evaluate_all("els => els.map(e => e.dataset.owner)"))
        assert owners == {a["owner"] for a in moving}
        assert "moving in to attack" in drawn.first.locator("title").text_content()
        assert errors == []
    finally:
        ctx.close()


QUESTION_IN_SIGHT = """() => {
    const q = document.querySelector('#map-title .map-question');
    if (!q) return null;
    const r = q.getBoundingClientRect();
    const bar = document.getElementById('topbar').getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
    return {text: q.textContent, top: r.top, barBottom: bar.bottom,
            seen: r.top >= bar.bottom - 1 && r.bottom <= innerHeight
                  && hit !== null && q.contains(hit)};
}"""


def test_the_question_stays_in_sight_over_the_map_at_1366x768(browser: Any,
                                                               sfe_server: Server) -> None:
    """A usability audit at 1366x768: the map scrolled to its lower half, a click on Ruhr
    (an army counter to move from it) left only the map and a '3 choices' tag in sight; the
    question ('Choose an army counter to move from Ruhr') was 1,200 px down, above the
    choices under the map. Now the map's heading holds the question and stays under the top
    bar, unhidden, while the map is scrolled."""
    g = _new(sfe_server, seed=3)
    _play(sfe_server, g, "op:move", "axis")
    v = _play(sfe_server, g, "card:ax06", "axis")
    ctx, page, errors = _open(browser, sfe_server, g, "axis", size=(1366, 768))
    try:
        page.wait_for_function(f"() => document.body.dataset.version === '{v['version']}'")
        # the map's lower part in sight, its top under the bar, as the audit had it
        page.evaluate("window.scrollTo(0, window.scrollY + document.querySelector("
                      "'#map svg.sfe-svg').getBoundingClientRect().bottom - innerHeight + 150)")
        page.locator('#map .sfe-loc.legal[data-id="Ruhr"]').click()
        page.wait_for_function(f"() => document.body.dataset.version === '{v['version'] + 1}'")
        seen = page.evaluate(QUESTION_IN_SIGHT)
        assert seen is not None and seen["seen"], seen
        assert seen["text"] == "Choose an army counter to move from Ruhr", seen
        # the question is the page's own prompt, said once more where the answer is
        assert page.locator("#prompt-text").inner_text() == seen["text"]
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


# seed 3: the Axis bombs with card ax10 and the Allies are asked for a card of their hand
TO_ALLIES_YOUR = ["op:move", "card:ax16", "loc:Berlin", "unit:1", "loc:Milan", "op:move",
                  "card:ax06", "loc:Ruhr", "unit:1", "loc:Vienna", "op:discard", "card:al03",
                  "op:move", "card:al05", "loc:Marseilles", "unit:1", "loc:Tunis", "op:move",
                  "card:ax05", "loc:Warsaw", "unit:1", "loc:Berlin", "done", "op:event",
                  "card:ax17", "no_block", "op:bombing", "card:al10"]


def test_the_waiting_seat_reads_the_other_roles_question_quoted(browser: Any,
                                                                sfe_server: Server) -> None:
    """A usability audit: the Axis page, waiting, showed the Allies' prompt as its own
    heading, 'Allies Defend Antwerp … against your 1 and your air card', its "your" the
    Allies'. The waiting seat reads it as the other role's question, quoted; the prompt's
    words are the game's, unchanged."""
    g = _new(sfe_server, seed=3)
    for key in TO_ALLIES_YOUR:
        v = _seat_view(sfe_server, g, "axis")
        _play(sfe_server, g, key, v["active"])
    asked = _seat_view(sfe_server, g, "allies")
    assert asked["active"] == "allies" and " your " in asked["prompt"]["text"], asked["prompt"]
    ctx, page, errors = _open(browser, sfe_server, g, "axis", size=(1366, 768))
    try:
        page.locator("#choices .waiting").wait_for()
        title = " ".join(page.locator("#prompt-text").inner_text().split())
        assert title == f"Question for Allies: “{asked['prompt']['text']}”", title
        # the asked seat's own page says it as its own question, unquoted
        page.goto(f"/games/{g['id']}#{g['tokens']['allies']}")
        page.wait_for_function(MY_TURN)
        assert page.locator("#prompt-text").inner_text() == asked["prompt"]["text"]
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_replay_step_says_what_was_asked_and_why_in_words(browser: Any,
                                                            sfe_server: Server) -> None:
    """A usability audit: a replay step's caption, 'Step 15: Allies Paris (Western, 3
    counters) loc:Paris', said nothing of what was decided, and its Why? read 'Allies one of
    the choices now: …'. The caption quotes the question the step answered, then what was
    chosen (the key after it, small); Why? speaks of that step, once."""
    g = _new(sfe_server, seed=3)
    for key in TO_ALLIES_YOUR:
        _play(sfe_server, g, key, _seat_view(sfe_server, g, "axis")["active"])
    axis = _seat_view(sfe_server, g, "axis")
    _play(sfe_server, g, axis["resign"], "axis")
    ctx, page, errors = _open_replay(browser, sfe_server, g, 26)
    try:
        line = " ".join(page.locator("#action").inner_text().split())
        # (step 26 is the first of the Allies' round of turn 2, and says so first)
        assert line.startswith("Start of Turn 2 · Allies. Step 26: Question for Allies: “Block "
                               "Wolfpack with a Destroyer Attack card, or not"), line
        label = page.locator("#action .action-label").inner_text()
        assert f"Chosen: {label} no_block" in line, line
        page.click("#why")
        page.locator("#explain .reason").wait_for()
        said = " ".join(page.locator("#explain").inner_text().split())
        assert said.startswith(f"Why {label}? One of the choices open to Allies at this step: "
                               "Block Wolfpack"), said
        assert "now" not in said.split("?", 1)[1], said
        shot_replay(page, "replay-sfe-step")
        # sfe's own "allowed: …" is said once, after "Allowed for"
        page.goto(f"/games/{g['id']}/replay?step=17")
        page.wait_for_function("() => document.body.dataset.step === '17'")
        page.click("#why")
        page.locator("#explain .reason").wait_for()
        said = " ".join(page.locator("#explain .reason").inner_text().split())
        # (with its reason: it said the question again, "Choose where the 1-strength army
        # moves from Marseilles": a browser audit)
        assert said.startswith("Allowed for Allies: ") and "from Marseilles" in said, said
        assert said.count("allowed") + said.count("Allowed") == 1 and "Choose" not in said, said
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _open_replay(browser: Any, server: Server, g: dict[str, Any], step: int
                 ) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.url)
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/games/{g['id']}/replay?step={step}")
    page.wait_for_function(f"() => document.body.dataset.step === '{step}'")
    return ctx, page, errors


def shot_replay(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.locator("#main .play").screenshot(path=str(SHOTS / f"{name}.png"),
                                           animations="disabled")


def test_an_illegal_key_played_is_refused_once_in_player_words(browser: Any,
                                                              sfe_server: Server) -> None:
    """A usability audit typed 'op:attack' in "Action by key / why not?" and pressed Play:
    the top banner gave the API's "illegal action 'op:attack': … Legal now: op:build, …" and
    the reason again, and the "why?" asked before said it a third time under the choices.
    The refusal is said once, where a why's answer stands: the action, the reason, the
    rule; no list of keys."""
    g = _new(sfe_server, seed=3)
    ctx, page, errors = _open(browser, sfe_server, g, "axis", size=(1366, 768))
    try:
        page.wait_for_function(MY_TURN)
        page.click(".by-key summary")
        page.fill("#key-input", "op:attack")
        page.click("#key-why")
        page.locator("#explain.illegal .reason").wait_for()
        page.click("#key-play")
        page.locator("#explain.illegal", has_text="Not played").wait_for()
        said = " ".join(page.locator("#explain").inner_text().split())
        assert said.startswith("Not played: Operation: attack in a contested location — no "
                               "contested location holds your armies §7.2.7"), said
        body = page.locator("body").inner_text()
        assert body.count("no contested location holds your armies") == 1, body
        assert "Legal now" not in body and "illegal action" not in body
        assert page.locator("#messages .msg.error").count() == 0
        assert page.evaluate("(() => { const r = document.getElementById('explain')"
                             ".getBoundingClientRect(); return r.top >= 0 && "
                             "r.bottom <= innerHeight; })()")
        # why? of a key that names no action: answered there too, not in the top banner
        # out of sight while the box kept the answer before (a browser audit)
        page.fill("#key-input", "bogus")
        page.click("#key-why")
        page.locator("#explain.illegal", has_text="No such action: bogus").wait_for()
        said = page.locator("#explain").inner_text()
        # in a player's words, with a key of this decision as the example (it gave the
        # API's "send an action's key ... or its id, a whole number from 0 to N")
        assert "no action of this game has that key" in said and "send" not in said
        assert "whole number" not in said and "keys look like “" in said, said
        page.click("#key-play")
        page.locator("#explain.illegal", has_text="Not played: bogus").wait_for()
        assert "no action of this game has that key" in page.locator("#explain").inner_text()
        assert page.locator("#messages .msg.error").count() == 0
        assert _version(page) == 0
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_touch_screen_is_told_to_tap_and_opens_a_choices_card_without_playing_it(
        browser: Any, sfe_server: Server) -> None:
    """A usability audit on a phone (390x844): the map's hint read "click one, or Tab to it
    and press Enter", and a card choice's event text opened on hover only (a tap plays the
    card). On a touch screen the hint says tap; "card" beside the choice opens its text and
    closes it, a tap elsewhere closes it, and nothing is played. With a mouse the hint
    keeps its keyboard words and no "card" button shows (hover shows the card)."""
    g = _new(sfe_server, seed=3)
    _play(sfe_server, g, "op:event", "axis")
    v = _seat_view(sfe_server, g, "axis")
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True, base_url=sfe_server.url)
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"/games/{g['id']}#{g['tokens']['axis']}")
        page.wait_for_function(MY_TURN)
        hint = page.locator("#map .map-info").inner_text()
        assert "Tap" in hint and "Tab" not in hint and "Click" not in hint, hint
        row = page.locator('#choices .choice.has-card[data-key="card:ax17"]')
        assert not row.locator(".card-pop").is_visible()
        row.locator(".card-info").tap()
        pop = row.locator(".card-pop")
        assert pop.is_visible() and "Allied player randomly discards" in pop.inner_text()
        assert row.locator(".card-info").get_attribute("aria-expanded") == "true"
        assert _version(page) == v["version"], "the card was not played"
        row.locator(".card-info").tap()
        assert not pop.is_visible()
        row.locator(".card-info").tap()
        page.locator("#prompt-title").tap()
        assert not pop.is_visible(), "a tap elsewhere closes it"
        assert _version(page) == v["version"]
        SHOTS.mkdir(exist_ok=True)
        row.locator(".card-info").tap()
        page.locator("#play").screenshot(path=str(SHOTS / "phone-sfe-card.png"),
                                         animations="disabled")
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    ctx, page, errors = _open(browser, sfe_server, g, "axis", size=(1366, 768))
    try:
        page.wait_for_function(MY_TURN)
        hint = page.locator("#map .map-info").inner_text()
        assert "Hover or focus" in hint and "Click" in hint, hint
        row = page.locator('#choices .choice.has-card[data-key="card:ax17"]')
        assert not row.locator(".card-info").is_visible()
        row.locator(".act").hover()
        assert row.locator(".card-pop").is_visible()
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
