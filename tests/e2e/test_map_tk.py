"""Totaler Krieg!'s political situation panel in a real browser (issue 13): every Country,
Partnership Country, Ceded Land marker, Area Table and card of the content has its box, the
event being resolved is a highlighted card with its current step, a highlighted box played by
click (with a menu when several choices name it) or by keyboard plays the matching legal
action, and the replay viewer draws the panel. Screenshots: map-tk.png (the start) and
map-tk-mid.png (after random moves through the API)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from e2e_support import SHOTS, Server, replay_tour

from warroom.core.protocol import role_turn
from warroom.games import load_game

MY_TURN_OR_OVER = """() => document.body !== null && (document.body.dataset.status === 'over' ||
    document.querySelector('#choices .choice .act') !== null)"""
ROLES = ("axis", "western", "soviet")
COMPONENTS = load_game("tk").content_json()["components"]


def start(server: Server, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = server.api("POST", "/api/games", json={
        "game": "tk", "seats": {r: "human" for r in ROLES}, "seed": seed})
    return out


def seat_view(server: Server, g: dict[str, Any], role: str) -> dict[str, Any]:
    out: dict[str, Any] = server.api("GET", f"/api/games/{g['id']}/view",
                                     params={"token": g["tokens"][role]})
    return out


def active(server: Server, g: dict[str, Any]) -> str | None:
    out: str | None = seat_view(server, g, "axis")["active"]
    return out


def play_random(server: Server, g: dict[str, Any], moves: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        who = active(server, g)
        if who is None:
            return
        v = seat_view(server, g, who)
        server.api("POST", f"/api/games/{g['id']}/actions", json={
            "token": g["tokens"][who], "action": rng.choice(v["legal"])["key"],
            "version": v["version"]})


def played(server: Server, g: dict[str, Any]) -> list[str]:
    rec = server.api("GET", f"/api/games/{g['id']}/record", params={"token": g["tokens"]["axis"]})
    out: list[str] = rec["actions"]
    return out


def open_panel(page: Any, g: dict[str, Any], role: str) -> None:
    page.goto(f"/games/{g['id']}#{g['tokens'][role]}")
    page.wait_for_function(MY_TURN_OR_OVER)
    page.locator("#map .tk-panel").wait_for()


@pytest.fixture
def big(browser: Any, server: Server) -> Any:
    if "tk" in server.broken:
        pytest.skip(server.broken["tk"])
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000}, base_url=server.url)
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_the_panel_shows_every_element_of_the_content(big: Any, server: Server) -> None:
    page = big
    g = start(server, seed=8)           # 15.14 Failure: the Axis place a marker in a hex
    who = active(server, g)
    assert who is not None
    open_panel(page, g, who)
    panel = page.locator("#map .tk-panel")
    assert panel.locator(".tk-country").count() == len(COMPONENTS["countries"])
    keys = page.eval_on_selector_all("#map .tk-country", "els => els.map(e => e.dataset.id)")
    cat = {c["name"]: c["key"] for c in seat_view(server, g, who)["view"]["map"]["countries"]}
    assert sorted(keys) == sorted(cat[c["name"]] for c in COMPONENTS["countries"])
    assert panel.locator(".tk-partner").count() == len(COMPONENTS["partnership"])
    assert panel.locator(".tk-land").count() == len(COMPONENTS["ceded_lands"])
    assert panel.locator(".tk-card").count() == len(COMPONENTS["production_cards"])
    assert panel.locator(".tk-table").count() == 6
    assert panel.locator(".tk-faction-head.space").count() == 3
    # each Country stands with its faction (Majors by content, minors by status), with a
    # status letter besides its colour
    v = seat_view(server, g, who)["view"]
    sit = v["situation"]["countries"]
    for c in COMPONENTS["countries"]:
        if sit[c["name"]]["status"] == "major":
            col = panel.locator(f'.tk-col[data-faction="{c["faction"]}"]')
            assert col.locator(f'.tk-country[data-id="{cat[c["name"]]}"]').count() == 1, c["name"]
    assert page.evaluate("""() => [...document.querySelectorAll('#map .tk-country')].every(
        e => e.querySelector('.tk-letter').textContent.length === 1)""")
    # the event card: number, name, receiving faction and the step asked now
    card = panel.locator(".tk-event")
    assert v["event"]["event"] in card.inner_text() and v["event_name"] in card.inner_text()
    assert v["pending"]["prompt"] in card.inner_text()
    # every box has an accessible name and takes the focus
    # (focusable: one Tab stop for the map, its places reached by the arrows)
    assert page.evaluate("""() => [...document.querySelectorAll('#map .space')].every(
        e => e.getAttribute('aria-label') && e.hasAttribute('tabindex'))""")
    assert page.evaluate("""() => [...document.querySelectorAll('#map .space')]
        .filter(e => e.tabIndex === 0).length""") == 1
    legal = panel.locator(".space.legal")
    assert legal.count() >= 1, "the Countries holding a legal hex are highlighted"
    panel.locator('.tk-country[data-id="country:germany"]').hover()
    assert "Germany" in page.locator("#map .map-info").inner_text()
    page.locator("#map-panel").screenshot(path=str(SHOTS / "map-tk.png"), animations="disabled")


def test_clicking_a_box_plays_its_action(big: Any, server: Server) -> None:
    page = big
    # a hex choice: Germany's box holds several hexes, so a menu opens
    g = start(server, seed=8)
    who = active(server, g)
    assert who is not None
    open_panel(page, g, who)
    legal = {a["key"] for a in seat_view(server, g, who)["legal"]}
    germany = page.locator('#map .tk-country[data-id="country:germany"]')
    assert "legal" in (germany.get_attribute("class") or "")
    germany.click()
    menu = page.locator("#map .map-menu")
    menu.wait_for()
    items = page.eval_on_selector_all("#map .map-menu button[data-key]",
                                      "els => els.map(e => e.dataset.key)")
    assert len(items) >= 2 and set(items) <= legal
    before = page.evaluate("document.body.dataset.version")
    menu.locator(f'button[data-key="{items[0]}"]').click()
    page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
    assert played(server, g)[-1] == items[0]
    # an Area Table choice by keyboard: Tab to the table's box and press Enter
    g = start(server, seed=3)           # 15.26 Minor Country Politics: choose an Area Table
    who = active(server, g)
    assert who is not None
    open_panel(page, g, who)
    table = page.locator('#map .tk-table[data-id="table:central"]')
    assert "legal" in (table.get_attribute("class") or "")
    before = page.evaluate("document.body.dataset.version")
    table.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
    assert played(server, g)[-1] == "table:central"


def test_mid_game_panel_and_the_replay_viewer(big: Any, server: Server) -> None:
    page = big
    g = start(server, seed=8)
    play_random(server, g, 1)
    who = active(server, g) or "axis"
    open_panel(page, g, who)
    v = seat_view(server, g, who)["view"]
    panel = page.locator("#map .tk-panel")
    assert panel.locator(".tk-country").count() == len(COMPONENTS["countries"])
    assert v["event_name"] in panel.locator(".tk-event").inner_text()
    page.locator("#map-panel").screenshot(path=str(SHOTS / "map-tk-mid.png"),
                                          animations="disabled")
    play_random(server, g, 100)
    assert active(server, g) is None
    rec = server.api("GET", f"/api/games/{g['id']}/record")
    up = server.api("POST", "/api/records", json=rec)
    page.goto(f"/replay/{up['id']}")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.locator("#map .tk-panel").wait_for()
    assert page.locator("#map .tk-country").count() == len(COMPONENTS["countries"])
    assert page.locator("#map .space.legal").count() == 0
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.body.dataset.step === '{len(rec['actions'])}'")
    page.locator("#map .tk-event.done").wait_for()
    assert "resolved" in page.locator("#map .tk-event").inner_text().lower() or \
        "no result" in page.locator("#map .tk-event").inner_text().lower()
    replay_tour(page, len(rec["actions"]))


def test_why_not_on_the_panel(big: Any, server: Server) -> None:
    """A box no legal action names explains why it cannot be chosen, with the rule, and
    plays nothing; a seat not to act hears only that it is not its turn."""
    page = big
    g = start(server, seed=3)           # 15.26 Minor Country Politics: choose an Area Table
    who = active(server, g)
    assert who is not None
    open_panel(page, g, who)
    box = page.locator('#map .tk-country[data-id="country:belgium"]')
    assert "legal" not in (box.get_attribute("class") or "")
    before = page.evaluate("document.body.dataset.version")
    box.click()
    page.wait_for_function("() => document.querySelector('#map .map-why .rule') !== null")
    why = page.locator("#map .map-why").inner_text()
    assert "cannot be chosen now" in why and "§15.26" in why and "Area Table" in why, why
    assert page.evaluate("document.body.dataset.version") == before, "nothing was played"
    # the panel is taller than the screen: clipped from the whole page (Playwright's own
    # scroll of so tall an element never settled beside the page's scroll-padding-top)
    page.add_style_tag(content=".topbar { position: static; }")   # not drawn over the panel
    panel = page.locator("#map-panel").bounding_box()
    top = page.evaluate("window.scrollY")
    page.screenshot(path=str(SHOTS / "map-tk-why-not.png"), animations="disabled",
                    full_page=True, clip={"x": panel["x"], "y": panel["y"] + top,
                                          "width": panel["width"], "height": panel["height"]})
    other = next(r for r in ROLES if r != who)
    page.goto(f"/games/{g['id']}#{g['tokens'][other]}")
    page.locator("#map .tk-panel").wait_for()
    page.locator('#map .tk-country[data-id="country:belgium"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#map .map-why .reason') !== null")
    why = page.locator("#map .map-why").inner_text()
    assert f"not {role_turn(other)} turn" in why and "Area Table" not in why, why


def test_a_positional_choice_lights_the_country_it_concerns(big: Any, server: Server) -> None:
    """Neutrality Discussions' choices are positional keys, but each concerns a Country: its
    box is highlighted and plays it (the box was dark and called unchoosable)."""
    g = server.api("POST", "/api/games", json={
        "game": "tk", "seats": {r: "human" for r in ROLES}, "seed": 1,
        "options": {"event": "15.28", "faction": "axis"}})
    v = seat_view(server, g, "axis")
    nd = next(a for a in v["legal"] if a["key"] == "opt:neutrality_discussions")
    server.api("POST", f"/api/games/{g['id']}/actions", json={
        "token": g["tokens"]["axis"], "action": nd["key"], "version": v["version"]})
    v = seat_view(server, g, "axis")
    about = {a["about"] for a in v["legal"]}
    assert about and all(x and x.startswith("country:") for x in about)
    open_panel(big, g, "axis")
    lit = set(big.eval_on_selector_all("#map .tk-panel .space.legal",
                                       "els => els.map(e => e.dataset.id)"))
    assert about <= lit, (about, lit)


def test_the_event_card_names_a_ceded_land_by_its_name(big: Any, server: Server) -> None:
    """The event card's objects read "Land: ge_slovenia", the marker's id, where the log
    and the panel's marker box say "Slovenia" (a browser audit)."""
    g = server.api("POST", "/api/games", json={
        "game": "tk", "seats": {r: "human" for r in ROLES}, "seed": 18,
        "options": {"event": "15.17", "faction": "axis", "country": "Yugoslavia"}})
    land = seat_view(server, g, "axis")["view"]["event"].get("land")
    if not land:
        pytest.skip("no Ceded Land marker in this event's object")
    name = next(d["land"] for d in COMPONENTS["ceded_lands"] if d["id"] == land)
    open_panel(big, g, "axis")
    text = big.locator("#map .tk-event-object").inner_text()
    assert f"Land: {name}" in text and land not in text, text


def test_the_legend_names_each_sample_once(big: Any, server: Server) -> None:
    """Each sample of the legend reads differently (the Neutral status letter and the
    Neutrality marker both read "N": an audit), a Country's status letter is one of the
    legend's letters, its Neutrality and Influence markers read as the legend's, and each
    sample stays on one line with its words."""
    page = big
    g = start(server, seed=3)
    who = active(server, g)
    assert who is not None
    open_panel(page, g, who)
    legend = page.locator("#map .tk-legend")
    samples = [t for t in legend.locator(".lg:not(.ring):not(.changed)").all_inner_texts()]
    assert len(samples) == len(set(samples)), samples
    items = legend.locator(".lg-item").all_inner_texts()
    words = {i.split(" ", 1)[0]: i.split(" ", 1)[1].strip() for i in items}
    assert words["N"] == "Neutral" and words["Neu"] == "Neutrality marker", words
    assert words["IA/IW/IS"] == "Influence markers", words
    # and every other marker's letters ("NO" on Vichy was in no legend: a browser audit)
    assert words["NO"] == "No Occupation marker" and words["FP"] == "Free Passage marker"
    assert words["Mob"] == "Mobilizing marker" and words["SR/SN"].startswith("Republican/"), words
    sit = seat_view(server, g, who)["view"]["situation"]["countries"]
    neutral = [n for n, c in sit.items() if "neutrality" in c["markers"]]
    assert neutral, "a Country holds a Neutrality marker at the start"
    box = page.locator("#map .tk-country", has_text=neutral[0]).first
    assert box.locator(".tk-mk.mk-neutrality").inner_text() == "Neu"
    letters = set(page.eval_on_selector_all(
        "#map .tk-country .tk-letter", "els => els.map(e => e.textContent)"))
    assert letters <= set(words), letters
    marks = set(page.eval_on_selector_all(
        "#map .tk-country .tk-mk[class*='mk-influence'], #map .tk-country .mk-neutrality",
        "els => els.map(e => e.textContent)"))
    assert marks and marks <= {"IA", "IW", "IS", "Neu"}, marks
    assert page.evaluate("""() => [...document.querySelectorAll('#map .tk-legend .lg-item')]
        .every(e => new Set([...e.getClientRects()].map(r => Math.round(r.top))).size === 1)""")


def test_the_boxes_stay_still_under_the_pointer(browser: Any, server: Server) -> None:
    """A browser audit at 1366x768: the line above the boxes held a two-line hint, and the
    pointer entering a box put its one line of details there, moving every box up 16 px, so
    the first click on a box fell in the gap below it. The line keeps its height."""
    if "tk" in server.broken:
        pytest.skip(server.broken["tk"])
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.url)
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    try:
        g = start(server, seed=8990951991537403057)
        who = active(server, g)
        assert who is not None
        open_panel(page, g, who)
        box = page.locator("#map .tk-country.legal").first
        box.scroll_into_view_if_needed()
        before = box.bounding_box()
        assert before is not None
        page.mouse.move(before["x"] + before["width"] / 2, before["y"] + before["height"] / 2)
        page.wait_for_timeout(100)
        after = box.bounding_box()
        assert after is not None and abs(after["y"] - before["y"]) < 1, (before, after)
        version = page.evaluate("document.body.dataset.version")
        page.mouse.click(before["x"] + before["width"] / 2, before["y"] + before["height"] / 2)
        page.wait_for_function(f"() => document.body.dataset.version !== '{version}' || "
                               "document.querySelector('#map .map-menu') !== null")
    finally:
        ctx.close()


def test_the_count_of_choices_a_box_holds_leaves_out_units_in_no_country(
        big: Any, server: Server) -> None:
    """15.39 (1940), Western: "Eliminate a friendly ground step" offers four units; one
    stands in Greece's box, three in Alexandria, in no Country's box. The event card and the
    map's question say that the boxes hold one of the four and the list has them all (they
    said the highlighted boxes held all four, and "click the highlighted box": a browser
    audit)."""
    g = server.api("POST", "/api/games", json={
        "game": "tk", "seats": {r: "human" for r in ROLES}, "seed": 1, "scenario": "1940",
        "options": {"event": "15.39", "faction": "western"}})
    v = seat_view(server, g, "western")
    server.api("POST", f"/api/games/{g['id']}/actions", json={
        "token": g["tokens"]["western"], "action": "opt:eliminate_step", "version": v["version"]})
    v = seat_view(server, g, "western")
    assert len(v["legal"]) == 4
    open_panel(big, g, "western")
    lit = big.locator("#map .tk-panel .space.legal")
    assert lit.count() == 1
    card = big.locator("#map .tk-step").inner_text()
    assert "4 choices; the highlighted boxes below hold 1 of them, the list of choices all 4" \
        in card, card
    question = big.locator("#map-prompt").inner_text()
    assert "or choose from the list of choices (3 other choices)" in question, question


def test_the_result_gives_the_instructions_and_counts_in_words(big: Any, server: Server) -> None:
    """At the end the result box lists the instructions for the physical map, each with its
    rule, and says what the event did in words (it said "Changes 1, Instructions 1, Dice 0,
    Steps lost 0", the instructions only in a collapsed list: a browser audit)."""
    g = server.api("POST", "/api/games", json={
        "game": "tk", "seats": {r: "human" for r in ROLES}, "seed": 1, "scenario": "1940",
        "options": {"event": "15.28", "faction": "axis"}})
    v = seat_view(server, g, "axis")
    server.api("POST", f"/api/games/{g['id']}/actions", json={
        "token": g["tokens"]["axis"], "action": "opt:vichy_fleet_activated",
        "version": v["version"]})
    v = seat_view(server, g, "axis")
    assert v["status"] == "over" and v["view"]["instructions"]
    big.goto(f"/games/{g['id']}#{g['tokens']['axis']}")
    big.wait_for_function("() => document.body.dataset.status === 'over'")
    result = big.locator("#result")
    items = result.locator(".result-instructions li")
    assert items.count() == len(v["view"]["instructions"])
    first = " ".join(items.first.inner_text().split())
    assert "place the French Surface Fleet unit in the Delay Box" in first, first
    assert items.first.locator(".rule").count() == 1
    words = " ".join(result.locator(".result-score").inner_text().split())
    assert words.startswith("What the event did: 1 change to the political situation, "
                            "1 instruction for the physical map"), words


def test_on_a_phone_the_choices_come_before_the_panel(browser: Any, server: Server) -> None:
    """tk's panel of boxes is a column thousands of pixels long on a phone: the list of
    choices comes before it there (it came after, 4,200 px down: a browser audit)."""
    g = server.api("POST", "/api/games", json={
        "game": "tk", "seats": {r: "human" for r in ROLES}, "seed": 1,
        "options": {"event": "15.28", "faction": "axis"}})
    v = seat_view(server, g, "axis")
    server.api("POST", f"/api/games/{g['id']}/actions", json={
        "token": g["tokens"]["axis"], "action": "opt:neutrality_discussions",
        "version": v["version"]})          # its choices: Countries, each a box of the panel
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server.url)
    page = ctx.new_page()
    try:
        page.goto(f"/games/{g['id']}#{g['tokens']['axis']}")
        page.wait_for_function(MY_TURN_OR_OVER)
        page.locator("#map .tk-panel .space.legal").first.wait_for()
        assert page.evaluate("""() => Boolean(document.getElementById('play')
            .compareDocumentPosition(document.getElementById('map-panel'))
            & Node.DOCUMENT_POSITION_FOLLOWING)""")
        box = page.locator("#choices .choice").first.bounding_box()
        assert box is not None and box["y"] < 1600, box
    finally:
        ctx.close()
