// The board as an interactive SVG drawn from the view's `map` (static geometry from the
// game's content: spaces with id, name, x, y, region; links between space ids) and the
// view's per-space state (`spaces`, same order). Legal actions whose target names a space
// make it highlighted and clickable; several actions on one space open a small menu.
// Zoom and pan change the viewBox only (buttons, keys, wheel, drag, and pinch on a touch
// screen). A map whose spaces lack x/y gets a deterministic automatic layout from its links;
// space names that would overlap are moved beside their space, or hidden at low zoom (the
// name stays in the space's accessible name and tooltip). A click (or Enter) on a space no
// legal action names asks `act.whyNot(spaceId)` (a function the page may attach to `act`:
// it resolves to core `explain`'s {legal, reason, rules}) and shows why it cannot be chosen.
// Data is always inserted as text, never as HTML.
import { NS, actionsBySpace, bindChoice, boardKeys, rovingPlaces, choiceChip, choiceMenu, choiceWords, infoLine, panZoomGestures,
  s, viewBox, whyNotBox, zoomTools } from "./mapkit.js";
import { fill, h, legendItems, roleName } from "./ui.js";
const LAND_LINK = 90; // links longer than this (in map units) are drawn as sea crossings

// Region tints, letters and hatches come from the content (`map.regions`: name, colour,
// letter, hatched); a region the content leaves out gets a pale tint of this palette (told
// apart by lightness as well as hue, Okabe & Ito hues) and its initials as its letter.
// Every space carries its region's letter, so colour is never the only sign.
const FALLBACK_TINTS = ["#bcd9ef", "#f6dd8c", "#a9dcc6", "#f2c9dd", "#e9c7a4", "#cfcfcf"];
const NO_REGION = { tint: "#efe9db", letter: "", hatched: false, pattern: null };
// control and SP counters: the two sides' colours (vermilion / blue), with letters
const SIDE = { lw: { colour: "#D55E00", letter: "L" }, rw: { colour: "#0072B2", letter: "R" } };

/**
 * The style of each region of a map: Map(region -> {tint, letter, hatched, pattern}), from
 * `map.regions` where the content gives one, else the fallback palette (letters kept
 * distinct). `pattern` is the id of a hatched region's SVG pattern. Exported for tests.
 */
export function regionStyles(map, regions) {
  const given = new Map((Array.isArray(map.regions) ? map.regions : [])
    .filter((r) => r && typeof r.name === "string").map((r) => [r.name, r]));
  const out = new Map();
  const taken = new Set([...given.values()].map((r) => r.letter).filter(Boolean));
  let k = 0;
  regions.forEach((region, i) => {
    const g = given.get(region);
    const ok = g && /^#[0-9a-fA-F]{3,8}$/.test(String(g.colour || ""));
    let letter = g ? String(g.letter || "") : "";
    if (!g) {
      const base = String(region || "?").split(/\s+/).map((w) => w[0]).join("").toUpperCase();
      letter = base;
      for (let n = 2; taken.has(letter); n += 1) letter = `${base}${n}`;
      taken.add(letter);
    }
    const hatched = Boolean(g && g.hatched);
    out.set(region, { tint: ok ? g.colour : FALLBACK_TINTS[(k++) % FALLBACK_TINTS.length], letter, hatched,
      pattern: hatched ? `hatch-r${i}` : null });
  });
  return out;
}

/**
 * Where a region's name goes: above its spaces, as before, unless that covers spaces (their
 * circles, counters and names) or another region's name; then the nearby spot that covers
 * the fewest (below, at the middle, a little to the side). Exported for tests.
 */
export function regionNameSpot(pts, text, spaces, placed, frame) {
  const w = text.length * 11.5; // 13 px bold capitals with .14em letter spacing
  const xs = pts.map((q) => q[0]);
  const ys = pts.map((q) => q[1]);
  const cx = xs.reduce((t, x) => t + x, 0) / xs.length;
  const cy = ys.reduce((t, y) => t + y, 0) / ys.length;
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  // a space: its circle and counters, and its name, which may sit to either side or below;
  // covering the circle itself (with the legal ring) weighs four times more than the rest
  const boxes = [...spaces.map((p) => [p.x - 32, p.y - 20, p.x + 32, p.y + 26]), ...placed];
  const cores = spaces.map((p) => [p.x - 14, p.y - 14, p.x + 14, p.y + 14]);
  const hit = (b, o) => b[0] < o[2] && o[0] < b[2] && b[1] < o[3] && o[1] < b[3];
  const covers = (b) => boxes.filter((o) => hit(b, o)).length + 4 * cores.filter((o) => hit(b, o)).length;
  let best = null;
  const ys2 = [[top - 23, 0], [bottom + 44, 0.3], [cy + 5, 0.4], [top - 40, 0.5],
    [cy - 35, 0.6], [cy + 45, 0.6], [bottom + 64, 0.7], [top - 60, 0.7],
    [cy - 15, 0.8], [cy + 25, 0.8]];
  for (const [y, ypen] of ys2) {
    for (const dx of [0, -20, 20, -40, 40, -60, 60, -80, 80, -120, 120, -160, 160]) {
      const x = Math.max(frame.x + w / 2 + 4, Math.min(frame.x + frame.w - w / 2 - 4, cx + dx));
      if (y < frame.y + 14 || y > frame.y + frame.h - 4) continue;
      const box = [x - w / 2, y - 12, x + w / 2, y + 3];
      const score = covers(box) + ypen + Math.abs(dx) / 300;
      if (!best || score < best.score) best = { x, y, box, score };
    }
  }
  return best || { x: cx, y: top - 23, box: [cx - w / 2, top - 35, cx + w / 2, top - 20] };
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

const hasXY = (p) => Number.isFinite(p.x) && Number.isFinite(p.y);
const SEPARATION = 45; // map units between the centres of two automatically placed spaces

/**
 * A readable, deterministic layout for spaces without coordinates: breadth-first order from
 * the first space on a circle, then a force-directed relaxation (Fruchterman & Reingold)
 * with a fixed number of cooling steps, scaled to about 1000 by 700 map units. Spaces with
 * coordinates keep them when some do and some do not (the others are placed near their
 * neighbours). Returns Map(id -> {x, y}).
 */
export function autoLayout(spaces, links, width = 1000, height = 700) {
  const n = spaces.length;
  const ids = spaces.map((p) => p.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const adj = ids.map(() => []);
  const edges = [];
  for (const [a, b] of links || []) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined || i === j) continue;
    adj[i].push(j);
    adj[j].push(i);
    edges.push([i, j]);
  }
  // breadth-first order (component after component) around a circle: neighbours start near
  const order = [];
  const seen = new Array(n).fill(false);
  for (let r = 0; r < n; r += 1) {
    if (seen[r]) continue;
    seen[r] = true;
    const queue = [r];
    while (queue.length) {
      const i = queue.shift();
      order.push(i);
      for (const j of adj[i]) if (!seen[j]) { seen[j] = true; queue.push(j); }
    }
  }
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  const fixed = spaces.map(hasXY);
  order.forEach((i, k) => {
    const a = (2 * Math.PI * k) / Math.max(1, n);
    px[i] = width / 2 + (width / 3) * Math.cos(a);
    py[i] = height / 2 + (height / 3) * Math.sin(a);
  });
  spaces.forEach((p, i) => { if (fixed[i]) { px[i] = p.x; py[i] = p.y; } });
  const area = width * height;
  const kk = Math.sqrt(area / Math.max(1, n)) * 0.6;
  let temp = width / 8;
  const steps = n > 400 ? 120 : 300;
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  for (let it = 0; it < steps; it += 1) {
    dx.fill(0);
    dy.fill(0);
    for (let i = 0; i < n; i += 1) {
      for (let j = i + 1; j < n; j += 1) {
        let ex = px[i] - px[j];
        let ey = py[i] - py[j];
        let d2 = ex * ex + ey * ey;
        if (d2 < 1e-6) { ex = 0.01 * (i - j); ey = 0.01; d2 = ex * ex + ey * ey; }
        const f = (kk * kk) / d2;
        dx[i] += ex * f; dy[i] += ey * f;
        dx[j] -= ex * f; dy[j] -= ey * f;
      }
    }
    for (const [i, j] of edges) {
      const ex = px[i] - px[j];
      const ey = py[i] - py[j];
      const d = Math.sqrt(ex * ex + ey * ey) || 0.01;
      const f = d / kk;
      dx[i] -= ex * f; dy[i] -= ey * f;
      dx[j] += ex * f; dy[j] += ey * f;
    }
    for (let i = 0; i < n; i += 1) {
      if (fixed[i]) continue;
      // gravity keeps separate components near each other
      dx[i] += (width / 2 - px[i]) * 0.2;
      dy[i] += (height / 2 - py[i]) * 0.2;
      const d = Math.sqrt(dx[i] * dx[i] + dy[i] * dy[i]) || 1;
      const m = Math.min(d, temp);
      px[i] += (dx[i] / d) * m;
      py[i] += (dy[i] / d) * m;
    }
    temp = Math.max(0.5, temp * 0.985);
  }
  // no two spaces closer than SEPARATION once fitted to the sheet (room for the circles,
  // counters and names): push close pairs apart, a bounded number of passes
  const free = !fixed.some(Boolean);
  for (let pass = 0; free && pass < 60; pass += 1) {
    const fit = Math.min((width - 80) / Math.max(1, Math.max(...px) - Math.min(...px)),
      (height - 80) / Math.max(1, Math.max(...py) - Math.min(...py)));
    const minD = SEPARATION / fit;
    let moved = false;
    for (let i = 0; i < n; i += 1) {
      for (let j = i + 1; j < n; j += 1) {
        const ex = px[i] - px[j];
        const ey = py[i] - py[j];
        const d = Math.sqrt(ex * ex + ey * ey);
        if (d >= minD) continue;
        const ux = d > 1e-6 ? ex / d : 1;
        const uy = d > 1e-6 ? ey / d : 0;
        const push = (minD - d) / 2;
        px[i] += ux * push; py[i] += uy * push;
        px[j] -= ux * push; py[j] -= uy * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  // fit the free spaces to the sheet (all of them when none had coordinates)
  const out = new Map();
  if (fixed.some(Boolean)) {
    spaces.forEach((p, i) => out.set(p.id, { x: px[i], y: py[i] }));
    return out;
  }
  const minX = Math.min(...px);
  const maxX = Math.max(...px);
  const minY = Math.min(...py);
  const maxY = Math.max(...py);
  const sc = Math.min((width - 80) / Math.max(1, maxX - minX), (height - 80) / Math.max(1, maxY - minY));
  spaces.forEach((p, i) => out.set(p.id, {
    x: Math.round((40 + (px[i] - minX) * sc) * 10) / 10,
    y: Math.round((40 + (py[i] - minY) * sc) * 10) / 10 }));
  return out;
}

/** The spaces with the coordinates to draw them at (their own, or the automatic layout). */
function placed(map, ui) {
  if (map.spaces.every(hasXY)) return map.spaces;
  const sig = JSON.stringify([map.spaces.map((p) => [p.id, p.x, p.y]), map.links || []]);
  let cached = ui.get("map:layout");
  if (!cached || cached.sig !== sig) {
    cached = { sig, at: autoLayout(map.spaces, map.links) };
    ui.set("map:layout", cached);
  }
  return map.spaces.map((p) => ({ ...p, ...cached.at.get(p.id), auto: !hasXY(p) }));
}

// Where a space's name may go, in the space's own coordinates (font size fs): below, right,
// left, above (above clears the SP counters).
const NAME_PX = 9; // the least height of a space's name on the screen, in CSS pixels
const LABEL_SPOTS = [
  (fs) => ({ x: 0, y: 10 + fs + 0.4, anchor: "middle" }),
  (fs) => ({ x: 12, y: fs / 3, anchor: "start" }),
  (fs) => ({ x: -12, y: fs / 3, anchor: "end" }),
  (fs) => ({ x: 0, y: -18.5, anchor: "middle" }),
];

function labelRect(px, py, spot, fs, len, measured) {
  const w = measured ?? 0.58 * fs * len;
  const x0 = spot.anchor === "middle" ? px + spot.x - w / 2 : spot.anchor === "start" ? px + spot.x : px + spot.x - w;
  return [x0, py + spot.y - fs * 0.82, x0 + w, py + spot.y + fs * 0.22];
}

const overlaps = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * Place the space names for the current zoom (labels shrink a little, relative to the map,
 * as it zooms in): each in the first free spot of LABEL_SPOTS, legal and battleground
 * spaces first; a name with no free spot (clear of the other names and spaces and of
 * `obstacles`, [x0, y0, x1, y1] boxes: the region names, and inside `frame` {x, y, w, h}: the
 * map's edges, where a name was cut) is hidden (zooming in makes room:
 * the names shrink against the map). An item's `w`, where given, is its name's measured width
 * at fs (else an estimate, short of a bold name drawn in DejaVu Sans). Exported for tests.
 */
export function placeLabels(items, fs, obstacles = [], frame = null) {
  const inside = (r) => !frame || (r[0] >= frame.x && r[1] >= frame.y && r[2] <= frame.x + frame.w
    && r[3] <= frame.y + frame.h);
  const boxes = items.map((it) => (it.crowded ? [it.x - 18, it.y - 17, it.x + 18, it.y + 10]
    : [it.x - 10.5, it.y - 10.5, it.x + 10.5, it.y + 10.5]));
  const taken = [...obstacles];
  const order = items.map((it, i) => i).sort((a, b) => (items[b].rank - items[a].rank) || (a - b));
  const out = new Array(items.length);
  for (const i of order) {
    const it = items[i];
    let chosen = null;
    for (const make of LABEL_SPOTS) {
      const spot = make(fs);
      const r = labelRect(it.x, it.y, spot, fs, it.name.length, it.w);
      let free = inside(r) && !taken.some((t) => overlaps(r, t));
      for (let j = 0; free && j < boxes.length; j += 1) if (j !== i && overlaps(r, boxes[j])) free = false;
      if (free) { chosen = { ...spot, rect: r }; break; }
    }
    if (chosen) taken.push(chosen.rect);
    out[i] = chosen;
  }
  return out;
}

function spaceWords(sp, st, acts, rs) {
  const parts = [sp.name, sp.region && !rs.hatched ? `${sp.region} region` : sp.region];
  if (st) {
    if (st.stability !== undefined) parts.push(`stability ${st.stability}`);
    if (st.battleground) parts.push("battleground");
    if (sp.colonial) parts.push("Colonial");
    parts.push(`LW ${st.lw_sp ?? 0} SP${st.lw_extremists ? ` and ${st.lw_extremists} Extremist` : ""}`);
    parts.push(`RW ${st.rw_sp ?? 0} SP${st.rw_extremists ? ` and ${st.rw_extremists} Extremist` : ""}`);
    parts.push(st.control ? `${roleName(st.control)} control` : "uncontrolled");
  }
  if (acts && acts.length) parts.push(choiceWords(acts));
  return parts.filter(Boolean).join(", ");
}

function counter(x, y, side, n, ext) {
  const c = SIDE[side];
  const badge = (at) => s("g", { class: "ext", transform: at },
    s("circle", { r: 3.4, fill: "#111", stroke: "#fff", "stroke-width": 0.6 }),
    s("text", { class: "ext-n", y: 1.7, "text-anchor": "middle", text: ext > 1 ? String(ext) : "E" }));
  // an Extremist without Support Points is its badge alone (a "0" SP counter said nothing)
  if (!n) return s("g", { class: `counter ${side} ext-only`, transform: `translate(${x},${y})` }, badge(null));
  return s("g", { class: `counter ${side}`, transform: `translate(${x},${y})` },
    s("rect", { x: -5, y: -5, width: 10, height: 10, rx: 1.2, fill: c.colour, stroke: "#111",
      "stroke-width": ext ? 1.4 : 0.5 }),
    s("text", { class: "counter-n", y: 2.6, "text-anchor": "middle", text: String(n) }),
    ext ? badge(`translate(${side === "lw" ? -6 : 6},-6)`) : null);
}

/**
 * The map node for a view that has `map`. `ui` keeps the viewBox across renders, `act(key)`
 * plays a legal action. Returns null when the view has no map.
 */
/** The view a phone starts a decision on: the choices' box if it is narrow enough to read
 * (at least a sixth of the map wide), else a box 40% of the map wide about the median
 * choice (where most of them are). */
function fitChoices(spaces, acts, full) {
  const pts = spaces.filter((sp) => acts.has(sp.id));
  const xs = pts.map((p) => p.x).sort((a, b) => a - b);
  const ys = pts.map((p) => p.y).sort((a, b) => a - b);
  const pad = full.w / 30;
  const aspect = full.h / full.w;
  const bw = xs[xs.length - 1] - xs[0] + 2 * pad;
  const bh = ys[ys.length - 1] - ys[0] + 2 * pad;
  const fits = Math.max(bw, bh / aspect) <= full.w * 0.4;
  const w = fits ? Math.max(full.w / 6, bw, bh / aspect) : full.w * 0.4;
  const cx = fits ? (xs[0] + xs[xs.length - 1]) / 2 : xs[Math.floor(xs.length / 2)];
  const cy = fits ? (ys[0] + ys[ys.length - 1]) / 2 : ys[Math.floor(ys.length / 2)];
  return { x: cx - w / 2, y: cy - (w * aspect) / 2, w, h: w * aspect };
}

export function renderMap(view, legal, ui, act) {
  const raw = view && view.map;
  if (!raw || !Array.isArray(raw.spaces) || !raw.spaces.length) return null;
  const map = { ...raw, spaces: placed(raw, ui) };
  const auto = map.spaces.some((p) => p.auto);
  const xs = map.spaces.map((p) => p.x);
  const ys = map.spaces.map((p) => p.y);
  const pad = 40;
  const full = { x: Math.min(...xs) - pad, y: Math.min(...ys) - pad,
    w: Math.max(...xs) - Math.min(...xs) + 2 * pad, h: Math.max(...ys) - Math.min(...ys) + 2 * pad };
  const states = Array.isArray(view.spaces) ? view.spaces : [];
  const byName = new Map(states.map((st) => [st.name, st]));
  const stateOf = (sp, i) => (states[i] && states[i].name === sp.name ? states[i] : byName.get(sp.name));
  const ids = new Set(map.spaces.map((p) => p.id));
  const at = new Map(map.spaces.map((p) => [p.id, p]));
  // a Rearmament track is named as a space may be (track:ussr, the USSR space): it is no
  // choice on the map (the map zoomed onto the USSR space for a choice of seven tracks and
  // said "tap the highlighted space": a usability audit)
  const acts = actionsBySpace((legal || []).filter((a) => a.kind !== "track"), ids);
  const regions = [...new Set(map.spaces.map((p) => p.region))].filter((r) => r !== undefined && r !== null && r !== "");
  const styles = regionStyles(map, regions);
  const regionStyle = (region) => styles.get(region) || NO_REGION;

  const svg = s("svg", { class: `map-svg${auto ? " auto-layout" : ""}`, xmlns: NS, role: "group",
    "aria-label": `Map: ${map.spaces.length} spaces${acts.size ? `, ${acts.size} can be chosen` : ""}`,
    preserveAspectRatio: "xMidYMid meet", dataset: { layout: auto ? "auto" : "content" } });
  const labels = []; // {node, item}: the space names, placed for each zoom
  // a name is drawn at least NAME_PX screen pixels high where the map is drawn small (a
  // laptop's 1280 px screen drew the whole map 720 px wide, its names 5 px high: a browser
  // audit), at most half as large again as the map's own size for it (a phone's whole map
  // would hide most names)
  const pxPerUnit = () => {
    const r = svg.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? Math.min(r.width / pz.vb.w, r.height / pz.vb.h) : null;
  };
  const nameSize = () => {
    const own = 6.6 * Math.min(1, Math.sqrt(pz.vb.w / full.w));
    const ppu = pxPerUnit();
    return ppu ? Math.min(own * 1.5, Math.max(own, NAME_PX / ppu)) : own;
  };
  let drawnAt = null;
  const relabel = () => {
    const fs = nameSize();
    drawnAt = fs;
    // drawn on the page, each name's own width at this size (the estimate was short of the
    // bold names: two overlapped once they were drawn larger)
    const drawn = svg.isConnected && pxPerUnit() !== null;
    const items = labels.map(({ node, item }) => {
      node.style.fontSize = `${fs.toFixed(2)}px`;
      if (!drawn) return item;
      node.classList.remove("name-hidden"); // a hidden name measures 0
      return { ...item, w: node.getComputedTextLength() };
    });
    const spots = placeLabels(items, fs, placedNames, full);
    labels.forEach(({ node }, i) => {
      const spot = spots[i];
      if (!spot) {
        node.classList.add("name-hidden");
        return;
      }
      node.classList.remove("name-hidden");
      node.setAttribute("x", spot.x.toFixed(1));
      node.setAttribute("y", spot.y.toFixed(1));
      node.setAttribute("text-anchor", spot.anchor);
    });
  };
  const pz = viewBox(svg, ui, "map:viewBox", full, { zoomIn: 8, slack: [1, 0], zoomed: 0.7, onChange: relabel });
  // drawn on the page, resized with the window or the wide map: the names again for the size
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => { if (Math.abs(nameSize() - drawnAt) > 0.05) relabel(); }).observe(svg);
  }
  // the map's own proportions (a box of 10:7 drew eit2's 1.3:1 map letterboxed, narrower)
  if (!auto) svg.style.aspectRatio = `${full.w} / ${full.h}`;

  // defs: the hatch of each hatched region (the Independent spaces), in its colour
  svg.append(s("defs", {}, regions.map(regionStyle).filter((rs) => rs.pattern).map((rs) =>
    s("pattern", { id: rs.pattern, width: 4, height: 4, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" },
    s("rect", { width: 4, height: 4, fill: rs.tint }),
    s("line", { x1: 0, y1: 0, x2: 0, y2: 4, stroke: "#b5ab93", "stroke-width": 1.2 })))));
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
  const placedNames = []; // the boxes of the region names placed so far
  for (const region of regions) {
    if (auto) break; // an automatic layout has no geography to shade
    const st = regionStyle(region);
    const groups = new Map();
    for (const p of map.spaces) {
      if (p.region !== region) continue;
      const r = root(p.id);
      if (!groups.has(r)) groups.set(r, []);
      groups.get(r).push([p.x, p.y]);
    }
    if (st.hatched) {
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
    const text = `${region.toUpperCase()} (${st.letter})`;
    const spot = regionNameSpot(biggest, text, map.spaces, placedNames, full);
    placedNames.push(spot.box);
    names.append(s("text", { class: "region-name", x: spot.x, y: spot.y, "text-anchor": "middle",
      text }));
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
  const whyNot = typeof act.whyNot === "function" ? act.whyNot : null;
  const info = infoLine(acts.size, ["spaces", "a space", "space"], whyNot);
  const why = whyNotBox(whyNot);
  const menu = choiceMenu(wrap, act, why);
  const gestures = panZoomGestures(svg, pz, { pinch: "follow", onPan: menu.close });

  const showInfo = (sp, st, list) => {
    const rs = regionStyle(sp.region);
    fill(info,
      h("strong", {}, sp.name), " ",
      sp.region ? [h("span", { class: "chip" }, `${sp.region}${rs.letter ? ` (${rs.letter})` : ""}`), " "] : null,
      st ? [
        h("span", {}, `Stability ${st.stability}`), st.battleground ? h("span", { class: "chip bg-chip" }, "★ Battleground") : null,
        // 2.1.6: some Events name "non-Colonial" spaces (the view's map says which are)
        sp.colonial ? h("span", { class: "chip" }, "Colonial §2.1.6") : null,
        h("span", { class: "sp lw" }, `LW ${st.lw_sp} SP`), st.lw_extremists ? h("span", { class: "sp lw" }, `LW Extremists ${st.lw_extremists}`) : null,
        h("span", { class: "sp rw" }, `RW ${st.rw_sp} SP`), st.rw_extremists ? h("span", { class: "sp rw" }, `RW Extremists ${st.rw_extremists}`) : null,
        h("span", {}, st.control ? `Control: ${roleName(st.control)}` : "Uncontrolled"),
      ] : null,
      choiceChip(list));
  };

  const layer = s("g", { class: "spaces" });
  const onMap = new Set(); // the keys of the legal actions a space holds (wrap.placed)
  map.spaces.forEach((sp, i) => {
    const st = stateOf(sp, i) || null;
    const list = acts.get(sp.id) || [];
    const rs = regionStyle(sp.region);
    const ctl = st && st.control && SIDE[st.control] ? st.control : null;
    const words = spaceWords(sp, st, list, rs);
    for (const a of list) onMap.add(a.key);
    const g = s("g", { class: `space${list.length ? " legal" : ""}${ctl ? ` ctl-${ctl}` : ""}`,
      transform: `translate(${sp.x},${sp.y})`, tabindex: "0", role: list.length || whyNot ? "button" : "img",
      "aria-label": words, dataset: { id: sp.id, region: sp.region ?? "", state: JSON.stringify(st) } },
    s("title", { text: words }),
    list.length ? s("circle", { class: "legal-ring", r: 13.5 }) : null,
    s("circle", { class: "space-shape", r: 10,
      fill: rs.pattern ? `url(#${rs.pattern})` : rs.tint,
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
    null);
    const name = s("text", { class: `space-name${st && st.battleground ? " bg" : ""}`, y: 17.5,
      "text-anchor": "middle", text: sp.name, "aria-hidden": "true" });
    g.append(name);
    labels.push({ node: name, item: { x: sp.x, y: sp.y, name: String(sp.name || sp.id),
      crowded: Boolean(st && (st.lw_sp || st.rw_sp || st.lw_extremists || st.rw_extremists)),
      rank: (list.length ? 4 : 0) + (st && st.battleground ? 2 : 0) + (ctl ? 1 : 0) } });
    bindChoice(g, () => showInfo(sp, st, list),
      (e) => menu.choose(sp.name, list, e, g, whyNot ? () => why.ask(sp.name, sp.id) : null), { gestures });
    layer.append(g);
  });
  svg.append(layer);
  // on a phone a new decision starts zoomed in on its choices, legible (at most 40% of the
  // map's width, about the densest of them when they spread wider); ⤢ shows the whole map
  const chosenIds = [...acts.keys()];
  const sig = chosenIds.join("|");
  const narrow = typeof window !== "undefined" && window.innerWidth < 640;
  if (narrow && chosenIds.length && ui.get("map:fitted") !== sig) pz.set(fitChoices(map.spaces, acts, full));
  else pz.set(pz.vb);
  ui.set("map:fitted", sig);

  const tools = zoomTools(pz, null,
    h("span", { class: "map-legend" }, ...legendItems(
      h("span", { class: "lg lw" }, "L"), " LW SP  ", h("span", { class: "lg rw" }, "R"), " RW SP  ",
      h("span", { class: "lg ext" }, "E"), " Extremist  ", h("span", { class: "lg star" }, "★"), " Battleground  ",
      // the notation of the choices and the log (an audit: "(1*/0)" was unexplained)
      h("span", { class: "lg sp-note" }, "1*/0"), " LW/RW SP, * an Extremist  ",
      // a seat's marks, none in the replay viewer (nothing is chosen or marked there)
      act && act.replay ? null : [h("span", { class: "lg ring" }, "◯"), " can be chosen  ",
        h("span", { class: "lg changed" }, "◯"), " changed since your last decision  "],
      regions.map((r) => {
        const st = regionStyle(r);
        if (st.hatched) return h("span", { class: "lg region hatch", style: { background: `repeating-linear-gradient(45deg, ${st.tint} 0 3px, #b5ab93 3px 4px)` } }, `${st.letter ? `${st.letter} ` : ""}${r}`);
        return h("span", { class: "lg region", style: { background: st.tint } }, `${st.letter} ${r}`);
      }))));
  boardKeys(wrap, pz, menu.close);
  wrap.append(tools, h("div", { class: "map-frame" }, svg), info, why.node);
  rovingPlaces(wrap, ui, pz);
  wrap.placed = onMap;
  return wrap;
}
