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

// Card fields read as marks and tags rather than listed as facts (eit2's cards: 2.2.4 the
// card leaves the game after its Event, 2.2.5 the Event stays in force).
const CARD_FLAGS = {
  removed_after_event: { text: "★ Removed after the Event", rule: "2.2.4" },
  ongoing: { text: "Ongoing Event", rule: "2.2.5" },
};

function cardText(card) {
  if (!card || typeof card !== "object") return "";
  const [, text] = pick(card, TEXT_KEYS);
  if (text !== null) return String(text);
  return typeof card.event === "string" ? card.event : "";
}

// A card fact in words where its key and value alone mislead: sfe's `deck`, the chevrons
// printed on the card, read "Deck 1" beside the tracks' play deck (a browser audit); the
// rulebook names the chevrons in Roman numerals and the decks "the 2nd play deck" (6).
const CARD_FACTS = {
  deck: (v) => (Number.isInteger(v) && v >= 1 && v <= 3
    ? ["Chevrons", `${"I".repeat(v)}: in play from the ${["1st", "2nd", "3rd"][v - 1]} play deck`] : null),
};

/** One card with every field it has (null and false fields are left out). */
/** What tells one card from another in a hand: its number, else its id, else its title
 * (a hand's cards marked new since the seat's last decision, game.js). */
export function cardKey(card) {
  if (!card || typeof card !== "object") return String(card);
  return String(card.number ?? card.id ?? card.title ?? card.name ?? "");
}

export function renderCard(card, { focusable = true } = {}) {
  if (!card || typeof card !== "object") return h("div", { class: "card" }, String(card));
  const used = new Set(["scoring_values", "if_rearmament", ...Object.keys(CARD_FLAGS)]);
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
  // an event's id (sfe's "destroyer_attack") says nothing its name does not say better
  if (typeof card.event_name === "string" && card.event_name) used.add("event");
  let mark = take(MARK_KEYS);
  if (mark === true) {
    mark = "Reconstructed: the rulebook prints no card texts; this text is rebuilt from the rules";
  }
  const scoring = typeof card.scoring === "string" ? card.scoring : null;
  if (scoring) used.add("scoring");
  const flags = Object.entries(CARD_FLAGS).filter(([k]) => card[k] === true)
    .map(([, f]) => h("span", { class: "chip flag", title: `rule ${f.rule}` }, f.text));
  const values = card.scoring_values && typeof card.scoring_values === "object"
    ? Object.entries(card.scoring_values).map(([k, v]) => `${humanize(k)} ${v}`).join(" · ") : null;
  const number = card.number ?? (title !== card.id ? card.id : null);
  if (card.number !== undefined) used.add("number");
  else if (number !== null) used.add("id");
  const rest = Object.entries(card).filter(([k, v]) => !used.has(k) && v !== null &&
    v !== false && v !== undefined && !(Array.isArray(v) && v.length === 0));
  const colour = side ? roleChip(side) : null;
  return h("article", { class: "card", dataset: { side: String(side || "").toLowerCase(),
    number: number !== null ? String(number) : undefined, key: cardKey(card) },
    tabindex: focusable ? "0" : undefined, "aria-label": `card ${title}`,
    title: text ? `${title}: ${text}` : String(title) },
    h("header", { class: "card-head" },
      ops !== null ? h("span", { class: "ops", title: `${ops} Operations points`,
        "aria-label": `${ops} OPs` }, String(ops)) : null,
      h("span", { class: "card-title" }, String(title)),
      number !== null ? h("span", { class: "card-no" }, `#${number}`) : null),
    h("div", { class: "card-tags" }, colour,
      era ? h("span", { class: "chip era", title: "era" }, String(era)) : null,
      ops !== null ? h("span", { class: "muted small" }, "OPs ", String(ops)) : null,
      scoring ? h("span", { class: "chip scoring" }, `Scoring: ${scoring}`) : null, flags),
    values ? h("p", { class: "card-values" }, values, " Power") : null,
    text ? h("p", { class: "card-text" }, String(text)) : null,
    card.if_rearmament ? h("p", { class: "card-text rearm-note" }, String(card.if_rearmament)) : null,
    rest.length ? h("dl", { class: "card-facts" }, rest.map(([k, v]) => {
      const said = CARD_FACTS[k] ? CARD_FACTS[k](v) : null;
      return said ? [h("dt", {}, said[0]), h("dd", {}, said[1])]
        : [h("dt", {}, humanize(k)), h("dd", {}, v === true ? "yes" : fmt(v, k))];
    })) : null,
    mark ? h("footer", { class: "card-mark" }, h("span", { class: "mark-label" }, "Note"),
      typeof mark === "object" ? fmt(mark, "mark") : String(mark)) : null);
}

/** A card named in one line (a chip); hovering or focusing it shows the whole card. */
export function cardChip(card, extra) {
  const title = (card && (card.title || card.name)) || String(card);
  const text = cardText(card);
  return h("span", { class: "card-chip", tabindex: "0", dataset: { side: String(card.side || "").toLowerCase(),
    number: card.number !== undefined ? String(card.number) : undefined },
  "aria-label": text ? `${title}: ${text}` : title },
  h("span", { class: "card-chip-title" }, card.number !== undefined ? `#${card.number} ` : "", title),
  extra || null,
  h("span", { class: "card-pop", role: "tooltip" }, renderCard(card, { focusable: false })));
}

/** A popover with the whole card, for a choice that plays it (shown on hover and focus). */
export function cardPopover(card) {
  // not a Tab stop of its own: it shows while its choice has focus and went away as the
  // focus reached it (focus fell to the page: an outside audit)
  return h("span", { class: "card-pop", role: "tooltip" }, renderCard(card, { focusable: false }));
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
  // a row's id beside its name said the same thing as a key ("western_europe" beside
  // "Western Europe": a browser audit); the filter still finds a row by it
  const named2 = rows.length > 0 && rows.every((r) => typeof r.row.name === "string" && r.row.name);
  const cols = columns(rows.map((r) => r.row)).filter((c) => (c !== "region" ||
    !rows.some((r) => r.row.region !== undefined)) && !(c === "id" && named2));
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

// -- eit2: the track strip, the Rearmament chart, ongoing events and reminders ---------------

const SIDES = { lw: { letter: "L", name: "LW" }, rw: { letter: "R", name: "RW" } };

function sideMark(side, extra) {
  const s = SIDES[side];
  return h("span", { class: `side-mark ${side}`, title: s ? `${s.name}` : String(side) },
    s ? s.letter : "?", extra ? ` ${extra}` : "");
}

/** A numbered track (from..to) with the marker in its box. */
function scale(name, value, from, to, label, { key, signedLabels = null, rule = null, drm = null, note = null } = {}) {
  // ``drm``: a modifier per box (eit2's Tension: the war roll's, 9.2), shown in its box
  const mod = (i) => (Array.isArray(drm) && typeof drm[i] === "number" ? drm[i] : null);
  const boxes = [];
  for (let i = from; i <= to; i += 1) {
    const on = i === value;
    const m = mod(i);
    // a modifier's box is tinted, its value in its title: written in it, "+1+2+3+4+5+"
    // ran over a narrow track's boxes (the screenshot)
    boxes.push(h("span", { class: `scale-box${on ? " on" : ""}${i === 0 ? " zero" : ""}${m !== null ? " drm" : ""}`,
      title: (signedLabels ? signedLabels(i) : String(i)) + (m !== null ? `: war roll ${signed(m)}` : "") },
    on ? String(label ?? value) : ""));
  }
  const now = mod(value);
  const first = Array.isArray(drm) ? drm.findIndex((x) => typeof x === "number") : -1;
  return h("div", { class: "track", dataset: { track: key || name.toLowerCase() } },
    h("div", { class: "track-head" }, h("span", { class: "track-name" }, name), " ",
      h("strong", { class: "track-value", dataset: { value: String(value) } }, String(label ?? value)),
      now !== null ? h("span", { class: "muted" }, ` (war roll ${signed(now)})`)
        : first >= 0 ? h("span", { class: "muted" }, ` (war rolls from ${first})`) : null,
      note ? h("span", { class: "track-note" }, ` · ${note}`) : null,
      rule ? [" ", ruleBadge(rule)] : null),
    h("div", { class: "scale", "aria-hidden": "true", style: { gridTemplateColumns: `repeat(${to - from + 1}, 1fr)` } }, boxes));
}

function pair(name, obj, key, rule) {
  return h("div", { class: "track pair", dataset: { track: key } },
    h("div", { class: "track-head" }, h("span", { class: "track-name" }, name), rule ? [" ", ruleBadge(rule)] : null),
    h("div", { class: "pair-values" }, Object.entries(obj || {}).map(([side, v]) =>
      h("span", { class: `pair-value ${side}`, dataset: { side, value: String(v) } }, sideMark(side), " ", String(v)))));
}

/** eit2's Moderation, each side's with its margin before 8.3's penalty (OPs -1 while the
 * Power marker is higher, on that side's half, than its Moderation): a web audit found two
 * bare numbers, the margin to be worked out by hand. */
function eit2Moderation(mod, power) {
  const node = pair("Moderation", mod, "moderation", "8.1");
  const notes = Object.entries(mod || {}).map(([side, m]) => {
    // the side's lead on the Power track, negative while the other side leads (the spare
    // counts the way back to 0 too: a review)
    const lead = side === "lw" ? -power : power;
    const spare = Number(m) - lead;
    const at = Number(m) === 0 ? "0" : `${side === "lw" ? "LW" : "RW"} ${m}`;
    return h("div", { class: "muted small moderation-margin", dataset: { side } }, sideMark(side), " ",
      spare >= 0 ? `Power may reach ${at} (${spare} to spare) before OPs −1`
        : `OPs −1: Power ${powerLabel(power)} is above it`, " ", ruleBadge("8.3"));
  });
  node.append(...notes);
  return node;
}

/** eit2's Power as its track writes it: "LW 12", "0", "RW 3". */
export function powerLabel(p) {
  if (p === 0) return "0";
  return p < 0 ? `LW ${-p}` : `RW ${p}`;
}

function eit2Strip(v) {
  const power = Number(v.power ?? 0);
  return h("div", { class: "track-strip", role: "group", "aria-label": "Tracks" },
    h("div", { class: "track clock", dataset: { track: "turn" } },
      h("div", { class: "track-head" }, h("span", { class: "track-name" }, "Turn"), " ",
        h("strong", { class: "track-value", dataset: { value: String(v.turn) } }, `${v.turn} / 10`)),
      h("div", { class: "track-head" }, h("span", { class: "track-name" }, "Action Round"), " ",
        h("strong", { class: "track-value", dataset: { value: String(v.action_round) } }, String(v.action_round)),
        " ", v.phasing ? [h("span", { class: "muted" }, "phasing "), roleChip(v.phasing)] : null)),
    scale("Power", Math.max(-20, Math.min(20, power)), -20, 20, powerLabel(power),
      { key: "power", rule: "10.3", signedLabels: powerLabel }),
    // the marker's Kellogg-Briand side modifies every war roll (card 7, 9.4): said on the
    // track (a web audit: it read "war rolls from 6" with no word of the -1)
    scale("Tension", Number(v.tension ?? 0), 0, 11, null, { key: "tension", rule: "9.2", drm: v.tension_drm,
      note: (v.markers || {}).kellogg_briand === true ? "Kellogg-Briand side: war rolls −1" : null }),
    eit2Moderation(v.moderation, power),
    pair("Sanctions", v.sanctions, "sanctions", "8.2"),
    v.extremists_left ? pair("Extremists left", v.extremists_left, "extremists_left", "2.3.2") : null,
    h("div", { class: "track deck", dataset: { track: "deck" } },
      h("div", { class: "track-head" }, h("span", { class: "track-name" }, "Draw deck"), " ",
        h("strong", { class: "track-value" }, String(v.deck_size ?? "–"))),
      v.extremist_penalty && Object.values(v.extremist_penalty).some(Boolean)
        ? h("div", { class: "muted small" }, "Extremist penalty: ",
          Object.entries(v.extremist_penalty).filter(([, x]) => x).map(([side]) => sideMark(side))) : null));
}

function eit2Chart(v) {
  const chart = Array.isArray(v.rearmament_chart) ? v.rearmament_chart : [];
  const at = new Map((v.rearmament || []).map((t) => [t.track, t]));
  const avail = v.rearmament_available || {};
  return h("div", { class: "rearm-chart" },
    h("p", { class: "rearm-avail" }, "Rearmament attempt available this turn: ",
      Object.entries(avail).map(([side, ok]) => h("span", { class: `avail ${ok ? "yes" : "no"}`, dataset: { side } },
        sideMark(side), ok ? " yes" : " used")), " ", ruleBadge("6.3"),
      // who gains a box's Power, SP or Moderation (a web audit: the chart never said)
      h("span", { class: "muted rearm-whose" }, " A box's effects go to the player whose attempt reaches it "),
      ruleBadge("6.3.4")),
    h("div", { class: "rearm-tracks" }, chart.map((tr) => {
      const m = at.get(tr.track) || {};
      return h("div", { class: "rearm-track", dataset: { track: tr.track } },
        h("div", { class: "rearm-name" }, h("strong", {}, tr.name), " ", m.side ? sideMark(m.side, "marker") : null),
        h("ol", { class: "rearm-boxes" }, (tr.boxes || []).map((b, i) => {
          const here = i === m.index;
          const passed = m.index !== undefined && i < m.index;
          const words = [b.name, b.needed ? `needs ${b.needed}` : "start", b.kind, b.space ? `target space ${b.space}` : null,
            ...(b.effects || [])].filter(Boolean).join(" — ");
          return h("li", { class: `rearm-box${here ? " here" : ""}${passed ? " passed" : ""}`, title: words,
            tabindex: "0", "aria-label": `${tr.name}: ${words}${here ? `; the ${(SIDES[m.side] || {}).name || m.side} marker is here` : ""}` },
          h("span", { class: "box-need" }, b.needed ? String(b.needed) : "•"),
          h("span", { class: "box-name" }, b.name),
          b.kind ? h("span", { class: "box-kind muted" }, b.kind) : null,
          b.space ? h("span", { class: "box-space" }, "◎ ", b.space) : null,
          here ? sideMark(m.side) : null);
        })));
    })));
}

function eit2Reminders(v) {
  const ongoing = Array.isArray(v.ongoing) ? v.ongoing : [];
  const markers = Object.entries(v.markers || {}).filter(([, on]) => on === true);
  const rem = Array.isArray(v.reminders) ? v.reminders : [];
  const cancelled = Array.isArray(v.cancelled) ? v.cancelled : [];
  if (!ongoing.length && !markers.length && !rem.length && !cancelled.length) {
    return h("p", { class: "muted reminders-none" }, "No ongoing Event or modifier is in force.");
  }
  return h("div", { class: "reminders" },
    ongoing.length ? h("div", { class: "ongoing" }, h("span", { class: "muted" }, "Ongoing Events "), ruleBadge("2.2.5"), " ",
      ongoing.map((c) => cardChip(c))) : null,
    markers.length ? h("div", { class: "markers" }, h("span", { class: "muted" }, "Markers "),
      markers.map(([k]) => h("span", { class: "chip marker" }, (v.marker_names || {})[k] || humanize(k)))) : null,
    rem.length ? h("ul", { class: "reminder-list" }, rem.map((r) => h("li", { dataset: { kind: r.kind } },
      r.side ? sideMark(r.side) : null, " ", r.text, r.source ? h("span", { class: "muted" }, ` (${r.source})`) : null,
      " ", ruleBadge(r.rule)))) : null,
    // the Event Chart's crosses: Events another card cancelled (7.5), played or not
    cancelled.length ? h("div", { class: "cancelled" }, h("span", { class: "muted" }, "Cancelled Events "),
      ruleBadge("7.5"), " ", cancelled.map((c) => cardChip(c,
        c.cancelled_by ? h("span", { class: "muted" }, ` (by ${c.cancelled_by})`) : null))) : null);
}

/**
 * Per game: the track display drawn above the board (keys: the view keys it shows, left out
 * of the board's tables). render(view, ui) -> a node.
 */
export const TRACKS = {
  eit2: {
    keys: ["turn", "action_round", "phasing", "power", "moderation", "tension", "sanctions",
      "extremist_penalty", "extremists_left", "deck_size", "rearmament", "rearmament_available",
      "rearmament_chart", "reminders", "markers", "ongoing", "cancelled",
      // read by the strip (the Tension boxes' war roll modifiers, the markers' names): raw in
      // the Situation table they read "TENSION DRM –,–,…" and "MARKER NAMES" (a web audit)
      "tension_drm", "marker_names"],
    render: (v, ui) => [
      eit2Strip(v),
      section("Rearmament chart", "/tracks/rearmament", ui, eit2Chart(v), { note: "7 tracks" }),
      section("Ongoing Events and reminders", "/tracks/reminders", ui, eit2Reminders(v)),
    ],
  },
};

/** The game's track display, or null (a game without one shows its tracks in the board). */
export function renderTracks(view, game, ui) {
  const t = TRACKS[game];
  if (!t || !view) return null;
  return h("div", { class: `tracks tracks-${game}` }, t.render(view, ui));
}

function cardPile(cards) {
  if (!cards.length) return h("p", { class: "muted" }, "None.");
  return h("div", { class: "card-chips" }, cards.map((c) => cardChip(c)));
}

/** Per game: keys drawn specially, before the generic tables. */
export const GAME_PARTS = {
  eaw1940: (view) => (Array.isArray(view.fronts)
    ? { keys: ["fronts"], nodes: [["Fronts", "fronts", eawFronts(view.fronts)]] } : null),
  eit2: (view) => {
    const keys = ["discard", "removed"].filter((k) => Array.isArray(view[k]));
    return { keys, nodes: keys.map((k) => [k === "discard" ? `Discard pile (${view[k].length})`
      : `Removed from the game (${view[k].length})`, k, cardPile(view[k])]) };
  },
};

export function renderBoard(view, game, ui) {
  const rest = {};
  for (const [k, v] of Object.entries(view)) if (!NOT_BOARD.has(k)) rest[k] = v;
  if (rest.pending && view.prompt) delete rest.pending;
  for (const k of (TRACKS[game] || {}).keys || []) delete rest[k];
  const out = [];
  const special = GAME_PARTS[game] ? GAME_PARTS[game](rest) : null;
  if (special) {
    for (const k of special.keys) delete rest[k];
    for (const [title, path, node] of special.nodes) out.push(section(title, `/${path}`, ui, node));
  }
  const [facts, parts] = renderGeneric(rest, ui);
  // tk's panel above says the situation in words under its own "Situation" heading; this
  // table is its data as a situation file writes it (ids such as ge_slovenia, limited_war:
  // two "Situation" headings and raw ids read as the same thing: a browser audit)
  const title = game === "tk" ? "Situation data (as a situation file writes it)" : "Situation";
  return [facts ? section(title, "/", ui, facts) : null, ...out, ...parts];
}

// -- log -----------------------------------------------------------------------------------------

function dice(v) {
  const list = Array.isArray(v) ? v : [v];
  return list.map((d) => h("span", { class: "die", title: `die ${d}` }, String(d)));
}

const FACT_SKIP = new Set(["rule", "text", "die", "dice", "mods", "total", "to"]);
/** Facts a roll's chips show (then not repeated in the entry's details). */
const ROLL_FACTS = new Set(["ops", "target", "needed"]);

const PLACE_LONGEST = 24;   // a longer name may break: kept whole it could overflow a phone

/** The names of the places on a view's map (its locations, spaces, countries, air spaces,
 * sea zones...: every ``name`` of its lists and tables) that hold a space or a hyphen, as
 * one pattern for :func:`renderLog`, or null. */
export function placeNames(view) {
  const map = view && typeof view.map === "object" && view.map ? view.map : null;
  if (!map) return null;
  const names = new Set();
  for (const part of Object.values(map)) {
    const items = Array.isArray(part) ? part : part && typeof part === "object" ? Object.values(part) : [];
    for (const o of items) {
      const n = o && typeof o === "object" ? o.name : null;
      if (typeof n === "string" && /[\s-]/.test(n.trim()) && n.length <= PLACE_LONGEST) names.add(n.trim());
    }
  }
  if (!names.size) return null;
  const alts = [...names].sort((x, y) => y.length - x.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alts.join("|")})(?![\\p{L}\\p{N}])`, "gu");
}

/** ``text`` with each place name of ``places`` (:func:`placeNames`) in a span that does not
 * break: eaw1940's log wrapped "attacks Low / Countries" across two lines (an audit). */
function withPlaces(text, places) {
  const str = String(text ?? "");
  if (!places || !str) return str;
  const out = [];
  let at = 0;
  for (const m of str.matchAll(places)) {
    if (m.index > at) out.push(str.slice(at, m.index));
    out.push(h("span", { class: "place" }, m[0]));
    at = m.index + m[0].length;
  }
  if (!out.length) return str;
  if (at < str.length) out.push(str.slice(at));
  return out;
}

/** One log entry: the rule, the words, then the roll (dice, modifiers, total). Its other
 * facts (the machine-readable details the words already say: "Side axis", "Card ax14")
 * are the entry's tooltip, not chips: shown as chips they repeated the line in ids.
 * ``places``: the map's place names (:func:`placeNames`), kept whole on a line. */
export function renderLogEntry(e, places = null) {
  if (typeof e === "string") {
    const m = e.match(/^(.*)\s\[([^\]]+)\]$/s);
    return h("li", {}, m ? [ruleBadge(m[2], { tab: false }), " ", m[1]] : e);
  }
  const facts = [];
  const die = e.die ?? e.dice;
  if (die !== undefined && die !== null) facts.push(h("span", { class: "roll" }, dice(die)));
  // an eit2 roll adds the card's OPs before its modifiers: without them the chips did not
  // add up ("2 +1 +1 = 7": a browser audit); "mod-ops", not "ops": that is the hand cards'
  // OPs disc (white on a 2rem circle), which made this chip unreadable (a browser audit)
  if (typeof e.ops === "number" && die !== undefined && die !== null) {
    facts.push(h("span", { class: "mod mod-ops" }, `${signed(e.ops)} OPs`));
  }
  if (Array.isArray(e.mods) && e.mods.length) {
    facts.push(h("span", { class: "mods" }, e.mods.map((m) => {
      const [n, why] = Array.isArray(m) ? m : [m.mod ?? m.value ?? m.drm, m.reason ?? m.why ?? ""];
      return h("span", { class: "mod", title: String(why || "") }, signed(n), why ? [" ", withPlaces(why, places)] : "");
    })));
  }
  if (e.total !== undefined) facts.push(h("span", { class: "total" }, `= ${e.total}`));
  const against = e.target ?? e.needed;
  if (typeof against === "number" && die !== undefined && die !== null && e.total !== undefined) {
    facts.push(h("span", { class: "target" }, e.target !== undefined ? `vs ${against}` : `needs ${against}`));
  }
  const rolled = die !== undefined && die !== null;
  const other = Object.entries(e).filter(([k, v]) => !FACT_SKIP.has(k) && !(rolled && ROLL_FACTS.has(k)) && v !== null &&
    v !== undefined && v !== false && !(Array.isArray(v) && !v.length));
  const details = other.map(([k, v]) => `${humanize(k)}: ${factText(v)}`).join("\n");
  const named = e.rule && !/^\d/.test(String(e.rule)) && String(e.text ?? "").startsWith(String(e.rule));
  // the facts' tooltip is the text's, not the item's: a title on the <li> became its
  // accessible name, so a screen reader read "Card: 9" for the line (an accessibility audit)
  return h("li", { class: e.to ? "private" : null },
    ruleBadge(e.rule, { tab: false, short: named }), " ",
    e.to ? h("span", { class: "chip private-tag", title: `only ${roleName(e.to)} sees this` }, "private") : null,
    h("span", { class: "log-text", title: details || null }, withPlaces(e.text ?? "", places)),
    facts.length ? h("span", { class: "log-facts" }, facts) : null);
}

/** A log fact in words: a list of plain values joined ("Paris, London"), anything else
 * as short JSON. */
function factText(v) {
  if (isScalar(v)) return String(v);
  if (Array.isArray(v) && v.every(isScalar)) return v.map(String).join(", ").slice(0, 80);
  return JSON.stringify(v).slice(0, 80);
}

/** Fill (or extend) an <ol> with the log; returns true if something was added.
 * ``places``: :func:`placeNames` of the view, whose names no line breaks. */
export function renderLog(ol, entries, places = null) {
  const list = entries || [];
  const n = Number(ol.dataset.count || 0);
  const lastKey = ol.dataset.last || "";
  const same = n <= list.length && (n === 0 || JSON.stringify(list[n - 1]) === lastKey);
  if (!same) {
    ol.replaceChildren();
  }
  const from = same ? n : 0;
  for (let i = from; i < list.length; i += 1) ol.append(renderLogEntry(list[i], places));
  ol.dataset.count = String(list.length);
  ol.dataset.last = list.length ? JSON.stringify(list[list.length - 1]) : "";
  return list.length !== from || !same;
}
