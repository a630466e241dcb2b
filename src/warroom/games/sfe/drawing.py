"""The board as a front end draws it: the static geometry of the browser map (the view's
``map`` key), checked when the content pack loads.

The rulebook prints no map (2): ``content/map.yaml`` places every location's box at
``x``/``y`` on a ``canvas`` (reconstructed: a schematic of 1939 Europe), and a line may
bend at ``via`` points. A pack without positions gets an automatic layout from its lines;
a pack with bad positions (some locations placed and others not, a box off the canvas,
two boxes on top of each other) is a :class:`~warroom.core.errors.ContentError` naming the
file, the entry and the field. Nothing here is a rule: the rules read the lines and halves
of :class:`~warroom.games.sfe.components.Components`, never a position.
"""

from __future__ import annotations

import math
from typing import Any

from warroom.core.content import check
from warroom.games.sfe.components import (
    COLOR_NAMES,
    OWNER_NAMES,
    SIDE_NAMES,
    CanvasModel,
    Components,
)

MAP_KIND = "sfe"
"""The renderer a front end picks for this map (``view.map.kind``)."""
GAP = 8
"""The least room between two boxes, in map units."""


def half_sides(halves: tuple[str, str]) -> tuple[str, str]:
    """Where each half of a box is drawn (2.1: a location is divided in half by a line):
    north/south halves one above the other, any other pair side by side (west left, or
    the first half left)."""
    a, b = halves
    if {a, b} == {"north", "south"}:
        return ("top", "bottom") if a == "north" else ("bottom", "top")
    if {a, b} == {"west", "east"}:
        return ("left", "right") if a == "west" else ("right", "left")
    return "left", "right"


def positions(c: Components, file: str) -> tuple[tuple[tuple[int, int], ...], bool]:
    """Every location's centre on the canvas, and whether it was laid out automatically
    (no location of the pack has a position)."""
    m = c.map
    cv = m.canvas
    placed = [loc.x is not None and loc.y is not None for loc in m.locations]
    for i, loc in enumerate(m.locations):
        entry = f"locations[{i}] ({loc.name})"
        check((loc.x is None) == (loc.y is None),
              "give both x and y (the centre of the location's box on the map), or neither",
              file=file, entry=entry, field="x" if loc.x is None else "y")
    if not any(placed):
        return auto_layout(c), True
    missing = [loc.name for loc, ok in zip(m.locations, placed, strict=True) if not ok]
    check(not missing, "some locations have x/y and others not: give every location its x "
          f"and y, or none for an automatic layout (missing: {', '.join(missing[:6])}"
          f"{', ...' if len(missing) > 6 else ''})", file=file, entry="locations")
    xy: list[tuple[int, int]] = []
    hw, hh = cv.box_width / 2, cv.box_height / 2
    for i, loc in enumerate(m.locations):
        assert loc.x is not None and loc.y is not None
        entry = f"locations[{i}] ({loc.name})"
        check(hw <= loc.x <= cv.width - hw, f"x {loc.x} puts the box off the canvas: x must be "
              f"between {math.ceil(hw)} and {math.floor(cv.width - hw)} (canvas width "
              f"{cv.width}, box width {cv.box_width})", file=file, entry=entry, field="x")
        check(hh <= loc.y <= cv.height - hh, f"y {loc.y} puts the box off the canvas: y must "
              f"be between {math.ceil(hh)} and {math.floor(cv.height - hh)} (canvas height "
              f"{cv.height}, box height {cv.box_height})", file=file, entry=entry, field="y")
        xy.append((loc.x, loc.y))
    for i in range(len(xy)):
        for j in range(i):
            (x1, y1), (x2, y2) = xy[i], xy[j]
            apart = (abs(x1 - x2) >= cv.box_width + GAP or abs(y1 - y2) >= cv.box_height + GAP)
            check(apart, f"the box of {m.locations[i].name} at ({x1}, {y1}) overlaps the box "
                  f"of {m.locations[j].name} at ({x2}, {y2}): centres must be at least "
                  f"{cv.box_width + GAP} apart across or {cv.box_height + GAP} apart down",
                  file=file,
                  entry=f"locations[{i}] ({m.locations[i].name})", field="x")
    for li, ln in enumerate(m.lines):
        for k, (x, y) in enumerate(ln.via):
            check(x <= cv.width and y <= cv.height, f"bend ({x}, {y}) is off the canvas "
                  f"({cv.width} x {cv.height})", file=file, entry=f"lines[{li}] ({ln.a}-{ln.b})",
                  field=f"via[{k}]")
    for k, lab in enumerate(m.labels):
        check(lab.x <= cv.width and lab.y <= cv.height, f"({lab.x}, {lab.y}) is off the canvas "
              f"({cv.width} x {cv.height})", file=file, entry=f"labels[{k}] ({lab.text})")
    return tuple(xy), False


def auto_layout(c: Components) -> tuple[tuple[int, int], ...]:
    """A readable layout from the lines alone: a force-directed drawing (deterministic:
    it starts from a circle), snapped to a grid of box-sized cells so no two boxes overlap.
    The USA box, which only naval lines reach, is placed like any other location."""
    n = c.n
    cv = c.map.canvas
    edges = [(a, b) for a, _ah, b, _bh, *_rest in c.lines]
    pos = [[math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)] for i in range(n)]
    k = math.sqrt(4.0 / n)
    temp = 0.2
    for _ in range(120):
        disp = [[0.0, 0.0] for _ in range(n)]
        for i in range(n):
            xi, yi = pos[i]
            for j in range(i + 1, n):
                dx, dy = xi - pos[j][0], yi - pos[j][1]
                d2 = max(dx * dx + dy * dy, 1e-6)
                f = k * k / d2
                disp[i][0] += dx * f
                disp[i][1] += dy * f
                disp[j][0] -= dx * f
                disp[j][1] -= dy * f
        for a, b in edges:
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            d = max(math.hypot(dx, dy), 1e-6)
            f = d / k
            disp[a][0] -= dx * f
            disp[a][1] -= dy * f
            disp[b][0] += dx * f
            disp[b][1] += dy * f
        for i in range(n):
            dx, dy = disp[i]
            d = max(math.hypot(dx, dy), 1e-9)
            step = min(d, temp)
            pos[i][0] += dx / d * step
            pos[i][1] += dy / d * step
        temp *= 0.97
    cw, ch = cv.box_width + GAP * 3, cv.box_height + GAP * 3
    cols = max(1, int((cv.width - GAP) // cw))
    rows = max(1, int((cv.height - GAP) // ch))
    while cols * rows < n:      # a pack with more locations than the canvas holds: grow it
        cols += 1
        rows += 1
    # spread by rank (a force drawing bunches its middle): each location wants the cell
    # of its place in the left-to-right and top-to-bottom orders
    rank_x = {i: r for r, i in enumerate(sorted(range(n), key=lambda i: (pos[i][0], i)))}
    rank_y = {i: r for r, i in enumerate(sorted(range(n), key=lambda i: (pos[i][1], i)))}
    free = {(col, row) for col in range(cols) for row in range(rows)}
    out: list[tuple[int, int]] = [(0, 0)] * n
    # the best-connected locations take their cells first
    degree = [0] * n
    for a, b in edges:
        degree[a] += 1
        degree[b] += 1
    for i in sorted(range(n), key=lambda i: (-degree[i], i)):
        want = (rank_x[i] * (cols - 1) / max(n - 1, 1), rank_y[i] * (rows - 1) / max(n - 1, 1))
        cell = min(free, key=lambda cr: ((cr[0] - want[0]) ** 2 + (cr[1] - want[1]) ** 2,
                                         cr))
        free.remove(cell)
        out[i] = (int(cw / 2 + GAP + cell[0] * cw), int(ch / 2 + GAP + cell[1] * ch))
    return tuple(out)


def static_map(c: Components, file: str) -> dict[str, Any]:
    """The view's ``map``: the board's geometry from content, the same in every state and
    for every role (nothing hidden: the board is printed). A location's ``id`` is its
    name, the argument of the ``loc:`` actions; per-state facts (control, counters) are
    the view's ``locations``, in the same order."""
    m = c.map
    xy, automatic = positions(c, file)
    cv: CanvasModel = m.canvas
    if automatic:
        width = max(cv.width, max(x for x, _ in xy) + cv.box_width)
        height = max(cv.height, max(y for _, y in xy) + cv.box_height)
    else:
        width, height = cv.width, cv.height
    locations = []
    for i, loc in enumerate(m.locations):
        sides = half_sides(loc.halves)
        locations.append({
            "id": loc.name, "name": loc.name, "x": xy[i][0], "y": xy[i][1],
            "halves": [{"name": loc.halves[h], "side": sides[h]} for h in (0, 1)],
            "color": COLOR_NAMES[c.color[i]], "start_control": OWNER_NAMES[c.color[i]],
            "vp": loc.vp, "supply": loc.supply, "capital": loc.capital, "box": loc.box,
            "reconstructed": loc.reconstructed,
        })
    lines = [{"a": ln.a, "a_half": ln.a_half, "b": ln.b, "b_half": ln.b_half,
              "kind": ln.kind, "one_way": ln.one_way, "defense_a": ln.defense_a,
              "defense_b": ln.defense_b, "active_from_deck": ln.active_from_deck,
              "via": [] if automatic else [list(p) for p in ln.via],
              "reconstructed": ln.reconstructed} for ln in m.lines]
    return {
        "kind": MAP_KIND, "width": width, "height": height,
        "box": {"width": cv.box_width, "height": cv.box_height},
        "layout": "automatic" if automatic else "content",
        "reconstructed": cv.reconstructed or automatic,
        "labels": [] if automatic else [lab.model_dump() for lab in m.labels],
        "locations": locations, "lines": lines,
        "sides": list(SIDE_NAMES),
        "track": list(c.track),
    }


def copy_map(m: dict[str, Any]) -> dict[str, Any]:
    """A fresh copy of :func:`static_map`'s result, made for its known shape (a view's
    consumer may edit its copy; the generic deep copy costs several times the view)."""
    return {**m, "box": dict(m["box"]), "labels": [dict(x) for x in m["labels"]],
            "locations": [{**loc, "halves": [dict(h) for h in loc["halves"]]}
                          for loc in m["locations"]],
            "lines": [{**ln, "via": [list(p) for p in ln["via"]]} for ln in m["lines"]],
            "sides": list(m["sides"]), "track": list(m["track"])}
