// Small DOM helpers shared by the pages. Data is always inserted as text, never as HTML.

export function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "value") el.value = v;
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : String(kid));
  }
  return el;
}

/** Replace an element's children (arrays flattened; null, undefined and false left out). */
export function fill(el, ...kids) {
  el.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));
  return el;
}

// Okabe & Ito's colour-blind-safe palette; a role is also always named in text.
const PALETTE = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442"];
const ROLE_COLOURS = {
  axis: "#4A4A4A", allies: "#0072B2", western: "#0072B2", soviet: "#D55E00",
  lw: "#D55E00", rw: "#0072B2", neutral: "#8C8C8C", a: "#E69F00", b: "#56B4E9",
};
// colours that take black text: white on them is under 4.5:1 (on #D55E00 3.9:1, an
// accessibility audit; black 5.4:1)
const DARK_TEXT = new Set(["#E69F00", "#56B4E9", "#F0E442", "#CC79A7", "#009E73", "#8C8C8C", "#D55E00"]);
let knownRoles = [];

export function setRoles(roles) {
  knownRoles = roles || [];
}

export function isSide(value) {
  if (typeof value !== "string") return false;
  const v = value.toLowerCase();
  return v in ROLE_COLOURS || knownRoles.includes(v);
}

export function roleColour(role) {
  const r = String(role || "").toLowerCase();
  if (r in ROLE_COLOURS) return ROLE_COLOURS[r];
  const i = knownRoles.indexOf(r);
  return PALETTE[(i >= 0 ? i : 0) % PALETTE.length];
}

export function roleName(role) {
  if (role === null || role === undefined) return "—";
  const r = String(role);
  return r.length <= 3 ? r.toUpperCase() : r.charAt(0).toUpperCase() + r.slice(1);
}

/** A coloured chip naming a side (the name is always there: colour is never alone). */
export function roleChip(role, extra) {
  const c = roleColour(role);
  return h("span", {
    class: "chip side",
    style: { background: c, color: DARK_TEXT.has(c) ? "#111" : "#fff" },
    dataset: { role: String(role).toLowerCase() },
  }, roleName(role), extra ? ` ${extra}` : "");
}

/** A screen whose main pointer is a finger (a phone, a tablet): tapped, never hovered. */
export function touchScreen() {
  return typeof window.matchMedia === "function" && window.matchMedia("(pointer: coarse)").matches;
}

/**
 * Another role's question, as a seat that is not asked reads it: "Question for [Allies]:
 * “Defend Antwerp … against your 1 and your air card”", quoted, since a prompt speaks to
 * the role it asks (its "your" was read as the reader's own: a usability audit).
 */
export function askedOf(role, text) {
  return [role ? ["Question for ", roleChip(role), ": "] : null,
    h("span", { class: "asked" }, `“${text || ""}”`)];
}

const SMALL = new Set(["ap", "vp", "sp", "op", "ops", "pp", "id", "lw", "rw", "usa", "ussr", "uk", "drm"]);

/** A map legend's parts, each sample kept on one line with the words after it (a wrap had
 * left "◯" at a line's end and "changed since your decision" on the next: an audit). */
export function legendItems(...parts) {
  const out = [];
  let cur = null;
  for (const p of parts.flat(Infinity)) {
    if (p === null || p === undefined || p === false) continue;
    if (typeof p === "string") {
      if (cur) cur.push(p);
      else out.push(p);
    } else {
      cur = [p];
      out.push(cur);
    }
  }
  return out.map((x) => (Array.isArray(x) ? h("span", { class: "lg-item" }, ...x) : x));
}

export function humanize(key) {
  const words = String(key).replace(/([a-z])([A-Z])/g, "$1 $2").split(/[_\s]+/).filter(Boolean);
  return words.map((w, i) => {
    if (SMALL.has(w.toLowerCase()) || knownRoles.includes(w.toLowerCase()) && w.length <= 3) {
      return w.toUpperCase();
    }
    return i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w;
  }).join(" ");
}

export function isScalar(v) {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

export function signed(n) {
  return typeof n === "number" && n > 0 ? `+${n}` : String(n);
}

/** A rule as a tag: "§8.2" for a numbered rule, the name alone for a named one ("CQR",
 * "Front Table"), which a section sign would misread. */
export function ruleTag(rule) {
  return /^\d/.test(String(rule)) ? `§${rule}` : String(rule);
}

let ruleIndex = {};
let ruleGame = null;

function ruleTitle(rule) {
  const about = ruleIndex[String(rule)];
  return about ? `rule ${rule}: ${about}` : `rule ${rule}`;
}

/** A rule citation badge; its title says what the rule is about (the game's index of its
 * rulebook, once {@link useRules} has it: "CQR" alone told a player nothing). A click, a
 * tap or Enter opens what it says beside it (a title is shown to a mouse alone: a touch
 * or keyboard player never read it). ``tab``: a button in the Tab order; in the log, where
 * hundreds stand, a badge a click or a tap opens. */
export function ruleBadge(rule, { tab = true, short = false } = {}) {
  if (!rule) return null;
  // ``short``: a "§" alone, for a named rule the words beside it begin with ("Malta Malta is
  // neutralised" read twice: an audit)
  const badge = h(tab ? "button" : "span", { ...(tab ? { type: "button", "aria-expanded": "false" } : {}),
    class: "rule", title: ruleTitle(rule), dataset: { rule: String(rule) },
    "aria-label": short ? `rule ${rule}` : null }, short ? "§" : ruleTag(rule));
  badge.addEventListener("click", (e) => { e.stopPropagation(); e.preventDefault(); toggleRuleTip(badge); });
  return badge;
}

let tipCount = 0;

/** Open or close what a rule badge's rule says, in words, just after it (after the heading
 * it stands in: inside, the words became part of the heading's name). */
function toggleRuleTip(badge) {
  const id = badge.getAttribute("aria-controls");
  const open = id ? document.getElementById(id) : null;
  if (open) {
    open.remove();
    badge.removeAttribute("aria-controls");
  } else {
    tipCount += 1;
    const tip = h("span", { class: "rule-tip", role: "note", id: `rule-tip-${tipCount}`,
      dataset: { rule: badge.dataset.rule } }, ruleTitle(badge.dataset.rule));
    (badge.closest("h1, h2, h3, h4") || badge).after(tip);
    badge.setAttribute("aria-controls", tip.id);
  }
  if (badge.tagName === "BUTTON") badge.setAttribute("aria-expanded", open ? "false" : "true");
}

/** Fetch ``game``'s index of its rulebook once, then title every rule badge on the page. */
export function useRules(game) {
  if (!game || ruleGame === game) return;
  ruleGame = game;
  fetch(`/api/rules/${encodeURIComponent(game)}`)
    .then((res) => (res.ok ? res.json() : {}))
    .then((index) => {
      ruleIndex = index && typeof index === "object" ? index : {};
      for (const el of document.querySelectorAll(".rule[data-rule]")) el.title = ruleTitle(el.dataset.rule);
      for (const tip of document.querySelectorAll(".rule-tip[data-rule]")) tip.textContent = ruleTitle(tip.dataset.rule);
    })
    .catch(() => { /* the badges keep their plain titles */ });
}

/** The message area: errors and notices, newest first, each dismissible. */
export function message(kind, title, ...lines) {
  const box = document.getElementById("messages");
  if (!box) return;
  const item = h("div", { class: `msg ${kind}`, role: kind === "error" ? "alert" : "status" },
    h("div", { class: "msg-body" },
      h("strong", {}, title),
      lines.filter(Boolean).map((l) => h("div", {}, l))),
    h("button", { class: "msg-close", type: "button", "aria-label": "Dismiss",
      onclick: () => item.remove() }, "×"));
  box.prepend(item);
  while (box.children.length > 3) box.lastChild.remove();
}

/** Remove the messages titled ``title`` (an "Offline" note once the server answers again). */
export function dismiss(title) {
  const box = document.getElementById("messages");
  if (!box) return;
  for (const item of [...box.children]) {
    const strong = item.querySelector("strong");
    if (strong && strong.textContent === title) item.remove();
  }
}

export function clearMessages() {
  const box = document.getElementById("messages");
  if (box) box.replaceChildren();
}

export async function copyText(text, button) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch (err) {
    const area = h("textarea", { class: "offscreen", "aria-hidden": "true" });
    area.value = text;
    document.body.append(area);
    area.select();
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
  }
  if (button) {
    // the label before the first press (a second press within the pause kept "Copied ✓"
    // as the label to restore, for good: a browser audit)
    if (button.dataset.label === undefined) button.dataset.label = button.textContent;
    button.textContent = ok ? "Copied ✓" : "Select & copy";
    clearTimeout(Number(button.dataset.timer || 0));
    button.dataset.timer = String(setTimeout(() => {
      button.textContent = button.dataset.label;
      delete button.dataset.timer;
    }, 1500));
  }
  return ok;
}

export function when(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString();
}

/**
 * Maps too dense to read beside the log: wide unless the player said not. sfe's at every
 * width; eit2's (92 spaces) below the 4K layout (140rem), where the column beside the log
 * draws it under 1200 px wide (720 px at 1280x800, its names at 5 px: a browser audit).
 */
const WIDE_BY_DEFAULT = new Map([["sfe", null], ["eit2", "(max-width: 139.99rem)"]]);
/** Maps the wide page draws no wider than the screen's height allows (eit2's is 1.3 times
 * as wide as it is high, a laptop's screen below the top bar 1.6 times): the decision goes
 * beside the map instead of below it, the map and its choices in view together. */
const DECISION_BESIDE = new Set(["eit2"]);
const wideSwitch = { game: null, media: null, listener: null, show: null };
const pageChoice = new Map(); // game -> the player's choice where storage is refused

function wideDefault(game) {
  if (!WIDE_BY_DEFAULT.has(game)) return false;
  const query = WIDE_BY_DEFAULT.get(game);
  return query === null || typeof window.matchMedia !== "function" || window.matchMedia(query).matches;
}

/**
 * The "Wide map" switch (#wide-map) of a page with a map panel: on, the map takes the page's
 * whole width and the log goes below it (on a narrow screen, where the page is one column
 * anyway, the switch is hidden); for a game of DECISION_BESIDE the decision (#play) stands
 * beside the map. The player's choice is kept per game in this browser; without one, the
 * game's default for the screen's width (followed as the window is resized).
 */
export function wideMap(game) {
  const button = document.getElementById("wide-map");
  const main = document.getElementById("main");
  if (!button || !main) return;
  const key = `warroom:wide-map:${game}`;
  const kept = () => {
    try {
      const v = localStorage.getItem(key);
      return v === null ? null : v === "1";
    } catch (err) { return null; /* storage refused: the default */ }
  };
  const isOn = () => pageChoice.get(game) ?? kept() ?? wideDefault(game);
  const show = () => {
    const on = isOn();
    main.classList.toggle("wide-map", on);
    main.classList.toggle("decision-beside", on && DECISION_BESIDE.has(game)
      && document.getElementById("play") !== null);
    button.setAttribute("aria-pressed", String(on));
  };
  show();
  button.onclick = () => {
    const on = !isOn();
    try { localStorage.setItem(key, on ? "1" : "0"); } catch (err) { pageChoice.set(game, on); /* kept for this page only */ }
    show();
  };
  // the default follows the window's width (once per page: each render calls this again)
  wideSwitch.show = show;
  const query = WIDE_BY_DEFAULT.get(game);
  if (wideSwitch.game !== game && query && typeof window.matchMedia === "function") {
    if (wideSwitch.media) wideSwitch.media.removeEventListener("change", wideSwitch.listener);
    wideSwitch.game = game;
    wideSwitch.media = window.matchMedia(query);
    wideSwitch.listener = () => { if (wideSwitch.show) wideSwitch.show(); };
    wideSwitch.media.addEventListener("change", wideSwitch.listener);
  }
}
