// Rendering of a game's view: hands as cards, tracks and counters as tables, the log with
// rule citations and dice. Generic for any game, with small per-game renderers for the
// key parts (GAME_PARTS).
import { h, humanize, isScalar, isSide, roleChip, roleName, ruleBadge, signed } from "./ui.js";

const NOT_BOARD = new Set(["game", "scenario", "active", "prompt", "log", "result", "map"]);
const TITLE_KEYS = ["title", "name"];
const TEXT_KEYS = ["text", "event_text", "event_description", "description"];
const MARK_KEYS = ["mark", "reconstructed_mark", "reconstructed"];
const NAME_KEYS = new Set(["name", "title", "id", "box", "track", "label", "region", "text"]);
const OPS_KEYS = ["ops", "OPs", "op", "operations"];

// -- hands ---------------------------------------------------------------------------------

/** The seat's own hand, the other seats' hand sizes, and the view without them. */
export function splitHands(view, role) {
  const rest = { ...view };
  let mine = null;
  const others = [];
  if (Array.isArray(view.hand)) {
    mine = view.hand;
    delete rest.hand;
  }
  if (view.hand_sizes && typeof view.hand_sizes === "object") {
    for (const [r, n] of Object.entries(view.hand_sizes)) {
      if (r !== role) others.push({ role: r, count: n });
    }
    delete rest.hand_sizes;
  }
  if (view.sides && typeof view.sides === "object" && !Array.isArray(view.sides)) {
    const sides = {};
    for (const [r, s] of Object.entries(view.sides)) {
      if (s && typeof s === "object" && !Array.isArray(s)) {
        const { hand, ...other } = s;
        if (r === role && Array.isArray(hand)) mine = hand;
        else if (r !== role) {
          const n = s.hand_count ?? (Array.isArray(hand) ? hand.length : undefined);
          if (n !== undefined) others.push({ role: r, count: n });
        }
        sides[r] = other;
      } else sides[r] = s;
    }
    rest.sides = sides;
  }
  return { mine, others, rest };
}

function pick(obj, keys) {
  for (const k of keys) {
    if (obj[k] !== undefined && obj[k] !== null && obj[k] !== "") return [k, obj[k]];
  }
  return [null, null];
}

/** One card with every field it has (null and false fields are left out). */
export function renderCard(card) {
  if (!card || typeof card !== "object") return h("div", { class: "card" }, String(card));
  const used = new Set();
  const take = (keys) => {
    const [k, v] = pick(card, keys);
    if (k) used.add(k);
    return v;
  };
  const title = take(TITLE_KEYS) ?? card.id ?? "card";
  const ops = take(OPS_KEYS);
  const side = take(["side"]);
  const era = take(["era", "period", "deck_name"]);
  let text = take(TEXT_KEYS);
  if (text === null && typeof card.event === "string" && card.event.includes(" ")) {
    text = card.event;
    used.add("event");
  }
  const mark = take(MARK_KEYS);
  const number = card.number ?? (title !== card.id ? card.id : null);
  if (card.number !== undefined) used.add("number");
  else if (number !== null) used.add("id");
  const rest = Object.entries(card).filter(([k, v]) => !used.has(k) && v !== null &&
    v !== false && v !== undefined && !(Array.isArray(v) && v.length === 0));
  const colour = side ? roleChip(side) : null;
  return h("article", { class: "card", dataset: { side: String(side || "").toLowerCase() },
    tabindex: "0", "aria-label": `card ${title}` },
    h("header", { class: "card-head" },
      ops !== null ? h("span", { class: "ops", title: `${ops} Operations points`,
        "aria-label": `${ops} OPs` }, String(ops)) : null,
      h("span", { class: "card-title" }, String(title)),
      number !== null ? h("span", { class: "card-no" }, `#${number}`) : null),
    h("div", { class: "card-tags" }, colour,
      era ? h("span", { class: "chip era", title: "era" }, String(era)) : null,
      ops !== null ? h("span", { class: "muted small" }, "OPs ", String(ops)) : null),
    text ? h("p", { class: "card-text" }, String(text)) : null,
    rest.length ? h("dl", { class: "card-facts" }, rest.map(([k, v]) => [
      h("dt", {}, humanize(k)), h("dd", {}, v === true ? "yes" : fmt(v, k))])) : null,
    mark ? h("footer", { class: "card-mark" }, h("span", { class: "mark-label" }, "Mark"),
      typeof mark === "object" ? fmt(mark, "mark") : String(mark)) : null);
}

export function renderHands(mine, others) {
  const nodes = [];
  if (mine) {
    nodes.push(h("div", { class: "cards" }, mine.length ? mine.map(renderCard)
      : h("p", { class: "muted" }, "Your hand is empty.")));
  }
  if (others.length) {
    nodes.push(h("p", { class: "other-hands" }, others.map(({ role, count }) =>
      h("span", { class: "other-hand", dataset: { role } }, roleChip(role),
        ` holds ${count} card${count === 1 ? "" : "s"}`))));
  }
  return nodes;
}

// -- values ----------------------------------------------------------------------------------

function entryLabel(obj) {
  const [, t] = pick(obj, [...TITLE_KEYS, "id", "label"]);
  if (t !== null) return String(t);
  return Object.entries(obj).filter(([, v]) => isScalar(v) && v !== null && v !== false)
    .map(([k, v]) => (v === true ? k : String(v))).join(" ");
}

/** A compact cell for any value. */
export function fmt(v, key) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "–");
  if (typeof v === "boolean") {
    return v ? h("span", { class: "yes", title: "yes" }, "✓")
      : h("span", { class: "muted", title: "no" }, "·");
  }
  if (typeof v === "number") return h("span", { class: "num" }, String(v));
  if (typeof v === "string") return isSide(v) && !NAME_KEYS.has(key) ? roleChip(v) : v;
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "muted" }, "–");
    if (v.every(isScalar)) {
      return h("span", { class: "list" }, v.map((x, i) => [i ? ", " : "", fmt(x, key)]));
    }
    return h("span", { class: "tokens" }, v.map((x) => {
      if (!x || typeof x !== "object") return h("span", { class: "chip" }, String(x));
      const owner = x.owner ?? x.side ?? x.control ?? null;
      const chip = owner && isSide(owner) ? roleChip(owner, entryLabel(
        Object.fromEntries(Object.entries(x).filter(([k]) => !["owner", "side", "control"].includes(k)))))
        : h("span", { class: "chip" }, entryLabel(x));
      chip.title = Object.entries(x).map(([k, val]) => `${k}: ${JSON.stringify(val)}`).join(", ");
      return chip;
    }));
  }
  if (typeof v === "object") {
    const parts = Object.entries(v).filter(([, x]) => x !== null && x !== false);
    if (!parts.length) return h("span", { class: "muted" }, "–");
    return h("span", { class: "pairs" }, parts.map(([k, x], i) => [i ? " · " : "",
      x === true ? humanize(k) : [isSide(k) ? roleChip(k) : h("span", { class: "k" }, humanize(k)),
        " ", isScalar(x) ? fmt(x, k) : h("span", {}, JSON.stringify(x).slice(0, 120))]]));
  }
  return String(v);
}

// -- tables ----------------------------------------------------------------------------------

function columns(rows) {
  const cols = [];
  for (const r of rows) {
    for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  }
  return cols;
}

function table(rows, firstCol, ui, path) {
  const cols = columns(rows.map((r) => r.row)).filter((c) => c !== "region" ||
    !rows.some((r) => r.row.region !== undefined));
  const grouped = rows.some((r) => r.row.region !== undefined);
  const named = firstCol !== null;
  const head = h("tr", {}, named ? h("th", { scope: "col" }, firstCol) : null,
    cols.map((c) => h("th", { scope: "col" }, humanize(c))));
  const bodies = [];
  let current = null;
  let last;
  for (const { name, row } of rows) {
    if (grouped && row.region !== last) {
      last = row.region;
      current = h("tbody", { dataset: { group: String(row.region) } },
        h("tr", { class: "group" }, h("th", { colspan: String(cols.length + (named ? 1 : 0)),
          scope: "rowgroup" }, String(row.region ?? "—"))));
      bodies.push(current);
    } else if (!current) {
      current = h("tbody");
      bodies.push(current);
    }
    const text = [name, ...Object.values(row).map((x) => (isScalar(x) ? String(x) : JSON.stringify(x)))]
      .join(" ").toLowerCase();
    current.append(h("tr", { dataset: { text } },
      named ? h("th", { scope: "row" }, isSide(name) ? roleChip(name) : name) : null,
      cols.map((c) => h("td", { class: typeof row[c] === "number" ? "n" : null }, fmt(row[c], c)))));
  }
  const tbl = h("table", { class: "data" }, h("thead", {}, head), bodies);
  const wrap = h("div", { class: "table-wrap" }, tbl);
  if (rows.length <= 12) return wrap;
  const st = ui.get(path) || {};
  const count = h("span", { class: "muted count" });
  const apply = (q) => {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const tr of tbl.querySelectorAll("tbody tr:not(.group)")) {
      const ok = words.every((w) => tr.dataset.text.includes(w));
      tr.hidden = !ok;
      if (ok) shown += 1;
    }
    for (const tb of tbl.tBodies) {
      const g = tb.querySelector("tr.group");
      if (g) g.hidden = !tb.querySelector("tr:not(.group):not([hidden])");
    }
    count.textContent = words.length ? `${shown} of ${rows.length}` : `${rows.length} rows`;
  };
  const box = h("input", { type: "search", class: "filter", placeholder: "Filter rows…",
    "aria-label": "Filter rows", value: st.filter || "",
    oninput: (e) => { ui.set(path, { ...(ui.get(path) || {}), filter: e.target.value }); apply(e.target.value); } });
  apply(st.filter || "");
  return h("div", {}, h("div", { class: "table-tools" }, box, count), wrap);
}

function section(title, path, ui, content, { open = true, note = null } = {}) {
  const st = ui.get(path) || {};
  const det = h("details", { class: "section", open: st.open ?? open, dataset: { key: path } },
    h("summary", {}, h("h3", {}, title), note ? h("span", { class: "muted note" }, note) : null),
    content);
  det.addEventListener("toggle", () => ui.set(path, { ...(ui.get(path) || {}), open: det.open }));
  return det;
}

const isPlainObj = (v) => v && typeof v === "object" && !Array.isArray(v);

/** Scalars as a definition list, lists of objects and objects of objects as tables. */
export function renderGeneric(obj, ui, path = "", depth = 0) {
  const facts = [];
  const parts = [];
  for (const [k, v] of Object.entries(obj)) {
    const p = `${path}/${k}`;
    if (isScalar(v) || (Array.isArray(v) && v.every(isScalar)) ||
        (isPlainObj(v) && Object.values(v).every(isScalar) && Object.keys(v).length <= 10)) {
      facts.push(h("div", { class: "fact", dataset: { key: k } }, h("dt", {}, humanize(k)),
        h("dd", {}, fmt(v, k))));
    } else if (Array.isArray(v) && v.every(isPlainObj)) {
      parts.push(section(humanize(k), p, ui, table(v.map((row) => ({ row })), null, ui, p),
        { note: `${v.length}`, open: v.length <= 150 }));
    } else if (isPlainObj(v) && Object.values(v).every(isPlainObj) &&
               Object.values(v).every((x) => Object.values(x).every((y) => !isPlainObj(y) || depth > 0))) {
      const rows = Object.entries(v).map(([name, row]) => ({ name, row }));
      parts.push(section(humanize(k), p, ui, table(rows, "", ui, p), { note: `${rows.length}` }));
    } else if (isPlainObj(v) && depth < 3) {
      parts.push(section(humanize(k), p, ui, renderGeneric(v, ui, p, depth + 1)));
    } else if (Array.isArray(v)) {
      parts.push(section(humanize(k), p, ui, h("div", { class: "table-wrap" }, fmt(v, k))));
    } else {
      facts.push(h("div", { class: "fact" }, h("dt", {}, humanize(k)),
        h("dd", {}, h("code", {}, JSON.stringify(v).slice(0, 300)))));
    }
  }
  return [facts.length ? h("dl", { class: "facts" }, facts) : null, parts];
}

// -- per-game parts ----------------------------------------------------------------------------

function eawFronts(fronts) {
  return h("div", { class: "fronts" }, fronts.map((f) => {
    const route = Array.isArray(f.route) ? f.route : [];
    const tanks = (f.axis_tanks || []).length;
    const alTanks = (f.allied_tanks || []).length;
    return h("div", { class: `front${f.in_play === false ? " off" : ""}`, dataset: { front: f.id } },
      h("div", { class: "front-name" }, h("strong", {}, f.name || f.id),
        f.in_play === false ? h("span", { class: "chip" }, "not in play") : null,
        f.stalled ? h("span", { class: "chip warn" }, "stalled") : null,
        f.reserve ? h("span", { class: "chip" }, "reserve") : null,
        tanks ? h("span", { class: "chip" }, `Axis tanks ${tanks}`) : null,
        alTanks ? h("span", { class: "chip" }, `Allied tanks ${alTanks}`) : null),
      h("ol", { class: "track" }, route.map((loc, i) => {
        const ax = loc === f.axis_location && f.in_play !== false;
        const al = loc === f.allied_location;
        return h("li", { class: `box${ax ? " ax" : ""}${al ? " al" : ""}`,
          title: `${loc}${ax ? " — Axis front" : ""}${al ? " — Allied front" : ""}` },
          h("span", { class: "box-name" }, loc),
          ax ? roleChip("axis") : null, al ? roleChip("allies") : null,
          i === route.length - 1 ? h("span", { class: "muted goal" }, "objective") : null);
      })));
  }));
}

/** Per game: keys drawn specially, before the generic tables. */
export const GAME_PARTS = {
  eaw1940: (view) => (Array.isArray(view.fronts)
    ? { keys: ["fronts"], nodes: [["Fronts", "fronts", eawFronts(view.fronts)]] } : null),
};

export function renderBoard(view, game, ui) {
  const rest = {};
  for (const [k, v] of Object.entries(view)) if (!NOT_BOARD.has(k)) rest[k] = v;
  if (rest.pending && view.prompt) delete rest.pending;
  const out = [];
  const special = GAME_PARTS[game] ? GAME_PARTS[game](rest) : null;
  if (special) {
    for (const k of special.keys) delete rest[k];
    for (const [title, path, node] of special.nodes) out.push(section(title, `/${path}`, ui, node));
  }
  const [facts, parts] = renderGeneric(rest, ui);
  return [facts ? section("Situation", "/", ui, facts) : null, ...out, ...parts];
}

// -- log -----------------------------------------------------------------------------------------

function dice(v) {
  const list = Array.isArray(v) ? v : [v];
  return list.map((d) => h("span", { class: "die", title: `die ${d}` }, String(d)));
}

const FACT_SKIP = new Set(["rule", "text", "die", "dice", "mods", "total", "to"]);

/** One log entry: the rule, the words, then its facts (dice, modifiers, total, others). */
export function renderLogEntry(e) {
  if (typeof e === "string") {
    const m = e.match(/^(.*)\s\[([^\]]+)\]$/s);
    return h("li", {}, m ? [ruleBadge(m[2]), " ", m[1]] : e);
  }
  const facts = [];
  const die = e.die ?? e.dice;
  if (die !== undefined && die !== null) facts.push(h("span", { class: "roll" }, dice(die)));
  if (Array.isArray(e.mods) && e.mods.length) {
    facts.push(h("span", { class: "mods" }, e.mods.map((m) => {
      const [n, why] = Array.isArray(m) ? m : [m.mod ?? m.value ?? m.drm, m.reason ?? m.why ?? ""];
      return h("span", { class: "mod", title: String(why || "") }, signed(n), why ? ` ${why}` : "");
    })));
  }
  if (e.total !== undefined) facts.push(h("span", { class: "total" }, `= ${e.total}`));
  const other = Object.entries(e).filter(([k, v]) => !FACT_SKIP.has(k) && v !== null &&
    v !== undefined && v !== false && !(Array.isArray(v) && !v.length));
  return h("li", { class: e.to ? "private" : null },
    ruleBadge(e.rule), " ",
    e.to ? h("span", { class: "chip private-tag", title: `only ${roleName(e.to)} sees this` }, "private") : null,
    h("span", { class: "log-text" }, e.text ?? ""),
    facts.length || other.length ? h("span", { class: "log-facts" }, facts,
      other.map(([k, v]) => h("span", { class: "fact-chip", title: k },
        h("span", { class: "k" }, humanize(k)), " ",
        isScalar(v) ? String(v) : JSON.stringify(v).slice(0, 80)))) : null);
}

/** Fill (or extend) an <ol> with the log; returns true if something was added. */
export function renderLog(ol, entries) {
  const list = entries || [];
  const n = Number(ol.dataset.count || 0);
  const lastKey = ol.dataset.last || "";
  const same = n <= list.length && (n === 0 || JSON.stringify(list[n - 1]) === lastKey);
  if (!same) {
    ol.replaceChildren();
  }
  const from = same ? n : 0;
  for (let i = from; i < list.length; i += 1) ol.append(renderLogEntry(list[i]));
  ol.dataset.count = String(list.length);
  ol.dataset.last = list.length ? JSON.stringify(list[list.length - 1]) : "";
  return list.length !== from || !same;
}
