"""Keyboard and screen-reader use of the pages (WCAG 2.2 AA), as an accessibility audit of
5 December 2026 tried them: what the other side did, a new question and the result are read
aloud (a live region), focus never falls to the page when the focused control goes away or
disables itself, the lobby's list keeps the focused link when it is drawn anew."""

from __future__ import annotations

import re
import time
from typing import Any

from e2e_support import Server
from test_pages import (
    MY_TURN_OR_OVER,
    finished_bot_game,
    new_game,
    version,
    wait_version_change,
)

ANNOUNCE = "() => document.getElementById('announce').textContent"


def test_moves_questions_and_the_result_are_read_aloud_and_focus_stays(
        page: Any, server: Server) -> None:
    g = new_game(server, "toy", {"a": "human", "b": "bot:random"}, seed=3)
    page.goto(f"/games/{g['id']}#{g['tokens']['a']}")
    page.wait_for_function(MY_TURN_OR_OVER)
    heard: list[str] = []
    for _ in range(20):
        if page.evaluate("document.body.dataset.status") == "over":
            break
        before = version(page)
        page.locator("#choices .choice .act").first.focus()
        page.keyboard.press("Enter")                 # by keyboard: focus was on the choice
        wait_version_change(page, before)
        page.wait_for_function(f"""() => document.body.dataset.status === 'over' ||
            (Number(document.body.dataset.version) >= {before + 2} &&
             document.querySelector('#choices .choice .act') !== null)""")
        said = page.evaluate(ANNOUNCE)
        heard.append(said)
        # focus is on a choice or the decision panel, never on the page itself
        assert page.evaluate("document.activeElement !== document.body"), said
        assert page.evaluate("document.getElementById('main').contains("
                             "document.activeElement)"), said
    assert page.evaluate("document.body.dataset.status") == "over"
    assert "Game over." in heard[-1], heard
    # the bot's move is in what was said before this seat's next question
    mid = [h for h in heard[:-1] if "Your turn:" in h]
    assert mid and all(h.index("Your turn:") > 0 for h in mid), heard
    assert page.evaluate("document.activeElement.id") == "play"


def test_the_lobby_list_keeps_the_focused_link_when_drawn_anew(page: Any,
                                                               server: Server) -> None:
    new_game(server, "toy", {"a": "bot:random", "b": "bot:random"}, seed=4)
    page.goto("/")
    link = page.locator("#games tbody a").first
    link.wait_for()
    row = link.evaluate("a => a.closest('tr').dataset.id")
    text = link.inner_text()
    link.focus()
    page.evaluate("""() => { window.redrawn = 0; new MutationObserver(() => window.redrawn++)
        .observe(document.querySelector('#games tbody'), { childList: true }); }""")
    page.evaluate("document.getElementById('refresh-games').click()")   # focus stays put
    page.wait_for_function("() => window.redrawn > 0")
    assert page.evaluate("document.activeElement.tagName") == "A"
    assert page.evaluate("document.activeElement.closest('tr').dataset.id") == row
    assert page.evaluate("document.activeElement.textContent") == text


def test_the_lobby_lists_buttons_are_named_with_their_game(page: Any,
                                                           server: Server) -> None:
    """A screen reader heard nine "Replay" and nine "Record" for nine games (an
    accessibility audit): each is named with its game."""
    ids = {finished_bot_game(server, seed)["id"] for seed in (41, 42)}
    page.goto("/")
    page.locator("#games tbody a.replay").first.wait_for()
    names = page.evaluate("""() => [...document.querySelectorAll(
        '#games tbody a, #games tbody button')]
        .map(el => el.getAttribute('aria-label') || el.textContent)""")
    assert len(names) == len(set(names)), names
    for gid in ids:
        assert f"Replay: toy std, game {gid}" in names
        assert f"Record: toy std, game {gid}" in names


def test_replay_end_keeps_focus_and_says_the_step_and_result(page: Any, server: Server) -> None:
    g = finished_bot_game(server, seed=5)
    page.goto(f"/games/{g['id']}/replay")
    page.wait_for_function("() => document.body.dataset.steps !== undefined")
    page.locator("#last").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.dataset.step === document.body.dataset.steps")
    assert page.evaluate("document.activeElement.id") == "slider"
    steps = page.evaluate("document.body.dataset.steps")
    assert page.locator("#slider").get_attribute("aria-valuetext") == f"step {steps} of {steps}"
    assert page.locator("#action").get_attribute("aria-live") == "polite"
    # one region speaks a step: the turn line is not live too (two regions cut each other
    # off), and the action's raw key is not spelt out (a recheck)
    assert page.locator("#turn").get_attribute("aria-live") is None
    assert page.locator("#action .action-key").get_attribute("aria-hidden") in (None, "true")
    assert "Result:" in page.locator("#action").text_content()


def test_escape_puts_away_a_cards_popover(page: Any, server: Server) -> None:
    """A card choice shows its card on keyboard focus, above the choice (below, it hid the
    next choices and the toolbar); Escape puts it away until focus leaves the choice (WCAG
    1.4.13)."""
    g = new_game(server, "sfe", {"axis": "human", "allies": "bot:random"}, seed=3)
    v = server.api("GET", f"/api/games/{g['id']}/view", params={"token": g["tokens"]["axis"]})
    server.api("POST", f"/api/games/{g['id']}/actions", json={
        "token": g["tokens"]["axis"], "action": "op:build", "version": v["version"]})
    page.goto(f"/games/{g['id']}#{g['tokens']['axis']}")
    page.locator("#choices .choice.has-card .act").first.wait_for()
    first = page.locator("#choices .choice.has-card").first
    first.locator(".act").focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")                  # focused by keyboard: the card shows
    pop = first.locator(".card-pop")
    assert pop.is_visible()
    # above the choice, so the choices still to come and the Undo button stay in sight (it
    # hid them below: a new player's audit)
    p, c = pop.bounding_box(), first.bounding_box()
    assert p is not None and c is not None and p["y"] + p["height"] <= c["y"] + 1, (p, c)
    page.keyboard.press("Escape")
    assert not pop.is_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")            # back on it: shown again
    assert pop.is_visible()


def test_tab_goes_from_a_card_choice_to_the_next_choice(page: Any, server: Server) -> None:
    """A card choice's popover is no Tab stop: from its "why?" Tab reaches the next
    choice's button (an outside audit found focus fall to the page after every card
    choice, a Tab stop with nothing to see or press)."""
    g = new_game(server, "eit2", {"lw": "human", "rw": "bot:random"}, seed=3)
    for _ in range(200):        # through the set-up to LW's first Action Round
        v = server.api("GET", f"/api/games/{g['id']}/view",
                       params={"token": g["tokens"]["lw"]})
        if any(a["key"].startswith("event:") for a in v["legal"]):
            break
        if v["legal"]:
            server.api("POST", f"/api/games/{g['id']}/actions", json={
                "token": g["tokens"]["lw"], "action": v["legal"][0]["key"],
                "version": v["version"]})
        else:
            time.sleep(0.05)    # the bot's turn
    page.goto(f"/games/{g['id']}#{g['tokens']['lw']}")
    rows = page.locator("#choices .choice.has-card")
    rows.first.locator(".act").wait_for()
    assert rows.count() >= 2
    rows.nth(0).locator(".why").focus()
    page.keyboard.press("Tab")
    key = page.evaluate("document.activeElement.closest('.choice')?.dataset.key ?? "
                        "document.activeElement.tagName")
    assert key == rows.nth(1).get_attribute("data-key"), key
    assert page.evaluate("document.activeElement.classList.contains('act')")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.classList.contains('why')")
    assert page.locator("#choices .card-pop [tabindex]").count() == 0


def test_tk_faction_headings_stay_headings(page: Any, server: Server) -> None:
    """The three faction heads of tk's panel are headings in the page's outline, their
    boxes (buttons when they can be chosen) inside them (WCAG 1.3.1: the button role took
    the headings away)."""
    g = server.api("POST", "/api/games", json={
        "game": "tk", "seats": {r: "human" for r in ("axis", "western", "soviet")},
        "seed": 3})
    v = server.api("GET", f"/api/games/{g['id']}/view", params={"token": g["tokens"]["axis"]})
    who = v["active"]
    page.goto(f"/games/{g['id']}#{g['tokens'][who]}")
    page.locator("#map .tk-panel").wait_for()
    names = [page.get_by_role("heading", name=f"{f} faction", exact=False).count()
             for f in ("Axis", "Western", "Soviet")]
    assert names == [1, 1, 1], names
    assert page.locator("#map h3 > .tk-faction-head.space").count() == 3


def test_the_hot_seat_cover_keeps_focus_off_the_page_behind(page: Any,
                                                             server: Server) -> None:
    """The hot-seat cover is a modal dialog: Tab never reaches the bar, the skip link or the
    messages behind it (it went there: WCAG 2.4.3); once it is gone they take focus again."""
    g = new_game(server, "toy", {"a": "human", "b": "human"}, seed=6)
    tokens = ",".join(g["tokens"][r] for r in ("a", "b"))
    page.goto(f"/games/{g['id']}#hotseat={tokens}")
    page.locator("#handoff").wait_for(state="visible")
    page.locator("#handoff-go").focus()
    outside = """() => ['topbar', 'skip', 'messages'].some((id) =>
        document.getElementById(id).contains(document.activeElement))"""
    for _ in range(4):
        page.keyboard.press("Tab")
        assert not page.evaluate(outside)
    page.click("#handoff-go")
    page.locator("#choices .act").first.wait_for()
    page.locator("#skip").focus()
    assert page.evaluate("document.activeElement.id") == "skip"


def _seat_page(browser: Any, server: Server, g: dict[str, Any], role: str,
               size: tuple[int, int]) -> tuple[Any, Any]:
    """A window of ``size`` on ``role``'s seat of game ``g``, once its decision is shown."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]},
                              base_url=server.url)
    page = ctx.new_page()
    page.goto(f"/games/{g['id']}#{g['tokens'][role]}")
    page.wait_for_function(MY_TURN_OR_OVER)
    return ctx, page


def test_keyboard_focus_never_lands_out_of_sight(browser: Any, server: Server) -> None:
    """Choices played by the keyboard: after each, the focused control is in the window (an
    audit found focus on a choice 400 px below it, under a map the page had scrolled to,
    where Enter played what the player could not see)."""
    g = new_game(server, "eit2", {"lw": "human", "rw": "bot:random"}, seed=3)
    ctx, page = _seat_page(browser, server, g, "lw", (1280, 800))
    try:
        page.locator("#choices .choice .act").first.focus()
        out_of_sight = []
        for _ in range(30):
            if page.evaluate("document.body.dataset.status") == "over":
                break
            before = version(page)
            if not page.evaluate("""() => { const e = document.activeElement;
                    return e.matches('button.act, .space.legal'); }"""):
                page.locator("#choices .choice .act").first.focus()   # the bot had played
            page.keyboard.press("Enter")
            wait_version_change(page, before)
            page.wait_for_function(MY_TURN_OR_OVER)
            page.wait_for_timeout(150)
            where = page.evaluate("""() => { const e = document.activeElement;
                const r = e.getBoundingClientRect();
                return [e.tagName, e.textContent.slice(0, 40), r.top, r.bottom,
                        window.innerHeight]; }""")
            if not (where[3] > 0 and where[2] < where[4]):
                out_of_sight.append(where)
        assert not out_of_sight, out_of_sight
    finally:
        ctx.close()


def test_an_update_does_not_scroll_back_and_an_old_rule_tip_goes(browser: Any,
                                                                 server: Server) -> None:
    """The other side's move never scrolls a player back to the focused control while they
    read elsewhere (a review: every update did, once focus was kept in sight); a rule's
    words opened by the prompt's badge go when the prompt changes (they stayed, orphaned,
    with the old rule's words)."""
    g = new_game(server, "eit2", {"lw": "human", "rw": "human"}, seed=3)
    ctx, page = _seat_page(browser, server, g, "lw", (390, 700))
    try:
        page.locator("#prompt-rule button.rule").click()
        assert page.locator(".rule-tip").count() == 1
        page.locator("#choices .choice .act").first.focus()
        for _ in range(3):                      # LW's three placements, by keyboard alone
            before = version(page)
            page.keyboard.press("Enter")        # on what the page focused after each
            wait_version_change(page, before)
            page.wait_for_timeout(150)
        # the turn passed to RW: the pressed choice went, and the focus that fell back to
        # the decision panel is in sight (it was 3,000 px above the window: a review)
        page.wait_for_timeout(200)
        assert page.evaluate("""() => { const r = document.activeElement
            .getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }""")
        page.wait_for_function("() => document.querySelectorAll('.rule-tip').length === 0")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        at = page.evaluate("window.scrollY")
        assert at > 1000
        # where the log stands in the window (the page may grow above it: the decision's
        # "Since your last decision"; the browser keeps what is read where it was)
        log_top = "document.getElementById('log-panel').getBoundingClientRect().top"
        seen = page.evaluate(log_top)
        v = server.api("GET", f"/api/games/{g['id']}/view", params={"token": g["tokens"]["rw"]})
        assert v["legal"], "RW is to place"
        before = version(page)
        server.api("POST", f"/api/games/{g['id']}/actions", json={
            "token": g["tokens"]["rw"], "action": v["legal"][0]["key"], "version": v["version"]})
        wait_version_change(page, before)
        page.wait_for_timeout(300)
        assert page.evaluate("window.scrollY") >= at
        assert abs(page.evaluate(log_top) - seen) <= 10   # not 3,000 px back
    finally:
        ctx.close()


def test_a_choice_on_the_map_hands_the_focus_to_the_next_question(browser: Any,
                                                                  server: Server) -> None:
    """sfe by keyboard: a build placed on the map (Berlin), then the next operation is
    chosen in the list. The focus stayed on Berlin, no longer to be chosen, 50 Tab stops
    from that question (an accessibility audit); it goes to the question's first choice.
    What is read aloud ends with that question, whole (it was cut at 600 characters)."""
    g = new_game(server, "sfe", {"axis": "human", "allies": "bot:random"}, seed=7)
    ctx, page = _seat_page(browser, server, g, "axis", (1280, 800))
    try:
        for key in ("op:build", None):
            before = version(page)
            sel = f'#choices .act[data-key="{key}"]' if key else "#choices .choice .act"
            page.locator(sel).first.focus()
            page.keyboard.press("Enter")
            wait_version_change(page, before)
            page.wait_for_function(MY_TURN_OR_OVER)
        space = page.locator("#map .space.legal[tabindex]").first
        space.focus()
        before = version(page)
        page.keyboard.press("Enter")
        wait_version_change(page, before)
        page.wait_for_function(MY_TURN_OR_OVER)
        page.wait_for_timeout(200)
        focus = page.evaluate("""() => { const e = document.activeElement;
            return { act: e.matches('#choices button.act'), space: e.matches('#map .space'),
                     legal: Boolean(e.closest('.legal')), text: e.textContent.slice(0, 60) }; }""")
        assert focus["act"] or (focus["space"] and focus["legal"]), focus
        said = page.evaluate(ANNOUNCE)
        question = page.evaluate("document.getElementById('prompt-text').textContent")
        assert said.endswith(f"Your turn: {question}") or question in said, (said, question)
    finally:
        ctx.close()


def test_the_finished_games_panel_is_named_and_a_card_choice_describes_its_card(
        page: Any, server: Server) -> None:
    """The decision panel had no name once the game was over (its heading emptied); a
    choice that plays a card had its text shown to the eye only (a tooltip no screen reader
    was told of)."""
    g = new_game(server, "eit2", {"lw": "human", "rw": "bot:random"}, seed=11)
    page.goto(f"/games/{g['id']}#{g['tokens']['lw']}")
    page.wait_for_function(MY_TURN_OR_OVER)
    for _ in range(40):     # the set-up's placements, then an Action Round's card plays
        if page.locator("#choices .choice.has-card .act").count():
            break
        before = version(page)
        page.locator("#choices .choice .act").first.click()
        wait_version_change(page, before)
        page.wait_for_function(MY_TURN_OR_OVER)
    card_choice = page.locator("#choices .choice.has-card .act").first
    pop = card_choice.get_attribute("aria-describedby")
    assert pop and page.locator(f"#{pop}").count() == 1
    assert len(page.evaluate(f"document.getElementById('{pop}').textContent")) > 20
    page.on("dialog", lambda d: d.accept())
    page.locator("#resign").click()
    page.wait_for_function("() => document.body.dataset.status === 'over'")
    assert page.evaluate("document.getElementById('play').getAttribute('aria-label')") \
        == "Game over"


def test_a_place_read_on_the_map_keeps_the_focus_while_the_other_side_moves(
        browser: Any, server: Server) -> None:
    """The focus moves to the next question only after this seat's own choice: a player
    reading a place of the map while the other side plays keeps it there (a review found
    the first version of that move pulling it off at every update)."""
    g = new_game(server, "sfe", {"axis": "human", "allies": "human"}, seed=7)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=server.url)
    page = ctx.new_page()
    try:
        page.goto(f"/games/{g['id']}#{g['tokens']['allies']}")   # the Axis play first
        page.wait_for_function("() => document.body && document.body.dataset.version")
        page.locator("#map .space[data-id]").nth(5).focus()
        place = page.evaluate("document.activeElement.dataset.id")
        url = f"/api/games/{g['id']}"
        for _ in range(3):
            v = server.api("GET", f"{url}/view", params={"token": g["tokens"]["axis"]})
            if not v["legal"]:
                break
            before = version(page)
            server.api("POST", f"{url}/actions", json={
                "token": g["tokens"]["axis"], "version": v["version"],
                "action": v["legal"][0]["key"]})
            wait_version_change(page, before)
            page.wait_for_timeout(300)
            assert page.evaluate("document.activeElement.dataset.id") == place
    finally:
        ctx.close()


def test_a_map_is_one_tab_stop_and_its_places_are_crossed_by_the_arrows(
        browser: Any, server: Server) -> None:
    """eit2's set-up by keyboard: every place of the map was a Tab stop, so the decision
    under the map came after all of them (Undo was 237 Tab stops from the page's start: an
    accessibility audit). The map is one Tab stop (a highlighted place); the arrow keys move
    to the nearest place that way, Home and End to the first and last; a place focused stays
    the stop when the page is drawn anew."""
    g = new_game(server, "eit2", {"lw": "human", "rw": "human"}, seed=3)
    url = f"/api/games/{g['id']}"
    me, other = "rw", "lw"
    if not server.api("GET", f"{url}/view", params={"token": g["tokens"][me]})["legal"]:
        me, other = other, me
    ctx, page = _seat_page(browser, server, g, me, (1280, 800))
    try:
        page.locator("#map .space.legal").first.wait_for()
        stops = page.evaluate("""() => [...document.querySelectorAll('#map .space')]
            .filter(e => e.getAttribute('tabindex') === '0').map(e => e.dataset.id)""")
        assert len(stops) == 1, stops
        assert page.locator("#map .space").count() > 50
        assert "legal" in (page.locator(f'#map .space[data-id="{stops[0]}"]')
                           .get_attribute("class") or "")
        assert "arrow keys" in (page.locator("#map svg").get_attribute("aria-description")
                                or "")
        page.locator(f'#map .space[data-id="{stops[0]}"]').focus()
        centre = """() => { const r = document.activeElement.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2,
                    document.activeElement.dataset.id]; }"""
        x0, y0, _ = page.evaluate(centre)
        page.keyboard.press("ArrowRight")
        x1, y1, right = page.evaluate(centre)
        assert right != stops[0] and x1 > x0 and abs(y1 - y0) <= x1 - x0
        page.keyboard.press("ArrowDown")
        x2, y2, down = page.evaluate(centre)
        assert down != right and y2 > y1 and abs(x2 - x1) <= y2 - y1
        # the place last focused is the one Tab stop now
        assert page.evaluate("""() => [...document.querySelectorAll('#map .space')]
            .filter(e => e.getAttribute('tabindex') === '0').map(e => e.dataset.id)""") == [down]
        page.keyboard.press("End")
        last = page.evaluate("document.activeElement.dataset.id")
        assert last == page.evaluate(
            "[...document.querySelectorAll('#map .space')].at(-1).dataset.id")
        page.keyboard.press("Home")
        assert page.evaluate("document.activeElement.dataset.id") == page.evaluate(
            "document.querySelector('#map .space').dataset.id")
        # from the map, the next Tab stops are the decision's, not the map's other places
        page.locator(f'#map .space[data-id="{stops[0]}"]').focus()
        walked = []
        for _ in range(4):
            page.keyboard.press("Tab")
            walked.append(page.evaluate("""() => { const e = document.activeElement;
                return e.closest('#map .space') ? 'a place' : e.closest('#play') ?
                    `#play ${e.className}` : `${e.tagName}#${e.id}`; }"""))
        assert "a place" not in walked and "#play act" in walked, walked
        # the other seat plays: the page is drawn anew and the focused place stays the stop
        page.locator(f'#map .space[data-id="{down}"]').focus()
        v = server.api("GET", f"{url}/view", params={"token": g["tokens"][me]})
        if v["legal"]:
            before = version(page)
            server.api("POST", f"{url}/actions", json={
                "token": g["tokens"][me], "version": v["version"],
                "action": v["legal"][0]["key"]})
            wait_version_change(page, before)
            page.wait_for_timeout(300)
            assert page.evaluate("document.activeElement.dataset.id") == down
            assert page.evaluate("""() => [...document.querySelectorAll('#map .space')]
                .filter(e => e.getAttribute('tabindex') === '0').length""") == 1
    finally:
        ctx.close()


def test_every_map_is_one_tab_stop_and_the_arrows_pan_a_zoomed_map(
        browser: Any, server: Server) -> None:
    """The other boards as eit2's: sfe's, eaw1940's and tk's places are one Tab stop, the
    arrows move between them; on sfe's map zoomed in, a place the arrows reach outside the
    view is brought into it (focus on a place out of sight: WCAG 2.4.11)."""
    seats = {"sfe": {"axis": "human", "allies": "human"},
             "eaw1940": {"axis": "human"},
             "tk": {"axis": "human", "western": "human", "soviet": "human"}}
    for gid, roles in seats.items():
        g = new_game(server, gid, roles, seed=5)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=server.url)
        page = ctx.new_page()
        try:
            page.goto(f"/games/{g['id']}#{g['tokens'][next(iter(roles))]}")
            page.locator("#map .space").first.wait_for()
            stops = page.evaluate("""() => [...document.querySelectorAll('#map .space')]
                .filter(e => e.getAttribute('tabindex') === '0').length""")
            assert stops == 1, (gid, stops)
            page.locator('#map .space[tabindex="0"]').focus()
            first = page.evaluate("document.activeElement.dataset.id")
            moved = set()
            for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
                page.keyboard.press(key)
                moved.add(page.evaluate("document.activeElement.dataset.id"))
                assert page.evaluate("document.activeElement.closest('#map .space') !== null")
            assert moved - {first}, gid
            if gid != "sfe":
                continue
            for _ in range(6):
                page.keyboard.press("+")
            inside = """() => { const e = document.activeElement.getBoundingClientRect();
                const s = document.querySelector('#map svg').getBoundingClientRect();
                const x = e.left + e.width / 2, y = e.top + e.height / 2;
                return x >= s.left && x <= s.right && y >= s.top && y <= s.bottom; }"""
            seen = set()
            for key in ["ArrowRight"] * 6 + ["ArrowDown"] * 6:
                page.keyboard.press(key)
                seen.add(page.evaluate("document.activeElement.dataset.id"))
                at = page.evaluate("document.activeElement.dataset.id")
                assert page.evaluate(inside), (key, at)
            assert len(seen) > 3, seen
        finally:
            ctx.close()


def test_a_log_line_is_named_by_its_text_not_by_its_facts(page: Any, server: Server) -> None:
    """A log line's facts (card, space, die) were its title, which became its accessible
    name: a screen reader read "Card: 9" for a line (an accessibility audit). The tooltip
    is the line's text's; no line is named by its facts."""
    g = new_game(server, "eit2", {"lw": "human", "rw": "human"}, seed=2)
    url = f"/api/games/{g['id']}"
    for _ in range(6):                       # set-up placements: lines with their facts
        for token in g["tokens"].values():
            v = server.api("GET", f"{url}/view", params={"token": token})
            if v["legal"]:
                server.api("POST", f"{url}/actions", json={
                    "token": token, "version": v["version"], "action": v["legal"][0]["key"]})
                break
    page.goto(f"/games/{g['id']}#{g['tokens']['lw']}")
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 3")
    assert page.locator("#log li[title]").count() == 0
    assert page.locator("#log .log-text[title]").count() > 0
    named = page.locator("#log").get_by_role("listitem", name=re.compile(r"^[A-Z][a-z ]+: "))
    assert named.count() == 0
