// Struggle for Europe's board as an interactive SVG, drawn from the view's `map` (static
// geometry from the content pack: locations with x/y and halves, move and naval lines,
// labels) and the view's per-state facts (`locations`: control, the control flag and the
// counters by half; `battle`, `bombing`, `vp`, `sides`, turn). A location's box is split
// in two halves (2.1); lines join halves (solid: move lines, dashed: naval lines, an arrow
// for one way, the location defence value where a line enters). Control is told by colour
// AND a letter in a shape (Axis: square A; Allies: round W or S). Legal actions naming a
// location highlight it and play on click, Enter or Space (a menu when several name it);
// the halves and counters of the location a decision is about play `half:` and `unit:`
// choices. Hover or focus shows the details. Zoom and pan change the viewBox only. Data is
// always inserted as text, never as HTML.
import { fill, h, humanize, legendItems, roleName, ruleBadge } from "./ui.js";
import { NS, actionsBySpace, bindChoice, boardKeys, rovingPlaces, choiceChip, choiceMenu, choiceWords, infoLine, panZoomGestures, s,
  toolButton, viewBox, whyNotBox, zoomTools } from "./mapkit.js";

// Okabe & Ito colours; the letter and the shape carry the same meaning.
const OWNER = {
  axis: { colour: "#3d3d3d", tint: "#d6d6d2", ink: "#fff", letter: "A", name: "Axis", side: "axis" },
  western: { colour: "#0072B2", tint: "#bcd9ec", ink: "#fff", letter: "W", name: "Western Allies", side: "allies" },
  soviet: { colour: "#D55E00", tint: "#f4cdb3", ink: "#000", letter: "S", name: "Soviet Allies", side: "allies" },
  neutral: { colour: "#8a7448", tint: "#efe4c6", ink: "#fff", letter: "N", name: "Neutral", side: null },
};
const COLOUR_OWNER = { gray: "axis", blue: "western", red: "soviet", tan: "neutral" };
const COLOUR_WORD = { gray: "gray (Axis)", blue: "blue (Western Allies)", red: "red (Soviet Allies)", tan: "tan (neutral)" };
const SIDE_OWNERS = { axis: ["axis"], allies: ["western", "soviet"] };
const BAND = 15;          // the name band at the top of a box, in map units
const CHIP = 17;          // a counter's side
const KEY = "sfe:viewBox";

const owner = (o) => OWNER[o] || OWNER.neutral;
// a play deck as the rulebook names it, "the Allied 2nd play deck" (6); the page said "Deck I
// of III", "Deck 1", "deck III" and "Allied deck 2" for the same thing (a browser audit)
const PLAY_DECK = (n) => `${["", "1st", "2nd", "3rd"][n] || `${n}th`} play deck`;
const plural = (n, one, many) => `${n} ${n === 1 ? one : many || `${one}s`}`;

/** The rectangle of a half inside its box (box-relative), and its three outer edges. */
function halfRect(side, w, hh) {
  const top = -hh / 2 + BAND;
  const body = hh - BAND;
  if (side === "left") return { x: -w / 2, y: top, w: w / 2, h: body };
  if (side === "right") return { x: 0, y: top, w: w / 2, h: body };
  if (side === "top") return { x: -w / 2, y: top, w, h: body / 2 };
  return { x: -w / 2, y: top + body / 2, w, h: body / 2 };
}

function ports(loc, half, box) {
  const { width: w, height: hh } = box;
  const r = halfRect(half.side, w, hh);
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const out = [];
  if (half.side !== "right") out.push([-w / 2, cy]);
  if (half.side !== "left") out.push([w / 2, cy]);
  if (half.side !== "bottom") out.push([cx, -hh / 2]);
  if (half.side !== "top") out.push([cx, hh / 2]);
  return out.map(([x, y]) => [loc.x + x, loc.y + y]);
}

const dist = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1]);

function closest(cands, target) {
  let best = cands[0];
  for (const c of cands) if (dist(c, target) < dist(best, target)) best = c;
  return best;
}

/** The points of a drawn line: a port of each end's half, through its bends. */
function routeOf(line, at, box) {
  const A = at.get(line.a);
  const B = at.get(line.b);
  if (!A || !B) return null;
  const ha = A.halves.find((x) => x.name === line.a_half) || A.halves[0];
  const hb = B.halves.find((x) => x.name === line.b_half) || B.halves[0];
  const pa = ports(A, ha, box);
  const pb = ports(B, hb, box);
  const via = Array.isArray(line.via) ? line.via : [];
  let a;
  let b;
  if (via.length) {
    a = closest(pa, via[0]);
    b = closest(pb, via[via.length - 1]);
  } else {
    let best = Infinity;
    for (const p of pa) for (const q of pb) {
      const d = dist(p, q);
      if (d < best) { best = d; a = p; b = q; }
    }
  }
  return [a, ...via, b];
}

/** A point `d` along the polyline from its end `fromEnd` (0: start, 1: end). */
function along(pts, d, fromEnd) {
  const p = fromEnd ? [...pts].reverse() : pts;
  let left = d;
  for (let i = 0; i + 1 < p.length; i++) {
    const seg = dist(p[i], p[i + 1]);
    if (seg >= left) {
      const t = seg ? left / seg : 0;
      return [p[i][0] + (p[i + 1][0] - p[i][0]) * t, p[i][1] + (p[i + 1][1] - p[i][1]) * t];
    }
    left -= seg;
  }
  return p[p.length - 1];
}

/** Whether the polyline ``pts`` passes through the rectangle ``r`` ({x, y, w, h}): each
 * segment clipped to it (Liang-Barsky). */
function crosses(pts, r) {
  for (let i = 0; i + 1 < pts.length; i++) {
    const [x0, y0] = pts[i];
    const dx = pts[i + 1][0] - x0;
    const dy = pts[i + 1][1] - y0;
    let t0 = 0;
    let t1 = 1;
    let hit = true;
    for (const [p, q] of [[-dx, x0 - r.x], [dx, r.x + r.w - x0], [-dy, y0 - r.y], [dy, r.y + r.h - y0]]) {
      if (p === 0) {
        if (q < 0) { hit = false; break; }
      } else {
        const t = q / p;
        if (p < 0) t0 = Math.max(t0, t);
        else t1 = Math.min(t1, t);
        if (t0 > t1) { hit = false; break; }
      }
    }
    if (hit) return true;
  }
  return false;
}

/** Control as a shape with a letter: Axis a square, the Allies a circle. */
function badge(o, size, cls) {
  const c = owner(o);
  const r = size / 2;
  const shape = o === "axis"
    ? s("rect", { x: -r, y: -r, width: size, height: size, rx: 0.8, fill: c.colour, stroke: "#fff", "stroke-width": 0.9 })
    : o === "neutral" ? s("rect", { x: -r, y: -r, width: size, height: size, rx: 2, fill: c.tint, stroke: c.colour, "stroke-width": 0.9 })
      : s("circle", { r: r + 0.4, fill: c.colour, stroke: "#fff", "stroke-width": 0.9 });
  return s("g", { class: cls || "sfe-badge" }, shape,
    s("text", { y: size * 0.33, "text-anchor": "middle", class: "sfe-badge-t",
      fill: o === "neutral" ? "#3b3220" : c.ink, "font-size": size * 0.82, text: c.letter }));
}

function contestedBadge(size) {
  const r = size / 2;
  return s("g", { class: "sfe-badge contested" },
    s("rect", { x: -r, y: -r, width: size, height: size, rx: 0.8, fill: "#fff", stroke: "#111", "stroke-width": 0.9 }),
    s("path", { d: `M${-r},${r}L${r},${-r}L${r},${r}Z`, fill: OWNER.axis.colour }),
    s("text", { y: size * 0.33, x: -r * 0.38, "text-anchor": "middle", class: "sfe-badge-t", fill: "#111",
      "font-size": size * 0.62, text: "C" }));
}

/** Counters of one half grouped into stacks: same owner, strength and kind (and whether
 * they are moving in to attack). */
function stacks(counters) {
  const out = new Map();
  for (const c of counters) {
    const k = `${c.owner}:${c.fortress ? "F" : c.strength}:${c.attacking ? "A" : ""}`;
    if (!out.has(k)) out.set(k, { owner: c.owner, strength: c.strength, fortress: !!c.fortress, attacking: !!c.attacking, cut: !!c.cut, n: 0 });
    out.get(k).n += 1;
  }
  const order = { axis: 0, western: 1, soviet: 2 };
  return [...out.values()].sort((a, b) => (order[a.owner] ?? 9) - (order[b.owner] ?? 9)
    || Number(b.fortress) - Number(a.fortress) || b.strength - a.strength);
}

function stackWords(st) {
  const what = st.fortress ? `fortress (strength ${st.strength})` : `${st.strength} strength army`;
  return `${st.n > 1 ? `${st.n} × ` : ""}${owner(st.owner).name} ${what}${st.attacking ? ", moving in to attack" : ""}${st.cut ? ", out of supply (8.6)" : ""}`;
}

/** A stack of counters: the top counter with its strength and owner letter, the ones below
 * peeking out, and ×n when there are several. */
function counterStack(st, x, y, extra) {
  const c = owner(st.owner);
  const rx = st.owner === "axis" ? 1 : 3.5;
  const layers = [];
  for (let i = Math.min(st.n, 3) - 1; i > 0; i--) {
    layers.push(s("rect", { x: -CHIP / 2 + i * 1.6, y: -CHIP / 2 - i * 1.6, width: CHIP, height: CHIP, rx,
      fill: c.colour, stroke: "#fff", "stroke-width": 0.6, opacity: 0.85 }));
  }
  const face = st.fortress
    ? s("path", { class: "sfe-fort", fill: c.colour, stroke: "#111", "stroke-width": 0.8,
      d: `M${-CHIP / 2},${CHIP / 2}V${-CHIP / 2}h3v2.6h3v-2.6h3v2.6h3v-2.6h${CHIP - 12}V${CHIP / 2}Z` })
    : s("rect", { x: -CHIP / 2, y: -CHIP / 2, width: CHIP, height: CHIP, rx, fill: c.colour, stroke: "#111", "stroke-width": 0.8 });
  return s("g", { class: `sfe-stack o-${st.owner}${st.fortress ? " fortress" : ""}${st.attacking ? " attacking" : ""}${st.cut ? " cut" : ""}${extra ? ` ${extra.cls}` : ""}`,
    transform: `translate(${x},${y})`, dataset: { owner: st.owner, strength: String(st.strength), n: String(st.n),
      ...(extra ? { key: extra.key } : {}) },
    ...(extra ? { tabindex: "0", role: "button", "aria-label": extra.label } : {}) },
  s("title", { text: stackWords(st) }),
  layers, face,
  s("text", { class: "sfe-str", y: st.fortress ? 6.4 : 5, "text-anchor": "middle", fill: c.ink,
    text: st.fortress ? "F" : String(st.strength) }),
  s("text", { class: "sfe-own", x: -CHIP / 2 + 1.6, y: -CHIP / 2 + 4.6, fill: c.ink, text: c.letter }),
  st.n > 1 ? s("g", { class: "sfe-count", transform: `translate(${CHIP / 2},${CHIP / 2})` },
    // large enough to read at a laptop's width without zooming (it was 4 px: an audit)
    s("circle", { r: 6.2, fill: "#fff", stroke: "#111", "stroke-width": 0.8 }),
    s("text", { y: 3.1, "text-anchor": "middle", text: `${st.n}` })) : null,
  // out of supply (8.6): a barred circle at the top right corner
  st.cut ? s("g", { class: "sfe-cut", transform: `translate(${CHIP / 2},${-CHIP / 2})` },
    s("circle", { r: 4.2 }), s("path", { d: "M-2.9,2.9L2.9,-2.9" })) : null);
}

/** The location the pending decision is about: the battle's, else the one its prompt names. */
function focusOf(view, names) {
  const text = [view.prompt && view.prompt.text, view.pending && view.pending.prompt].filter(Boolean).join(" ");
  let best = null;
  for (const n of names) {
    const re = new RegExp(`(^|[^A-Za-z])${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^A-Za-z]|$)`);
    if (re.test(text) && (!best || n.length > best.length)) best = n;
  }
  if (best) return best;
  return view.battle && names.includes(view.battle.location) ? view.battle.location : null;
}

function tracks(view, map) {
  const vp = view.vp || {};
  const b = view.bombing || {};
  const sides = view.sides || {};
  const values = Array.isArray(map.track) ? map.track : [];
  const end = values.length - 1;
  const row = [];
  for (let d = -end; d <= end; d++) {
    const here = d === (b.position || 0);
    row.push(h("span", { class: `sfe-cell${here ? " here" : ""}${d === 0 ? " zero" : ""}${d < 0 ? " ax" : d > 0 ? " al" : ""}`,
      title: d === 0 ? "the black 0" : `${Math.abs(d)} toward the ${d < 0 ? "Axis" : "Allied"} side: ${values[Math.abs(d)]}`,
      "aria-current": here ? "true" : null },
    String(values[Math.abs(d)] ?? ""), here ? h("span", { class: "sfe-marker", "aria-hidden": "true" }, "●") : null));
  }
  const bombWords = b.position ? `marker ${Math.abs(b.position)} toward the ${b.side === "allied" ? "Allied" : "Axis"} side, value ${b.value}`
    : "marker on the black 0";
  const diff = (vp.axis ?? 0) - (vp.allies ?? 0);
  const sideBox = (name) => {
    const x = sides[name];
    if (!x) return null;
    const waiting = Array.isArray(x.chevron_cards_waiting) ? x.chevron_cards_waiting : [];
    const decksLeft = waiting.filter((n) => n > 0).length;
    return h("div", { class: `sfe-side s-${name}` },
      h("span", { class: `sfe-side-name ${name === "axis" ? "ax" : "al"}` }, name === "axis" ? "■ Axis" : "● Allies"),
      h("span", { title: "hand / hand size (5.1)" }, `Hand ${x.hand_count}/${x.hand_size}`),
      // after the Axis 3rd deck its recycle pile is reshuffled as often as needed (6)
      h("span", { title: "the play deck drawn from: three per side (6)" }, x.play_deck_number > 3
        ? `${PLAY_DECK(3)}, reshuffle ${x.play_deck_number - 3}`
        : `${PLAY_DECK(x.play_deck_number)} of 3`),
      h("span", { title: "cards left in the play deck" }, `${plural(x.play_deck, "card")} left`),
      h("span", { title: "chevron decks not yet shuffled in (6)" }, decksLeft ? `${decksLeft} chevron deck${decksLeft === 1 ? "" : "s"} to come (${waiting.filter((n) => n > 0).join(" + ")} cards)` : "no deck to come"),
      h("span", { title: "recycle pile / eliminated cards" }, `Recycle ${x.recycle_count} · out ${(x.eliminated || []).length}`));
  };
  return h("div", { class: "sfe-tracks", role: "group", "aria-label": "Tracks" },
    h("div", { class: "sfe-track-turn" },
      h("strong", {}, `Turn ${view.turn ?? "?"}`), " ",
      view.player_turn ? h("span", { class: `sfe-side-name ${view.player_turn === "axis" ? "ax" : "al"}` },
        `${roleName(view.player_turn)} player turn`) : null,
      view.operations_left ? h("span", {}, ` · ${plural(view.operations_left, "operation")} left`) : null,
      h("span", { class: "muted" }, ` · Soviets ${view.soviets_active ? "in play" : "not yet in play"}`),
      h("span", { class: "muted" }, ` · USA ${view.usa_active ? "active" : `waiting for the Allied ${PLAY_DECK(3)}${Array.isArray(view.usa_entry) && view.usa_entry.length ? ` (${view.usa_entry.join(", ")} strength armies)` : ""}`}`)),
    h("div", { class: "sfe-track-vp", title: "Victory points (9.1): each side scores the other side's victory locations it controls, plus the bombing track" },
      h("strong", {}, "VP"), " ",
      h("span", { class: "sfe-side-name ax" }, `■ Axis ${vp.axis ?? 0}`), " ",
      h("span", { class: "sfe-side-name al" }, `● Allies ${vp.allies ?? 0}`), " ",
      h("span", { class: "muted" }, diff ? `(${diff > 0 ? "Axis" : "Allies"} lead by ${Math.abs(diff)})` : "(level)"),
      // what wins (no screen said it: an audit)
      " ", h("span", { class: "muted sfe-win" }, "a lead of 7 wins: the Axis at the end of an Allied turn, the Allies at the end of an Axis turn; the Allies without one at the game's end lose (9.4)"),
      " ", ruleBadge("9.2")),
    h("div", { class: "sfe-track-bomb" },
      h("strong", {}, "Strategic bombing"), " ",
      h("span", { class: "sfe-bombing", role: "img", "aria-label": `Strategic bombing track: ${bombWords}` },
        h("span", { class: "sfe-end ax" }, "Axis ◀"), row, h("span", { class: "sfe-end al" }, "▶ Allied")),
      " ", h("span", { class: "muted" }, bombWords)),
    h("div", { class: "sfe-track-sides" }, sideBox("axis"), sideBox("allies")));
}

function legend(replay) {
  const sw = (cls, text, title) => h("span", { class: `lg ${cls}`, title }, text);
  return h("span", { class: "map-legend sfe-legend" }, ...legendItems(
    sw("sfe-lg ax", "A", "Axis: gray, square"), " Axis ", sw("sfe-lg we", "W", "Western Allies: blue, round"), " Western ",
    sw("sfe-lg so", "S", "Soviet Allies: vermilion, round"), " Soviet ", sw("sfe-lg ne", "N", "neutral: tan"), " neutral ",
    sw("sfe-lg co", "C", "contested: both sides in the location"), " contested ",
    h("span", { class: "sfe-lg-line land" }), " move line ", h("span", { class: "sfe-lg-line naval" }), " naval line ",
    sw("sfe-lg def", "2", "location defence value where a line enters"), " defence ",
    sw("sfe-lg vp", "3", "victory points (circle)"), " VP ", sw("sfe-lg fort", "F", "fortress"), " fortress ",
    sw("sfe-lg sup", "◣", "supply location (8.6): a corner in its side's colour"), " supply ",
    sw("sfe-lg cut", "⊘", "out of supply now (8.6): these counters trace no supply line; at the end of their side's player turn they lose one counter"), " out of supply ",
    sw("sfe-lg cap", "⚑", "capital (a flag is printed)"), " capital ",
    h("span", { class: "sfe-lg-split" }, "W|E"), " halves ", sw("sfe-lg bat", "⚔", "the half where a battle is fought"), " battle ",
    // a seat's marks, none in the replay viewer (nothing is chosen or marked there)
    replay ? null : [sw("sfe-lg ring", "◯", "a legal choice"), " can be chosen ",
      sw("changed", "◯", "changed since your last decision"), " changed since your last decision"]));
}

/**
 * The sfe map for a view with `map` (kind "sfe"). `ui` keeps the viewBox across renders,
 * `act(key)` plays a legal action. Returns null when the view has no map.
 */
export function renderSfe(view, legal, ui, act) {
  const map = view && view.map;
  if (!map || !Array.isArray(map.locations) || !map.locations.length) return null;
  const box = map.box || { width: 100, height: 62 };
  const W = map.width || 1500;
  const H = map.height || 1060;
  const full = { x: 0, y: 0, w: W, h: H };
  const states = Array.isArray(view.locations) ? view.locations : [];
  const byName = new Map(states.map((st) => [st.name, st]));
  const at = new Map(map.locations.map((p) => [p.id, p]));
  const names = map.locations.map((p) => p.id);
  const ids = new Set(names);
  const acts = actionsBySpace(legal, ids);
  // half: and unit: choices belong to the location the decision is about
  const focus = focusOf(view, names);
  const halfActs = (legal || []).filter((a) => a.kind === "half");
  const unitActs = (legal || []).filter((a) => a.kind === "unit");
  if (focus && (halfActs.length || unitActs.length)) {
    acts.set(focus, [...(acts.get(focus) || []), ...halfActs, ...unitActs]);
  }
  const mover = view.active && SIDE_OWNERS[view.active] ? SIDE_OWNERS[view.active] : [];
  const battle = view.battle && at.has(view.battle.location) ? view.battle : null;
  // the counters of a location's half; the armies moving in to attack stand in the half
  // they entered until the battle ends (the board holds them in the battle, not in a
  // location: they vanished from the map)
  const countersIn = (loc, st, half) => {
    const cut = (st && st.out_of_supply) || [];
    const here = st ? (st.counters || []).filter((c) => c.half === half.name)
      .map((c) => (cut.includes(c.owner) ? { ...c, cut: true } : c)) : [];
    if (battle && battle.location === loc.id && battle.half === half.name) {
      for (const a of battle.attackers || []) {
        if (a.moving_in) here.push({ owner: a.owner, strength: a.strength, half: half.name, attacking: true });
      }
    }
    // the battles the move has still to fight: their armies wait in the half they entered
    // (they vanished while the mover chose the order: a usability audit)
    for (const b of view.battles_to_come || []) {
      if (b.location === loc.id && b.half === half.name) {
        for (const a of b.attackers || []) here.push({ owner: a.owner, strength: a.strength, half: half.name, attacking: true });
      }
    }
    return here;
  };
  const linesOf = new Map(names.map((n) => [n, []]));
  for (const ln of map.lines || []) {
    if (linesOf.has(ln.a)) linesOf.get(ln.a).push(ln);
    if (linesOf.has(ln.b)) linesOf.get(ln.b).push(ln);
  }

  const svg = s("svg", { class: "sfe-svg", xmlns: NS, role: "group",
    "aria-label": `Map of Europe: ${map.locations.length} locations${acts.size ? `, ${acts.size} can be chosen` : ""}`,
    preserveAspectRatio: "xMidYMid meet", style: `aspect-ratio: ${W} / ${H}` });
  const pz = viewBox(svg, ui, KEY, full, { zoomIn: 10, slack: [0.8, 0.2], digits: 1, zoomed: 0.6 });
  // the part of the map holding some locations (the ones that can be chosen, the one the
  // decision is about), with room around them
  const fitTo = (list) => {
    const pts = list.map((id) => at.get(id)).filter(Boolean);
    if (!pts.length) { pz.reset(); return; }
    const x0 = Math.min(...pts.map((p) => p.x)) - box.width;
    const x1 = Math.max(...pts.map((p) => p.x)) + box.width;
    const y0 = Math.min(...pts.map((p) => p.y)) - box.height;
    const y1 = Math.max(...pts.map((p) => p.y)) + box.height;
    const w = Math.max(full.w / 4, x1 - x0, (y1 - y0) * (full.w / full.h));
    pz.set({ x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - (w * full.h / full.w) / 2, w, h: w * full.h / full.w });
  };
  const chosen = [...acts.keys(), ...(focus ? [focus] : [])];

  // defs: arrowheads of one-way lines, the stripes of contested bands
  svg.append(s("defs", {},
    s("marker", { id: "sfe-arrow-naval", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7,
      orient: "auto-start-reverse", markerUnits: "strokeWidth" }, s("path", { d: "M0,0L10,5L0,10Z", fill: "#005a8c" })),
    s("marker", { id: "sfe-arrow-land", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7,
      orient: "auto-start-reverse", markerUnits: "strokeWidth" }, s("path", { d: "M0,0L10,5L0,10Z", fill: "#4b4538" })),
    s("pattern", { id: "sfe-contested", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 6, height: 6, fill: "#f4f1ea" }),
      s("rect", { width: 3, height: 6, fill: "#9a9a96" }))));
  svg.append(s("rect", { class: "sfe-sea", x: -W, y: -H, width: W * 3, height: H * 3 }));
  svg.append(s("rect", { class: "sfe-canvas", x: 0, y: 0, width: W, height: H, rx: 6 }));
  const labels = s("g", { class: "sfe-labels", "aria-hidden": "true" });
  for (const lab of map.labels || []) {
    labels.append(s("text", { class: "sfe-label", x: lab.x, y: lab.y, "text-anchor": "middle",
      transform: lab.rotate ? `rotate(${lab.rotate} ${lab.x} ${lab.y})` : null, text: lab.text }));
  }
  svg.append(labels);

  // lines under the boxes; their port dots, defence values and deck notes above them
  const lineLayer = s("g", { class: "sfe-lines", "aria-hidden": "true" });
  const marks = s("g", { class: "sfe-line-marks", "aria-hidden": "true" });
  // a defence value stands 13 units along its line, or further where a VP circle or another
  // defence value is there already (Paris's VP circle was hidden under one: an audit)
  const taken = map.locations.filter((l) => l.vp)
    .map((l) => [l.x + box.width / 2 - 9, l.y - box.height / 2 - 1, 13]);
  const freeAlong = (pts, fromEnd) => {
    let q = null;
    for (const d of [13, 24, 35]) {
      q = along(pts, d, fromEnd);
      if (!taken.some(([x, y, r]) => Math.hypot(q[0] - x, q[1] - y) < r)) break;
    }
    taken.push([q[0], q[1], 11]);
    return q;
  };
  const routes = [];        // every line as drawn, kept clear of a box's note
  for (const ln of map.lines || []) {
    const pts = routeOf(ln, at, box);
    if (!pts) continue;
    routes.push(pts);
    const naval = ln.kind === "naval";
    const words = `${ln.a} (${ln.a_half} half) ${ln.one_way ? "→" : "–"} ${ln.b} (${ln.b_half} half): ${naval ? "naval" : "move"} line`
      + `${ln.one_way ? ", one way" : ""}${ln.active_from_deck > 1 ? `, from the Allied ${PLAY_DECK(ln.active_from_deck)}` : ""}`;
    const d = `M${pts.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join("L")}`;
    lineLayer.append(s("path", { class: `sfe-line ${naval ? "naval" : "land"}${ln.one_way ? " one-way" : ""}${ln.active_from_deck > 1 ? " later" : ""}`,
      d, dataset: { a: ln.a, b: ln.b, kind: ln.kind },
      "marker-end": ln.one_way ? `url(#sfe-arrow-${naval ? "naval" : "land"})` : null },
    s("title", { text: words })));
    for (const [end, p] of [[0, pts[0]], [1, pts[pts.length - 1]]]) {
      marks.append(s("circle", { class: `sfe-port ${naval ? "naval" : "land"}`, cx: p[0], cy: p[1], r: 2.2 }));
      const def = end === 0 ? ln.defense_a : ln.defense_b;
      if (def) {
        const q = freeAlong(pts, end === 1);
        marks.append(s("g", { class: "sfe-def", transform: `translate(${q[0].toFixed(1)},${q[1].toFixed(1)})` },
          s("title", { text: `location defence value ${def} entering ${end === 0 ? ln.a : ln.b} by this line` }),
          s("rect", { x: -5, y: -5, width: 10, height: 10, rx: 1.5 }),
          s("text", { y: 3.6, "text-anchor": "middle", text: String(def) })));
      }
    }
    if (ln.active_from_deck > 1) {
      const m = along(pts, dist(pts[0], pts[1]) / 2, false);
      marks.append(s("text", { class: "sfe-deck-note", x: m[0] + 5, y: m[1] - 2,
        text: `from ${PLAY_DECK(ln.active_from_deck)}` }));
    }
  }
  svg.append(lineLayer);

  const wrap = h("div", { class: "map-wrap sfe-map" });
  const info = infoLine(acts.size, ["locations", "a location", "location"], act.whyNot);
  // "why not": a location no legal action names asks the rules for this seat (loc: NAME)
  const why = whyNotBox(typeof act.whyNot === "function" ? act.whyNot : null);
  const menu = choiceMenu(wrap, act, why, 240);
  const gestures = panZoomGestures(svg, pz, { pinch: "zoom", onPan: menu.close });

  const detail = (loc, st, list) => {
    const parts = [h("strong", {}, loc.box ? `${loc.name} box` : loc.name), " "];
    const printed = COLOUR_OWNER[loc.color] || "neutral";
    parts.push(h("span", { class: "chip" }, `printed ${COLOUR_WORD[loc.color] || loc.color}`), " ");
    if (st) {
      const ctl = st.control;
      parts.push(h("span", { class: `chip sfe-ctl c-${ctl}` }, ctl === "contested" ? "Contested (C)"
        : `Control: ${owner(ctl).name} (${owner(ctl).letter})`), " ");
      if (st.flag && st.flag !== printed && ctl !== "contested") parts.push(h("span", {}, `${owner(st.flag).name} flag`), " ");
    }
    if (loc.vp) parts.push(h("span", { class: "chip" }, `${loc.vp} VP`), " ");
    if (loc.supply) parts.push(h("span", { class: "chip" }, `${owner(loc.supply).name} supply location`), " ");
    if (loc.capital) parts.push(h("span", {}, "capital"), " ");
    for (const half of loc.halves) {
      const here = countersIn(loc, st, half);
      parts.push(h("span", { class: "sfe-half-words" }, `${humanize(half.name)} half: `,
        here.length ? stacks(here).map(stackWords).join(", ") : "empty"), " ");
    }
    const out = (linesOf.get(loc.id) || []).map((ln) => {
      const other = ln.a === loc.id ? ln.b : ln.a;
      const mine = ln.a === loc.id ? ln.a_half : ln.b_half;
      const def = ln.a === loc.id ? ln.defense_a : ln.defense_b;
      return `${other} (${ln.kind === "naval" ? "naval" : "move"}, ${mine} half${def ? `, defence ${def} entering here` : ""}`
        + `${ln.one_way ? (ln.a === loc.id ? ", one way out" : ", one way in") : ""}${ln.active_from_deck > 1 ? `, from the Allied ${PLAY_DECK(ln.active_from_deck)}` : ""})`;
    });
    if (out.length) parts.push(h("span", { class: "sfe-lines-words muted" }, `Lines: ${out.join("; ")}`), " ");
    if (battle && battle.location === loc.id) parts.push(h("span", { class: "chip sfe-battle-chip" }, `Battle in the ${battle.half} half`), " ");
    if (loc.reconstructed) parts.push(h("span", { class: "muted", title: "the rulebook prints no map: reconstructed from historical geography" }, "(reconstructed)"));
    parts.push(choiceChip(list));
    fill(info, parts);
  };

  const placed = new Set(); // the keys of the legal actions an element holds (wrap.placed)
  const playable = (node, key, label) => {
    placed.add(key);
    const run = (e) => { e.stopPropagation(); if (!gestures.dragged) { menu.close(); act(key); } };
    node.addEventListener("click", run);
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); run(e); }
    });
    node.setAttribute("aria-label", label);
  };

  const layer = s("g", { class: "sfe-locations" });
  map.locations.forEach((loc, i) => {
    const st = (states[i] && states[i].name === loc.name ? states[i] : byName.get(loc.name)) || null;
    const list = acts.get(loc.id) || [];
    const w = box.width;
    const hh = box.height;
    const printed = COLOUR_OWNER[loc.color] || "neutral";
    const ctl = st ? st.control : printed;
    const words = [loc.box ? `${loc.name} box` : loc.name, `printed ${COLOUR_WORD[loc.color] || loc.color}`,
      ctl === "contested" ? "contested" : `${owner(ctl).name} control`,
      loc.vp ? `${loc.vp} VP` : null, loc.supply ? `${owner(loc.supply).name} supply location` : null,
      ...(loc.halves.map((half) => {
        const here = countersIn(loc, st, half);
        return `${half.name} half: ${here.length ? stacks(here).map(stackWords).join(", ") : "empty"}`;
      })),
      battle && battle.location === loc.id ? `battle in the ${battle.half} half` : null,
      list.length ? choiceWords(list) : null,
    ].filter(Boolean).join(", ");
    for (const a of list) placed.add(a.key);
    const g = s("g", { class: `space sfe-loc p-${printed} c-${ctl}${list.length ? " legal" : ""}${focus === loc.id ? " focus" : ""}${loc.box ? " box" : ""}`,
      transform: `translate(${loc.x},${loc.y})`, tabindex: "0", role: list.length || act.whyNot ? "button" : "img",
      "aria-label": words, dataset: { id: loc.id, control: ctl, state: JSON.stringify(st) } },
    s("title", { text: words }));
    if (list.length) g.append(s("rect", { class: "sfe-legal-ring", x: -w / 2 - 5, y: -hh / 2 - 5, width: w + 10, height: hh + 10, rx: 6 }));
    if (focus === loc.id) g.append(s("rect", { class: "sfe-focus", x: -w / 2 - 3, y: -hh / 2 - 3, width: w + 6, height: hh + 6, rx: 5 }));
    g.append(s("rect", { class: "sfe-body", x: -w / 2, y: -hh / 2, width: w, height: hh, rx: 3,
      fill: owner(printed).tint, stroke: owner(printed).colour }));
    // the name band in the colour of whoever controls the location now
    const bandFill = ctl === "contested" ? "url(#sfe-contested)" : ctl === printed ? owner(printed).colour : owner(ctl).colour;
    g.append(s("path", { class: "sfe-band", d: `M${-w / 2},${-hh / 2 + BAND}V${-hh / 2 + 3}q0,-3 3,-3H${w / 2 - 3}q3,0 3,3V${-hh / 2 + BAND}Z`,
      fill: bandFill }));
    const darkBand = ctl === "contested" || ctl === "neutral";
    // the name, squeezed to the room the VP circle and the capital's flag leave it
    const label = loc.box ? `${loc.name} box` : loc.name;
    const room = w - 18 - (loc.vp ? 16 : 2) - (loc.capital ? 13 : 0);
    g.append(s("text", { class: `sfe-name${darkBand ? " dark" : ""}`, x: -w / 2 + 16, y: -hh / 2 + 11.6,
      textLength: label.length * 8 > room ? room : null, lengthAdjust: "spacingAndGlyphs", text: label }));
    g.append(s("g", { transform: `translate(${-w / 2 + 7.5},${-hh / 2 + 7.5})` }, ctl === "contested" ? contestedBadge(10) : badge(ctl, 10)));
    // halves: the dividing line, each half's initial, its counters
    const vertical = loc.halves.some((x) => x.side === "left");
    g.append(vertical
      ? s("line", { class: "sfe-divider", x1: 0, y1: -hh / 2 + BAND, x2: 0, y2: hh / 2 })
      : s("line", { class: "sfe-divider", x1: -w / 2, y1: -hh / 2 + BAND + (hh - BAND) / 2, x2: w / 2, y2: -hh / 2 + BAND + (hh - BAND) / 2 }));
    for (const [hi, half] of loc.halves.entries()) {
      const r = halfRect(half.side, w, hh);
      const here = countersIn(loc, st, half);
      const hAct = focus === loc.id ? halfActs.find((a) => a.args && a.args[0] === String(hi)) : null;
      const hg = s("g", { class: `sfe-half side-${half.side}${hAct ? " legal" : ""}${battle && battle.location === loc.id && battle.half === half.name ? " battle" : ""}`,
        dataset: { half: half.name } },
      s("rect", { class: "sfe-half-area", x: r.x + 0.8, y: r.y + 0.8, width: r.w - 1.6, height: r.h - 1.6, rx: 2 }),
      s("text", { class: "sfe-half-name", x: r.x + r.w - 2, y: r.y + r.h - 2.5, "text-anchor": "end", text: half.name.charAt(0).toUpperCase() }));
      if (hAct) {
        hg.setAttribute("tabindex", "0");
        hg.setAttribute("role", "button");
        hg.dataset.key = hAct.key;
        playable(hg, hAct.key, `${loc.name}, ${half.name} half: ${hAct.label}`);
      }
      if (battle && battle.location === loc.id && battle.half === half.name) {
        hg.append(s("text", { class: "sfe-battle-mark", x: r.x + 2.5, y: r.y + r.h - 2.5, text: "⚔" }));
      }
      // stacks: two to a row across a side-by-side half, four across a wide one
      const perRow = r.w >= 4 * (CHIP + 3) ? 4 : 2;
      stacks(here).forEach((stk, k) => {
        const col = k % perRow;
        const rowN = Math.floor(k / perRow);
        const x = r.x + 4 + CHIP / 2 + col * (CHIP + 5);
        const y = r.y + 3.5 + CHIP / 2 + rowN * (CHIP + 2.5);
        const uKey = stk.fortress ? "unit:fortress" : `unit:${stk.strength}`;
        const uAct = focus === loc.id && mover.includes(stk.owner) ? unitActs.find((a) => a.key === uKey) : null;
        const node = counterStack(stk, x, y, uAct ? { cls: "legal", key: uAct.key, label: `${loc.name}: ${uAct.label}` } : null);
        if (uAct) playable(node, uAct.key, `${loc.name}, ${stackWords(stk)}: ${uAct.label}`);
        hg.append(node);
      });
      g.append(hg);
    }
    // the USA box: the armies that enter at the Allied 3rd play deck (6.6), set aside; the
    // note goes under the box or over it, where no line crosses it (the USA-Algiers line
    // ran through it under the box: an audit)
    if (loc.box && Array.isArray(view.usa_entry) && view.usa_entry.length && !view.usa_active) {
      const text = `from ${PLAY_DECK(3)}: ${view.usa_entry.join(", ")}`;
      const tw = text.length * 4.6;    // 8 px italic: under 4.6 units a character
      const clear = (y) => !routes.some((pts) => crosses(pts,
        { x: loc.x - tw / 2 - 2, y: loc.y + y - 8, w: tw + 4, h: 11 }));
      const y = [hh / 2 + 11, -hh / 2 - 4].find(clear) ?? hh / 2 + 11;
      g.append(s("text", { class: "sfe-waiting", x: 0, y, "text-anchor": "middle", text }));
    }
    if (loc.vp) {
      g.append(s("g", { class: "sfe-vp", transform: `translate(${w / 2 - 9},${-hh / 2 - 1})` },
        s("circle", { r: 7 }), s("text", { y: 3.4, "text-anchor": "middle", text: String(loc.vp) })));
    }
    if (loc.capital) {
      g.append(s("path", { class: "sfe-capital", transform: `translate(${w / 2 - (loc.vp ? 25 : 12)},${-hh / 2 + 3})`,
        d: "M0,0v10M0,0.5h7l-1.6,2.2l1.6,2.2h-7" }));
    }
    if (loc.supply) {
      const c = owner(loc.supply);
      g.append(s("g", { class: "sfe-supply", transform: `translate(${-w / 2 + 1},${hh / 2 - 1})` },
        s("title", { text: `${c.name} supply location (8.6)` }),
        s("path", { d: "M0,0v-9h9z", fill: c.colour, stroke: "#fff", "stroke-width": 0.6 })));
    }
    bindChoice(g, () => detail(loc, st, list), (e) => menu.choose(loc.name, list, e, g,
      () => why.ask(loc.box ? `${loc.name} box` : loc.name, `loc:${loc.id}`)), { gestures, own: true });
    layer.append(g);
  });
  svg.append(layer, marks);
  // on a phone each new decision starts on its choices (the whole map is a ⤢ away)
  const sig = chosen.join("|");
  const narrow = typeof window !== "undefined" && window.innerWidth < 640;
  if (narrow && chosen.length && ui.get("sfe:fitted") !== sig) fitTo(chosen);
  else pz.set(pz.vb);
  ui.set("sfe:fitted", sig);

  const tools = zoomTools(pz,
    chosen.length ? toolButton("◎", "Zoom to the choices", () => fitTo(chosen), "zoom-choices") : null, legend(act && act.replay));
  boardKeys(wrap, pz, menu.close);
  const note = map.reconstructed ? h("p", { class: "sfe-note muted" },
    map.layout === "automatic" ? "This content pack places no location: the map is laid out automatically from its lines."
      : "The rulebook prints no map: positions follow 1939 geography (reconstructed); locations, halves and lines are the content pack's.") : null;
  wrap.append(tracks(view, map), tools, h("div", { class: "map-frame sfe-frame" }, svg), info, why.node, note);
  rovingPlaces(wrap, ui, pz);
  wrap.placed = placed;
  return wrap;
}
