// The board as an interactive SVG drawn from the view's `map` (static geometry from the
// game's content: spaces with id, name, x, y, region; links between space ids) and the
// view's per-space state (`spaces`, same order). Legal actions whose target names a space
// make it highlighted and clickable; several actions on one space open a small menu.
// Zoom and pan change the viewBox only. Data is always inserted as text, never as HTML.
import { fill, h, humanize, roleName } from "./ui.js";

export const NS = "http://www.w3.org/2000/svg";
const LAND_LINK = 90; // links longer than this (in map units) are drawn as sea crossings

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

// Region tints: pale, told apart by lightness as well as hue (Okabe & Ito hues), and each
// region has a letter on every space too. Independent spaces are hatched.
const REGION_STYLE = {
  "France": { tint: "#bcd9ef", letter: "F" },
  "United Kingdom": { tint: "#f2c9dd", letter: "UK" },
  "Germany": { tint: "#cfcfcf", letter: "G" },
  "Spain": { tint: "#f6dd8c", letter: "S" },
  "Italy": { tint: "#a9dcc6", letter: "I" },
  "Little Entente": { tint: "#e9c7a4", letter: "LE" },
  "Independent": { tint: "#f7f4ec", letter: "" },
};
const FALLBACK_TINTS = ["#bcd9ef", "#f6dd8c", "#a9dcc6", "#f2c9dd", "#e9c7a4", "#cfcfcf"];
// control and SP counters: the two sides' colours (vermilion / blue), with letters
const SIDE = { lw: { colour: "#D55E00", letter: "L" }, rw: { colour: "#0072B2", letter: "R" } };

function regionStyle(region, regions) {
  if (REGION_STYLE[region]) return REGION_STYLE[region];
  const i = Math.max(0, regions.indexOf(region));
  return { tint: FALLBACK_TINTS[i % FALLBACK_TINTS.length],
    letter: String(region || "?").split(/\s+/).map((w) => w[0]).join("").toUpperCase() };
}

/** The convex hull of points (monotone chain), for a region's shaded area. */
function hull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
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

function spaceWords(sp, st, acts) {
  const parts = [sp.name, sp.region && sp.region !== "Independent" ? `${sp.region} region` : sp.region];
  if (st) {
    if (st.stability !== undefined) parts.push(`stability ${st.stability}`);
    if (st.battleground) parts.push("battleground");
    parts.push(`LW ${st.lw_sp ?? 0} SP${st.lw_extremists ? ` and ${st.lw_extremists} Extremist` : ""}`);
    parts.push(`RW ${st.rw_sp ?? 0} SP${st.rw_extremists ? ` and ${st.rw_extremists} Extremist` : ""}`);
    parts.push(st.control ? `${roleName(st.control)} control` : "uncontrolled");
  }
  if (acts && acts.length) parts.push(acts.length === 1 ? `can be chosen: ${acts[0].label}` : `${acts.length} choices`);
  return parts.filter(Boolean).join(", ");
}

function counter(x, y, side, n, ext) {
  const c = SIDE[side];
  return s("g", { class: `counter ${side}`, transform: `translate(${x},${y})` },
    s("rect", { x: -5, y: -5, width: 10, height: 10, rx: 1.2, fill: c.colour, stroke: "#111",
      "stroke-width": ext ? 1.4 : 0.5 }),
    s("text", { class: "counter-n", y: 2.6, "text-anchor": "middle", text: String(n) }),
    ext ? s("g", { class: "ext", transform: `translate(${side === "lw" ? -6 : 6},-6)` },
      s("circle", { r: 3.4, fill: "#111", stroke: "#fff", "stroke-width": 0.6 }),
      s("text", { class: "ext-n", y: 1.7, "text-anchor": "middle", text: ext > 1 ? String(ext) : "E" })) : null);
}

/**
 * The map node for a view that has `map`. `ui` keeps the viewBox across renders, `act(key)`
 * plays a legal action. Returns null when the view has no map.
 */
export function renderMap(view, legal, ui, act) {
  const map = view && view.map;
  if (!map || !Array.isArray(map.spaces) || !map.spaces.length) return null;
  const xs = map.spaces.map((p) => p.x);
  const ys = map.spaces.map((p) => p.y);
  const pad = 40;
  const full = { x: Math.min(...xs) - pad, y: Math.min(...ys) - pad,
    w: Math.max(...xs) - Math.min(...xs) + 2 * pad, h: Math.max(...ys) - Math.min(...ys) + 2 * pad };
  const key = "map:viewBox";
  let vb = ui.get(key) || { ...full };
  const states = Array.isArray(view.spaces) ? view.spaces : [];
  const byName = new Map(states.map((st) => [st.name, st]));
  const stateOf = (sp, i) => (states[i] && states[i].name === sp.name ? states[i] : byName.get(sp.name));
  const ids = new Set(map.spaces.map((p) => p.id));
  const at = new Map(map.spaces.map((p) => [p.id, p]));
  const acts = actionsBySpace(legal, ids);
  const regions = [...new Set(map.spaces.map((p) => p.region))];

  const svg = s("svg", { class: "map-svg", xmlns: NS, role: "group",
    "aria-label": `Map: ${map.spaces.length} spaces${acts.size ? `, ${acts.size} can be chosen` : ""}`,
    preserveAspectRatio: "xMidYMid meet" });
  const setVb = (next) => {
    const minW = full.w / 8;
    const w = Math.min(full.w * 1.5, Math.max(minW, next.w));
    const hh = w * (full.h / full.w);
    const cx = next.x + next.w / 2;
    const cy = next.y + next.h / 2;
    vb = { x: Math.min(full.x + full.w, Math.max(full.x - w, cx - w / 2)),
      y: Math.min(full.y + full.h, Math.max(full.y - hh, cy - hh / 2)), w, h: hh };
    ui.set(key, vb);
    svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.w} ${vb.h}`);
    svg.classList.toggle("zoomed", vb.w < full.w * 0.7);
  };
  const zoom = (f, cx, cy) => {
    const x0 = cx ?? vb.x + vb.w / 2;
    const y0 = cy ?? vb.y + vb.h / 2;
    const w = vb.w * f;
    const hh = vb.h * f;
    setVb({ x: x0 - (x0 - vb.x) * f, y: y0 - (y0 - vb.y) * f, w, h: hh });
  };
  const pan = (dx, dy) => setVb({ ...vb, x: vb.x + dx * vb.w, y: vb.y + dy * vb.h });

  // defs: the hatch of Independent spaces
  svg.append(s("defs", {},
    s("pattern", { id: "hatch-ind", width: 4, height: 4, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" },
    s("rect", { width: 4, height: 4, fill: REGION_STYLE.Independent.tint }),
    s("line", { x1: 0, y1: 0, x2: 0, y2: 4, stroke: "#b5ab93", "stroke-width": 1.2 }))));
  svg.append(s("rect", { class: "sea", x: full.x - full.w, y: full.y - full.h, width: full.w * 3,
    height: full.h * 3 }));

  // regions as shaded areas (the hull of their spaces, rounded by a wide stroke) and names
  const areas = s("g", { class: "regions", "aria-hidden": "true" });
  const names = s("g", { class: "region-names", "aria-hidden": "true" });
  // a region's area is drawn per group of its spaces joined by short links (its colonies and
  // overseas spaces get areas of their own instead of one hull across the sea)
  const near = (p, q) => Math.hypot(p.x - q.x, p.y - q.y) <= LAND_LINK;
  const parent = new Map(map.spaces.map((p) => [p.id, p.id]));
  const root = (x) => { while (parent.get(x) !== x) x = parent.get(x); return x; };
  for (const [a, b] of map.links || []) {
    const p = at.get(a);
    const q = at.get(b);
    if (p && q && p.region === q.region && near(p, q)) parent.set(root(a), root(b));
  }
  for (const region of regions) {
    const st = regionStyle(region, regions);
    const groups = new Map();
    for (const p of map.spaces) {
      if (p.region !== region) continue;
      const r = root(p.id);
      if (!groups.has(r)) groups.set(r, []);
      groups.get(r).push([p.x, p.y]);
    }
    if (region === "Independent") {
      for (const pts of groups.values()) {
        for (const [x, y] of pts) areas.append(s("circle", { cx: x, cy: y, r: 19, fill: "#efe9db", stroke: "#c9bea4", "stroke-width": 0.6 }));
      }
      continue;
    }
    let biggest = [];
    for (const pts of groups.values()) {
      if (pts.length > biggest.length) biggest = pts;
      const hp = hull(pts);
      areas.append(s("path", { class: "region-area", d: `M${hp.map((q) => q.join(",")).join("L")}Z`,
        fill: st.tint, stroke: st.tint, "stroke-width": 44, "stroke-linejoin": "round", "stroke-linecap": "round" }));
    }
    if (!biggest.length) continue;
    const cx = biggest.reduce((t, q) => t + q[0], 0) / biggest.length;
    const top = Math.min(...biggest.map((q) => q[1]));
    names.append(s("text", { class: "region-name", x: cx, y: top - 23, "text-anchor": "middle",
      text: `${region.toUpperCase()} (${st.letter})` }));
  }
  svg.append(areas, names);

  // adjacency: long links (sea crossings) dashed
  const links = s("g", { class: "links", "aria-hidden": "true" });
  for (const [a, b] of map.links || []) {
    const p = at.get(a);
    const q = at.get(b);
    if (!p || !q) continue;
    const long = Math.hypot(p.x - q.x, p.y - q.y) > LAND_LINK;
    links.append(s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: long ? "link sea-link" : "link" }));
  }
  svg.append(links);

  const wrap = h("div", { class: "map-wrap" });
  const info = h("div", { class: "map-info", "aria-live": "polite" },
    h("span", { class: "muted" }, acts.size ? "Highlighted spaces can be chosen: click one, or Tab to it and press Enter."
      : "Hover or focus a space for its details."));
  let menu = null;
  const closeMenu = () => { if (menu) { menu.remove(); menu = null; } };

  const showInfo = (sp, st, list) => {
    const rs = regionStyle(sp.region, regions);
    fill(info,
      h("strong", {}, sp.name), " ",
      h("span", { class: "chip" }, `${sp.region}${rs.letter ? ` (${rs.letter})` : ""}`), " ",
      st ? [
        h("span", {}, `Stability ${st.stability}`), st.battleground ? h("span", { class: "chip bg-chip" }, "★ Battleground") : null,
        h("span", { class: "sp lw" }, `LW ${st.lw_sp} SP`), st.lw_extremists ? h("span", { class: "sp lw" }, `LW Extremists ${st.lw_extremists}`) : null,
        h("span", { class: "sp rw" }, `RW ${st.rw_sp} SP`), st.rw_extremists ? h("span", { class: "sp rw" }, `RW Extremists ${st.rw_extremists}`) : null,
        h("span", {}, st.control ? `Control: ${roleName(st.control)}` : "Uncontrolled"),
      ] : null,
      list && list.length ? h("span", { class: "chip can" }, list.length === 1 ? list[0].label : `${list.length} choices`) : null);
  };

  const choose = (sp, list, evt, node) => {
    closeMenu();
    if (!list || !list.length) return;
    if (list.length === 1) {
      act(list[0].key);
      return;
    }
    const box = wrap.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    menu = h("div", { class: "map-menu", role: "menu", "aria-label": `Choices for ${sp.name}`,
      style: { left: `${Math.max(0, r.left - box.left)}px`, top: `${r.bottom - box.top + 4}px` },
      onkeydown: (e) => {
        if (e.key === "Escape") { closeMenu(); node.focus(); }
      } },
    h("div", { class: "map-menu-title" }, sp.name),
    list.map((a) => h("button", { type: "button", role: "menuitem", dataset: { key: a.key },
      onclick: () => { closeMenu(); act(a.key); } }, a.label || humanize(a.kind))),
    h("button", { type: "button", class: "muted", onclick: () => { closeMenu(); node.focus(); } }, "Cancel"));
    wrap.append(menu);
    const first = menu.querySelector("button");
    if (first && evt && evt.type === "keydown") first.focus();
  };

  const layer = s("g", { class: "spaces" });
  map.spaces.forEach((sp, i) => {
    const st = stateOf(sp, i) || null;
    const list = acts.get(sp.id) || [];
    const rs = regionStyle(sp.region, regions);
    const ctl = st && st.control && SIDE[st.control] ? st.control : null;
    const words = spaceWords(sp, st, list);
    const g = s("g", { class: `space${list.length ? " legal" : ""}${ctl ? ` ctl-${ctl}` : ""}`,
      transform: `translate(${sp.x},${sp.y})`, tabindex: "0", role: list.length ? "button" : "img",
      "aria-label": words, dataset: { id: sp.id, region: sp.region } },
    s("title", { text: words }),
    list.length ? s("circle", { class: "legal-ring", r: 13.5 }) : null,
    s("circle", { class: "space-shape", r: 10,
      fill: sp.region === "Independent" ? "url(#hatch-ind)" : rs.tint,
      stroke: ctl ? SIDE[ctl].colour : "#3b3a36", "stroke-width": ctl ? 3 : 1 }),
    st && st.battleground ? s("circle", { class: "bg-ring", r: 7.2 }) : null,
    st ? s("text", { class: "stab", y: 3.3, "text-anchor": "middle", text: String(st.stability) }) : null,
    rs.letter ? s("text", { class: "region-letter", y: 8.4, "text-anchor": "middle", text: rs.letter }) : null,
    st && st.battleground ? s("text", { class: "bg-star", x: -9.5, y: -6.5, "text-anchor": "middle", text: "★" }) : null,
    ctl ? s("g", { class: "ctl-badge", transform: "translate(9,7)" },
      s("circle", { r: 3.6, fill: SIDE[ctl].colour, stroke: "#fff", "stroke-width": 0.7 }),
      s("text", { y: 1.9, "text-anchor": "middle", text: SIDE[ctl].letter })) : null,
    st && (st.lw_sp || st.lw_extremists) ? counter(-13, -12, "lw", st.lw_sp, st.lw_extremists) : null,
    st && (st.rw_sp || st.rw_extremists) ? counter(13, -12, "rw", st.rw_sp, st.rw_extremists) : null,
    s("text", { class: `space-name${st && st.battleground ? " bg" : ""}`, y: 17.5, "text-anchor": "middle", text: sp.name }));
    g.addEventListener("mouseenter", () => showInfo(sp, st, list));
    g.addEventListener("focus", () => showInfo(sp, st, list));
    g.addEventListener("click", (e) => { if (!dragged) choose(sp, list, e, g); });
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        choose(sp, list, e, g);
      }
    });
    layer.append(g);
  });
  svg.append(layer);
  setVb(vb);

  // wheel zoom about the pointer, drag to pan
  const toMap = (e) => {
    const r = svg.getBoundingClientRect();
    const scale = Math.max(vb.w / r.width, vb.h / r.height);
    const ox = (r.width - vb.w / scale) / 2;
    const oy = (r.height - vb.h / scale) / 2;
    return [vb.x + (e.clientX - r.left - ox) * scale, vb.y + (e.clientY - r.top - oy) * scale, scale];
  };
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const [mx, my] = toMap(e);
    zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, mx, my);
  }, { passive: false });
  let drag = null;
  let dragged = false;
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, vb: { ...vb }, scale: toMap(e)[2] };
    dragged = false;
  });
  svg.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!dragged && Math.hypot(dx, dy) < 5) return;
    if (!dragged) svg.setPointerCapture(e.pointerId);
    dragged = true;
    closeMenu();
    setVb({ ...drag.vb, x: drag.vb.x - dx * drag.scale, y: drag.vb.y - dy * drag.scale });
  });
  const endDrag = () => { drag = null; setTimeout(() => { dragged = false; }, 0); };
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);

  const btn = (label, title, fn, cls) => h("button", { type: "button", class: `small ${cls || ""}`,
    title, "aria-label": title, onclick: fn }, label);
  const tools = h("div", { class: "map-tools", role: "toolbar", "aria-label": "Map zoom and pan" },
    btn("+", "Zoom in", () => zoom(1 / 1.4), "zoom-in"), btn("−", "Zoom out", () => zoom(1.4), "zoom-out"),
    btn("⤢", "Whole map", () => setVb({ ...full }), "zoom-reset"),
    btn("←", "Pan left", () => pan(-0.25, 0)), btn("↑", "Pan up", () => pan(0, -0.25)),
    btn("↓", "Pan down", () => pan(0, 0.25)), btn("→", "Pan right", () => pan(0.25, 0)),
    h("span", { class: "map-legend" },
      h("span", { class: "lg lw" }, "L"), " LW SP  ", h("span", { class: "lg rw" }, "R"), " RW SP  ",
      h("span", { class: "lg ext" }, "E"), " Extremist  ", h("span", { class: "lg star" }, "★"), " Battleground  ",
      h("span", { class: "lg ring" }, "◯"), " can be chosen  ",
      regions.filter((r) => regionStyle(r, regions).letter).map((r) => {
        const st = regionStyle(r, regions);
        return h("span", { class: "lg region", style: { background: st.tint } }, `${st.letter} ${r}`);
      }),
      h("span", { class: "lg region hatch" }, "Independent")));
  wrap.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest(".map-menu")) return;
    if (e.key === "+" || e.key === "=") { zoom(1 / 1.4); e.preventDefault(); }
    else if (e.key === "-") { zoom(1.4); e.preventDefault(); }
    else if (e.key === "Escape") closeMenu();
  });
  wrap.append(tools, h("div", { class: "map-frame" }, svg), info);
  return wrap;
}
