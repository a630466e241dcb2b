"""The replay viewer, "why not" on the map, eit2's tracks and cards, and the generic map's
automatic layout, labels and pinch zoom, in Debian's headless Chromium against a real server.
Screenshots: replay-eit2.png, replay-phone.png, map-eit2-why-not.png, eit2-tracks.png,
map-auto-layout.png."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_support import SHOTS, TIMEOUT_MS, Server, serving, shot
from test_pages import finished_bot_game

from warroom.core.protocol import new_game as start
from warroom.core.protocol import view
from warroom.games import load_game

GAME_WAIT_S = 90


def need_eit2(server: Server) -> None:
    if "eit2" in server.broken:
        pytest.skip(server.broken["eit2"])


def new_game(server: Server, seats: dict[str, str], seed: int) -> dict[str, Any]:
    out: dict[str, Any] = server.api("POST", "/api/games",
                                     json={"game": "eit2", "seats": seats, "seed": seed})
    return out


def finished_eit2(server: Server) -> dict[str, Any]:
    """An eit2 game played to its end by two random bots (watched as a spectator: a bot's
    seat has no link)."""
    g = new_game(server, {"lw": "bot:random", "rw": "bot:random"}, 24)   # 4 turns, 183 actions
    assert g["tokens"] == {}
    deadline = time.monotonic() + GAME_WAIT_S
    while time.monotonic() < deadline:
        v = server.api("GET", f"/api/games/{g['id']}/replay")
        if not v["live"]:
            return g
        time.sleep(0.5)
    pytest.fail(f"the bots did not finish an eit2 game in {GAME_WAIT_S} s")


def play_by_api(server: Server, g: dict[str, Any], n: int, rng: random.Random) -> None:
    url = f"/api/games/{g['id']}"
    for _ in range(n):
        v = server.api("GET", f"{url}/view", params={"token": g["tokens"]["lw"]})
        if v["status"] == "over":
            return
        tok = g["tokens"][v["active"]]
        mine = server.api("GET", f"{url}/view", params={"token": tok})
        server.api("POST", f"{url}/actions",
                   json={"token": tok, "action": rng.choice(mine["legal"])["key"]})


def step_is(page: Any, n: int) -> None:
    page.wait_for_function(f"() => document.body.dataset.step === '{n}'")


def map_counters(page: Any) -> dict[str, tuple[str, str]]:
    return {k: (v[0], v[1]) for k, v in page.evaluate("""() =>
        [...document.querySelectorAll('#map .space')].map(g => [
        g.dataset.id,
        [g.querySelector('.counter.lw .counter-n')?.textContent || '0',
         g.querySelector('.counter.rw .counter-n')?.textContent || '0']])""")}


def test_replay_of_a_finished_eit2_game(page: Any, server: Server) -> None:
    need_eit2(server)
    g = finished_eit2(server)
    final = server.api("GET", f"/api/games/{g['id']}/replay", params={"as": "lw"})
    record = server.api("GET", f"/api/games/{g['id']}/record")
    steps = len(record["actions"])
    page.goto(f"/games/{g['id']}/replay")
    step_is(page, 0)
    assert int(page.locator("#steps").inner_text()) == steps
    assert page.locator("#map .space").count() == 92
    # forward by button and key, back by key
    page.click("#next")
    step_is(page, 1)
    assert page.locator("#action code").inner_text() == record["actions"][0]
    page.keyboard.press("ArrowRight")
    step_is(page, 2)
    page.keyboard.press("ArrowLeft")
    step_is(page, 1)
    # in the log, a panel that scrolls, PageDown scrolls it: the record stays at its step
    # (it stepped to the next turn: an accessibility recheck)
    # (the panel takes focus: a region that scrolls is reached by the keyboard, 2.1.1)
    assert page.evaluate("() => { const e = document.getElementById('log-panel'); e.focus(); "
                         "return document.activeElement === e; }")
    page.keyboard.press("PageDown")
    page.wait_for_timeout(200)
    step_is(page, 1)
    page.locator("#next").focus()
    # "why?" names the rule of the action taken
    page.click("#why")
    page.locator("#explain").wait_for()
    assert page.locator("#explain .rule").count() >= 1
    # the end: the recorded final state, as the API shows it
    page.keyboard.press("End")
    step_is(page, steps)
    assert "end of the record" in page.locator("#turn").inner_text()
    assert page.locator("#result").is_visible()
    assert final["result"]["text"] in page.locator("#result").inner_text()
    spaces = {sp["id"]: sp for sp in final["view"]["map"]["spaces"]}
    expected = {sp_id: (str(st["lw_sp"]), str(st["rw_sp"])) for sp_id, st in zip(
        spaces, final["view"]["spaces"], strict=True)}
    assert map_counters(page) == expected
    strip = page.locator(".track-strip")
    assert strip.locator('[data-track="power"] .track-value').get_attribute("data-value") == str(
        final["view"]["power"])
    assert strip.locator('[data-track="tension"] .track-value').get_attribute("data-value") == str(
        final["view"]["tension"])
    page.evaluate("window.scrollTo(0, 0)")
    page.set_viewport_size({"width": 1400, "height": 1100})
    shot(page, "replay-eit2")
    page.set_viewport_size({"width": 1024, "height": 700})
    # jump to a turn: the first step of a turn in the middle of the game
    index = server.api("GET", f"/api/games/{g['id']}/replay",
                       params={"step": 0, "index": "true"})["index"]
    turns = sorted({e["turn"] for e in index})
    assert len(turns) >= 2, f"the game lasted more than one turn: {turns}"
    turn = turns[len(turns) // 2]
    first3 = next(e["step"] for e in index if e["turn"] == turn)
    page.select_option("#turn-jump", str(first3))
    step_is(page, first3)
    assert f"Turn {turn}" in page.locator("#clock").inner_text()
    # the turn's first step shows its start, reached by the turn before's last action: said
    begins = page.locator("#action .step-begins").inner_text()
    assert begins.startswith(f"Start of Turn {turn}"), begins
    page.keyboard.press("PageDown")
    page.wait_for_function(f"() => Number(document.body.dataset.step) > {first3}")
    # the shareable link opens that very step, seen by the same side
    page.select_option("#as-role", "rw")
    page.wait_for_function("() => document.querySelector('#you').innerText.includes('RW')")
    at = int(page.evaluate("document.body.dataset.step"))
    link = page.locator("#share").input_value()
    assert f"step={at}" in link and "as=rw" in link
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_function(f"() => document.body.dataset.step === '{at}'")
    assert "RW" in other.locator("#you").inner_text()
    assert other.locator("#hand .card").count() == len(server.api(
        "GET", f"/api/games/{g['id']}/replay", params={"step": at, "as": "rw"})["view"]["hand"])
    other.close()


def test_a_seats_replay_of_a_running_game_hides_the_other_hand(page: Any,
                                                               server: Server) -> None:
    need_eit2(server)
    g = new_game(server, {"lw": "human", "rw": "human"}, 33)
    play_by_api(server, g, 40, random.Random(5))
    url = f"/api/games/{g['id']}"
    rw = server.api("GET", f"{url}/view", params={"token": g["tokens"]["rw"]})
    lw = server.api("GET", f"{url}/view", params={"token": g["tokens"]["lw"]})
    assert rw["status"] == "active"
    page.goto(f"/games/{g['id']}/replay#{g['tokens']['lw']}")
    page.wait_for_function(f"() => document.body.dataset.step === '{lw['version']}'")
    assert "LW" in page.locator("#you").inner_text()
    assert page.locator("#hand .card").count() == len(lw["view"]["hand"])
    assert page.locator("#share-box").is_hidden(), "no shareable link carries a seat's token"
    assert page.locator("#as-role").is_hidden()
    shown = set(page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.number)"))
    assert shown == {str(c["number"]) for c in lw["view"]["hand"]}
    assert not shown & {str(c["number"]) for c in rw["view"]["hand"]}, "none of rw's cards"
    others = " ".join(page.locator(".other-hand").inner_text().split())
    assert f"RW holds {len(rw['view']['hand'])} card" in others
    # a step of rw's: no key, no "why?"
    index = server.api("GET", f"{url}/replay", params={"token": g["tokens"]["lw"],
                                                      "index": "true"})["index"]
    rw_step = next(e["step"] for e in index if e["role"] == "rw")
    page.goto(f"/games/{g['id']}/replay?step={rw_step}#{g['tokens']['lw']}")
    step_is(page, rw_step)
    # said as lw's own log says it, never by its key
    said = page.locator("#action").inner_text()
    assert "Your log says:" in said and page.locator("#action .action-key").count() == 0, said
    assert page.locator("#why").is_disabled()
    lw_step = next(e["step"] for e in index if e["role"] == "lw")
    page.goto(f"/games/{g['id']}/replay?step={lw_step}#{g['tokens']['lw']}")
    step_is(page, lw_step)
    page.click("#why")
    page.locator("#explain .rule").first.wait_for()
    # without a seat's token a running game is not shown
    page.goto(f"/games/{g['id']}/replay")
    page.locator(".msg.error").wait_for()
    assert "seat" in page.locator(".msg.error").inner_text()


def test_why_not_on_the_eit2_map(browser: Any, server: Server) -> None:
    need_eit2(server)
    g = new_game(server, {"lw": "human", "rw": "human"}, 8)
    v = server.api("GET", f"/api/games/{g['id']}/view", params={"token": g["tokens"]["lw"]})
    legal = {a["target"] for a in v["legal"]}
    blocked = next(sp["id"] for sp in v["view"]["map"]["spaces"] if sp["id"] not in legal)
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, base_url=server.url)
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"/games/{g['id']}#{g['tokens']['lw']}")
        page.locator("#map .space.legal").first.wait_for()
        page.locator(f'#map .space[data-id="{blocked}"] .space-shape').click()
        why = page.locator(".map-why")
        why.wait_for()
        page.wait_for_function("() => document.querySelector('.map-why .rule') !== null")
        assert "cannot be chosen now" in why.inner_text()
        assert "§3.7" in why.inner_text()
        assert page.evaluate("document.body.dataset.version") == "0", "nothing was played"
        page.locator("#map-panel").screenshot(path=str(SHOTS / "map-eit2-why-not.png"),
                                              animations="disabled")
        # the keyboard: Enter on the space asks too
        page.click(".map-why .msg-close")
        page.locator(f'#map .space[data-id="{blocked}"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('.map-why .rule') !== null")
        # a highlighted space still plays its action
        before = page.evaluate("document.body.dataset.version")
        page.locator("#map .space.legal .space-shape").first.click()
        page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_eit2_track_strip_chart_and_cards(browser: Any, server: Server) -> None:
    need_eit2(server)
    g = new_game(server, {"lw": "human", "rw": "human"}, 12)
    url = f"/api/games/{g['id']}"
    rng = random.Random(2)
    # through the set-up, to an Action Round of lw's (its hand is played from then on)
    for _ in range(60):
        v = server.api("GET", f"{url}/view", params={"token": g["tokens"]["lw"]})
        if v["active"] == "lw" and any(a["kind"] in ("event", "ops") for a in v["legal"]):
            break
        play_by_api(server, g, 1, rng)
    v = server.api("GET", f"{url}/view", params={"token": g["tokens"]["lw"]})
    assert any(a["kind"] == "event" for a in v["legal"]), v["prompt"]
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, base_url=server.url)
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"/games/{g['id']}#{g['tokens']['lw']}")
        strip = page.locator("#tracks .track-strip")
        strip.wait_for()
        view = v["view"]
        for track, value in (("power", view["power"]), ("tension", view["tension"]),
                             ("turn", view["turn"])):
            got = strip.locator(f'[data-track="{track}"] .track-value').first
            assert got.get_attribute("data-value") == str(value), track
        for side in ("lw", "rw"):
            mod = strip.locator(f'[data-track="moderation"] .pair-value[data-side="{side}"]')
            assert mod.get_attribute("data-value") == str(view["moderation"][side])
            san = strip.locator(f'[data-track="sanctions"] .pair-value[data-side="{side}"]')
            assert san.get_attribute("data-value") == str(view["sanctions"][side])
        assert "action round" in strip.inner_text().lower()
        # the Rearmament chart: seven tracks, each marker in its box, on its side
        tracks = page.locator(".rearm-track")
        assert tracks.count() == 7
        for t in view["rearmament"]:
            here = page.locator(f'.rearm-track[data-track="{t["track"]}"] .rearm-box.here')
            assert here.count() == 1 and t["box"] in here.inner_text()
            assert here.locator(f".side-mark.{t['side']}").count() == 1
        assert page.locator(".rearm-avail .avail").count() == 2
        # the board no longer repeats the tracks as tables
        assert page.locator('#board .fact[data-key="power"]').count() == 0
        # the hand: cards with every text; the opponent's as a count
        cards = page.locator("#hand .card")
        assert cards.count() == len(view["hand"])
        first = view["hand"][0]
        card = page.locator(f'#hand .card[data-number="{first["number"]}"]')
        text = card.inner_text()
        assert first["title"] in text and first["event"][:40] in " ".join(text.split())
        assert first["era"] in text
        if first.get("reconstructed"):
            assert "Reconstructed" in text
        others = " ".join(page.locator(".other-hand").inner_text().split())
        assert f"RW holds {view['hand_sizes']['rw']} card" in others
        # hovering a choice that plays a card shows the card
        choice = page.locator("#choices .choice.has-card").first
        choice.hover()
        pop = choice.locator(".card-pop")
        pop.wait_for(state="visible")
        assert pop.locator(".card-text").count() >= 1
        page.locator("#tracks-panel").scroll_into_view_if_needed()
        page.locator("#tracks-panel").screenshot(path=str(SHOTS / "eit2-tracks.png"),
                                                 animations="disabled")
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


AUTO_MAP = """async (twice) => {
    const { renderMap } = await import('/static/js/map.js');
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel',
                   'India', 'Juliett', 'Kilo', 'Lima', 'Mike', 'November'];
    const spaces = names.map((n) => ({ id: n.toLowerCase(), name: n }));
    const links = [];
    for (let i = 0; i + 1 < 10; i += 1) links.push([spaces[i].id, spaces[i + 1].id]);
    links.push(['alpha', 'echo'], ['kilo', 'lima'], ['lima', 'mike']);   // november: alone
    const view = { map: { spaces, links } };
    const legal = [{ key: 'go:charlie', kind: 'go', args: ['charlie'], target: 'charlie',
                     label: 'Go to Charlie' }];
    const got = [];
    const draw = () => renderMap(view, legal, new Map(), (k) => got.push(k));
    const node = draw();
    document.body.replaceChildren(node);
    const again = twice ? draw().querySelectorAll('.space') : [];
    const svg = node.querySelector('svg');
    const vb = svg.getAttribute('viewBox').split(' ').map(Number);
    const at = [...node.querySelectorAll('.space')].map((g) => {
        const m = g.getAttribute('transform').match(/translate\\(([-\\d.]+),([-\\d.]+)\\)/);
        return [Number(m[1]), Number(m[2])];
    });
    window.__got = got;
    return { layout: svg.dataset.layout, at, vb,
             same: [...again].map((g) => g.getAttribute('transform')).join('|') ===
                   [...node.querySelectorAll('.space')].map((g) => g.getAttribute('transform'))
                   .join('|') };
}"""


def test_a_map_without_coordinates_gets_a_readable_layout(page: Any, server: Server) -> None:
    page.goto("/static/game.html")
    out = page.evaluate(AUTO_MAP, True)
    assert out["layout"] == "auto"
    at = out["at"]
    assert len(at) == 14 and out["same"], "14 spaces, placed the same way every time"
    x, y, w, h = out["vb"]
    assert all(x < px < x + w and y < py < y + h for px, py in at), "all on the sheet"
    closest = min(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
                  for i, a in enumerate(at) for b in at[i + 1:])
    assert closest > 30, f"spaces do not overlap (closest {closest:.1f} map units)"
    # linked spaces sit nearer each other than unlinked ones, on average
    ids = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
           "juliett", "kilo", "lima", "mike", "november"]
    pos = dict(zip(ids, at, strict=True))

    def dist(a: str, b: str) -> float:
        return float(((pos[a][0] - pos[b][0]) ** 2 + (pos[a][1] - pos[b][1]) ** 2) ** 0.5)

    linked = [dist(ids[i], ids[i + 1]) for i in range(9)]
    unlinked = [dist(a, b) for i, a in enumerate(ids[:10]) for b in ids[i + 2:10]]
    assert sum(linked) / len(linked) < sum(unlinked) / len(unlinked)
    # labels do not overlap; the legal space plays by click and by keyboard
    boxes = page.evaluate("""() => [...document.querySelectorAll('.space-name:not(.name-hidden)')]
        .map(t => { const r = t.getBoundingClientRect();
                    return [r.left, r.top, r.right, r.bottom]; })""")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5
                        and b[1] < a[3] - 0.5), f"labels overlap: {a} {b}"
    page.locator('.space[data-id="charlie"]').focus()
    page.keyboard.press("Enter")
    assert page.evaluate("window.__got") == ["go:charlie"]
    page.set_viewport_size({"width": 900, "height": 700})
    page.screenshot(path=str(SHOTS / "map-auto-layout.png"), animations="disabled")


def test_eit2_map_labels_do_not_overlap_and_pinch_zooms(browser: Any, server: Server) -> None:
    need_eit2(server)
    g = new_game(server, {"lw": "human", "rw": "human"}, 8)
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, base_url=server.url,
                              has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(f"/games/{g['id']}#{g['tokens']['rw']}")
        svg = page.locator("#map svg.map-svg")
        svg.wait_for()
        overlaps = """() => {
            const b = [...document.querySelectorAll('#map .space-name:not(.name-hidden)')]
              .map(t => t.getBoundingClientRect());
            let n = 0;
            for (let i = 0; i < b.length; i++) for (let j = i + 1; j < b.length; j++) {
              const p = b[i], q = b[j];
              if (p.left < q.right - 1 && q.left < p.right - 1 &&
                  p.top < q.bottom - 1 && q.top < p.bottom - 1) n++;
            }
            return [n, b.length];
        }"""
        n, shown = page.evaluate(overlaps)
        assert n == 0, f"{n} overlapping space names at full view"
        assert shown >= 60, f"most names show at full view ({shown} of 92)"
        # the region names (GERMANY (G)...) sit where they cover hardly any space's circle
        # or name (16 such overlaps before a web audit of 5 December 2026, 2 now)
        covered = page.evaluate("""() => {
            const regions = [...document.querySelectorAll('#map .region-name')]
              .map(t => [t.textContent, t.getBoundingClientRect()]);
            const spaces = [...document.querySelectorAll(
              '#map .space-name:not(.name-hidden), #map .space-shape')]
              .map(t => t.getBoundingClientRect());
            const out = [];
            for (const [name, p] of regions) for (const q of spaces) {
              if (p.left < q.right - 1 && q.left < p.right - 1 &&
                  p.top < q.bottom - 1 && q.top < p.bottom - 1) out.push(name);
            }
            return out;
        }""")
        assert len(covered) <= 2, f"region names over spaces: {covered}"
        before = svg.get_attribute("viewBox")
        box = svg.bounding_box()
        assert box is not None
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.evaluate("""([cx, cy]) => {
            const svg = document.querySelector('#map svg');
            const ev = (type, id, x, y) => svg.dispatchEvent(new PointerEvent(type, {
              pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true,
              isPrimary: id === 1, button: 0, buttons: 1 }));
            ev('pointerdown', 1, cx - 40, cy); ev('pointerdown', 2, cx + 40, cy);
            for (let k = 1; k <= 8; k++) { ev('pointermove', 1, cx - 40 - 15 * k, cy);
                                           ev('pointermove', 2, cx + 40 + 15 * k, cy); }
            ev('pointerup', 1, cx - 160, cy); ev('pointerup', 2, cx + 160, cy);
        }""", [cx, cy])
        after = svg.get_attribute("viewBox")
        assert after != before
        w0, w1 = float(before.split()[2]), float(after.split()[2])
        assert w1 < w0 * 0.5, f"spreading two fingers zooms in ({w0} -> {w1})"
        n, _ = page.evaluate(overlaps)
        assert n == 0, f"{n} overlapping space names when zoomed in"
        shot(page, "map-eit2-pinch")
    finally:
        ctx.close()


REGION_MAP = """async (view) => {
    const { renderMap } = await import('/static/js/map.js');
    const look = (v) => {
        const node = renderMap(v, [], new Map(), () => {});
        document.body.replaceChildren(node);
        const out = {};
        for (const g of node.querySelectorAll('.space')) {
            const r = g.dataset.region;
            const letter = g.querySelector('.region-letter');
            out[r] = out[r] || { fill: g.querySelector('.space-shape').getAttribute('fill'),
                                 letter: letter ? letter.textContent : '' };
        }
        out.legend = [...node.querySelectorAll('.map-legend .lg.region')].map((x) => x.textContent);
        return out;
    };
    const given = look(view);
    const moved = JSON.parse(JSON.stringify(view));
    moved.map.regions = moved.map.regions.map((r) => r.name === 'France'
        ? { ...r, colour: '#123456', letter: 'Fr' } : r);
    const changed = look(moved);
    const bare = JSON.parse(JSON.stringify(view));
    delete bare.map.regions;
    return { given, changed, fallback: look(bare) };
}"""


def test_eit2_region_tints_and_letters_come_from_the_content(page: Any, server: Server) -> None:
    """map.yaml's regions (colour, letter, hatch) colour the map: a content pack that changes
    them changes the map; a map whose content gives none gets the palette, with a distinct
    letter per region."""
    need_eit2(server)
    seen = view(start(load_game("eit2"), None, 1), "lw")
    styles = {r["name"]: r for r in seen["map"]["regions"]}
    page.goto("/static/game.html")
    out = page.evaluate(REGION_MAP, seen)
    for name, style in styles.items():
        got = out["given"][name]
        if style["hatched"]:
            assert got["fill"].startswith("url(#hatch-"), got
        else:
            assert got["fill"] == style["colour"] and got["letter"] == style["letter"], got
    assert out["changed"]["France"] == {"fill": "#123456", "letter": "Fr"}
    assert "Fr France" in out["changed"]["legend"]
    assert out["changed"]["Germany"] == out["given"]["Germany"]
    fallback = {k: v for k, v in out["fallback"].items() if k != "legend"}
    letters = [v["letter"] for v in fallback.values()]
    assert len(fallback) == 7 and all(letters) and len(set(letters)) == len(letters), fallback
    assert all(v["fill"].startswith("#") for v in fallback.values())


def test_mid_game_eit2_map_matches_the_view(browser: Any, server: Server) -> None:
    """After random decisions (through the API), the map shows every space's SP, control
    and battleground as the seat's view has them. Screenshot: map-eit2-mid.png."""
    need_eit2(server)
    g = new_game(server, {"lw": "human", "rw": "human"}, 13)
    url = f"/api/games/{g['id']}"
    rng = random.Random(5)
    v = server.api("GET", f"{url}/view", params={"token": g["tokens"]["lw"]})
    for _ in range(70):             # a seat's answer holds its next choices while it acts
        if v["status"] == "over":
            break
        if v["role"] != v["active"]:
            v = server.api("GET", f"{url}/view", params={"token": g["tokens"][v["active"]]})
        v = server.api("POST", f"{url}/actions", json={
            "token": g["tokens"][v["role"]], "action": rng.choice(v["legal"])["key"]})
    who = v["active"] or "lw"
    v = server.api("GET", f"{url}/view", params={"token": g["tokens"][who]})
    assert v["view"]["turn"] >= 1 and any(sp["lw_sp"] or sp["rw_sp"] for sp in v["view"]["spaces"])
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, base_url=server.url)
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"/games/{g['id']}#{g['tokens'][who]}")
        page.locator("#map svg.map-svg").wait_for()
        page.wait_for_function(f"() => document.body.dataset.version === '{v['version']}'")
        ids = [sp["id"] for sp in v["view"]["map"]["spaces"]]
        expected = {sid: (str(st["lw_sp"]), str(st["rw_sp"]))
                    for sid, st in zip(ids, v["view"]["spaces"], strict=True)}
        assert map_counters(page) == expected
        control = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
            '#map .space')].map(g => [g.dataset.id, g.classList.contains('ctl-lw') ? 'lw'
            : g.classList.contains('ctl-rw') ? 'rw' : null]))""")
        assert control == {sid: st["control"]
                           for sid, st in zip(ids, v["view"]["spaces"], strict=True)}
        assert page.locator("#map .bg-ring").count() == sum(
            1 for st in v["view"]["spaces"] if st["battleground"])
        # no "0" SP counter: an Extremist without SP is its badge alone
        assert "0" not in page.eval_on_selector_all("#map .counter .counter-n",
                                                    "els => els.map(e => e.textContent)")
        badges = sum(1 for st in v["view"]["spaces"] for side in ("lw", "rw")
                     if st[f"{side}_extremists"] and not st[f"{side}_sp"])
        assert page.locator("#map .counter.ext-only").count() == badges
        page.locator("#map-panel").scroll_into_view_if_needed()
        page.locator("#map-panel").screenshot(path=str(SHOTS / "map-eit2-mid.png"),
                                              animations="disabled")
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_an_uploaded_record_that_states_another_result_is_said_to_be_doubtful(
        page: Any, server: Server) -> None:
    """The replay viewer of an uploaded record says, once, when the record states another
    result than its replay gives (or another content pack), as `warroom replay` does."""
    g = finished_bot_game(server, seed=8)
    rec = server.api("GET", f"/api/games/{g['id']}/record")
    winner = "b" if rec["result"]["winner"] == "a" else "a"
    up = server.api("POST", "/api/records",
                    json={**rec, "result": {**rec["result"], "winner": winner}})
    page.goto(f"/replay/{up['id']}")
    note = page.locator(".msg.error", has_text="may not be the game it says")
    note.wait_for()
    assert "the record states winner" in note.inner_text()


def test_a_seat_link_replays_a_finished_game_as_any_view(page: Any, server: Server) -> None:
    """A finished game opened by a seat's link shows that seat's view, and Spectator in
    "Seen by" shows the public one (it kept the seat's view); a seat's link pasted over the
    address of an open replay takes effect at once (it needed a reload): an outside
    audit."""
    g = server.api("POST", "/api/games", json={"game": "toy", "seed": 5,
                                               "seats": {"a": "human", "b": "bot:random"}})
    a = g["tokens"]["a"]
    url = f"/api/games/{g['id']}"
    for _ in range(400):
        v = server.api("GET", f"{url}/view", params={"token": a})
        if v["status"] == "over":
            break
        if v["active"] == "a" and v["legal"]:
            server.api("POST", f"{url}/actions", json={"token": a, "action": v["legal"][0]["key"]})
        else:
            time.sleep(0.02)
    assert v["status"] == "over"
    page.goto(f"/games/{g['id']}/replay#{a}")
    page.wait_for_function("() => document.querySelector('#you').innerText.includes('Seen by')")
    assert page.locator("#as-role").input_value() == "a"
    page.select_option("#as-role", "spectator")
    page.wait_for_function("() => document.querySelector('#you').innerText.includes('Spectator')")
    assert page.locator("#as-role").input_value() == "spectator"
    # a spectator's replay, then the seat's link pasted over its address
    page.goto(f"/games/{g['id']}/replay")
    page.wait_for_function("() => document.querySelector('#you').innerText.includes('Spectator')")
    page.evaluate(f"location.hash = {a!r}")
    page.wait_for_function("() => document.querySelector('#you').innerText.includes('Seen by')")


@pytest.mark.parametrize("game", ["eit2", "sfe", "eaw1940", "tk"])
def test_a_replays_map_legend_names_only_marks_it_shows(page: Any, server: Server,
                                                        game: str) -> None:
    """A replay's map legend leaves out a seat's marks, "can be chosen" and "changed since
    your decision": nothing is chosen in a replay, nor marked as changed (a newcomer's read
    of the replay viewer: whose decision?); the rest is the game page's legend, word for
    word, and the game page words its changed mark as the map and the log do ("since your
    last decision")."""
    if game in server.broken:
        pytest.skip(server.broken[game])
    roles = load_game(game).roles
    g = server.api("POST", "/api/games", json={"game": game, "seed": 3,
                                               "seats": {r: "human" for r in roles}})
    token = g["tokens"][roles[0]]
    legend = "#map .map-legend"
    page.goto(f"/games/{g['id']}#{token}")
    page.locator(legend).wait_for()
    on_game = " ".join(page.locator(legend).inner_text().split())
    assert "can be chosen" in on_game and "changed since your last decision" in on_game
    page.goto(f"/games/{g['id']}/replay#{token}")
    step_is(page, 0)
    page.locator(legend).wait_for()
    on_replay = " ".join(page.locator(legend).inner_text().split())
    assert "can be chosen" not in on_replay and "changed since" not in on_replay, on_replay
    assert page.locator(f"{legend} .lg.ring, {legend} .lg.changed").count() == 0
    assert page.locator("#map .space.legal, #map .space.changed").count() == 0
    seat = on_game.replace(" can be chosen", "").replace(" changed since your last decision",
                                                         "")
    assert on_replay == " ".join(seat.replace("◯", "").split()), (on_replay, on_game)


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose games of bots alone move 0.3 s apart (`warroom serve --watch-pace`)."""
    with serving(tmp_path_factory.mktemp("paced") / "web.sqlite3", watch_pace=0.3) as srv:
        yield srv


def test_a_watched_game_shows_every_move_one_after_another(browser: Any, paced: Server) -> None:
    """A spectator following a game of bots sees, and hears read aloud, every step: a look
    every second finds about three new moves here, shown one after another (the page showed
    the last of them only: with the default pace of a move a second, every other step was
    never seen nor announced)."""
    g = paced.api("POST", "/api/games", json={"game": "eaw1940", "seats": {"axis": "bot:random"},
                                             "seed": 3})
    context = browser.new_context(viewport={"width": 1024, "height": 700}, base_url=paced.url)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"/games/{g['id']}/replay")
        page.wait_for_function("() => Number(document.body.dataset.step) > 0")
        page.evaluate("""() => {
            window.seen = [];
            const note = () => {
              const s = Number(document.body.dataset.step);
              const line = document.getElementById('action').textContent;
              if (!window.seen.length || window.seen.at(-1)[0] !== s) window.seen.push([s, line]);
            };
            note();
            new MutationObserver(note).observe(document.body,
              { attributes: true, attributeFilter: ['data-step'] });
          }""")
        page.wait_for_timeout(6000)
        seen = page.evaluate("window.seen")
        live = paced.api("GET", f"/api/games/{g['id']}/replay")
    finally:
        context.close()
    steps = [s for s, _ in seen]
    assert len(steps) >= 6, f"the page followed the game: {steps} (the game at {live['steps']})"
    assert steps == list(range(steps[0], steps[0] + len(steps))), steps
    # each step's own line was on the page (the live region reads it)
    assert all(line.startswith((f"Step {s}:", "Start of ")) for s, line in seen), seen
    assert not errors, errors


def test_a_replays_step_buttons_stay_on_a_phones_screen(browser: Any, server: Server) -> None:
    """On a phone the step buttons stay at the foot of the screen as the map and log
    scroll (they scrolled away with the page), and nothing of the page ends under them."""
    need_eit2(server)
    g = finished_eit2(server)
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server.url,
                                  is_mobile=True, has_touch=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        page.goto(f"/games/{g['id']}/replay?step=5")
        step_is(page, 5)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_timeout(200)
        for button in ("#prev", "#next", "#last"):
            box = page.locator(button).bounding_box()
            assert box is not None, button
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (button, box)
        page.tap("#next")
        step_is(page, 6)
        # the log's last line is above the buttons once the page is scrolled to its end
        bar = page.locator(".stepper").bounding_box()
        last = page.locator("#log li").last.bounding_box()
        assert bar is not None and last is not None
        assert last["y"] + last["height"] <= bar["y"] + 1, (last, bar)
        shot(page, "replay-phone")
    finally:
        context.close()
