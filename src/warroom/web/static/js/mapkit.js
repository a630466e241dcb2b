// What the board renderers share (map.js: the generic graph map; map_eaw1940.js, map_sfe.js
// and map_tk.js: the games' own boards): SVG elements, which legal actions name which
// element, the viewBox zoom and pan (buttons, keys, wheel, drag, pinch), the menu for
// several actions on one element, the info line with an element's details, and "why not".
// Each renderer keeps its own drawing. Data is always inserted as text, never as HTML.
import { fill, h, humanize, ruleBadge, touchScreen } from "./ui.js";

export const NS = "http://www.w3.org/2000/svg";

export function s(tag, attrs, ...kids) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") el.textContent = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

/** Which legal actions name which space: {spaceId: [legal, ...]}. */
export function actionsBySpace(legal, ids) {
  const out = new Map();
  for (const a of legal || []) {
    const names = [a.target, ...(a.args || [])].filter((x) => typeof x === "string");
    const hit = names.find((n) => ids.has(n));
    if (!hit) continue;
    if (!out.has(hit)) out.set(hit, []);
    out.get(hit).push(a);
  }
  return out;
}

/**
 * "Why not" under a map: `ask(title, target, note)` asks `whyNot(target)` (the page's hook:
 * core `explain` of the action of the current decision naming `target`, for the asking seat
 * only) and shows the reason with its rules. `note` (a string, or a function of the answer
 * giving one or null), when given, says why the element itself is not the choice (e.g. "the
 * front attacks Y"): the answer is then read as a refusal even when the action it names is
 * legal elsewhere. A target that no action of the game names
 * (an element shown for information only) is said so. `node` goes under the map; `hide()`
 * closes it. Returns null without a hook (a finished game, the replay viewer).
 */
export function whyNotBox(whyNot) {
  const node = h("output", { class: "map-why", "aria-live": "polite", hidden: true });
  const close = () => h("button", { type: "button", class: "msg-close", "aria-label": "Close",
    onclick: () => { node.hidden = true; } }, "×");
  let asked = 0;
  const ask = async (title, target, note) => {
    if (!whyNot) return;
    const ticket = ++asked;
    node.hidden = false;
    node.className = "map-why";
    fill(node, h("strong", {}, title), ": asking the rules…");
    let r;
    try {
      r = await whyNot(target, title);
    } catch (err) {
      if (ticket !== asked) return;
      node.className = "map-why illegal";
      fill(node, h("strong", {}, title), err && err.status === 422
        ? " is never chosen by a decision of this game: it is shown for information."
        : `: ${(err && err.message) || "no explanation"}`, close());
      reveal(node);
      return;
    }
    if (ticket !== asked) return;
    if (!r) { node.hidden = true; return; } // no answer (a hot-seat hand-off is showing)
    note = typeof note === "function" ? note(r) : note;
    const legal = r.legal && !note;
    node.className = `map-why ${legal ? "legal" : "illegal"}`;
    fill(node, h("strong", {}, title), legal ? " can be chosen: " : " cannot be chosen now: ",
      note ? [h("span", { class: "note" }, note), r.legal ? "; that can be chosen: " : "; and that cannot: "] : null,
      // "cannot be chosen now: not a choice now: ..." said it twice (a browser audit)
      h("span", { class: "reason" }, (r.reason || "").replace(/^not (?:a|one of the) choices?(?: now| in this decision)?: /i, "")), " ",
      (r.rules || []).map((x) => [ruleBadge(x), " "]),
      close());
    reveal(node);
  };
  return { node, ask, hide: () => { node.hidden = true; } };
}


/** Scroll ``node`` (under the map) into view if it is not, the least that shows it: an
 * answer below a tall map was printed out of sight, and the click seemed to do nothing. */
function reveal(node) {
  const r = node.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) node.scrollIntoView({ block: "nearest" });
}

/** The words for the legal actions on one element: "can be chosen: X", or "N choices". */
export function choiceWords(list) {
  return list.length === 1 ? `can be chosen: ${list[0].label}` : `${list.length} choices`;
}

/** The info line's chip naming them (null when there are none). */
export function choiceChip(list) {
  return list && list.length ? h("span", { class: "chip can" }, list.length === 1 ? list[0].label : `${list.length} choices`) : null;
}

/**
 * The info line under a board, with its hint: `things` = [the highlighted ones ("spaces"),
 * one of them ("a space"), another one ("space")]; `whyNot` true when a click on an element
 * no action names asks why.
 */
export function infoLine(canChoose, things, whyNot) {
  const [many, one, other] = things;
  // not a live region: what it shows on focus is the focused element's own accessible
  // name, which a screen reader says already (it said it twice on every Tab: an audit)
  // a touch screen is tapped, not clicked or tabbed through (a phone read "click one, or
  // Tab to it and press Enter": a usability audit)
  if (touchScreen()) {
    return h("div", { class: "map-info" },
      h("span", { class: "muted" }, canChoose ? `Highlighted ${many} can be chosen: tap one.`
        : `Tap ${one} for its details.`,
      whyNot ? ` Tap any other ${other} to hear why it cannot be chosen.` : ""));
  }
  return h("div", { class: "map-info" },
    h("span", { class: "muted" }, canChoose ? `Highlighted ${many} can be chosen: click one, or Tab to the map, move with the arrow keys and press Enter.`
      : `Hover or focus ${one} for its details.`,
    whyNot ? ` Click (or Enter on) any other ${other} to hear why it cannot be chosen.` : ""));
}

/** Show an element's details in the info line: its title, the facts, its choices. */
export function showDetails(info, title, details, list) {
  // the line keeps the tallest height it had: tk's sits above the boxes, and the two-line
  // hint giving way to one line of details moved every box up under the pointer, so the
  // first click on one fell in the gap below it (a browser audit)
  if (info.offsetHeight) info.style.minHeight = `${Math.max(info.offsetHeight, parseFloat(info.style.minHeight) || 0)}px`;
  fill(info, h("strong", {}, title), " ", details.map((d) => [h("span", {}, d), " "]), choiceChip(list));
}

/**
 * Choosing on a board: `choose(title, list, evt, node, explain)` plays the one legal action
 * of `list`, opens a menu of them under `node` when there are several (Escape or Cancel
 * closes it and gives the focus back; a menu opened by a key focuses its first item), and
 * calls `explain()` when there is none (the "why not"). `room`: the menu's width kept inside
 * the wrap (null: only its left edge is kept). `close()` closes an open menu.
 */
export function choiceMenu(wrap, act, why, room = null) {
  let menu = null;
  const close = () => { if (menu) { menu.remove(); menu = null; } };
  const choose = (title, list, evt, node, explain) => {
    close();
    if (!list || !list.length) {
      if (explain) explain();
      return;
    }
    why.hide();
    if (list.length === 1) { act(list[0].key); return; }
    const box = wrap.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    const left = room === null ? r.left - box.left : Math.min(r.left - box.left, box.width - room);
    menu = h("div", { class: "map-menu", role: "menu", "aria-label": `Choices for ${title}`,
      style: { left: `${Math.max(0, left)}px`, top: `${r.bottom - box.top + 4}px` },
      onkeydown: (e) => {
        // Tab leaves the menu as Escape does, its place back on the map (the menu stayed
        // open behind the focus Tab took elsewhere: an accessibility audit)
        if (e.key === "Escape" || e.key === "Tab") {
          e.preventDefault();
          close();
          node.focus();
          return;
        }
        // a menu's keys (WAI-ARIA menu pattern): arrows move between the items, Home/End
        const items = [...menu.querySelectorAll("button")];
        const at = items.indexOf(document.activeElement);
        const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
        if (to === undefined || !items.length) return;
        e.preventDefault();
        items[(to + items.length) % items.length].focus();
      } },
    h("div", { class: "map-menu-title" }, title),
    list.map((a) => h("button", { type: "button", role: "menuitem", dataset: { key: a.key },
      onclick: () => { close(); act(a.key); } }, a.label || humanize(a.kind))),
    h("button", { type: "button", class: "muted", role: "menuitem", onclick: () => { close(); node.focus(); } }, "Cancel"));
    wrap.append(menu);
    const first = menu.querySelector("button");
    if (first && evt && evt.type === "keydown") first.focus();
  };
  return { choose, close };
}

/**
 * A board element's events: hover or focus calls `show()`; a click (not the end of a drag:
 * `gestures.dragged`) or Enter or Space calls `choose(evt)`. `own`: only keys pressed on the
 * element itself, not on a focusable part inside it.
 */
export function bindChoice(node, show, choose, { gestures = null, own = false } = {}) {
  node.addEventListener("mouseenter", show);
  node.addEventListener("focus", show);
  node.addEventListener("click", (e) => { if (!gestures || !gestures.dragged) choose(e); });
  node.addEventListener("keydown", (e) => {
    if (own && e.target !== node) return;
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(e); }
  });
}

/**
 * The viewBox of a board `svg` whose whole extent is `full` ({x, y, w, h}), kept across
 * renders in `ui` under `key`. Options: `zoomIn` (the closest view is full.w / zoomIn wide;
 * the farthest 1.5 × full.w), `slack` ([a, b]: the view may start a × its width before the
 * board and must start b × its width before the board's far edge), `digits` (rounding of the
 * viewBox attribute, null: none), `zoomed` (below this share of full.w the svg has the class
 * "zoomed"), `onChange(vb)` after each change. Returns {vb, set, zoom, pan, reset, toMap};
 * `set(vb)` once the board is drawn applies it.
 */
export function viewBox(svg, ui, key, full, { zoomIn = 8, slack = [1, 0], digits = null, zoomed = 0.7, onChange = null } = {}) {
  let vb = ui.get(key) || { ...full };
  const num = (v) => (digits === null ? v : v.toFixed(digits));
  const set = (next) => {
    const w = Math.min(full.w * 1.5, Math.max(full.w / zoomIn, next.w));
    const hh = w * (full.h / full.w);
    const cx = next.x + next.w / 2;
    const cy = next.y + next.h / 2;
    vb = { x: Math.min(full.x + full.w - w * slack[1], Math.max(full.x - w * slack[0], cx - w / 2)),
      y: Math.min(full.y + full.h - hh * slack[1], Math.max(full.y - hh * slack[0], cy - hh / 2)), w, h: hh };
    ui.set(key, vb);
    svg.setAttribute("viewBox", `${num(vb.x)} ${num(vb.y)} ${num(vb.w)} ${num(vb.h)}`);
    svg.classList.toggle("zoomed", vb.w < full.w * zoomed);
    if (onChange) onChange(vb);
  };
  // zoom by f (< 1: in) about a map point (the centre by default); pan by a share of the view
  const zoom = (f, cx, cy) => {
    const x0 = cx ?? vb.x + vb.w / 2;
    const y0 = cy ?? vb.y + vb.h / 2;
    set({ x: x0 - (x0 - vb.x) * f, y: y0 - (y0 - vb.y) * f, w: vb.w * f, h: vb.h * f });
  };
  const pan = (dx, dy) => set({ ...vb, x: vb.x + dx * vb.w, y: vb.y + dy * vb.h });
  // a point of the page (clientX, clientY) in map units, and map units per pixel
  const toMap = (x, y) => {
    const r = svg.getBoundingClientRect();
    const scale = Math.max(vb.w / r.width, vb.h / r.height);
    const ox = (r.width - vb.w / scale) / 2;
    const oy = (r.height - vb.h / scale) / 2;
    return [vb.x + (x - r.left - ox) * scale, vb.y + (y - r.top - oy) * scale, scale];
  };
  return { get vb() { return vb; }, set, zoom, pan, toMap, reset: () => set({ ...full }) };
}

/**
 * Wheel zoom about the pointer and drag to pan (a move of 5 px or more; `onPan()` on each
 * step, e.g. to close a menu) on a board `svg` with the viewBox `pz`. `pinch`: two fingers
 * zoom ("zoom": about their first midpoint; "follow": and the map moves with the midpoint,
 * an open menu closes); null: none. Returns {dragged}: true while a click ends a drag or a
 * pinch (a click then chooses nothing).
 */
export function panZoomGestures(svg, pz, { pinch = null, onPan = () => {} } = {}) {
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const [mx, my] = pz.toMap(e.clientX, e.clientY);
    pz.zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, mx, my);
  }, { passive: false });
  let drag = null;
  let dragged = false;
  const touches = new Map();
  let two = null;
  const midOf = () => {
    const [a, b] = [...touches.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
  };
  svg.addEventListener("pointerdown", (e) => {
    if (pinch && (e.pointerType === "touch" || touches.size)) {
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) {
        const m = midOf();
        const [mx, my, scale] = pz.toMap(m.x, m.y);
        two = { ...m, mx, my, scale, vb: { ...pz.vb } };
        drag = null;
        dragged = true;
        if (pinch === "follow") {
          onPan();
          for (const id of touches.keys()) {
            try { svg.setPointerCapture(id); } catch (err) { /* a synthetic pointer */ }
          }
        }
        return;
      }
    }
    if (e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, vb: { ...pz.vb }, scale: pz.toMap(e.clientX, e.clientY)[2] };
    dragged = false;
  });
  svg.addEventListener("pointermove", (e) => {
    if (touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (two && touches.size === 2) {
      const m = midOf();
      const f = two.d / m.d;
      // "follow": the map point under the first midpoint stays under the moving midpoint
      const sc = two.scale * f;
      const fx = pinch === "follow" ? (m.x - two.x) * sc : 0;
      const fy = pinch === "follow" ? (m.y - two.y) * sc : 0;
      pz.set({ x: two.mx - (two.mx - two.vb.x) * f - fx, y: two.my - (two.my - two.vb.y) * f - fy,
        w: two.vb.w * f, h: two.vb.h * f });
      return;
    }
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!dragged && Math.hypot(dx, dy) < 5) return;
    if (!dragged) svg.setPointerCapture(e.pointerId);
    dragged = true;
    onPan();
    pz.set({ ...drag.vb, x: drag.vb.x - dx * drag.scale, y: drag.vb.y - dy * drag.scale });
  });
  const end = (e) => {
    touches.delete(e.pointerId);
    if (touches.size < 2) two = null;
    drag = null;
    setTimeout(() => { dragged = false; }, 0);
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  return { get dragged() { return dragged; } };
}

/** A small button of a board's toolbar. */
export function toolButton(label, title, fn, cls) {
  return h("button", { type: "button", class: `small ${cls || ""}`, title, "aria-label": title, onclick: fn }, label);
}

/** The zoom and pan toolbar of the viewBox `pz`; `extra` buttons after "Whole map", then the legend. */
export function zoomTools(pz, extra, legend) {
  return h("div", { class: "map-tools", role: "toolbar", "aria-label": "Map zoom and pan" },
    toolButton("+", "Zoom in", () => pz.zoom(1 / 1.4), "zoom-in"), toolButton("−", "Zoom out", () => pz.zoom(1.4), "zoom-out"),
    toolButton("⤢", "Whole map", () => pz.reset(), "zoom-reset"),
    extra,
    toolButton("←", "Pan left", () => pz.pan(-0.25, 0)), toolButton("↑", "Pan up", () => pz.pan(0, -0.25)),
    toolButton("↓", "Pan down", () => pz.pan(0, 0.25)), toolButton("→", "Pan right", () => pz.pan(0.25, 0)),
    legend);
}

/**
 * One Tab stop for a board's places (WAI-ARIA's roving tabindex): every place
 * (`.space[tabindex]` under `root`) but one is out of the Tab order, so Tab crosses the
 * board in one step (eit2's set-up put its 92 places before the decision, and Undo 237
 * Tab stops from the page's start: an accessibility audit); the arrow keys move from a place to the nearest one that way,
 * Home and End to the first and last. The stop is the place last focused (kept in `ui`)
 * while it is still a choice, else the first highlighted place, else the one last focused,
 * else the first. A place reached by the arrows outside a zoomed view `pz` is panned to.
 * Focusable parts inside a place (sfe's halves, a stack to choose) keep their own stops.
 */
export function rovingPlaces(root, ui, pz = null) {
  const places = [...root.querySelectorAll(".space[tabindex]")];
  if (!places.length) return;
  // said to a screen reader with the map's name (the keys are no convention it would guess)
  const group = root.querySelector('svg[role="group"]');
  if (group) group.setAttribute("aria-description", "One Tab stop: the arrow keys move between its places, Home and End to the first and last, Enter chooses");
  const idOf = (el) => el.dataset.id || el.getAttribute("aria-label") || "";
  const last = ui.get("map:stop");
  const kept = places.find((p) => idOf(p) === last);
  const stop = (kept && kept.classList.contains("legal") ? kept : null)
    || places.find((p) => p.classList.contains("legal")) || kept || places[0];
  const take = (p) => {
    for (const q of places) q.setAttribute("tabindex", q === p ? "0" : "-1");
  };
  take(stop);
  root.addEventListener("focusin", (e) => {
    const p = e.target;
    if (!places.includes(p)) return;
    if (p.getAttribute("tabindex") !== "0") take(p);
    ui.set("map:stop", idOf(p));
  });
  root.addEventListener("keydown", (e) => {
    const from = e.target;
    if (!places.includes(from) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    let to = null;
    if (e.key === "Home") to = places[0];
    else if (e.key === "End") to = places[places.length - 1];
    else {
      const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[e.key];
      if (!dir) return;
      to = nearestPlace(from, places, dir);
    }
    e.preventDefault();
    if (!to) return;
    to.focus({ preventScroll: true });
    bringIntoView(to, pz);
  });
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/** The place nearest `from` in the direction `dir` ([dx, dy], one of them 0): among those
 * whose centre lies that way (within 45 degrees either side), the least distance, a step
 * sideways counting double. */
function nearestPlace(from, places, [dx, dy]) {
  const [x0, y0] = centre(from);
  let best = null;
  let bestCost = Infinity;
  for (const p of places) {
    if (p === from) continue;
    const [x, y] = centre(p);
    const along = (x - x0) * dx + (y - y0) * dy;
    const aside = Math.abs((x - x0) * dy + (y - y0) * dx);
    if (along <= 0 || aside > along) continue;
    const cost = along + 2 * aside;
    if (cost < bestCost) { bestCost = cost; best = p; }
  }
  return best;
}

/** Pan a zoomed board so that `el` shows (its centre in the middle), then scroll the page
 * the least that shows it. */
function bringIntoView(el, pz) {
  const svg = el.ownerSVGElement;
  if (pz && svg) {
    const box = svg.getBoundingClientRect();
    const [x, y] = centre(el);
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) {
      const [mx, my] = pz.toMap(x, y);
      pz.set({ ...pz.vb, x: mx - pz.vb.w / 2, y: my - pz.vb.h / 2 });
    }
  }
  reveal(el);
}

/** Keys on a board (outside its menu): + or = zooms in, - out (with a viewBox `pz`), Escape calls `close()`. */
export function boardKeys(wrap, pz, close) {
  wrap.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest(".map-menu")) return;
    if (pz && (e.key === "+" || e.key === "=")) { pz.zoom(1 / 1.4); e.preventDefault(); }
    else if (pz && e.key === "-") { pz.zoom(1.4); e.preventDefault(); }
    else if (e.key === "Escape") close();
  });
}
