// The replay viewer. Three sources, one page:
//   /replay/RECORD_ID            an uploaded record (anyone with the link)
//   /games/GAME_ID/replay        a finished game (anyone with the link)
//   /games/GAME_ID/replay#TOKEN  a running game up to now, for one seat: that seat's view
//                                only, and "why?" for its own decisions only
//   /games/GAME_ID/replay        a running game of bots only: watched as a spectator (public
//                                facts), following the game as it goes on
// ?step=N (or #step=N) opens a step; ?as=ROLE a role's view of a finished game or record.
// Steps move with the buttons, the slider, the turn list and the keys ← → Home End PgUp PgDn.
import { api } from "./api.js";
import { askedOf, copyText, dismiss, fill, h, message, roleChip, roleName, ruleBadge, setRoles, useRules, wideMap } from "./ui.js";
import { renderMap } from "./maps.js";
import { placeNames, renderBoard, renderHands, renderLog, renderTracks, splitHands } from "./view.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean).map((x) => decodeURIComponent(x));
const fromGame = parts[0] === "games";
const sourceId = fromGame ? parts[1] : parts[parts.length - 1];
const base = fromGame ? `/api/games/${encodeURIComponent(sourceId)}/replay`
  : `/api/records/${encodeURIComponent(sourceId)}`;
const whyUrl = `${base}/why`;

function fromHash() {
  let raw = location.hash.replace(/^#/, "");
  try { raw = decodeURIComponent(raw); } catch (err) { /* keep it raw */ }
  const out = { token: null, step: null };
  for (const part of raw.split("&").filter(Boolean)) {
    const m = part.match(/^step=(\d+)$/);
    if (m) out.step = Number(m[1]);
    else if (fromGame) out.token = part.replace(/^token=/, "");
  }
  return out;
}

/** A watched game of bots is looked at every second (its bots move a second apart by
 * default, `--watch-pace`); the steps a look finds are shown one after another, CHASE_MS
 * apart, so that every move is seen and read aloud (a look every 2 s had shown every other
 * step of a paced game, the rest never seen nor announced: a replay audit). A look that
 * finds more than CHASE_MAX new steps (bots that play as fast as they think) goes to the
 * end at once, as End does. */
const LOOK_MS = 1000;
const CHASE_MS = 600;
const CHASE_MAX = 30;

const query = new URLSearchParams(location.search);
const hashed = fromHash();
const R = {
  token: hashed.token,
  as: query.get("as") || "",
  step: 0,
  steps: 0,
  index: null, // [{step, role, turn, round}]
  marks: [], // the first step of each turn / round
  live: false,
  payload: null,
  ticket: 0,
  target: null, // the step asked for and not shown yet: presses made meanwhile count from it
  follow: null, // the timer that fetches a watched game's new steps
  followDelay: LOOK_MS, // its pause, doubled (to 30 s) after each failed look
  chase: false, // showing, one after another, the steps a look found (below)
  opened: false,
  ui: new Map(),
};

function startStep() {
  const q = query.get("step");
  if (q !== null && /^\d+$/.test(q)) return Number(q);
  if (hashed.step !== null) return hashed.step;
  return null;
}

function clockText(e) {
  if (!e) return "";
  const bits = [];
  if (e.turn !== null && e.turn !== undefined) bits.push(`Turn ${e.turn}`);
  if (e.round !== null && e.round !== undefined) {
    bits.push(typeof e.round === "number" ? `Round ${e.round}` : roleName(e.round));
  }
  return bits.join(" · ");
}

function buildMarks() {
  R.marks = [];
  let last = null;
  for (const e of R.index || []) {
    const key = `${e.turn}|${e.round}`;
    if (key !== last) {
      R.marks.push({ step: e.step, label: clockText(e) || `Step ${e.step}` });
      last = key;
    }
  }
  const sel = $("turn-jump");
  const useful = R.marks.length > 1 || (R.marks[0] && R.marks[0].label.startsWith("Turn"));
  sel.hidden = !useful;
  $("turn-jump").previousElementSibling.hidden = !useful;
  // a game without turns (tk) has no turn to step by either (a browser audit saw the
  // buttons there)
  $("prev-turn").hidden = !useful;
  $("next-turn").hidden = !useful;
  fill(sel, R.marks.map((m) => h("option", { value: String(m.step) }, `${m.label} (step ${m.step})`)));
}

function markOf(step) {
  let found = 0;
  R.marks.forEach((m, i) => { if (m.step <= step) found = i; });
  return found;
}

function params(step, withIndex) {
  const q = new URLSearchParams();
  if (step !== null) q.set("step", String(step)); // none: the end (of a running game: now)
  if (R.as) q.set("as", R.as);
  if (withIndex) q.set("index", "true");
  return q.toString();
}

function shareUrl(step) {
  const q = new URLSearchParams();
  q.set("step", String(step));
  if (R.as) q.set("as", R.as);
  return `${location.origin}${location.pathname}?${q}`;
}

/** The note of a watched game the page lost touch with for a while. */
const LOST = "The game's new moves could not be loaded; trying again";

/** The step the next relative move counts from: the one asked for, else the one shown. */
const current = () => (R.target !== null ? R.target : R.step);

/** Show step ``k`` (null: the end; of a game going on, where it stands now). ``auto``: asked
 * by the page following a watched game, not by the viewer (whose every press stops the
 * catching-up of steps). */
async function show(k, auto = false) {
  if (!auto) R.chase = false;
  const want = k === null ? null : Math.max(0, Math.min(k, R.index ? R.steps : k));
  const ticket = ++R.ticket;
  R.target = want;
  let r;
  try {
    r = await api(`${base}?${params(want, R.index === null)}`, { token: R.token });
    if (r.index === undefined && R.index !== null && r.steps !== R.index.length - 1) {
      r = await api(`${base}?${params(want, true)}`, { token: R.token }); // the game went on
    }
  } catch (err) {
    if (ticket !== R.ticket) return;
    R.target = null;
    if (err.status === 422 && /outside this record/.test(err.message) && want !== null) {
      message("info", "That step is not in the record: showing its end instead", err.message);
      show(null);
      return;
    }
    const following = (want === null || auto) && R.payload && !R.token
      && (R.payload.live || R.chase);
    if (following && (err.status === 0 || err.status >= 500)) {
      // a look of a watched game, or a step it was showing, that failed (the server
      // restarting): asked again later, not given up for good (the page stayed on an old
      // step: a browser audit; a failed step of a chase did so too: a review)
      dismiss(LOST);
      message("error", LOST, err.message);
      R.followDelay = Math.min(30000, R.followDelay * 2);
      clearTimeout(R.follow);
      R.follow = setTimeout(() => show(want, true), R.followDelay);
      return;
    }
    message("error", err.status === 403 ? "This replay needs a seat's link while the game is on (a game of bots only can be watched by anyone)"
      : "The record could not be loaded", err.message);
    return;
  }
  if (ticket !== R.ticket) return;
  R.target = null;
  R.followDelay = LOOK_MS;
  dismiss(LOST);
  if (r.index) {
    R.index = r.index;
    buildMarks();
  }
  const was = R.payload;
  if (auto && want === null && was && was.live && R.step === was.steps && r.steps > R.step + 1
      && r.steps - R.step <= CHASE_MAX) {
    // a look at a watched game found several new moves: the first of them now, the others
    // after it (watch)
    R.chase = true;
    R.steps = r.steps;
    show(R.step + 1, true);
    return;
  }
  const first = !R.opened;
  R.opened = true;
  if (first && r.live && !R.token && startStep() === null) {
    show(null); // a game of bots being watched opens where it stands now
    return;
  }
  render(r);
  watch(r);
}

/** A watched game of bots: while it is on and the end is shown, look at it again every
 * second so that the bots' moves come in; while steps a look found are being shown, the next
 * of them (even once the game is over, to its end). */
function watch(r) {
  clearTimeout(R.follow);
  if (R.token) return;
  if (R.chase && r.step < r.steps) {
    R.follow = setTimeout(() => {
      if (!R.chase) return;
      if (R.target !== null || document.hidden) watch(R.payload);
      // bots faster than the steps are shown: to where the game stands, as End goes
      else if (R.payload.live && R.steps - R.step > CHASE_MAX) { R.chase = false; show(null, true); }
      else show(R.step + 1, true);
    }, CHASE_MS);
    return;
  }
  R.chase = false;
  if (!r.live || r.step !== r.steps) return;
  R.follow = setTimeout(() => {
    if (R.target === null && R.step === R.steps && !document.hidden) show(null, true);
    else watch(R.payload);
  }, LOOK_MS);
}

function actionLine(r) {
  if (r.step === 0) return ["The start of the game."];
  // the first step of a turn (where "Jump to" and Page Down go) shows that turn's start,
  // reached by the last action of the turn before: said so, for the action line names that
  // action (a replay audit read it as the jump landing a step short)
  const mark = R.marks.find((m) => m.step === r.step && m.step > 0);
  const begins = mark ? h("strong", { class: "step-begins" }, `Start of ${mark.label}. `) : null;
  return [begins, ...stepLine(r)];
}

function stepLine(r) {
  // what was asked, then what was chosen (the caption gave the choice alone, "Paris
  // (Western, 3 counters)", which says nothing of the decision: a usability audit); the
  // question is public, quoted as the other role's question is on the game page
  const q = r.question;
  const asked = q && q.text
    ? h("span", { class: "step-question" }, askedOf(q.role || r.actor, q.text), " ", ruleBadge(q.rule))
    // (no chip before a label that starts with the role's own name: "[Axis] Axis resigns")
    : (r.actor && !(r.action && r.action.label.startsWith(roleName(r.actor))) ? [roleChip(r.actor), " "] : null);
  if (r.action) {
    // the key is for the eye (a screen reader spelt "space:scotland" after every step: an
    // audit), small and after the choice in words
    return [`Step ${r.step}: `, asked,
      h("span", { class: "step-choice" }, q && q.text ? "Chosen: " : "",
        h("span", { class: "action-label" }, r.action.label), " ",
        h("code", { class: "action-key", "aria-hidden": "true", title: "the action's key" }, r.action.key))];
  }
  // a spectator has no side: the decision is that player's (an outside audit read "the
  // other side" on every step of a game of bots)
  const whose = r.role ? "a decision of the other side" : "a decision not shown to spectators";
  const said = Array.isArray(r.said) ? r.said.filter((x) => x && typeof x.text === "string" && x.text) : [];
  if (said.length) {
    // what the step put in this view's log, as the log says it (the choice itself is not
    // shown: it may name a card played face down)
    const more = said.length - 1;
    return [`Step ${r.step}: `, asked, h("span", { class: "step-choice" },
      r.role ? "Your log says: " : "The public log says: ",
      h("span", { class: "step-said" }, said[0].text, said[0].rule ? [" ", ruleBadge(said[0].rule)] : null),
      more ? h("span", { class: "muted" }, ` (and ${more} more in the log)`) : null)];
  }
  return [`Step ${r.step}: `, asked, h("span", { class: "step-choice muted" },
    `${q && q.text ? "Chosen: " : ""}${whose} (what it was shows in the log; the record shows it once the game is over)`)];
}

/** "Why?" in a replay speaks of the step, not of now: core's "one of the choices now:
 * <prompt>" read "Allies one of the choices now: …" after the role's chip (an audit). */
function whyWords(w) {
  const reason = w.reason || "";
  const m = reason.match(/^one of the choices now([^:]*): ([\s\S]*)$/);
  if (m && w.role) return ["One of the choices", m[1], " open to ", roleChip(w.role), " at this step: ", m[2]];
  // sfe's "allowed: …" said after "Allowed for": once
  const said = w.legal ? reason.replace(/^allowed: /i, "") : reason;
  return [w.role ? [w.legal ? "Allowed for " : "Not allowed for ", roleChip(w.role), ": "] : null, said];
}

function render(r) {
  R.payload = r;
  R.step = r.step;
  R.steps = r.steps;
  R.live = r.live;
  setRoles(r.roles);
  useRules(r.game);
  // an uploaded record played with another content pack, or stating another result than
  // its replay gives: said once, as `warroom replay` says it
  if ((r.doubts || []).length && !R.doubted) {
    R.doubted = true;
    message("error", "This record may not be the game it says", ...r.doubts);
  }
  const v = r.view || {};
  const kind = r.live ? (R.token ? "your replay of the game so far" : "bots playing: the game so far")
    : (fromGame ? "finished game" : "uploaded record");
  fill($("title"), `Replay: ${r.title || r.game}`, " ", h("span", { class: "scenario" }, r.scenario || ""),
    " ", h("span", { class: "muted small" }, `(${kind})`));
  fill($("you"), h("span", { class: "muted" }, r.role ? "Seen by" : "Spectator"), " ", r.role ? roleChip(r.role) : null);
  $("step").textContent = String(r.step);
  $("steps").textContent = String(r.steps);
  const entry = R.index ? R.index[r.step] : null;
  $("clock").textContent = clockText(entry);
  $("slider").max = String(r.steps);
  $("slider").value = String(r.step);
  $("slider").setAttribute("aria-valuetext", `step ${r.step} of ${r.steps}`);
  fill($("action"), actionLine(r));
  const atEnd = r.step === r.steps;
  // (with nobody to play, the end's words came after a stray " · ": a replay audit)
  const endWords = r.live ? "now (the end so far)" : "end of the record";
  fill($("turn"), r.active ? [roleChip(r.active), " to play"] : [],
    atEnd ? h("span", { class: "muted" }, r.active ? ` · ${endWords}` : endWords) : null);
  $("why").disabled = !r.can_explain;
  $("why").title = r.step === 0 ? "No action led to the start"
    : r.can_explain ? "The rule and explanation of the action that led to this step"
      : r.role ? "The explanation of the other side's decision is shown once the game is over"
        : "The explanations of the decisions are shown once the game is over";
  // a tab of its own name (every replay tab read "warroom — replay": a replay audit)
  document.title = `${r.title || r.game}, step ${r.step} of ${r.steps} — warroom replay`;
  $("explain").hidden = true;
  const res = r.result || (atEnd ? r.final : null);
  $("result").hidden = !res;
  $("result").className = res ? "result" : "";
  fill($("result"), ...(res ? [h("strong", {}, "Result: "), res.winner ? [roleChip(res.winner), " "] : null,
    res.text || res.label || JSON.stringify(res), " ", ruleBadge(res.rule),
    r.seed !== null && r.seed !== undefined ? h("span", { class: "muted" }, ` · seed ${r.seed}`) : null] : []));
  // the step's line is read aloud as it changes (WCAG 4.1.3); at the end, with the result
  if (res) $("action").append(h("span", { class: "offscreen" }, ` Result: ${res.text || res.label || ""}`));
  // whose view: a finished game or a record may be seen by any role; a running game only by its seat
  const sel = $("as-role");
  const open = !r.live;
  sel.hidden = !open;
  $("as-label").hidden = !open;
  if (open && sel.options.length !== r.roles.length + 1) {
    fill(sel, h("option", { value: "spectator" }, "Spectator"), r.roles.map((x) => h("option", { value: x }, roleName(x))));
  }
  // whose view this is: the one asked for, else the seat of the link's token, else none
  sel.value = R.as || r.role || "spectator";
  // the share link (never for a seat's replay: that would need its secret token)
  $("share-box").hidden = r.live;
  if (!r.live) {
    $("share").value = shareUrl(r.step);
    history.replaceState(null, "", `${location.pathname}?${new URLSearchParams({ step: String(r.step), ...(R.as ? { as: R.as } : {}) })}`);
  } else {
    // at the end of a game going on, the address names no step, so a reload (or the
    // address shared) follows the game again; it opened frozen at that step (a replay audit)
    // (nor while it shows, one after another, the steps a look found: it is following)
    const at = r.step === r.steps || R.chase ? "" : `?step=${r.step}`;
    history.replaceState(null, "", `${location.pathname}${at}${location.hash}`);
  }
  const { mine, others, rest } = splitHands(v, r.role);
  const handPanel = $("hand-panel");
  handPanel.hidden = !mine && !others.length;
  $("hand-title").textContent = mine ? `Hand — ${roleName(r.role)}, ${mine.length} card${mine.length === 1 ? "" : "s"}` : "Hands";
  fill($("hand"), ...renderHands(mine, others));
  const tracks = renderTracks(v, r.game, R.ui);
  $("tracks-panel").hidden = !tracks;
  fill($("tracks"), tracks);
  // nothing is played from a replay: its map leaves a seat's marks (what can be chosen,
  // what changed since the last decision) out of its legend too (a newcomer read "changed
  // since your decision" there, where no decision is made and nothing is so marked)
  const still = () => {};
  still.replay = true;
  const mapNode = renderMap(v, [], R.ui, still);
  $("map-panel").hidden = !mapNode;
  if (mapNode) wideMap(r.game);
  fill($("map"), mapNode);
  fill($("board"), ...renderBoard(rest, r.game, R.ui).filter(Boolean));
  renderLog($("log"), v.log, placeNames(v));
  $("log-panel").scrollTop = $("log-panel").scrollHeight;
  const sel2 = $("turn-jump");
  if (R.marks.length) sel2.value = String(R.marks[markOf(r.step)].step);
  document.body.dataset.step = String(r.step);
  document.body.dataset.steps = String(r.steps);
  const focused = document.activeElement;
  for (const [id, off] of [["first", r.step === 0], ["prev", r.step === 0], ["prev-turn", r.step === 0],
    ["next", atEnd], ["last", atEnd], ["next-turn", atEnd]]) {
    $(id).disabled = off;
  }
  // a step button that disabled itself (Start, End) gave keyboard focus to the page: the
  // slider takes it (WCAG 2.4.3)
  if (focused && focused.disabled) $("slider").focus();
}

async function why() {
  const r = R.payload;
  if (!r || !r.step) return;
  const out = $("explain");
  try {
    const w = await api(`${whyUrl}?step=${r.step}`, { token: R.token });
    out.className = `explain ${w.legal ? "legal" : "illegal"}`;
    fill(out, h("strong", {}, `Why ${w.label || w.action || w.key}? `),
      h("span", { class: "reason" }, whyWords(w)), " ",
      (w.rules || []).map((x) => [ruleBadge(x), " "]),
      h("button", { type: "button", class: "msg-close", "aria-label": "Close", onclick: () => { out.hidden = true; } }, "×"));
    out.hidden = false;
  } catch (err) {
    message("error", "No explanation", err.message);
  }
}

function turnStep(dir) {
  if (!R.marks.length) return dir < 0 ? 0 : R.steps;
  const at = current();
  const i = markOf(at);
  if (dir < 0) {
    // back to the start of this turn, or of the previous one when already there
    return R.marks[i].step < at ? R.marks[i].step : R.marks[Math.max(0, i - 1)].step;
  }
  return i + 1 < R.marks.length ? R.marks[i + 1].step : R.steps;
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(current() - 1));
$("next").addEventListener("click", () => show(current() + 1));
/** The end: of a game going on, where it stands now (the step count last known stopped
 * short of it, and the page no longer followed: a replay audit). */
const theEnd = () => (R.payload && R.payload.live ? null : R.steps);
$("last").addEventListener("click", () => show(theEnd()));
$("prev-turn").addEventListener("click", () => show(turnStep(-1)));
$("next-turn").addEventListener("click", () => show(turnStep(1)));
$("slider").addEventListener("change", (e) => show(Number(e.target.value)));
$("turn-jump").addEventListener("change", (e) => show(Number(e.target.value)));
$("as-role").addEventListener("change", (e) => { R.as = e.target.value; show(R.step); });
$("why").addEventListener("click", why);
$("copy-share").addEventListener("click", (e) => copyText($("share").value, e.currentTarget));
document.addEventListener("keydown", (e) => {
  // keys meant for what has focus: a field, the map, and a panel that scrolls (the log:
  // PageDown stepped the record instead of scrolling it, an accessibility recheck)
  if (e.target.closest && e.target.closest("input, textarea, select, .map-wrap")) return;
  if (["PageUp", "PageDown", "Home", "End"].includes(e.key) && e.target.closest &&
      e.target.closest("#log-panel")) return;
  const to = { ArrowRight: () => current() + 1, ArrowLeft: () => current() - 1, Home: () => 0,
    End: theEnd, PageDown: () => turnStep(1), PageUp: () => turnStep(-1) }[e.key];
  if (!to || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault(); // the keys step through the record, not scroll the page
  show(to());
});
window.addEventListener("hashchange", () => {
  const got = fromHash();
  // a seat's link pasted over this page's address: open the replay as that seat
  if (got.token && got.token !== R.token) {
    R.token = got.token;
    R.as = ""; // the seat's own view, as the link opens it in a new tab
    R.index = null;
    show(got.step ?? null);
    return;
  }
  if (got.step !== null) show(got.step);
});

// a seat's replay of a running game opens now; a finished game or a record at its start
show(startStep() ?? (R.token ? null : 0));
