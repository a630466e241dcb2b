// Europe At War 1940: the game board as an interactive SVG, all drawn from the view: the
// static board (`view.map`: fronts with their routes, locations with flag VP and ports, air
// spaces, sea zones, Malta, the layout, the turn track and the VP bands, from the content
// pack) and the markers of the moment (`view.fronts`, `air_spaces`, `sea_zones`, `malta`,
// `turn`, `ap`, `vp`). Each front is a line of location circles from its Axis home towards
// the Allied flag locations; the stretch the Axis hold is drawn dark, the rest blue.
// Legal actions that name a board element make it highlighted and clickable (a menu when
// several name one element): an attack on the location the front's Allied marker holds,
// unstall / tank moves / a new tank on the front's Axis marker, air and sea attacks on the
// control markers. Okabe & Ito colours, always with a letter or word as well.
import { NS, actionsBySpace, bindChoice, boardKeys, rovingPlaces, choiceMenu, choiceWords, infoLine, panZoomGestures, s, showDetails,
  viewBox, whyNotBox, zoomTools } from "./mapkit.js";
import { h, humanize, legendItems } from "./ui.js";

const AXIS = "#000000";
const ALLIED = "#0072B2";
const TINT = { axis: "#c9c9c9", allies: "#cfe4f3", none: "#f3efe3" };
const WATER = "#a9d2ec";
const AIR = "#CC79A7";
const FLAG = "#D55E00";
const RESERVE = "#F0E442";
const MALTA = "#E69F00";

function initials(name) {
  return String(name).split(/[\s/]+/).filter(Boolean).map((w) => w[0]).join("").toUpperCase().slice(0, 3);
}

/** A readable layout for a content pack without one: each front a row, homes on the left. */
export function autoLayout(map) {
  const fronts = map.fronts || [];
  const homes = [...new Set(fronts.map((f) => f.route[0]))];
  const longest = Math.max(2, ...fronts.map((f) => f.route.length));
  const step = 120;
  const width = 160 + (longest - 1) * step + 260;
  const rowH = 110;
  const height = 90 + fronts.length * rowH + 150;
  const locations = {};
  const frontLabels = {};
  fronts.forEach((f, i) => {
    const y = 80 + i * rowH;
    f.route.forEach((name, j) => {
      if (j === 0 || locations[name]) return;
      locations[name] = [160 + j * step, y];
    });
    frontLabels[f.id] = [160 + step * 0.5, y - 30];
  });
  homes.forEach((name, k) => {
    const rows = fronts.map((f, i) => (f.route[0] === name ? 80 + i * rowH : null)).filter((y) => y !== null);
    locations[name] = [60, rows.reduce((a, b) => a + b, 0) / rows.length + k * 4];
  });
  for (const loc of map.locations || []) if (!locations[loc.name]) locations[loc.name] = [60, height - 40];
  const box = (x, y, w, hh) => [[x, y], [x + w, y], [x + w, y + hh], [x, y + hh]];
  const airX = width - 230;
  const air = {};
  (map.air_spaces || []).forEach((a, i) => {
    const y = 30 + i * 90;
    air[a.id] = { label: [airX + 105, y + 42], area: [box(airX, y, 210, 80)] };
  });
  const sea = {};
  const seaY = height - 130;
  (map.sea_zones || []).forEach((z, i) => {
    const x = 140 + i * 300;
    sea[z.id] = { label: [x + 130, seaY + 60], area: [box(x, seaY, 260, 110)] };
  });
  return { width, height, locations, fronts: frontLabels, sea_zones: sea, air_spaces: air,
    malta: [140 + (map.sea_zones || []).length * 300 + 60, seaY + 55], auto: true };
}

function unit(p, q) {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const d = Math.hypot(dx, dy) || 1;
  return [dx / d, dy / d];
}

const meet = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** The width of `text` in map units at `size` px and `weight` (the page's font). */
let measureCtx;
function textWidth(text, size, weight, spacing = 0) {
  if (measureCtx === undefined) {
    measureCtx = (typeof document !== "undefined" && document.createElement("canvas").getContext("2d")) || null;
  }
  const extra = spacing * size * text.length;
  if (!measureCtx) return text.length * size * 0.62 + extra;
  measureCtx.font = `${weight} ${size}px ${getComputedStyle(document.body).fontFamily || "sans-serif"}`;
  return measureCtx.measureText(text).width + extra;
}

/** The box [x0, y0, x1, y1] of a one-line SVG text with a 3 px halo (paint-order stroke). */
function textBox(text, x, y, anchor, size, weight, spacing = 0) {
  const w = textWidth(text, size, weight, spacing);
  const left = anchor === "end" ? x - w : anchor === "middle" ? x - w / 2 : x;
  return [left - 1.5, y - size * 0.85 - 1.5, left + w + 1.5, y + size * 0.25 + 1.5];
}

function polyPath(polys) {
  return polys.map((poly) => `M${poly.map((p) => p.join(",")).join("L")}Z`).join("");
}

/** Which legal actions name which board element: {elementId: [legal, ...]}. */
export function eawActions(view, legal) {
  const out = new Map();
  const add = (id, a) => {
    if (!out.has(id)) out.set(id, []);
    out.get(id).push(a);
  };
  const fronts = new Map((view.fronts || []).map((f) => [f.id, f]));
  const pendingFront = view.pending && view.pending.front;
  const controls = [];
  for (const a of legal || []) {
    const f = fronts.get(a.target);
    if (a.kind === "attack" && f) {
      const loc = f.route[(f.axis_index ?? 0) + 1];
      if (loc) add(`loc:${loc}`, a);
    } else if ((a.kind === "unstall" || a.kind === "place_tank" || a.kind === "tank") && f) {
      add(`front:${f.id}`, a);
    } else if ((a.key === "reroll" || a.key === "keep") && pendingFront) {
      add(`front:${pendingFront}`, a);
    } else if (a.kind === "sea" || a.kind === "air") {
      controls.push(a);
    }
  }
  const ids = new Set([...(view.sea_zones || []).map((z) => z.id), ...(view.air_spaces || []).map((x) => x.id)]);
  for (const [id, list] of actionsBySpace(controls, ids)) {
    for (const a of list) add(`${a.kind}:${id}`, a);
  }
  return out;
}

function turnStrip(view, map) {
  const track = map.turn_track || [];
  const fronts = new Map((map.fronts || []).map((f) => [f.id, f.name]));
  const turns = h("ol", { class: "eaw-turns", "aria-label": `Turn track: turn ${view.turn} of ${view.turns}` },
    track.map((t) => {
      const now = t.turn === view.turn;
      const notes = [
        ...(t.fronts_enter || []).map((f) => `+${fronts.get(f) || f} front`),
        ...(t.axis_tanks ? [`+${t.axis_tanks} Axis tank${t.axis_tanks > 1 ? "s" : ""}`] : []),
        ...(t.allied_tanks || []).map((f) => `+Allied tank (${fronts.get(f) || f})`),
      ];
      return h("li", { class: `eaw-turn${now ? " now" : ""}${t.turn < view.turn ? " past" : ""}`,
        "aria-current": now ? "step" : null,
        title: `Turn ${t.turn}, ${t.date}: ${t.ap} AP${notes.length ? `; ${notes.join(", ")}` : ""}` },
      h("span", { class: "eaw-turn-n" }, now ? `▶${t.turn}` : String(t.turn)),
      h("span", { class: "eaw-turn-date" }, t.date),
      h("span", { class: "eaw-turn-ap" }, `${t.ap} AP`),
      // a break offered after each "/" ("+Central/ Southern front", not "+Central/S outhern":
      // an audit)
      notes.length ? h("span", { class: "eaw-turn-notes" }, notes.map((n) => h("span", {}, n.replaceAll("/", "/\u200b")))) : null);
    }));
  const turnAp = (track.find((t) => t.turn === view.turn) || {}).ap ?? view.ap;
  const pips = h("span", { class: "eaw-ap", "aria-label": `${view.ap} of ${turnAp} AP left` },
    Array.from({ length: Math.max(turnAp, view.ap) }, (_, i) =>
      h("span", { class: `pip${i < view.ap ? " on" : ""}`, "aria-hidden": "true" }, i < view.ap ? "●" : "○")),
    ` ${view.ap} AP left`);
  // the VP track with the victory bands of content (colours and words)
  const bands = (map.victory && map.victory.bands) || [];
  const lo = Math.min(-5, view.vp);
  const hi = Math.max(30, view.vp);
  const span = hi - lo + 1;
  const pct = (v) => `${((v - lo) / span) * 100}%`;
  const band = bands.find((b) => (b.min ?? -Infinity) <= view.vp && view.vp <= (b.max ?? Infinity));
  // "as it stands" while the game is on; at its end the band is the result (an audit)
  const stands = view.result ? "final" : "as it stands";
  const bar = h("div", { class: "eaw-vp-bar", role: "img",
    "aria-label": `Axis VP ${view.vp}${band ? `, ${stands}: ${humanize(band.label)}` : ""}` },
  bands.map((b) => {
    const a = Math.max(lo, b.min ?? lo);
    const z = Math.min(hi, b.max ?? hi);
    return h("span", { class: `eaw-band ${b.winner || "draw"}`, title: b.text,
      style: { left: pct(a), width: `${((z - a + 1) / span) * 100}%` } },
    // the words and the range each on a line of their own, so a narrow band (a phone:
    // "Allied decisive victo…", "Draw…") cuts neither (a usability audit)
    h("span", { class: "eaw-band-name" }, humanize(b.label)), " ",
    h("span", { class: "eaw-band-range" }, b.min === null || b.min === undefined ? `≤${b.max}` : b.max === null || b.max === undefined ? `≥${b.min}` : `${b.min}–${b.max}`));
  }),
  h("span", { class: "eaw-vp-mark", style: { left: `calc(${pct(view.vp)} + ${50 / span}%)` } }, `▼ ${view.vp}`));
  const flags = view.flags_controlled || [];
  const need = (map.victory && map.victory.axis_automatic && map.victory.axis_automatic.flags_needed) || 3;
  return h("div", { class: "eaw-strip" },
    h("div", { class: "eaw-strip-row" },
      h("strong", {}, `Turn ${view.turn}/${view.turns}`), h("span", { class: "muted" }, view.date || ""),
      pips,
      // the band the VP fall in now (10.4 judges it at the game's end)
      h("span", { class: "eaw-vp-now", title: "10.4: the victory level is judged at the end of the game" },
        `Axis VP ${view.vp}`, band ? ` — ${stands}: ${humanize(band.label)}` : ""),
      // what the count is, in words a phone shows too ("Flags 0/3" was said nowhere: a
      // browser audit)
      h("span", { title: `10.2: the Axis win at once at the end of a turn holding ${need} of the 4 Allied flag locations` },
        `Axis holds ${flags.length}/${need} Allied flags (${need} win at the turn's end, 10.2)${flags.length ? `: ${flags.join(", ")}` : ""}`),
      (view.allies_occupy || []).length ? h("span", { class: "chip warn" }, `Allies occupy ${view.allies_occupy.join(", ")}`) : null,
      map.turn_track_reconstructed ? h("span", { class: "muted small" }, "turn track reconstructed") : null),
    turns, bar);
}

/**
 * The board node for an eaw1940 view. `ui` keeps the viewBox across renders, `act(key)`
 * plays a legal action. Returns null when the view has no board.
 */
export function renderEaw1940(view, legal, ui, act) {
  const map = view && view.map;
  if (!map || !Array.isArray(map.fronts) || !Array.isArray(view.fronts)) return null;
  const lay = map.layout || autoLayout(map);
  const P = (name) => lay.locations[name] || [0, 0];
  const full = { x: 0, y: 0, w: lay.width, h: lay.height };
  const acts = eawActions(view, legal);
  const locInfo = new Map((map.locations || []).map((l) => [l.name, l]));
  const frontsNow = new Map(view.fronts.map((f) => [f.id, f]));
  const airNow = new Map((view.air_spaces || []).map((a) => [a.id, a]));
  const seaNow = new Map((view.sea_zones || []).map((z) => [z.id, z]));
  const seaName = new Map((map.sea_zones || []).map((z) => [z.id, z.name]));
  const airName = new Map((map.air_spaces || []).map((a) => [a.id, a.name]));
  const enters = new Map();
  for (const t of map.turn_track || []) for (const f of t.fronts_enter || []) enters.set(f, t.turn);
  const occupied = new Set(view.allies_occupy || []);

  // who holds each location: on some front in play the Axis reached it (index <= axis)
  const holder = new Map();
  const fronts = map.fronts.map((fd) => ({ ...fd, now: frontsNow.get(fd.id) || {} }));
  for (const f of fronts) {
    const idx = f.now.axis_index ?? 0;
    f.route.forEach((name, i) => {
      const axis = f.now.in_play !== false ? i <= idx : i === 0;
      if (axis) holder.set(name, "axis");
      else if (!holder.has(name)) holder.set(name, "allies");
    });
  }
  for (const name of occupied) holder.set(name, "allies");

  const svg = s("svg", { class: "map-svg eaw-svg", xmlns: NS, role: "group",
    "aria-label": `Europe At War board: ${fronts.length} fronts, ${locInfo.size} locations${acts.size ? `, ${acts.size} can be chosen` : ""}`,
    preserveAspectRatio: "xMidYMid meet" });
  svg.style.aspectRatio = `${lay.width} / ${lay.height}`;
  const pz = viewBox(svg, ui, "map:eaw1940:viewBox", full, { zoomIn: 6, slack: [0.5, 0], zoomed: 0.7 });

  svg.append(s("defs", {},
    s("pattern", { id: "eaw-waves", width: 24, height: 12, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 24, height: 12, fill: WATER }),
      s("path", { d: "M0 8 q6 -4 12 0 t12 0", fill: "none", stroke: "#7fb6d9", "stroke-width": 1.2 })),
    s("pattern", { id: "eaw-stalled", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 6, height: 6, fill: "#fff" }),
      s("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#000", "stroke-width": 2.4 }))));
  svg.append(s("rect", { class: "eaw-land", x: -lay.width, y: -lay.height, width: lay.width * 3, height: lay.height * 3 }));

  // sea zones (water with waves) and air spaces (dashed outlines) behind everything
  const under = s("g", { class: "eaw-areas", "aria-hidden": "true" });
  for (const z of map.sea_zones || []) {
    const al = lay.sea_zones[z.id];
    if (al) under.append(s("path", { class: "eaw-sea-area", d: polyPath(al.area), dataset: { id: z.id } }));
  }
  for (const a of map.air_spaces || []) {
    const al = lay.air_spaces[a.id];
    if (!al) continue;
    const can = acts.has(`air:${a.id}`);
    under.append(s("path", { class: `eaw-air-area${can ? " can" : ""} ${(airNow.get(a.id) || {}).control || ""}`,
      d: polyPath(al.area), dataset: { id: a.id } }));
  }
  svg.append(under);

  // what a front marker or tank must not cover, in map units: every name (of a location,
  // Malta, a sea zone, an air space, a front), every location, flag and control marker (the
  // Central/Southern front's Axis marker and its tanks lay on "Berlin": a browser audit)
  const names = [];
  const keepClear = [];

  // routes: the Axis-held stretch dark, the rest Allied blue; fronts not in play dashed grey
  const routes = s("g", { class: "eaw-routes" });
  for (const f of fronts) {
    const pts = f.route.map(P);
    const idx = f.now.axis_index ?? 0;
    const inPlay = f.now.in_play !== false;
    const g = s("g", { class: `eaw-route${inPlay ? "" : " off"}`, dataset: { front: f.id }, "aria-hidden": "true" });
    if (!inPlay) {
      g.append(s("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "eaw-line off" }));
    } else {
      const split = Math.max(0, Math.min(pts.length - 1, idx));
      if (split > 0) g.append(s("polyline", { points: pts.slice(0, split + 1).map((p) => p.join(",")).join(" "), class: "eaw-line axis" }));
      if (split < pts.length - 1) g.append(s("polyline", { points: pts.slice(split).map((p) => p.join(",")).join(" "), class: "eaw-line allies" }));
    }
    const at = (lay.fronts && lay.fronts[f.id]) || [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2 - 22];
    const frontName = `${f.name.toUpperCase()} FRONT${inPlay ? "" : ` — enters turn ${enters.get(f.id) ?? "?"}`}`;
    g.append(s("text", { class: "eaw-front-name", x: at[0], y: at[1], "text-anchor": "middle", text: frontName }));
    names.push(textBox(frontName, at[0], at[1], "middle", 12, 800, 0.1));
    routes.append(g);
  }
  svg.append(routes);

  // the info line and the menu
  const wrap = h("div", { class: "map-wrap eaw-map" });
  const info = infoLine(acts.size, ["markers and locations", "a location or marker", "location or marker"], act.whyNot);
  // "why not": what a board element stands for in the rules (an attack on a front, a sea or
  // air attack, the front marker's actions), asked for this seat
  const why = whyNotBox(typeof act.whyNot === "function" ? act.whyNot : null);
  const menu = choiceMenu(wrap, act, why, 230);
  const gestures = panZoomGestures(svg, pz, { onPan: menu.close });
  const alliedAt = (f) => f.route[(f.now.axis_index ?? 0) + 1];
  const askWhy = (id, title) => {
    if (id.startsWith("sea:") || id.startsWith("air:")) { why.ask(title, id); return; }
    if (id.startsWith("front:")) {
      const f = fronts.find((x) => `front:${x.id}` === id);
      if (!f) return;
      why.ask(title, f.id, (r) => (r.legal && String(r.key).startsWith("attack:")
        ? `nothing is chosen on the Axis marker now; the ${f.name} front's attack is chosen on ${alliedAt(f)}, the location its Allied front marker holds` : null));
      return;
    }
    if (!id.startsWith("loc:")) {
      why.hide();     // Malta and other markers for information: no answer left from before
      return;
    }
    const name = id.slice(4);
    const on = fronts.filter((f) => f.route.includes(name));
    const target = on.find((f) => f.now.in_play !== false && alliedAt(f) === name);
    if (target) { why.ask(title, `attack:${target.id}`); return; }
    const f = on.find((x) => x.now.in_play !== false) || on[0];
    if (!f) return;
    const there = alliedAt(f);
    const held = holder.get(name) === "axis" && f.now.in_play !== false;
    why.ask(title, `attack:${f.id}`, `${held ? `the Axis hold ${name}; ` : ""}an attack on the ${f.name} front is made on ${there || "no location (the front is at its end)"}, the location its Allied front marker holds`);
  };
  const els = new Map();
  const placed = new Set(); // the keys of the legal actions an element holds (wrap.placed)
  /** A focusable board element: hover/focus shows `details`, click/Enter plays its actions. */
  const element = (id, cls, title, words, details, kids) => {
    const list = acts.get(id) || [];
    for (const a of list) placed.add(a.key);
    const label = `${words}${list.length ? `; ${choiceWords(list)}` : ""}`;
    const g = s("g", { class: `space ${cls}${list.length ? " legal" : ""}`, tabindex: "0",
      role: list.length || (act.whyNot && id !== "malta") ? "button" : "img", "aria-label": label,
      dataset: { id, state: words } },
    s("title", { text: label }), kids);
    bindChoice(g, () => showDetails(info, title, details, list),
      (e) => menu.choose(title, list, e, g, () => askWhy(id, title)), { gestures });
    els.set(id, g);
    return g;
  };
  const ctlWord = (c) => (c === "axis" ? "Axis" : "Allied");

  // control markers of the sea zones and air spaces, Malta
  const markers = s("g", { class: "eaw-controls" });
  for (const z of map.sea_zones || []) {
    const al = lay.sea_zones[z.id];
    if (!al) continue;
    const now = seaNow.get(z.id) || {};
    const ports = (map.locations || []).filter((l) => l.port === z.id).map((l) => l.name);
    const id = `sea:${z.id}`;
    const [x, y] = al.label;
    names.push(textBox(z.name.toUpperCase(), x, y - 12, "middle", 12, 800, 0.08));
    keepClear.push([x - 31, y - 3, x + 31, y + 19]);      // its control marker
    markers.append(element(id, "eaw-sea", `${z.name} sea zone`,
      `${z.name} sea zone: ${ctlWord(now.control)} control`,
      [`Control: ${ctlWord(now.control)}`, `Ports: ${ports.join(", ") || "none"}`,
        z.id === "atlantic" && now.control !== "axis" ? "Axis attacks here: -1 DRM (7.2)" : ""],
      [acts.has(id) ? s("rect", { class: "legal-ring", x: x - 62, y: y - 30, width: 124, height: 52, rx: 10 }) : null,
        s("text", { class: "eaw-area-name sea", x, y: y - 12, "text-anchor": "middle", text: z.name.toUpperCase() }),
        controlMarker(x, y + 8, now.control, false)]));
  }
  for (const a of map.air_spaces || []) {
    const al = lay.air_spaces[a.id];
    if (!al) continue;
    const now = airNow.get(a.id) || {};
    const served = fronts.filter((f) => f.air_space === a.id).map((f) => f.name);
    const id = `air:${a.id}`;
    const [x, y] = al.label;
    names.push(textBox(`✈ ${a.name.toUpperCase()}`, x, y - 14, "middle", 12, 800, 0.08));
    keepClear.push([x - 31, y - 5, x + 43, y + 17]);      // its control marker and badge
    markers.append(element(id, "eaw-air", `${a.name} air space`,
      `${a.name} air space: ${ctlWord(now.control)} control${now.axis_air_superiority ? ", Axis air superiority" : ""}`,
      [`Control: ${ctlWord(now.control)}`, now.axis_air_superiority ? "Axis air superiority (Allied attacks -1 DRM)" : "",
        `Fronts: ${served.join(", ")}`],
      [acts.has(id) ? s("rect", { class: "legal-ring", x: x - 70, y: y - 32, width: 140, height: 56, rx: 10 }) : null,
        s("text", { class: "eaw-area-name air", x, y: y - 14, "text-anchor": "middle", text: `✈ ${a.name.toUpperCase()}` }),
        controlMarker(x, y + 6, now.control, now.axis_air_superiority)]));
  }
  {
    const [x, y] = lay.malta;
    const active = view.malta === "active";
    const m = map.malta || {};
    markers.append(element("malta", "eaw-malta", "Malta",
      `Malta: ${active ? "active" : "inactive"}`,
      [active ? "Active" : "Inactive", active && m.drm_while_active ? `Axis attacks on the ${(fronts.find((f) => f.id === m.front) || {}).name || m.front} front: ${m.drm_while_active} DRM` : "",
        m.reconstructed ? "(effect reconstructed)" : ""],
      [s("circle", { class: "space-shape", r: 11, cx: x, cy: y, fill: active ? MALTA : "#fff", stroke: "#000", "stroke-width": 1.4,
        "stroke-dasharray": active ? null : "3 2" }),
      s("text", { class: "eaw-malta-m", x, y: y + 4.5, "text-anchor": "middle", text: "M" }),
      s("text", { class: "eaw-loc-name", x, y: y + 25, "text-anchor": "middle", text: `Malta (${active ? "active" : "inactive"})` })]));
    keepClear.push([x - 12, y - 12, x + 12, y + 12]);
    names.push(textBox(`Malta (${active ? "active" : "inactive"})`, x, y + 25, "middle", 11.5, 600));
  }
  svg.append(markers);

  // each location's name stands away from its routes (opposite the mean direction to its
  // neighbours on them), below it when they pull every way
  const pull = new Map();
  for (const f of fronts) {
    f.route.forEach((name, i) => {
      const p = P(name);
      for (const j of [i - 1, i + 1]) {
        if (j < 0 || j >= f.route.length) continue;
        const u = unit(p, P(f.route[j]));
        const v = pull.get(name) || [0, 0, 0];
        pull.set(name, [v[0] + u[0], v[1] + u[1], v[2] + 1]);
      }
    });
  }
  const labelAt = (name, x, y, r) => {
    const v = pull.get(name);
    let dx = 0;
    let dy = 1;
    if (v && v[2]) {
      const mx = -v[0] / v[2];
      const my = -v[1] / v[2];
      const len = Math.hypot(mx, my);
      if (len > 0.35) { dx = mx / len; dy = my / len; }
    }
    const anchor = dx < -0.5 ? "end" : dx > 0.5 ? "start" : "middle";
    return { x: x + dx * (r + 6), y: y + dy * (r + 6) + (dy > 0.5 ? 9 : dy < -0.5 ? -2 : 4), anchor, dx, dy };
  };

  // locations
  const locs = s("g", { class: "eaw-locations" });
  for (const loc of map.locations || []) {
    const [x, y] = P(loc.name);
    const id = `loc:${loc.name}`;
    const who = holder.get(loc.name) || "none";
    const on = fronts.filter((f) => f.route.includes(loc.name));
    const homeOf = on.filter((f) => f.route[0] === loc.name).map((f) => f.name);
    const list = acts.get(id) || [];
    const facts = [
      who === "none" ? "" : `Held by the ${who === "axis" ? "Axis" : "Allies"}`,
      on.length ? `${on.length > 1 ? "Fronts" : "Front"}: ${on.map((f) => f.name).join(", ")}` : "",
      loc.axis_home ? `Axis home${homeOf.length ? ` of the ${homeOf.join(", ")} front${homeOf.length > 1 ? "s" : ""}` : ""}` : "",
      loc.flag_vp ? `Allied flag location: ${loc.flag_vp} VP` : "",
      loc.port ? `Port on the ${seaName.get(loc.port) || loc.port} (${ctlWord((seaNow.get(loc.port) || {}).control)} control)` : "",
      on.length ? `Air: ${[...new Set(on.map((f) => airName.get(f.air_space) || f.air_space))].join(", ")}` : "",
      occupied.has(loc.name) ? "Occupied by the Allies" : "",
    ].filter(Boolean);
    const kids = [
      list.length ? s("circle", { class: "legal-ring", cx: x, cy: y, r: 19 }) : null,
      s("circle", { class: "space-shape", cx: x, cy: y, r: loc.axis_home ? 13 : 11,
        fill: TINT[who], stroke: who === "axis" ? AXIS : who === "allies" ? ALLIED : "#555", "stroke-width": loc.axis_home ? 3 : 1.6 }),
      loc.axis_home ? s("circle", { cx: x, cy: y, r: 8.5, fill: "none", stroke: AXIS, "stroke-width": 1 }) : null,
      s("text", { class: "eaw-loc-letter", x, y: y + 4, "text-anchor": "middle", text: who === "axis" ? "X" : who === "allies" ? "A" : "" }),
      loc.port ? s("text", { class: "eaw-port", x: x - 15, y: y - 9, "text-anchor": "middle", text: "⚓" }) : null,
      (() => {
        // the flag stands at right angles to the name, clear of it
        const at = labelAt(loc.name, x, y, loc.axis_home ? 14 : 12);
        const [fx, fy] = [x - at.dy * 24 - 10, y + at.dx * 24 + 2];
        if (loc.flag_vp) keepClear.push([fx - 1, fy - 13, fx + 21, fy + 8]);
        return loc.flag_vp ? flagMarker(fx, fy, loc.flag_vp, who) : null;
      })(),
      (() => {
        const at = labelAt(loc.name, x, y, loc.axis_home ? 14 : 12);
        const r = loc.axis_home ? 14 : 12;
        keepClear.push([x - r, y - r, x + r, y + r]);
        names.push(textBox(loc.name, at.x, at.y, at.anchor, 11.5, loc.flag_vp ? 800 : 600));
        return s("text", { class: `eaw-loc-name${loc.flag_vp ? " flag" : ""}`, x: at.x, y: at.y, "text-anchor": at.anchor, text: loc.name });
      })(),
    ];
    locs.append(element(id, `eaw-loc held-${who}${loc.flag_vp ? " eaw-flag" : ""}`, loc.name,
      [loc.name, ...facts].join(", "), facts, kids));
  }
  svg.append(locs);

  // front markers, tanks
  const counters = s("g", { class: "eaw-counters" });
  const taken = [];
  for (const f of fronts) {
    const now = f.now;
    const pts = f.route.map(P);
    const inPlay = now.in_play !== false;
    const idx = now.axis_index ?? 0;
    const short = initials(f.name);
    const place = (i, toward, cluster) => {
      // a marker stands by its location, shifted towards the enemy along the route (beyond
      // either end: outwards); where it or its tanks would cover a name (or a location, a
      // flag, a control marker) or a marker already placed, it stays on its route: nearer or
      // further along it, then on the route's stretch behind its location; only where no
      // place on the route is clear does it turn about its location to the nearest clear
      // direction (at Sedan the Axis marker turned 50 degrees off its route, the Allied
      // marker on the stretch towards Paris: an audit)
      const end = pts.length - 1;
      const k = Math.max(0, Math.min(end, i));
      const j = i + toward;
      const u = end < 1 ? [0, -1] : i < 0 ? unit(pts[1], pts[0]) : i > end ? unit(pts[end - 1], pts[end])
        : j >= 0 && j <= end ? unit(pts[i], pts[j]) : unit(pts[i - toward], pts[i]);
      const back = i >= 0 && i <= end && i - toward >= 0 && i - toward <= end ? unit(pts[i], pts[i - toward]) : null;
      const base = i < 0 || i > end ? 34 : 27;
      const tries = [[u, base], [u, base - 5], [u, base + 8], [u, base + 16]];
      if (back) tries.push([back, base], [back, base + 8], [back, base + 16]);
      for (const deg of [25, -25, 50, -50, 75, -75, 100, -100, 130, -130, 160, -160, 180]) {
        const [c, sn] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
        for (const d of [base, base + 8, base + 16]) tries.push([[u[0] * c - u[1] * sn, u[0] * sn + u[1] * c], d]);
      }
      let best = null;
      for (const [v, d] of tries) {
        const p = [pts[k][0] + v[0] * d, pts[k][1] + v[1] * d];
        const boxes = cluster(p[0], p[1]);
        // a name keeps 2 units of clear space around it
        const cost = boxes.reduce((n, b) => n + 100 * names.filter((o) => meet([b[0] - 2, b[1] - 2, b[2] + 2, b[3] + 2], o)).length
          + 10 * keepClear.filter((o) => meet(b, o)).length + taken.filter((o) => meet(b, o)).length, 0);
        if (best === null || cost < best.cost) best = { p, cost, boxes };
        if (cost === 0) break;
      }
      taken.push(...best.boxes);
      return best.p;
    };
    // the Allied front marker (the target of an attack: the location is the clickable part)
    const alIdx = idx + 1;
    const alTanks = now.allied_tanks || [];
    const [ax2, ay2] = place(alIdx, -1, (x, y) => [[x - 12, y - 9, x + 12, y + 9],
      ...(now.reserve ? [[x + 6, y - 15, x + 18, y - 3]] : []),
      ...alTanks.map((_, k) => [x + 1 + k * TANK_STEP, y - 22, x + 17 + k * TANK_STEP, y - 10])]);
    const alLoc = alIdx < f.route.length ? f.route[alIdx] : "outside the last location";
    const target = els.get(`loc:${alLoc}`);
    counters.append(s("g", { class: `eaw-counter allied${now.reserve ? " reserve" : ""}${target && acts.has(`loc:${alLoc}`) ? " legal" : ""}`,
      dataset: { front: f.id },
      // the Allied marker stands for its location: clicking it attacks there
      onclick: target ? () => { if (!gestures.dragged) target.dispatchEvent(new MouseEvent("click")); } : null,
      role: "img", "aria-label": `Allied ${f.name} front marker at ${alLoc}${now.reserve ? ", reserve side" : ""}${alTanks.length ? `, ${alTanks.length} Allied tank${alTanks.length > 1 ? "s" : ""}` : ""}` },
    s("title", { text: `Allied ${f.name} front at ${alLoc}${now.reserve ? " (reserve: Axis attacks -1 DRM)" : ""}` }),
    alTanks.map((used, k) => tankMarker(ax2 + 9 + k * TANK_STEP, ay2 - 16, "allies", used)),
    s("rect", { x: ax2 - 12, y: ay2 - 9, width: 24, height: 18, rx: 2, fill: ALLIED, stroke: now.reserve ? RESERVE : "#fff",
      "stroke-width": now.reserve ? 3 : 1 }),
    s("text", { class: "eaw-counter-text", x: ax2, y: ay2 + 4, "text-anchor": "middle", text: short }),
    now.reserve ? badge(ax2 + 12, ay2 - 9, "R", RESERVE, "#000") : null));
    if (!inPlay) continue;
    // the Axis front marker: unstall, tank moves and a new tank are chosen on it
    const tanks = now.axis_tanks || [];
    const id = `front:${f.id}`;
    const list = acts.get(id) || [];
    // (the ring of a marker that can be chosen counts as the marker)
    const [x, y] = place(idx, 1, (mx, my) => [list.length ? [mx - 19, my - 16, mx + 19, my + 16] : [mx - 12, my - 9, mx + 12, my + 9],
      ...(now.stalled ? [[mx + 6, my - 15, mx + 18, my - 3]] : []),
      ...tanks.map((_, k) => [mx - 17 - k * TANK_STEP, my + 10, mx - 1 - k * TANK_STEP, my + 22])]);
    const where = idx >= 0 ? f.route[idx] : "outside its home";
    const pending = view.pending && view.pending.front === f.id ? view.pending.prompt : "";
    const facts = [
      `At ${where}`, now.stalled ? "Stalled: may not attack until flipped (1 AP)" : "Active",
      tanks.length ? `Axis tanks: ${tanks.length} (${tanks.filter((u) => !u).length} unused)` : "no Axis tank",
      alTanks.length ? `Allied tanks: ${alTanks.length}` : "",
      `Allied front at ${alLoc}${now.reserve ? " (reserve)" : ""}`, pending,
    ].filter(Boolean);
    counters.append(element(id, `eaw-front axis${now.stalled ? " stalled" : ""}`, `Axis ${f.name} front`,
      `Axis ${f.name} front marker, ${facts.join(", ")}`, facts,
      [list.length ? s("rect", { class: "legal-ring", x: x - 19, y: y - 16, width: 38, height: 32, rx: 6 }) : null,
        tanks.map((used, k) => tankMarker(x - 9 - k * TANK_STEP, y + 16, "axis", used)),
        s("rect", { class: "space-shape", x: x - 12, y: y - 9, width: 24, height: 18, rx: 2,
          fill: now.stalled ? "url(#eaw-stalled)" : AXIS, stroke: AXIS, "stroke-width": 1.4 }),
        now.stalled ? null : s("text", { class: "eaw-counter-text", x, y: y + 4, "text-anchor": "middle", text: short }),
        now.stalled ? badge(x + 12, y - 9, "S", FLAG, "#000") : null]));
  }
  svg.append(counters);
  pz.set(pz.vb);

  const lg = (cls, text, style) => h("span", { class: `lg ${cls}`, style }, text);
  const tools = zoomTools(pz, null,
    h("span", { class: "map-legend eaw-legend" }, ...legendItems(
      lg("eaw-ax", "X"), " Axis  ", lg("eaw-al", "A"), " Allied  ",
      // the front markers wear the same colours, with their front's initials (an audit:
      // nothing said what the black and blue W, CS, NA... boxes were)
      h("span", {}, lg("eaw-ax", "W"), lg("eaw-al", "W")), " front markers (the front's initials)  ",
      lg("eaw-st", "S"), " stalled  ",
      lg("eaw-rs", "R"), " reserve  ", lg("eaw-tk", "T"), " tank (dashed: used)  ", lg("eaw-fl", "★"), " flag VP  ",
      lg("eaw-port", "⚓"), " port  ",
      // a seat's marks, none in the replay viewer (nothing is chosen or marked there)
      act && act.replay ? null : [lg("ring", "◯"), " can be chosen  ", lg("changed", "◯"), " changed since your last decision"],
      lay.auto ? h("span", { class: "muted" }, " — automatic layout (the content has none)")
        : map.layout && map.layout.reconstructed ? h("span", { class: "muted" }, " — layout reconstructed") : null)));
  boardKeys(wrap, pz, menu.close);
  wrap.append(turnStrip(view, map), tools, h("div", { class: "map-frame eaw-frame" }, svg), info, why.node);
  rovingPlaces(wrap, ui, pz);
  wrap.placed = placed;
  return wrap;
}

function badge(x, y, letter, bg, fg) {
  return s("g", { class: "eaw-badge", transform: `translate(${x},${y})` },
    s("circle", { r: 6, fill: bg, stroke: "#000", "stroke-width": 0.8 }),
    s("text", { y: 3.3, "text-anchor": "middle", style: `fill:${fg}`, text: letter }));
}

function controlMarker(x, y, control, superiority) {
  const axis = control === "axis";
  return s("g", { class: `eaw-control ${axis ? "axis" : "allies"}`, transform: `translate(${x},${y})` },
    s("rect", { x: -30, y: -10, width: 60, height: 20, rx: 3, fill: axis ? AXIS : ALLIED, stroke: "#fff", "stroke-width": 1.2 }),
    s("text", { y: 4.5, "text-anchor": "middle", text: axis ? "AXIS" : "ALLIED" }),
    superiority ? badge(34, -8, "AS", RESERVE, "#000") : null);
}

function flagMarker(x, y, vp, who) {
  const axis = who === "axis";
  return s("g", { class: `eaw-flag-marker${axis ? " axis" : ""}`, transform: `translate(${x},${y})` },
    s("line", { x1: 0, y1: 8, x2: 0, y2: -12, stroke: "#000", "stroke-width": 1.4 }),
    s("path", { d: "M0 -12 L20 -12 L16 -6 L20 0 L0 0 Z", fill: axis ? AXIS : FLAG, stroke: "#000", "stroke-width": 0.8 }),
    s("text", { x: 9, y: -2.5, "text-anchor": "middle", text: `${vp}` }));
}

/** Tanks under one front marker stand side by side, 1 unit apart (a browser audit: stacked
 * 6 units apart, the second hid most of the first, used side included, at 1:1 scale). */
const TANK_STEP = 17;

function tankMarker(x, y, side, used) {
  const c = side === "axis" ? AXIS : ALLIED;
  return s("g", { class: `eaw-tank ${side}${used ? " used" : ""}`, transform: `translate(${x},${y})` },
    s("rect", { x: -8, y: -6, width: 16, height: 12, rx: 3, fill: used ? "#fff" : c, stroke: c, "stroke-width": 1.3,
      "stroke-dasharray": used ? "2 1.5" : null }),
    s("text", { y: 3.6, "text-anchor": "middle", style: `fill:${used ? c : "#fff"}`, text: "T" }));
}
