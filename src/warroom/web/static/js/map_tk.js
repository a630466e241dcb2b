// Totaler Krieg! political events (rule 15): there is no board map to draw; the "map" is
// the political situation. A panel drawn from the view: the event being resolved as a
// highlighted card (its number, name, receiving faction, object and the step now asked),
// the war state and tracks, and for the three factions (Axis, Western, Soviet) their Major
// Powers with their Posture Boxes, the Countries aligned with them, their Partnership
// Countries and Ceded Land markers; then the Neutral Countries, the conquered and removed
// ones, the Policies, the Civil War and the Area Tables. Every Country is a labelled box
// with a status letter as well as a colour (Okabe & Ito). Legal actions that name a
// Country (or a hex or unit in it), a Partnership Country, a Ceded Land marker, a faction,
// an Area Table, a Civil War marker, a Policy, a Posture Box or a card make that box
// highlighted and clickable (a menu when several name one box).
import { actionsBySpace, bindChoice, boardKeys, rovingPlaces, choiceMenu, choiceWords, infoLine, showDetails, whyNotBox } from "./mapkit.js";
import { h, humanize, legendItems, roleChip, ruleBadge } from "./ui.js";

const FACTIONS = ["axis", "western", "soviet"];
const STATUS = {
  axis: { letter: "A", word: "Axis" },
  western: { letter: "W", word: "Western" },
  soviet: { letter: "S", word: "Soviet" },
  neutral: { letter: "N", word: "Neutral" },
  conquered: { letter: "C", word: "Conquered" },
  dependent: { letter: "D", word: "Dependent" },
  region: { letter: "R", word: "Region of a Country" },
  removed: { letter: "X", word: "Removed from play" },
  major: { letter: "M", word: "Major Power" },
};
// a marker's short name on a Country's box and in the legend; the Neutrality marker is
// "Neu": "N" is the Neutral status letter, and the legend listed "N" twice (an audit)
const MARKER = {
  neutrality: ["Neu", "Neutrality marker"],
  "influence:axis": ["IA", "Axis Influence marker"],
  "influence:western": ["IW", "Western Influence marker"],
  "influence:soviet": ["IS", "Soviet Influence marker"],
  free_passage: ["FP", "Free Passage marker"],
  no_occupation: ["NO", "No Occupation marker"],
  "stronghold:republican": ["SR", "Republican Stronghold marker"],
  "stronghold:nationalist": ["SN", "Nationalist Stronghold marker"],
  mobilizing: ["Mob", "Mobilizing"],
};
const WAR = { pre_war: "Pre-War", limited_war: "Limited War", total_war: "Total War" };
const PACIFIC = { no_war: "no war", limited_war: "limited war", total_war: "total war" };

export function slug(x) {
  return String(x).toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "") || "_";
}

/** Which legal actions name which box of the panel: {boxKey: [legal, ...]}. */
export function tkActions(view, legal) {
  const map = view.map || {};
  const sit = view.situation || {};
  const out = new Map();
  const add = (id, a) => {
    if (!out.has(id)) out.set(id, []);
    out.get(id).push(a);
  };
  const byKind = (kind) => (legal || []).filter((a) => a.kind === kind);
  const group = (kind, items) => {
    for (const [id, list] of actionsBySpace(byKind(kind), new Set(items))) for (const a of list) add(`${kind}:${id}`, a);
  };
  const tail = (key) => key.slice(key.indexOf(":") + 1);
  group("country", (map.countries || []).map((c) => tail(c.key)));
  group("partner", (map.partnership || []).map((p) => tail(p.key)));
  group("land", (map.ceded_lands || []).map((d) => tail(d.key)));
  group("table", (map.area_tables || []).map((t) => tail(t.key)));
  group("faction", FACTIONS);
  group("card", (map.production_cards || []).map((c) => tail(c.key)));
  group("cw", ((sit.civil_war && sit.civil_war.markers) || []).map((m) => slug(m.id)));
  group("policy", Object.keys(sit.policies || {}).map(slug));
  group("box", Object.keys(sit.boxes || {}).map(slug));
  // a hex, or a unit standing in one, is chosen on the box of the Country it lies in
  const countryKey = new Map((map.countries || []).map((c) => [c.name, c.key]));
  const hexes = map.hexes || {};
  const hexCountry = (hexId) => {
    const hx = hexes[`hex:${slug(hexId)}`];
    return hx && hx.country ? countryKey.get(hx.country) : null;
  };
  for (const a of byKind("hex")) {
    const hx = hexes[a.key];
    const ck = hx && hx.country ? countryKey.get(hx.country) : null;
    if (ck) add(ck, a);
  }
  // a choice its key does not place (a positional pick) that the game says concerns a box
  const keys = new Set((map.countries || []).map((c) => c.key));
  for (const a of legal || []) {
    if (a.about && keys.has(a.about) && !(out.get(a.about) || []).includes(a)) add(a.about, a);
  }
  const units = new Map(Object.values(sit.units || {}).map((u) => [slug(u.id), u]));
  for (const a of byKind("unit")) {
    const u = units.get(a.target);
    const ck = u ? hexCountry(u.loc) : null;
    if (ck) add(ck, a);
  }
  return out;
}

/**
 * The political situation panel for a tk view. `act(key)` plays a legal action; `ui` is
 * unused (the panel flows with the page, nothing to zoom). Returns null without a view.
 */
export function renderTk(view, legal, ui, act) {
  const map = view && view.map;
  const sit = view && view.situation;
  if (!map || !sit || !Array.isArray(map.countries)) return null;
  const acts = tkActions(view, legal);
  const countries = sit.countries || {};
  const defs = new Map(map.countries.map((c) => [c.name, c]));
  const events = new Map((map.events || []).map((e) => [e.number, e]));
  const wrap = h("div", { class: "map-wrap tk-panel" });
  const choicesNote = h("span", { class: "muted" });
  const info = infoLine(acts.size, ["boxes", "a box", "box"], act.whyNot);
  // "why not": a box's id is the key of the action that chooses it (country:, partner:, …)
  const why = whyNotBox(typeof act.whyNot === "function" ? act.whyNot : null);
  const menu = choiceMenu(wrap, act, why, 240);
  const placed = new Set(); // the keys of the legal actions a box holds (wrap.placed)
  /** A focusable box: hover/focus shows its details, click/Enter plays its actions. */
  const item = (id, cls, title, details, kids, tag = "div") => {
    const list = acts.get(id) || [];
    for (const a of list) placed.add(a.key);
    const words = `${title}${details.length ? `: ${details.join(", ")}` : ""}${list.length ? `; ${choiceWords(list)}` : ""}`;
    const el = h(tag, { class: `space ${cls}${list.length ? " legal" : ""}`, tabindex: "0",
      role: list.length || act.whyNot ? "button" : "img", "aria-label": words, title: words,
      dataset: { id, state: `${title}: ${details.join(", ")}` } }, kids);
    bindChoice(el, () => showDetails(info, title, details, list),
      (e) => menu.choose(title, list, e, el, () => { if (id) why.ask(title, id); }));
    return el;
  };

  // -- where each Country stands ---------------------------------------------------------
  const stateOf = (name) => countries[name] || { status: "neutral", markers: [] };
  const placeOf = (name, seen = new Set()) => {
    const st = stateOf(name);
    const d = defs.get(name) || {};
    if (st.status === "major") return d.faction || "neutral";
    if (FACTIONS.includes(st.status)) return st.status;
    if (st.status === "dependent" && d.parent && !seen.has(d.parent)) {
      seen.add(name);
      return placeOf(d.parent, seen);
    }
    return st.status; // neutral, conquered, removed, or a dependent without a parent
  };
  const boxesOf = (major) => Object.values(sit.boxes || {}).filter((b) => b.major === major);
  const countryBox = (d) => {
    const st = stateOf(d.name);
    // a Region still part of its Country is no Dependent (15.26: "neither a Minor Country
    // nor a Dependent"; the terminal listed them so: an audit)
    const part = d.kind === "region" && st.status === "dependent";
    const status = part ? { ...STATUS.region, word: `Region of ${d.parent || "a Country"}` }
      : STATUS[st.status] || { letter: "?", word: st.status };
    const major = st.status === "major";
    const side = major ? d.faction : FACTIONS.includes(st.status) ? st.status
      : st.status === "conquered" ? st.conquered_by : st.status === "dependent" ? placeOf(d.name) : null;
    const letter = major ? (STATUS[d.faction] || status).letter : status.letter;
    const letterSide = major ? d.faction : part ? "region" : st.status;
    const markers = st.markers || [];
    const pol = st.policy && (sit.policies || {})[st.policy];
    const postures = major ? boxesOf(d.name) : [];
    const details = [
      `${status.word}${major && d.faction ? ` (${STATUS[d.faction].word})` : ""}`,
      st.status === "conquered" && st.conquered_by ? `conquered by the ${STATUS[st.conquered_by].word} faction` : "",
      st.status === "dependent" && d.parent && !part ? `Dependent of ${d.parent}` : "",
      d.kind === "region" && !part ? "Region" : "",
      d.capital ? `capital ${d.capital}` : "",
      ...markers.map((m) => (MARKER[m] || [m, humanize(m)])[1]),
      pol ? `${pol.name} Policy (${pol.posture})` : "",
      st.posture ? `Posture ${st.posture}` : "",
      ...postures.map((b) => `${b.name} Posture Box${b.truce ? `: ${b.truce_name || "Truce"} ${b.truce}` : ""}${b.negotiation ? ", Negotiation" : ""}`),
      (sit.war_economy || {})[d.name] ? `War Economy +${sit.war_economy[d.name]}` : "",
      d.reconstructed ? "(geography reconstructed)" : "",
    ].filter(Boolean);
    return item(d.key, `tk-country st-${st.status} kind-${d.kind}${side ? ` side-${side}` : ""}`, d.name, details, [
      h("span", { class: `tk-letter side-${letterSide}`, "aria-hidden": "true" }, letter),
      h("span", { class: "tk-name" }, d.name),
      st.status === "conquered" && st.conquered_by ? h("span", { class: `tk-mk side-${st.conquered_by}` }, `by ${STATUS[st.conquered_by].letter}`) : null,
      st.status === "dependent" && d.parent ? h("span", { class: "tk-sub" }, `of ${d.parent}`) : null,
      markers.map((m) => {
        const [short, word] = MARKER[m] || [m, m];
        const owner = m.includes(":") ? m.split(":")[1] : "";
        return h("span", { class: `tk-mk mk-${slug(m)}${owner ? ` side-${owner}` : ""}`, title: word }, short);
      }),
      pol ? h("span", { class: "tk-mk policy", title: `${pol.name} Policy` }, pol.name) : null,
      postures.map((b) => {
        const bp = b.policy && (sit.policies || {})[b.policy];
        const words = [b.truce ? `${b.truce_name || "Truce"} ${b.truce}` : "", bp ? bp.name : "", b.negotiation ? "Neg." : ""].filter(Boolean);
        return words.length ? h("span", { class: "tk-mk posture", title: `${b.name} Posture Box` }, words.join(" · ")) : null;
      }),
    ]);
  };
  const groups = new Map();
  for (const d of map.countries) {
    const p = placeOf(d.name);
    if (!groups.has(p)) groups.set(p, []);
    groups.get(p).push(d);
  }
  const section = (title, kids, cls) => (kids.flat().filter(Boolean).length
    ? h("div", { class: `tk-group ${cls || ""}` }, h("h4", {}, title), h("div", { class: "tk-boxes" }, kids)) : null);

  // -- the event card ------------------------------------------------------------------------
  const ev = view.event || {};
  const evDef = events.get(ev.event) || {};
  const pending = view.pending;
  // a Ceded Land marker by its name, as the log says it ("Land: ge_transylvania": an audit)
  const landName = (id) => ((map.ceded_lands || []).find((d) => d.id === id) || {}).land || id;
  const objects = Object.entries(ev).filter(([k, v]) => !["event", "faction"].includes(k) && v !== null && v !== undefined)
    .map(([k, v]) => [k, k === "land" ? landName(v) : v]);
  const logTail = (view.log || []).slice(-4);
  const card = h("section", { class: `tk-event${view.result ? " done" : ""}`, "aria-label": `Political Event ${ev.event} ${view.event_name || ""}` },
    h("div", { class: "tk-event-head" },
      h("span", { class: "tk-event-n" }, ev.event || "?"),
      h("strong", { class: "tk-event-name" }, view.event_name || evDef.name || ""), " ",
      ruleBadge(ev.event),
      ev.faction ? [" received by ", roleChip(ev.faction)] : null),
    objects.length ? h("p", { class: "tk-event-object" }, objects.map(([k, v], i) => [i ? " · " : "", h("span", { class: "muted" }, `${humanize(k)}: `), h("strong", {}, String(v))])) : null,
    pending ? h("div", { class: "tk-step" },
      h("span", { class: "tk-step-label" }, "Now: "), roleChip(pending.role), " ",
      h("span", {}, pending.prompt), " ", ruleBadge(pending.rule),
      pending.choices && pending.choices.length ? choicesNote : null)
      : h("div", { class: "tk-step" }, view.result ? h("strong", {}, view.result.text || "Resolved") : "Resolving…"),
    logTail.length ? h("ol", { class: "tk-steps", "aria-label": "The latest steps" },
      logTail.map((e) => h("li", {}, e.rule ? [ruleBadge(e.rule, { tab: false }), " "] : null, e.text || ""))) : null,
    (view.instructions || []).length ? h("details", { class: "tk-instr" },
      h("summary", {}, `On the map: ${view.instructions.length} instruction${view.instructions.length > 1 ? "s" : ""}`),
      h("ol", {}, view.instructions.map((t) => h("li", {}, typeof t === "string" ? t : (t.text || JSON.stringify(t)))))) : null);

  // -- tracks --------------------------------------------------------------------------------
  const chip = (label, value, cls) => h("span", { class: `tk-track ${cls || ""}` }, h("span", { class: "muted" }, `${label} `), h("strong", {}, value));
  const tracks = h("div", { class: "tk-tracks" },
    chip("Situation", String(sit.situation || "")),
    chip("War", WAR[sit.war] || humanize(sit.war || ""), `war-${sit.war}`),
    chip("Turn", String(sit.turn ?? "")),
    Object.entries(sit.pacific || {}).map(([f, w]) => chip(`Pacific (${STATUS[f] ? STATUS[f].word : f})`, PACIFIC[w] || w)),
    sit.vp_marker ? chip("VP track", { ss_europa: "SS Europa", no_retreat: "No Retreat" }[sit.vp_marker] || humanize(sit.vp_marker)) : null,
    sit.axis_tide ? chip("Axis Tide", "yes") : null,
    sit.military_takeover ? chip("Military Takeover", "yes") : null,
    chip("Lend-Lease", String(sit.lend_lease)),
    chip("French Fleet", humanize(sit.french_fleet || "")),
    (sit.cards_played || []).length ? chip("Cards played", sit.cards_played.join(", ")) : null);

  // -- the three factions --------------------------------------------------------------------
  const column = (f) => {
    const cur = (sit.current_card || {})[f];
    const head = item(`faction:${f}`, `tk-faction-head side-${f}`, `${STATUS[f].word} faction`,
      [cur ? `Current Card ${cur}` : "", ev.faction === f ? "received this event" : "",
        pending && pending.role === f ? "to decide now" : ""].filter(Boolean),
      [h("span", { class: `tk-letter side-${f}`, "aria-hidden": "true" }, STATUS[f].letter), h("span", {}, STATUS[f].word),
        cur ? h("span", { class: "tk-mk" }, `card ${cur}`) : null,
        pending && pending.role === f ? h("span", { class: "tk-mk now" }, "to decide") : null]);
    // a heading holding the faction's box (a box that can be chosen is a button, and a
    // button's role took the heading's away from the page outline: an accessibility audit)
    const heading = h("h3", { class: "tk-faction-h" }, head);
    const here = groups.get(f) || [];
    const majors = here.filter((d) => stateOf(d.name).status === "major");
    const aligned = here.filter((d) => stateOf(d.name).status !== "major");
    const partners = (map.partnership || []).filter((p) => p.faction === f).map((p) => {
      const inPlay = (sit.partners_in_play || []).includes(p.country);
      const we = (sit.war_economy || {})[p.country];
      return item(p.key, `tk-partner side-${f}${inPlay ? " in-play" : ""}`, `${p.country} Partnership Country`,
        [inPlay ? "in play" : "not in play", we ? `War Economy +${we}` : "", p.war_economy_flip ? "may flip War Economy to +2 (15.38)" : "",
          p.reconstructed ? "(reconstructed)" : ""].filter(Boolean),
        [h("span", { class: "tk-name" }, p.country), h("span", { class: "tk-mk" }, inPlay ? "in play" : "out"), we ? h("span", { class: "tk-mk" }, `WE +${we}`) : null]);
    });
    const lands = (map.ceded_lands || []).filter((d) => d.faction === f).map((d) => {
      const where = (sit.ceded || {})[d.id] || "Unused";
      const flipped = (sit.ceded_flipped || []).includes(d.id);
      return item(d.key, `tk-land at-${slug(where)}`, `${d.land} Ceded Land marker`,
        [`from ${d.country}`, `in: ${where}`, flipped ? "flipped to the whole Country" : "", d.whole_country ? "the whole Country" : ""].filter(Boolean),
        [h("span", { class: "tk-name" }, d.land), h("span", { class: "tk-mk" }, where)]);
    });
    return h("div", { class: `tk-col side-${f}`, dataset: { faction: f } }, heading,
      section("Major Powers", majors.map(countryBox)),
      section("Aligned Countries", aligned.map(countryBox)),
      section("Partnership Countries", partners),
      section("Ceded Land markers", lands, "tk-lands"));
  };
  const others = h("div", { class: "tk-col side-none" },
    h("h3", { class: "tk-faction-head side-neutral" }, h("span", { class: "tk-letter side-neutral", "aria-hidden": "true" }, "N"), "Neutral and out of play"),
    section("Neutral Countries", (groups.get("neutral") || []).map(countryBox)),
    section("Conquered", (groups.get("conquered") || []).map(countryBox)),
    section("Removed from play", (groups.get("removed") || []).map(countryBox)),
    section("Dependents and Regions", [...groups.entries()].filter(([k]) => ![...FACTIONS, "neutral", "conquered", "removed"].includes(k))
      .flatMap(([, list]) => list.map(countryBox))));

  // -- policies, civil war, area tables, cards -------------------------------------------------
  const policies = Object.values(sit.policies || {}).map((p) => item(`policy:${slug(p.id)}`, "tk-policy", `${p.name} Policy`,
    [`Posture ${p.posture}`, `Posture Boxes: ${(p.boxes || []).join(", ")}`, (p.countries || []).length ? `Countries: ${p.countries.join(", ")}` : "",
      p.endable ? "may be ended (15.28)" : "cannot be ended (15.28)"].filter(Boolean),
    [h("span", { class: "tk-name" }, p.name), h("span", { class: "tk-mk" }, p.posture), (p.countries || []).length ? h("span", { class: "tk-sub" }, p.countries.join(", ")) : null]));
  const boxes = Object.values(sit.boxes || {}).map((b) => item(`box:${slug(b.name)}`, `tk-box side-${b.faction}`, `${b.name} Posture Box`,
    [`${b.major} (${STATUS[b.faction] ? STATUS[b.faction].word : b.faction})`, b.truce ? `${b.truce_name || "Truce"} level ${b.truce}` : "no Truce",
      b.negotiation ? "Negotiation" : "", b.policy ? `Policy ${(sit.policies || {})[b.policy] ? sit.policies[b.policy].name : b.policy}` : ""].filter(Boolean),
    [h("span", { class: `tk-letter side-${b.faction}`, "aria-hidden": "true" }, STATUS[b.faction] ? STATUS[b.faction].letter : "?"),
      h("span", { class: "tk-name" }, b.name), b.truce ? h("span", { class: "tk-mk" }, `${b.truce_name || "Truce"} ${b.truce}`) : null,
      b.negotiation ? h("span", { class: "tk-mk" }, "Neg.") : null]));
  const cw = sit.civil_war;
  const support = sit.republican_support;
  const civil = cw ? (cw.markers || []).map((m) => item(`cw:${slug(m.id)}`, `tk-cw ${m.side}`,
    `${humanize(m.type)} marker in ${m.city}`, [`${humanize(m.side)} side`, `Civil War in ${cw.country}`],
    [h("span", { class: `tk-letter cw-${m.side}`, "aria-hidden": "true" }, m.side === "republican" ? "R" : "N"),
      h("span", { class: "tk-name" }, m.city), h("span", { class: "tk-mk" }, m.type === "stronghold" ? "Stronghold" : "Center")])) : [];
  const tables = (map.area_tables || []).map((t) => item(t.key, "tk-table", `Area Table: ${t.name}`,
    [t.rows.map((r) => `${r.roll.join("/")}: ${r.result}`).join("; "), t.reconstructed ? "(reconstructed)" : ""].filter(Boolean),
    [h("span", { class: "tk-name" }, t.name), h("span", { class: "tk-sub" }, t.rows.map((r) => r.result).filter((x, i, a) => a.indexOf(x) === i).join(", "))]));
  const cards = (map.production_cards || []).map((c) => item(c.key, `tk-card${(sit.cards_played || []).includes(c.number) ? " played" : ""}`,
    `Card ${c.number} ${c.name}`, [c.unit ? `unit ${c.unit}` : "", c.marker ? `marker ${c.marker}` : "", c.rule ? `rule ${c.rule}` : "",
      (sit.production_successes || {})[c.number] ? `${sit.production_successes[c.number]} successes` : ""].filter(Boolean),
    [h("span", { class: "tk-name" }, `${c.number} ${c.name}`), (sit.production_successes || {})[c.number] ? h("span", { class: "tk-mk" }, `✓${sit.production_successes[c.number]}`) : null]));
  const extra = h("div", { class: "tk-extra" },
    section("Policies", policies), section("Posture Boxes", boxes),
    cw ? section(`Civil War in ${cw.country}${support ? ` — Republican Support: ${STATUS[support.faction] ? STATUS[support.faction].word : support.faction}` : ""}`, civil, "tk-civil") : null,
    section("Area Tables", tables, "tk-tables"),
    section("Production Directive cards", cards, "tk-cards"));

  // each sample stays on one line with its words (legendItems; "N" ended one line and
  // "Neutrality" began the next)
  const legend = h("p", { class: "map-legend tk-legend" }, ...legendItems(
    ["axis", "western", "soviet", "neutral", "conquered", "dependent", "region", "removed"].map((k) =>
      [h("span", { class: `lg tk-letter side-${k}` }, STATUS[k].letter), ` ${STATUS[k].word}  `]),
    h("span", { class: "lg tk-mk" }, ["axis", "western", "soviet"].map((f) => MARKER[`influence:${f}`][0]).join("/")),
    " Influence markers  ", h("span", { class: "lg tk-mk" }, MARKER.neutrality[0]), " Neutrality marker  ",
    // every other marker's letters too ("NO" on Vichy said nothing: a browser audit)
    ["free_passage", "no_occupation", "mobilizing"].map((m) => [h("span", { class: "lg tk-mk" }, MARKER[m][0]),
      ` ${MARKER[m][1]}${m === "mobilizing" ? " marker" : ""}  `]),
    h("span", { class: "lg tk-mk" }, `${MARKER["stronghold:republican"][0]}/${MARKER["stronghold:nationalist"][0]}`),
    " Republican/Nationalist Stronghold markers  ",
    // a seat's marks, none in the replay viewer (nothing is chosen or marked there)
    act && act.replay ? null : [h("span", { class: "lg ring" }, "◯"), " can be chosen  ",
      h("span", { class: "lg changed" }, "◯"), " changed since your last decision"]),
    map.reconstructed ? h("span", { class: "muted" }, " — countries reconstructed (rule 15 prints no map)") : null);
  boardKeys(wrap, null, menu.close);
  wrap.append(card, tracks, legend, info, why.node, h("div", { class: "tk-columns" }, FACTIONS.map(column), others), extra);
  // how many choices, and how many of them a box holds, once the boxes are drawn (it said
  // the boxes held all four where one was a box's and three units stood in no Country: a
  // browser audit)
  const n = pending && pending.choices ? pending.choices.length : 0;
  const boxed = (legal || []).filter((a) => placed.has(a.key)).length;
  choicesNote.textContent = ` — ${n} choice${n === 1 ? "" : "s"}${!boxed ? ""
    : boxed === n ? "; the highlighted boxes below hold them (a box may hold several)"
      : `; the highlighted boxes below hold ${boxed} of them, the list of choices all ${n}`}`;
  wrap.placed = placed;
  rovingPlaces(wrap, ui);
  return wrap;
}
