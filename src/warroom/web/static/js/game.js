// The generic game page: /games/{id}#TOKEN for one seat, /games/{id}#hotseat=T1,T2,... for
// several seats played in one browser (with a hand-off screen between them).
import { api, savedSeats, saveSeats } from "./api.js";
import { askedOf, clearMessages, copyText, dismiss, fill, h, humanize, message, roleChip, roleName, ruleBadge, ruleTag, setRoles, touchScreen, useRules, wideMap } from "./ui.js";
import { renderMap } from "./maps.js";
import { cardChip, cardKey, cardPopover, placeNames, powerLabel, renderBoard, renderHands, renderLog, renderTracks, splitHands } from "./view.js";

// what a game's map calls the elements a choice lights up
const MAP_WORDS = { sfe: ["locations", "location"], eaw1940: ["locations and markers", "location or marker"],
  tk: ["boxes", "box"] };

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const base = `/api/games/${encodeURIComponent(gameId)}`;

const S = {
  own: {}, // role -> {from, to}: the log entries its last decision here wrote (showSince)
  sinceRoll: null, // the log's entry of the first roll "since your last decision" quotes
  acting: null, // the role whose decision's answer is being shown (act)
  logFollows: true, // the log panel keeps to its end (logToEnd)
  logScrolledAt: 0,
  seats: [], // [{token, role}]
  current: 0, // the seat on screen
  payload: null,
  version: null,
  busy: false, // a decision or an undo is on its way to the server
  deferred: false, // a live update came while busy: fetch the view once the answer is in
  handoff: null, // the role waiting behind the hand-off screen
  epoch: 0, // bumped at each hand-off: an answer asked for before it is another seat's
  es: null,
  eventsKey: null, // the key of the live-update stream (from the first seat's view)
  ui: new Map(), // open sections and table filters, kept across renders
  filter: "",
  filterPrompt: null,
  seedNoted: false, // the note that the creator chose the seed was shown
  keyboard: false, // the last choice was made with the keyboard: keep the focus in the choices
  touched: 0, // pointer presses and keys so far (showDecision's second look waits for none)
  seen: {}, // per role: the map and log as they stood after its last decision (showChanges)
  gone: false, // the server cannot play this game (deleted, another pack): no reconnecting
  look: null, // the timer of a hidden tab's looks at its game (onVisibility)
};

const hotseat = () => S.seats.length > 1;
const seat = () => S.seats[S.current];

function parseHash() {
  let raw = location.hash.replace(/^#/, "");
  try { raw = decodeURIComponent(raw); } catch (err) { /* keep it raw */ }
  if (!raw) return [];
  const m = raw.match(/^hotseat=(.*)$/);
  const list = m ? m[1].split(",") : [raw.replace(/^token=/, "")];
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))].map((token) => ({ token, role: null }));
}

// -- header ------------------------------------------------------------------------------------

function seatLabel(p, role) {
  const player = (p.seats || {})[role] || "human";
  return player.startsWith("bot:") ? `bot ${player.slice(4)}` : "human";
}

function header(p) {
  setRoles(p.roles);
  useRules(p.game);
  fill($("title"), p.title || p.game, " ", h("span", { class: "scenario" }, p.scenario || ""));
  const you = $("you");
  if (hotseat()) {
    fill(you, h("span", { class: "muted" }, "Hot-seat"), " ",
      S.seats.map((s, i) => {
        const chip = roleChip(s.role);
        if (i === S.current && !S.handoff) {
          chip.classList.add("current");
          chip.setAttribute("aria-current", "true");
        }
        return chip;
      }));
  } else {
    fill(you, h("span", { class: "muted" }, "You are"), " ", roleChip(p.role));
  }
  const turn = $("turn");
  let mineNow = false;
  if (p.status === "over") {
    fill(turn, h("strong", {}, "Game over"));
  } else if (p.active && S.seats.some((s) => s.role === p.active)) {
    mineNow = true;
    fill(turn, h("strong", { class: "your-turn" },
      hotseat() ? [roleChip(p.active), " to play"] : "Your turn"));
  } else if (p.active) {
    fill(turn, roleChip(p.active), ` to play (${seatLabel(p, p.active)})`);
  } else {
    turn.replaceChildren();
  }
  // the actions played: the version also counts undos (move 7, 8, then 9 for an undo: an audit)
  turn.append(h("span", { class: "muted version", title: "actions played" }, ` · move ${p.moves ?? p.version}`));
  // the seats whose player has not opened their invitation yet, and the invitation to send
  // again where this browser made it (the page said nothing of them: a web audit)
  const waiting = p.status === "over" ? [] : (p.waiting || []);
  const made = invitationsMade();
  turn.append(...waiting.map((r) => h("span", { class: "waiting-join" }, h("span", { class: "sep" }, " · "),
    roleChip(r), " has not joined yet",
    made[r] ? [" ", h("button", { type: "button", class: "small copy-invite",
      "aria-label": `Copy the invitation for ${roleName(r)}`, onclick: (e) => copyText(made[r], e.currentTarget) },
    "Copy invitation")] : "")));
  document.title = `${mineNow ? "● " : ""}${p.title || p.game} — warroom`;
  document.body.dataset.version = String(p.version);
  document.body.dataset.active = p.active || "";
  document.body.dataset.status = p.status;
}

/** The invitations this browser made for this game (the lobby keeps them), by role. */
function invitationsMade() {
  try {
    return (JSON.parse(localStorage.getItem("warroom.invites") || "{}") || {})[gameId] || {};
  } catch (err) {
    return {};
  }
}

function setConn(state) {
  const c = $("conn");
  c.dataset.state = state;
  c.querySelector(".conn-text").textContent = {
    connecting: "connecting…", live: "live", reconnecting: "reconnecting…", offline: "offline",
    paused: "paused while hidden",
  }[state] || state;
  c.title = state === "live" ? "Live updates: connected" : `Live updates: ${state}`;
}

// -- the prompt and the choices ----------------------------------------------------------------

/** The final score as the terminal's result line gives it ("Axis VP 11"; eit2's Power as
 * its track writes it, "LW 12"): an audit found the box without it, eaw1940's VP only at
 * the log's end. */
function scoreLine(game, scores) {
  if (game === "tk") return tkCounts(scores);
  const parts = Object.entries(scores || {}).map(([k, v]) => {
    const value = game === "eit2" && k === "power" && typeof v === "number"
      ? powerLabel(v) : String(v);
    return `${humanize(k)} ${value}`;
  });
  // tk's "scores" count what the event did (changes, instructions, dice): no score (a
  // browser audit read "Final score: Changes 3, Instructions 3")
  const head = game === "tk" ? "What the event did" : "Final score";
  return parts.length ? h("p", { class: "result-score" }, `${head}: ${parts.join(", ")}`) : null;
}

/** tk's counts of what the event did, in words ("2 changes to the political situation, 1
 * instruction for the physical map, 2 dice rolled"; "Changes 2, Instructions 1" said
 * nothing to a newcomer: a browser audit). */
function tkCounts(scores) {
  const n = (k) => (typeof (scores || {})[k] === "number" ? scores[k] : 0);
  const said = (k, one, many) => (n(k) ? `${n(k)} ${n(k) === 1 ? one : many}` : null);
  const parts = [said("changes", "change to the political situation", "changes to the political situation"),
    said("instructions", "instruction for the physical map", "instructions for the physical map"),
    said("dice", "die rolled", "dice rolled"), said("steps_lost", "step lost", "steps lost")].filter(Boolean);
  return h("p", { class: "result-score" }, `What the event did: ${parts.length ? parts.join(", ") : "nothing"}`);
}

/** tk's instructions for the physical map, in the result itself (they were only in a
 * collapsed list on the panel and the log: a browser audit). */
function tkInstructions(view) {
  const list = (view && view.instructions) || [];
  if (!list.length) return null;
  return h("div", { class: "result-instructions" },
    h("p", {}, h("strong", {}, "On the physical map:")),
    h("ol", {}, list.map((t) => {
      const m = typeof t === "string" ? t.match(/^\[([^\]]+)\] ([\s\S]*)$/) : null;
      return h("li", {}, m ? [ruleBadge(m[1]), " ", m[2]] : String(t));
    })));
}

function renderResult(p) {
  const box = $("result");
  const r = p.result;
  if (!r || p.status !== "over") {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  box.className = "result";
  fill(box,
    h("h2", {}, "Game over"),
    h("p", { class: "result-text" }, r.winner ? [roleChip(r.winner), " "] : null, r.text || r.label || "",
      " ", ruleBadge(r.rule)),
    scoreLine(p.game, r.scores),
    p.game === "tk" ? tkInstructions(p.view) : null,
    h("a", { class: "button replay-game", href: `/games/${encodeURIComponent(gameId)}/replay` }, "Replay the game"),
    // a grey "Final scoring" alone under the result said nothing (a browser audit)
    r.termination ? h("p", { class: "muted" }, `How it ended: ${humanize(r.termination)}`) : null,
    p.seed !== null && p.seed !== undefined ? h("p", { class: "muted" }, `Seed ${p.seed} (revealed now that the game is over)`) : null);
}

/** The card of the seat's hand an action plays (event:21, ops:21, card:21...), if any. */
function cardOf(a, hand) {
  if (!Array.isArray(hand) || !hand.length) return null;
  const names = [a.target, ...(a.args || [])].filter((x) => x !== null && x !== undefined).map(String);
  return hand.find((c) => c && typeof c === "object" &&
    names.some((n) => n === String(c.number ?? "\u0000") || n === String(c.id ?? "\u0000"))) || null;
}

/** The seat's own cards, wherever its game's view keeps them (eit2: view.hand; sfe: its
 * side's hand), for the card a choice plays. */
function myHand(p) {
  const { mine } = splitHands(p.view || {}, p.role);
  return Array.isArray(mine) ? mine : [];
}

function choiceRow(a, hand) {
  const label = a.label || a.key;
  const card = cardOf(a, hand);
  // the card's text is the choice's description for a screen reader (the popover showed
  // it to the eye only: an accessibility audit)
  const pop = card ? cardPopover(card) : null;
  if (pop) pop.id = `card-pop-${a.id}`;
  return h("div", { class: `choice${card ? " has-card" : ""}`, dataset: { key: a.key, text: `${label} ${a.key}`.toLowerCase() } },
    h("button", { type: "button", class: "act", dataset: { key: a.key, id: String(a.id) },
      "aria-describedby": pop ? pop.id : null, onclick: () => act(a.key) }, label),
    // a touch screen has no hover: its card's text opens with a tap on "card", not on the
    // choice, which plays it (the text was reachable by hover only: a usability audit)
    card ? h("button", { type: "button", class: "card-info", "aria-expanded": "false",
      "aria-label": `The card: ${card.title || card.name || label}`, title: "Show the card's text",
      onclick: (e) => toggleCard(e.currentTarget.closest(".choice")) }, "card") : null,
    h("button", { type: "button", class: "why", "aria-label": `Why? ${label}`,
      title: "Why is this allowed? (the rules)", onclick: () => why(a.key, label) }, "why?"),
    pop);
}

/** Open a choice's card (`row`), or close it if open; one is open at a time. */
function toggleCard(row, open = !row.classList.contains("pop-open")) {
  for (const other of document.querySelectorAll(".choice.pop-open")) {
    if (other !== row) toggleCard(other, false);
  }
  row.classList.toggle("pop-open", open);
  row.classList.remove("pop-off");
  const button = row.querySelector(".card-info");
  if (button) button.setAttribute("aria-expanded", String(open));
}

function applyFilter() {
  const words = S.filter.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  const box = $("choices");
  for (const row of box.querySelectorAll(".choice")) {
    const ok = words.every((w) => row.dataset.text.includes(w));
    row.hidden = !ok;
    if (ok) shown += 1;
  }
  for (const g of box.querySelectorAll(".group")) g.hidden = !g.querySelector(".choice:not([hidden])");
  const count = box.querySelector(".filter-count");
  if (count) count.textContent = words.length ? `${shown} of ${box.querySelectorAll(".choice").length}` : "";
  return shown;
}

function firstVisible() {
  return $("choices").querySelector(".choice:not([hidden]) .act");
}

/** "Action by key / why not?": its example a key of this decision (it read "e.g. take:2",
 * no key of eit2's), and emptied once the decision is another (a key typed for the last
 * one stood there into the next: an audit); kept after a refusal, to be mended. */
function keyBox(p) {
  const input = $("key-input");
  const first = (p.legal || [])[0];
  input.placeholder = first ? `e.g. ${first.key}` : "an action's key";
  if (input.dataset.version !== String(p.version)) {
    input.value = "";
    input.dataset.version = String(p.version);
  }
}

function renderChoices(p) {
  const box = $("choices");
  const active = document.activeElement;
  const hadFocus = box.contains(active) || (S.keyboard && (active === document.body || active === null));
  const onFilter = active && active.id === "choice-filter";
  const promptKey = JSON.stringify(p.prompt);
  if (promptKey !== S.filterPrompt) {
    S.filter = "";
    S.filterPrompt = promptKey;
  }
  const grouped = new Map();
  for (const a of p.legal) {
    const k = a.kind || "action";
    if (!grouped.has(k)) grouped.set(k, []);
    grouped.get(k).push(a);
  }
  // the kinds of KIND_ORDER in its order, first; the others as the game lists them
  const rank = (k) => (KIND_ORDER.includes(k) ? KIND_ORDER.indexOf(k) : KIND_ORDER.length);
  const groups = new Map([...grouped].sort(([a], [b]) => rank(a) - rank(b)));
  const many = p.legal.length > 8;
  box.classList.toggle("many", p.legal.length > 20);
  const filter = many ? h("div", { class: "filter-row" },
    h("input", { type: "search", id: "choice-filter", class: "filter", value: S.filter,
      placeholder: `Filter ${p.legal.length} choices…${touchScreen() ? "" : "  ( / )"}`, "aria-label": "Filter the choices",
      oninput: (e) => { S.filter = e.target.value; applyFilter(); },
      onkeydown: (e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          const shown = [...box.querySelectorAll(".choice:not([hidden]) .act")];
          if (shown.length === 1) act(shown[0].dataset.key);
          else if (shown.length) shown[0].focus();
        } else if (e.key === "ArrowDown") {
          e.preventDefault();
          const f = firstVisible();
          if (f) f.focus();
        }
      } }),
    h("span", { class: "muted filter-count" })) : null;
  fill(box, ...(filter ? [filter] : []), ...[...groups].map(([kind, items]) =>
    h("div", { class: "group", dataset: { kind } },
      // a heading where it sorts several choices; a lone choice ("Defend", "No block")
      // speaks for itself (a heading "DEFEND 1" above it read as a label or a count)
      // counted as "5 cards", not "Card 5" (read as the card numbered 5: an audit)
      // (but eit2's kinds of a card's play: a lone Scoring card read as one more
      // rearmament attempt, under the heading before it: an audit)
      groups.size > 1 && (items.length > 1 || KIND_ORDER.includes(kind))
        ? h("h3", {}, kindCount(kind, items.length)) : null,
      h("div", { class: "group-items" }, items.map((a) => choiceRow(a, myHand(p)))))));
  if (many) applyFilter();
  if (hadFocus && !S.handoff) {
    const target = onFilter ? $("choice-filter") : firstVisible();
    if (target) {
      target.focus({ preventScroll: true });
      // focus put there for a pointer's user opens no card over the map: Chromium shows it
      // as :focus-visible, and the first choice's card covered the spaces just changed
      // after every move of the other side (a browser audit); the keyboard's user keeps it
      quiet(!S.keyboard && target.closest ? target.closest(".choice.has-card") : null);
    }
  }
}

function renderPrompt(p) {
  const text = $("prompt-text");
  const rule = $("prompt-rule");
  const box = $("choices");
  $("prompt-title").hidden = p.status === "over";
  // the card face up whose Event the decision is about (eit2's pending.card), under the
  // question, none once the game is over: once played it is in no hand (a browser audit);
  // not in the heading, whose name it would make the card's whole text (a review)
  const about = ((p.view || {}).pending || {}).card;
  const cardLine = $("prompt-card");
  if (about && typeof about === "object" && p.status !== "over") {
    fill(cardLine, h("span", { class: "muted" }, "The card: "), cardChip(about));
    cardLine.hidden = false;
  } else {
    cardLine.replaceChildren();
    cardLine.hidden = true;
  }
  if (p.status === "over") {
    text.textContent = "";
    rule.replaceChildren();
    box.replaceChildren();
    return;
  }
  const pr = p.prompt || {};
  fill(rule, ruleBadge(pr.rule) || "");
  keyBox(p);
  if (p.legal.length) {
    text.textContent = pr.text || "Choose";
    renderChoices(p);
    return;
  }
  // another role's question, quoted: its "your" is that role's, not this seat's
  fill(text, pr.text ? askedOf(pr.role, pr.text) : "");
  const who = p.active;
  const player = (p.seats || {})[who] || "human";
  fill(box, h("p", { class: "waiting" }, h("span", { class: "spinner", "aria-hidden": "true" }),
    "Waiting for ", roleChip(who), player.startsWith("bot:")
      ? ` — the ${player.slice(4)} bot is thinking…`
      : (p.waiting || []).includes(who) ? " — their player has not opened the invitation yet."
        : " — another player is to decide."));
}

// -- hand, board, log ---------------------------------------------------------------------------

function renderRest(p) {
  const view = p.view || {};
  const { mine, others, rest } = splitHands(view, p.role);
  const panel = $("hand-panel");
  if (!mine && !others.length) {
    panel.hidden = true;
    $("hand").replaceChildren();
  } else {
    panel.hidden = false;
    $("hand-title").textContent = mine
      ? `Your hand — ${roleName(p.role)}, ${mine.length} card${mine.length === 1 ? "" : "s"}` : "Hands";
    fill($("hand"), ...renderHands(mine, others));
  }
  const focused = document.activeElement && document.activeElement.closest
    ? document.activeElement.closest("#map .space") : null;
  const tracks = renderTracks(view, p.game, S.ui);
  $("tracks-panel").hidden = !tracks;
  fill($("tracks"), tracks);
  const play = (key) => act(key);
  if (p.status !== "over") play.whyNot = (target) => whyNotTarget(target);
  const mapNode = renderMap(view, p.status === "over" ? [] : p.legal, S.ui, play);
  $("map-panel").hidden = !mapNode;
  if (mapNode) wideMap(p.game);
  fill($("map"), mapNode);
  const choosable = mapNode ? mapNode.querySelectorAll(".space.legal").length : 0;
  const [many, one] = MAP_WORDS[p.game] || ["spaces", "space"];
  // choices no map element holds (done, pass, defend; a unit in no Country's box): only in
  // the list of choices. The map says which it holds (its node's `placed`): guessed from the
  // actions' targets, an eaw1940 marker's own re-roll and keep were "2 other choices" and
  // three tk units were none (a browser audit)
  const placed = mapNode && mapNode.placed instanceof Set ? mapNode.placed : null;
  const offMap = !choosable ? 0 : placed ? p.legal.filter((a) => !placed.has(a.key)).length
    : p.legal.filter((a) => !a.target && !(a.args || []).length).length;
  // the question itself, where the map is where it is answered: this line stays in view
  // under the top bar while the map is scrolled (the prompt above the choices under the map
  // was 1,200 px down at 1366x768 after a click on the map: a usability audit)
  fill($("map-prompt"), choosable && p.prompt
    ? ["— ", h("span", { class: "map-question" }, p.prompt.text || "Choose"),
      // a phone is tapped (it said "click" there: a browser audit)
      `: ${touchScreen() ? "tap" : "click"} ${choosable === 1 ? `the highlighted ${one}` : `one of the ${choosable} highlighted ${many}`}`
      // "below the map" was wrong where the decision stands beside it (a review)
      + (offMap > 0 ? `, or choose from the list of choices (${offMap} other choice${offMap === 1 ? "" : "s"})` : "")]
    : []);
  $("map-panel").classList.toggle("deciding", Boolean(choosable && p.prompt));
  if (focused) {
    const again = $("map").querySelector(`.space[data-id="${CSS.escape(focused.dataset.id)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
  // what this seat must decide comes first: above the map when nothing on the map answers
  // it (a card to play, a yes or no) and once the game is over (its result), below it when
  // the map is where the choice is made; but tk's panel of boxes, a column 4,000 px long on
  // a phone, came before its list of choices there (a browser audit): the list first
  const phone = typeof window.matchMedia === "function" && window.matchMedia("(max-width: 40rem)").matches;
  placePlay(mapNode && (p.status === "over" || (p.legal.length > 0 && (!choosable || (p.game === "tk" && phone)))));
  fill($("board"), ...renderBoard(rest, p.game, S.ui).filter(Boolean));
  const ol = $("log");
  if (renderLog(ol, view.log, placeNames(view)) && (S.logFollows || !ol.dataset.seen)) logToEnd();
  ol.dataset.seen = "1";
}

/** The log panel follows its end until the reader scrolls it up, and again once they scroll
 * back down to it (it judged "at the end" by the gap left before each update: a line that
 * grew after the last scroll left 43 px, and the log stopped following for the rest of the
 * game, its final lines thousands of pixels out of view: a browser audit). */
function logToEnd() {
  const scroller = $("log-panel");
  S.logScrolledAt = performance.now();
  scroller.scrollTop = scroller.scrollHeight;
  S.logFollows = true;
}

function onLogScroll() {
  // the scroll event of logToEnd's own move says nothing of the reader
  if (performance.now() - S.logScrolledAt < 150) return;
  const scroller = $("log-panel");
  S.logFollows = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
}

/** The map elements' states (their ``data-state``) and the log's length in payload
 * ``p``: its map drawn apart from the page (no choices, a scratch ``ui``), so a payload
 * never shown (handed to the next player at once, or overtaken by a bot's reply) counts
 * exactly as it stood. */
function sightOf(p) {
  const states = {};
  const node = p && p.view ? renderMap(p.view, [], new Map(), () => {}) : null;
  if (node) {
    for (const el of node.querySelectorAll(".space[data-id][data-state]")) {
      states[el.dataset.id] = el.dataset.state;
    }
  }
  return { states, log: ((p && p.view && p.view.log) || []).length, hand: handKeys(p) };
}

/** The keys of the seat's hand in payload ``p`` (null for a game without one): a card dealt
 * or drawn since is marked new (an audit: the cards dealt at a turn's start looked like
 * the others); sfe keeps a side's hand in its sides, which splitHands reads. */
function handKeys(p) {
  const { mine } = splitHands((p && p.view) || {}, p && p.role);
  return Array.isArray(mine) ? mine.map(cardKey) : null;
}

/** This tab's memory of what a seat had seen (a reload keeps the marks). */
function recall(role) {
  try {
    const got = JSON.parse(sessionStorage.getItem(`warroom-seen:${gameId}:${role}`) || "null");
    return got && typeof got.log === "number" && got.states && typeof got.states === "object"
      ? got : null;
  } catch {
    return null;
  }
}

/** Set what ``role`` has seen (after its decision, or at its first sight), and keep it
 * for a reload; the renders between only read it. */
function setSeen(role, mark) {
  S.seen[role] = mark;
  try {
    sessionStorage.setItem(`warroom-seen:${gameId}:${role}`, JSON.stringify(mark));
  } catch {
    // storage full or off: the marks last as long as the page
  }
}

/** What a page with no memory of this seat (another browser, a closed tab) counts as
 * seen: the map and hand as they are now, and the log as far as the server says the seat
 * had read it when it last decided (``since``), so the Since box says what the others did
 * meanwhile (a usability audit: a player coming back to a game the bot had moved in was
 * shown nothing new). */
function firstSight(p) {
  const sight = sightOf(p);
  const since = p && p.since;
  return Number.isInteger(since) && since >= 0 && since < sight.log
    ? { ...sight, log: since } : sight;
}

/** A page with no memory of ``role`` asks the server what the seat saw where it last
 * decided (its view then, ``/seen``), and marks the map's and the hand's changes since as a
 * page that had seen them would (only the log's were marked, by ``since``: a note of an
 * earlier sitting). Nothing changes if the seat decided meanwhile or the answer fails. */
async function recallFromServer(role) {
  const mark = S.seen[role];
  const s = S.seats.find((x) => x.role === role);
  if (!s) return;
  let got;
  try {
    got = await api(`${base}/seen`, { token: s.token });
  } catch (err) {
    return; // the log's marks stand
  }
  if (S.seen[role] !== mark || !got || !got.view) return;
  const then = sightOf({ view: got.view, role });
  // the hand it chose its last move with: the cards that move brought are news, as in act
  const hand = got.decided ? handKeys({ view: got.decided, role }) : then.hand;
  setSeen(role, { ...then, log: mark.log, hand });
  if (seat() && seat().role === role) showChanges();
}

/** Mark what changed since this seat's last decision: the map's elements (``changed``,
 * said to screen readers too) and the log's entries (``new``), with a count in the log's
 * heading. A page's first sight of the seat marks the log entries the server counts as
 * new since the seat's last decision (``firstSight``), then the map's and the hand's once
 * the server has said what the seat saw then (``recallFromServer``). */
function showChanges() {
  const role = seat() && seat().role;
  if (!role || !S.payload) return;
  if (!S.seen[role]) {
    const kept = recall(role);
    setSeen(role, kept || firstSight(S.payload));
    if (!kept) recallFromServer(role);
  } else if (S.acting !== role && (S.payload.roles || []).length > 1
             && Number.isInteger(S.payload.since) && S.payload.since > S.seen[role].log) {
    // the seat decided after this page's mark, in another tab or browser: its marks count
    // from there, as a first sight's do (that tab's own move was marked here as the other
    // side's news: a browser audit); this page's last decision is no longer its last
    setSeen(role, firstSight(S.payload));
    delete S.own[role];
    recallFromServer(role);
  }
  const mark = S.seen[role];
  for (const el of $("map").querySelectorAll(".space[data-id][data-state]")) {
    const was = mark.states[el.dataset.id];
    const changed = was !== undefined && was !== el.dataset.state;
    el.classList.toggle("changed", changed);
    if (changed) el.setAttribute("aria-description", "changed since your last decision");
    else el.removeAttribute("aria-description");
  }
  const items = $("log").children;
  let fresh = 0;
  for (let i = 0; i < items.length; i += 1) {
    const isNew = i >= mark.log;
    items[i].classList.toggle("new", isNew);
    // said to a screen reader too (the mark was a coloured border alone: an audit)
    const said = items[i].querySelector(":scope > .new-said");
    if (isNew && !said) items[i].prepend(h("span", { class: "offscreen new-said" }, "New: "));
    else if (!isNew && said) said.remove();
    if (isNew) fresh += 1;
  }
  $("log-new").textContent = fresh ? `${fresh} new since your last decision` : "";
  const held = Array.isArray(mark.hand) ? new Set(mark.hand) : null;
  for (const card of $("hand").querySelectorAll("article.card[data-key]")) {
    const isNew = held !== null && !held.has(card.dataset.key);
    card.classList.toggle("new-card", isNew);
    const said = card.querySelector(":scope > .new-said");
    if (isNew && !said) card.prepend(h("span", { class: "new-said", title: "new since your last decision" }, "New"));
    else if (!isNew && said) said.remove();
  }
  showSince(fresh);
}

/** How many of the log's new entries the decision's "Since your last decision" quotes. */
const SINCE_SHOWN = 3;

/** What happened since this seat's last decision, said where it decides: the first
 * entries of the log marked new (showChanges), each cut to three lines beside the map
 * (whole where the page is one column: the CSS), and a link to them
 * in the log (the other seat's moves were said only in the log, ~1,000 px below the
 * decision at 1366x768: an audit). Copies of the log's own entries, nothing else: the
 * seat's view holds them already. */
function showSince(fresh) {
  const box = $("since");
  const items = [...$("log").children];
  const news = items.filter((li) => li.classList.contains("new"));
  // the seat's own last decision's rolls, first (its Support Check's die was only in the
  // log, below the screen, while the box quoted the bot's moves after it: a browser
  // audit); not in a game of one role, whose every entry since is new already
  const role = seat() && seat().role;
  const own = role && (S.payload.roles || []).length > 1 ? S.own[role] : null;
  // the rolls this seat made: an entry whose ``role`` is the seat's (the decision runs on to
  // the next one, an opponent's Event it triggered rolling too: a review read "Your roll:"
  // on RW's Support Check in LW's box)
  const entries = (S.payload.view && S.payload.view.log) || [];
  const rolls = own ? items.slice(own.from, own.to).filter((li, k) => {
    const e = entries[own.from + k];
    return e && typeof e === "object" && e.role === role && !li.classList.contains("new")
      && li.querySelector(".die");
  }).slice(0, 2) : [];
  // the link goes to the first new entry, else to the seat's roll it quotes (it went to
  // the log's panel, the roll maybe far below: a browser audit)
  S.sinceRoll = rolls[0] || null;
  box.hidden = (!fresh || !news.length) && !rolls.length;
  if (box.hidden) {
    $("since-list").replaceChildren(); // not another seat's lines, kept out of sight
    return;
  }
  const copy = (li) => {
    const out = li.cloneNode(true);
    out.classList.remove("new");
    for (const el of out.querySelectorAll(".new-said, [id]")) {
      if (el.classList.contains("new-said")) el.remove();
      else el.removeAttribute("id");
    }
    return out;
  };
  fill($("since-list"), rolls.map((li) => {
    const out = copy(li);
    out.classList.add("own-roll");
    out.prepend(h("span", { class: "own-said" }, "Your roll: "));
    return out;
  }), news.slice(0, SINCE_SHOWN).map(copy));
  const more = news.length - SINCE_SHOWN;
  $("since-more").textContent = more > 0
    ? `${more} more in the log` : news.length > 1 ? "These in the log" : "In the log";
}

/** The since box's link: the log scrolled to its first new entry, the log focused. */
function toSince(ev) {
  ev.preventDefault();
  const first = $("log").querySelector("li.new") || S.sinceRoll;
  (first && first.isConnected ? first : $("log-panel")).scrollIntoView({ block: "start" });
  $("log-panel").focus({ preventScroll: true });
}

/** A choice's card stays closed while the page's own focus is on it (``focus-quiet``),
 * until the focus leaves it. */
function quiet(row) {
  if (!row) return;
  row.classList.add("focus-quiet");
  row.addEventListener("focusout", () => row.classList.remove("focus-quiet"), { once: true });
}

function placePlay(first) {
  const play = $("play");
  const map = $("map-panel");
  const held = play.contains(document.activeElement) ? document.activeElement : null;
  if (first ? play.nextElementSibling === map : map.nextElementSibling === play) return;
  // the focus the move drops is put back, and so is a quiet choice's quiet (its focusout
  // fired with the move: the card opened over the map after all, a test found)
  const hush = held && held.closest ? held.closest(".focus-quiet") : null;
  if (first) map.before(play);
  else play.before(map);
  if (held) held.focus({ preventScroll: true }); // moving a node drops its focus
  quiet(hush);
}

function render(p) {
  const before = S.payload;
  const focused = $("main").contains(document.activeElement);
  const focusWas = document.activeElement;
  S.payload = p;
  S.version = p.version;
  header(p);
  noteChosenSeed(p);
  renderResult(p);
  renderPrompt(p);
  renderRest(p);
  showChanges();
  // a greyed Undo says why (an audit: in eaw1940 nearly every action rolls a die), on a
  // click too: a disabled button shows no tooltip on a phone and takes no click, so it is
  // greyed by aria-disabled and answers in the why box (a usability audit)
  $("undo").setAttribute("aria-disabled", p.can_undo ? "false" : "true");
  $("undo").title = p.can_undo ? "Take back your last decision" : `Nothing to take back: ${UNDO_LIMITS}`;
  // once the game is over nothing is played or taken back: no Undo, no key to play
  const over = p.status === "over";
  $("undo").hidden = over;
  // any seat may concede while the game is on, its turn or not (not in tk: nobody wins)
  $("resign").hidden = over || !p.resign;
  document.querySelector("#play .by-key").hidden = over;
  if (before && before.version !== p.version && (p.status === "over" || (p.legal || []).length)) {
    showDecision();
  }
  announce(before, p);
  // the decision panel keeps a name once the game is over (its heading is emptied: "region"
  // with no name, an accessibility audit)
  if (over) {
    $("play").removeAttribute("aria-labelledby");
    $("play").setAttribute("aria-label", "Game over");
  } else if (!$("play").hasAttribute("aria-labelledby")) {
    $("play").removeAttribute("aria-label");
    $("play").setAttribute("aria-labelledby", "prompt-title");
  }
  const now = document.activeElement;
  const lost = !now || now === document.body;
  const moved = Boolean(before && before.version !== p.version);
  // the keyboard's place after a move (WCAG 2.4.3; an accessibility audit): the focus
  // left on a map place no longer to be chosen, while the next question is answered in the
  // list, went with the player 50-165 Tab stops from it; a game ended by a choice in the
  // map's menu left it on the page itself. The next choice, or the result, takes it.
  const stale = now && now.closest && now.closest("#map .space") && !now.closest(".legal");
  // only after this seat's own choice, made with the keyboard: a place the player reads
  // while the other side moves keeps the focus (a review), and a pointer's user, whose
  // page showDecision brings to the question, is left as before
  const answered = moved && S.keyboard && (before.legal || []).length > 0;
  if (answered && (focused || (lost && p.status === "over" && before.status !== "over"))
      && (lost || stale)) {
    const first = over ? null : (firstOnMap() || $("choices").querySelector(".choice:not([hidden]) .act"));
    (first || $("play")).focus({ preventScroll: true });
  } else if (focused && lost) {
    // the focused choice went with the decision it answered (a bot's turn): focus stays
    // in the decision panel, never falls to the page (WCAG 2.4.3)
    $("play").focus({ preventScroll: true });
  }
  // a rule's words opened beside a badge that this render replaced go with it
  for (const tip of document.querySelectorAll(".rule-tip[id]")) {
    if (!document.querySelector(`[aria-controls="${tip.id}"]`)) tip.remove();
  }
  // for a new decision of this seat, or where this render moved the focus (the choice
  // pressed went with its decision): an update that leaves the focus where the player left
  // it, reading the log or the board elsewhere, never scrolls the page back (a review)
  const shifted = focused && document.activeElement !== focusWas;
  if (shifted || (moved && (p.legal || []).length)) {
    keepFocusInSight();
  }
}

/** The first place a decision on the map offers, if the map is where this seat decides. */
function firstOnMap() {
  const panel = decisionPanel();
  return panel && panel.id === "map-panel" ? panel.querySelector(".space.legal[tabindex]") : null;
}

function inSight(el) {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight;
}

/** Keyboard focus is never left out of sight (WCAG 2.4.7, 2.4.11): a choice focused under a
 * map the page scrolled to gives its focus to the map's first choosable place; anything
 * else is scrolled into view (an audit found focus on a choice 400 px below the window,
 * where Enter played what the player could not see). */
function keepFocusInSight() {
  const el = document.activeElement;
  if (!el || el === document.body || !$("main").contains(el) || inSight(el)) return;
  const onMap = $("play").contains(el) ? firstOnMap() : null;
  if (onMap && inSight(onMap)) {
    onMap.focus({ preventScroll: true });
    return;
  }
  el.scrollIntoView({ block: "nearest" });
}

/** Say to a screen reader what changed (WCAG 4.1.3): the first three log lines the new
 * version added (a bot's move, a die roll) and how many more, then the result or this
 * seat's new question, whole.
 * The page shows all of it; only the log's panel and the turn line said nothing aloud. */
function announce(before, p) {
  if (!before) {
    // a seat taking a hot-seat screen over: its question (the last seat's stayed in the
    // announcement, and the new seat's was never said: an accessibility audit)
    if (hotseat() && (p.legal || []).length && p.prompt) {
      $("announce").textContent = `${roleName(p.role)}, your turn: ${p.prompt.text}`;
    }
    return;
  }
  if (before.version === p.version && before.status === p.status) return;
  const was = ((before.view || {}).log || []).length;
  const log = (p.view || {}).log || [];
  const said = (e) => (typeof e === "string" ? e : (e && e.text) || "").replace(/\s+/g, " ").trim();
  // the first new lines (what was played, the other side's moves among them, come before a
  // turn's bookkeeping: the last three said only the supply check and the draw), each cut,
  // and how many more the log holds; then the question or the result, always whole (the
  // whole text was cut at 600 characters, the question with it: an accessibility audit)
  const fresh = log.length > was ? log.slice(was).map(said).filter(Boolean) : [];
  const shown = fresh.slice(0, 3).map((t) => (t.length > 160 ? `${t.slice(0, 157)}...` : t));
  const parts = [...shown];
  if (fresh.length > shown.length) parts.push(`(${fresh.length - shown.length} more in the log.)`);
  if (p.status === "over") {
    parts.push(`Game over. ${p.result ? said(p.result) : ""}`);
  } else if ((p.legal || []).length && p.prompt) {
    parts.push(`Your turn: ${p.prompt.text}`);
  }
  $("announce").textContent = parts.join(" ");
}

/** Once a page: in a game with hidden information whose seed its creator chose, every seat
 * is told that the creator can know its hidden cards and the dice to come (they follow from
 * the seed). */
function noteChosenSeed(p) {
  if (S.seedNoted || !p.seed_chosen || !p.hidden_information || p.status === "over" || !p.role) return;
  S.seedNoted = true;
  message("info", "The seed of this game was chosen by whoever created it",
    "Its cards and dice follow from the seed, so whoever chose it can know your hidden cards " +
    "and every roll to come. Play such a game only with people you trust; a game created " +
    "without a seed draws one that nobody knows until the end.");
}

/** The first shown of the panels where this seat decides: the choices or the map,
 * whichever placePlay put first. */
function decisionPanel() {
  return [...$("play").parentElement.children]
    .find((el) => !el.hidden && (el.id === "play" || el.id === "map-panel")) || null;
}

/** A new decision of this seat (or the result) drawn out of sight, above or below where the
 * player scrolled to (the choices of a decision on the map sit under the map; the next one
 * may come above it): scroll to the panel that holds it. Its question (the panel's heading)
 * must be in sight, not only some of the panel: after a choice low on the map, the next
 * question came 500-1,650 px above the screen, the map or a long list of cards filling it
 * (a usability audit on a phone and a laptop). */
function showDecision(settled = false) {
  // looked at again once the page has settled: the browser moves the page after a render
  // (keeping the map where it was on the screen as the choices are put above it, the card
  // list laid out), which put the question 1,600 px above the screen after the check
  // ... unless the player has touched the page since: a click on the map within those
  // 350 ms had its "why not" answer scrolled away under it (a flaky e2e test found it)
  if (!settled) {
    const asked = S.touched;
    setTimeout(() => { if (S.touched === asked) showDecision(true); }, 350);
  }
  const panel = decisionPanel();
  if (!panel) return;
  const r = panel.getBoundingClientRect();
  const heading = panel.querySelector("h2") || panel;
  const top = heading.getBoundingClientRect().top;
  const bar = $("topbar");
  const under = bar && getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect().bottom : 0;
  // (not after a choice made with the keyboard: its focus is kept in the choices, and in
  // sight, by keepFocusInSight)
  const hidden = !S.keyboard && (top < under || top > window.innerHeight - 80);
  if (r.bottom < 40 || r.top > window.innerHeight - 40 || hidden) {
    panel.scrollIntoView({ block: "start" });
  }
}

function blank() {
  // everything drawn from the seat's view: its log lines copied under the decision, the
  // map's question and the tracks stayed behind the hand-off screen (a browser audit)
  for (const id of ["choices", "hand", "map", "board", "log", "since-list", "map-prompt",
    "tracks", "explain"]) $(id).replaceChildren();
  $("announce").textContent = "";
  $("key-input").value = ""; // a key the last seat typed
  $("log").dataset.count = "0";
  $("log").dataset.last = "";
  $("hand-panel").hidden = true;
  $("explain").hidden = true;
  $("since").hidden = true;
  $("prompt-text").textContent = "";
  $("prompt-rule").replaceChildren();
}

/** The plural of each action kind of the four games, as a heading counts its choices. */
const KIND_PLURAL = {
  card: "cards", space: "spaces", loc: "locations", unit: "units", half: "halves",
  op: "operations", ops: "operations", army: "armies", attack: "attacks", air: "air attacks",
  sea: "sea attacks", tank: "tank moves", unstall: "fronts to unstall", country: "countries",
  box: "boxes", hex: "hexes", faction: "factions", opt: "options", policy: "policies",
  table: "tables", land: "ceded lands", pick: "picks", event: "events", track: "tracks",
  rearm: "rearmament attempts", score: "scoring cards", op_place: "placements",
  op_check: "support checks", n: "numbers", cw: "civil war options", partner: "partners",
  place_tank: "tank placements",
};

/** The kinds whose groups come first, in this order, each under its heading even where it
 * holds one choice: eit2's plays of a card, Scoring cards first (the groups came in the
 * order of the hand, a Scoring card last, headless under "Rearmament attempts": an
 * audit). No other game names these kinds. */
const KIND_ORDER = ["score", "event", "ops", "rearm"];

/** A kind's name for one choice, where its plural is not the name plus "s". */
const KIND_SINGULAR = {
  score: "scoring card", ops: "operation", op: "operation", rearm: "rearmament attempt",
};

/** A group's heading: "5 cards" ("Card 5" read as the card numbered 5: an audit). */
function kindCount(kind, n) {
  const plural = KIND_PLURAL[kind];
  if (n === 1 && plural) return `1 ${KIND_SINGULAR[kind] || plural.replace(/s$/, "")}`;
  return plural ? `${n} ${plural}` : `${humanize(kind)} (${n})`;
}

// -- hot-seat hand-off ---------------------------------------------------------------------------

function startHandoff(role, p) {
  S.handoff = role;
  S.epoch += 1;
  S.payload = null;
  S.version = p.version;
  blank();
  $("main").hidden = true;
  header(p);
  fill($("handoff-title"), "Pass to ", roleChip(role));
  $("handoff-text").textContent = `${roleName(role)} is to play. Hand the screen over, then ${touchScreen() ? "tap" : "click"} when ready.`;
  $("handoff-go").textContent = `I am ${roleName(role)} — show my side`;
  const box = $("handoff");
  const wasHidden = box.hidden;
  box.hidden = false;
  // a modal dialog: the page behind it takes no focus (Tab left the dialog for the page:
  // an accessibility audit, WCAG 2.4.3)
  for (const id of ["topbar", "skip", "messages"]) $(id).inert = true;
  if (wasHidden) $("handoff-go").focus();
}

function endHandoff() {
  const role = S.handoff;
  if (role === null) return;
  const idx = S.seats.findIndex((s) => s.role === role);
  if (idx >= 0) S.current = idx;
  S.handoff = null;
  S.epoch += 1;
  $("handoff").hidden = true;
  for (const id of ["topbar", "skip", "messages"]) $(id).inert = false;
  $("main").hidden = false;
  logToEnd();
  refresh();
}

/** A fresh payload for the seat on screen: show it, or hand over to the seat to act. */
function onPayload(p) {
  // a view of another seat than the one on screen: an answer asked for before a hand-off
  // (it drew the seat that had just played, its hand included, for the next player: a
  // browser audit)
  if (p.role !== seat().role) return;
  // the same version seen by the same seat is the same picture: do not rebuild the page
  // under the player's pointer (a late live update would detach the button being clicked)
  if (!S.handoff && S.payload && S.payload.role === p.role && !$("main").hidden) {
    if (S.payload.version === p.version) return;
    // versions only grow: an answer that arrives after a newer view (a bot moved at once
    // and the live update overtook the answer to our own move) is already out of date
    if (p.version < S.payload.version) return;
  }
  S.version = p.version;
  if (hotseat() && p.active && p.active !== seat().role &&
      S.seats.some((s) => s.role === p.active)) {
    if (S.handoff !== p.active || $("handoff").hidden) startHandoff(p.active, p);
    else header(p);
    return;
  }
  if (S.handoff) {
    header(p);
    return;
  }
  render(p);
}

// -- talking to the server ------------------------------------------------------------------------

let refreshing = null;
let again = false;
let retry = { timer: null, delay: 1000 };

/** A failed load is tried again (1, 2, 4... up to 15 s apart) until the page has the
 * position: a live update whose load failed must not leave the page on an old one. */
function retryLater() {
  if (retry.timer) return;
  retry.timer = setTimeout(() => { retry.timer = null; refresh(); }, retry.delay);
  retry.delay = Math.min(retry.delay * 2, 15000);
}

/** The seats' news without a move (a player joined): the header and the waiting line say
 * who is still awaited; the rest of the page stays as it is. */
async function refreshSeats() {
  try {
    const p = await api(`${base}/view`, { token: seat().token });
    if (!S.payload || p.version !== S.payload.version || p.role !== S.payload.role) {
      refresh();
      return;
    }
    S.payload.waiting = p.waiting;
    header(S.payload);
    if (!p.legal.length && p.active) renderPrompt(S.payload);
  } catch (err) {
    /* the next update looks again */
  }
}

async function refresh() {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      again = false;
      try {
        const epoch = S.epoch;
        const p = await api(`${base}/view`, { token: seat().token });
        retry.delay = 1000;
        if (epoch !== S.epoch) continue; // a hand-off since: the seat on screen asks anew
        dismiss("Offline");
        // while our own decision is on its way, its answer brings the new position: showing
        // a live update first would put fresh buttons under the pointer and swallow the
        // next click (act() ignores clicks while busy); look again once the answer is in
        if (S.busy) S.deferred = true;
        else onPayload(p);
      } catch (err) {
        problem(err, "The game could not be loaded");
        if (err.status === 0 || err.status >= 500) retryLater();
      }
    } while (again);
  })();
  try {
    await refreshing;
  } finally {
    refreshing = null;
  }
  return undefined;
}

function problem(err, title) {
  const d = err.data || {};
  if (err.status === 409 && typeof d.version === "number") {
    // the server's words ask for a reload; the page does it itself
    message("info", "The game had moved on — the page now shows the current position");
    refresh();
  } else if (err.status === 409 || err.status === 404) {
    // a game this server cannot play (another content pack, rules changed since: a 409
    // without a version) or no longer has (deleted by warroom prune-games): its words say
    // why; asking again would answer the same (a 409 of these was read as "moved on", the
    // view asked for again at once, hundreds a second: an audit), nothing to reconnect to
    S.gone = true;
    message("error", title, err.message);
  } else if (err.status === 422) {
    const rules = Array.isArray(d.rules) && d.rules.length ? `Rules: ${d.rules.map(ruleTag).join(", ")}` : null;
    const reason = d.reason && d.reason !== err.message ? `Why: ${d.reason}` : null;
    message("error", title, err.message, reason, rules);
  } else if (err.status === 403) {
    // the server's own words, unless they only say the title again (a browser audit saw
    // "This link is not a seat of this game" twice)
    const said = (err.message || "").replace(/[.\s]+$/, "").toLowerCase();
    message("error", "This link is not a seat of this game",
      said === "this link is not a seat of this game" ? null : err.message);
  } else if (err.status === 0) {
    dismiss("Offline"); // one note, not one a try
    message("error", "Offline", err.message);
  } else {
    message("error", title, err.message);
  }
}

function setBusy(on) {
  S.busy = on;
  $("play").classList.toggle("busy", on);
  $("play").setAttribute("aria-busy", on ? "true" : "false");
  if (!on && S.deferred) {
    S.deferred = false;
    refresh();
  }
}

async function act(key) {
  if (S.busy || S.handoff || !key) return;
  setBusy(true);
  const role = seat().role;
  // what the seat saw as it decided: in a game of one role the rules' own BOT answers in
  // this same reply (eaw1940's Allied BOT), so all of it is news, the decision's dice too
  // (taken in such a game only: the sight draws the map apart from the page)
  const before = S.payload && (S.payload.roles || []).length === 1 ? sightOf(S.payload) : null;
  // the hand it decided with: what the reply brings into it is news (the reply runs on to
  // the next decision, a turn's deal or sfe's draw included: a review found the seat whose
  // decision ended the turn never shown its new cards as new)
  const handBefore = handKeys(S.payload);
  const logBefore = ((S.payload && S.payload.view && S.payload.view.log) || []).length;
  try {
    const p = await api(`${base}/actions`, { method: "POST",
      body: { token: seat().token, action: key, version: S.version } });
    clearMessages();
    $("explain").hidden = true;
    // the log entries of this decision, its dice among them (showSince)
    S.own[role] = { from: logBefore, to: ((p.view && p.view.log) || []).length };
    // the answer's own marks follow below: not "a move made in another tab" (showChanges)
    S.acting = role;
    try {
      onPayload(p);
    } finally {
      S.acting = null;
    }
    // elsewhere what this seat sees next as changed is what others do from here (an audit:
    // no mark ever showed what eaw1940's BOT did)
    setSeen(role, { ...(before || sightOf(p)), hand: handBefore });
    showChanges();
  } catch (err) {
    if (err.status === 422) await notPlayed(key, err);
    else problem(err, `“${key}” was not played`);
  } finally {
    setBusy(false);
  }
}

/** An action refused (422: a key typed that is not legal now): said once, where a "why?"
 * answers, in the player's words: the action, the reason and its rules, as "why?" gives
 * them (the banner gave the API's "illegal action 'op:attack': … Legal now: op:build, …"
 * and the reason again under it, and a "why?" asked before said it a third time: a
 * usability audit). */
async function notPlayed(key, err) {
  const d = err.data || {};
  let said = { action: key, reason: d.reason || err.message || "", rules: Array.isArray(d.rules) ? d.rules : [] };
  try {
    const r = await api(`${base}/explain?action=${encodeURIComponent(key)}`, { token: seat().token });
    said = { action: r.action || key, reason: r.reason || said.reason, rules: r.rules || said.rules };
  } catch (e) {
    // a key that names no action: said in a player's words, not the API's
    if (e.status === 422) said = { action: key, reason: unknownKey(), rules: [] };
  }
  showExplain(false, "Not played: ", said.action, said.reason, said.rules);
}

/** The why box under the choices: ``head`` and the action, the reason, its rules and a
 * close button, brought into sight (a refusal, a why's answer, an unknown key's). */
function showExplain(legal, head, action, reason, rules) {
  const out = $("explain");
  out.className = `explain ${legal ? "legal" : "illegal"}`;
  fill(out,
    h("strong", {}, head), action, " — ",
    h("span", { class: "reason" }, reason || ""), " ",
    (rules || []).map((x) => [ruleBadge(x), " "]),
    h("button", { type: "button", class: "msg-close", "aria-label": "Close", onclick: () => { out.hidden = true; } }, "×"));
  out.hidden = false;
  if (!inSight(out)) out.scrollIntoView({ block: "nearest" });
}

async function why(key, label) {
  if (!key) return;
  // an answer that comes after a hand-off or a move is about a position no longer on
  // screen (a late one named the last seat's card to the next player: a browser audit)
  const asked = { epoch: S.epoch, version: S.version };
  const late = () => asked.epoch !== S.epoch || S.handoff;
  // an answer about the position before the latest move is shown as such (a why asked as
  // the other side moved said nothing at all: a review)
  const before = () => (asked.version !== S.version ? "Before the last move: " : "");
  try {
    const r = await api(`${base}/explain?action=${encodeURIComponent(key)}`, { token: seat().token });
    if (late()) return;
    showExplain(r.legal, `${before()}${r.legal ? "Allowed: " : "Not allowed: "}`, label || r.action || key, r.reason, r.rules);
  } catch (err) {
    if (late()) return;
    if (err.status !== 422) { problem(err, "No explanation"); return; }
    // a key that names no action: answered where the question was asked (it went to the
    // message bar at the top, out of sight, and the box kept the answer before: a browser
    // audit)
    showExplain(false, "No such action: ", key, unknownKey(), []);
  }
}

/** What the page says of a key that names no action of the game, in a player's words (it
 * gave the API's "send an action's key, as the view's legal actions list it, or its id, a
 * whole number from 0 to N": a usability audit). */
function unknownKey() {
  const first = ((S.payload && S.payload.legal) || [])[0];
  // an example only from this decision's own choices (a fixed one named an eit2 space in
  // every game, and a seat not to act has no choices: a review)
  return "no action of this game has that key"
    + (first ? `; this decision's keys look like “${first.key}”, and a click on a choice plays it` : "");
}

/** "Why not" on the map: why this seat cannot choose the map element `target` now. */
async function whyNotTarget(target) {
  if (S.handoff) return null;
  return api(`${base}/explain?target=${encodeURIComponent(target)}`, { token: seat().token });
}

/** What Undo takes back, said when there is nothing to take back. */
const UNDO_LIMITS = "Undo takes back only your own decisions while you are still to act, "
  + "never past a die roll, a card drawn or revealed, or another seat's decision";

async function undo() {
  if (S.busy || S.handoff) return;
  if ($("undo").getAttribute("aria-disabled") === "true") {
    showExplain(false, "Nothing to take back now", "", UNDO_LIMITS, []);
    return;
  }
  setBusy(true);
  try {
    const p = await api(`${base}/undo`, { method: "POST", body: { token: seat().token, version: S.version } });
    clearMessages();
    message("info", "Your last decision was taken back");
    onPayload(p);
    setSeen(seat().role, sightOf(p));
    showChanges();
  } catch (err) {
    problem(err, "Nothing to undo");
  } finally {
    setBusy(false);
  }
}

/** The seat on screen concedes, once it confirms: the other side wins at once. */
async function resign() {
  const p = S.payload;
  if (S.busy || S.handoff || !p || !p.resign) return;
  const me = roleName(seat().role);
  const winner = p.resign_winner ? roleName(p.resign_winner) : "the other side";
  const wins = winner.endsWith("ies") ? `the ${winner} win` : `${winner} wins`;
  if (!window.confirm(`Resign as ${me}? The game ends and ${wins}.`)) return;
  setBusy(true);
  try {
    // no version: a resignation stands whatever was played since the page last looked
    const out = await api(`${base}/actions`, { method: "POST",
      body: { token: seat().token, action: p.resign } });
    clearMessages();
    $("explain").hidden = true;
    onPayload(out);
  } catch (err) {
    problem(err, "Not resigned");
  } finally {
    setBusy(false);
  }
}

async function download() {
  try {
    // the server's bytes as they are: parsed and written again, a 64-bit seed would round
    const text = await api(`${base}/record`, { token: seat().token, text: true });
    const blob = new Blob([text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = h("a", { href: url, download: `${(S.payload && S.payload.game) || "game"}-${gameId}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  } catch (err) {
    problem(err, "The record could not be downloaded");
  }
}

function connect() {
  if (S.es) S.es.close();
  // the stream's own key, from the seat's view: the token never travels in a URL
  const key = S.eventsKey;
  const url = key ? `${base}/events?key=${encodeURIComponent(key)}`
    : `${base}/events?token=${encodeURIComponent(S.seats[0].token)}`;
  const es = new EventSource(url);
  S.es = es;
  setConn("connecting");
  es.onopen = () => {
    setConn("live");
    dismiss("Offline");
    refresh(); // what happened while the stream was down sends no update of its own
  };
  es.addEventListener("update", (ev) => {
    setConn("live");
    let v = null;
    try { v = JSON.parse(ev.data).version; } catch (err) { v = null; }
    if (v !== S.version) refresh();
  });
  // a player joined (the game's version unchanged): who is still awaited is said again
  es.addEventListener("seats", () => { refreshSeats(); });
  es.onerror = () => {
    if (es.readyState === EventSource.CLOSED) {
      setConn("offline");
      // the view says why (a game deleted, a seat gone: the stream's 404 said nothing and
      // it was asked again every 5 s for ever, the old position still clickable: an audit)
      refresh();
      setTimeout(() => { if (S.es === es && !S.gone) connect(); }, 5000);
    } else {
      setConn("reconnecting");
    }
  };
}

// -- start ------------------------------------------------------------------------------------------

/** An invitation's link (``#join=CODE``, the lobby's "they join from their own device"):
 * claim its seat once, then open the seat by its own secret link, which only this browser
 * is told and keeps (the player who made the game never held it: a hidden-information
 * audit). An invitation used already opens the seat this browser holds of the game, if
 * one; else says so. False when the page has nothing to open. */
async function joinByInvitation() {
  const m = location.hash.match(/^#join=(.+)$/);
  if (!m) return true;
  let code = m[1];
  try { code = decodeURIComponent(code); } catch (err) { /* keep it raw */ }
  // an invitation this browser made is its player's to open: claimed here, its maker would
  // hold both hands and the player be shut out (a review)
  const made = invitationsMade();
  const forRole = Object.keys(made).find((r) => String(made[r]).endsWith(`#join=${m[1]}`)
    || String(made[r]).endsWith(`#join=${code}`));
  if (forRole) {
    const held = Object.entries(savedSeats()[gameId] || {});
    if (held.length) history.replaceState(null, "", `#${held[0][1]}`);
    message("info", `This is the invitation you made for ${roleName(forRole)}`,
      "Send it to that player: it opens their seat once, on their device." +
      (held.length ? ` This page opens your own seat, ${roleName(held[0][0])}.` : ""));
    if (held.length) return true;
    $("main").hidden = true;
    setConn("offline");
    $("title").textContent = "Your invitation";
    return false;
  }
  try {
    const got = await api(`${base}/claim`, { method: "POST", body: { invite: code } });
    saveSeats(gameId, { [got.role]: got.token });
    history.replaceState(null, "", `#${got.token}`);
    message("info", `You joined as ${roleName(got.role)}`,
      "This page's address is now your seat's secret link (this browser keeps it too): do not share it.");
    return true;
  } catch (err) {
    const held = Object.entries(savedSeats()[gameId] || {});
    if (err.status === 403 && held.length === 1) {
      history.replaceState(null, "", `#${held[0][1]}`);
      message("info", "This invitation was used already", `Opening the seat this browser holds: ${roleName(held[0][0])}.`);
      return true;
    }
    $("main").hidden = true;
    setConn("offline");
    $("title").textContent = err.status === 404 ? "No such game" : "Cannot join this game";
    problem(err, "The invitation could not be used");
    return false;
  }
}

async function init() {
  // not a link to #play: the fragment holds the seat's token (and a change of it reloads)
  $("skip").addEventListener("click", () => {
    // the decision's first control where the decision is shown (the map first: its first
    // choosable place; #play, focused under a map in view, was out of sight: an audit)
    (decisionPanel() || $("play")).scrollIntoView({ block: "start" });
    const target = firstOnMap() || $("play");
    target.focus({ preventScroll: true });
    if (!inSight(target)) target.scrollIntoView({ block: "nearest" });
  });
  // the sticky top bar's height, under which the map's question stays (the bar wraps on a
  // narrow window)
  const bar = $("topbar");
  const barHeight = () => document.documentElement.style.setProperty("--bar-h", `${bar.offsetHeight}px`);
  barHeight();
  if (typeof ResizeObserver === "function") new ResizeObserver(barHeight).observe(bar);
  $("log-panel").addEventListener("scroll", onLogScroll, { passive: true });
  // the log's lines that grow after it was scrolled (a line wrapping anew) keep it at its end
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => { if (S.logFollows && $("log").dataset.seen) logToEnd(); }).observe($("log"));
  }
  $("undo").addEventListener("click", undo);
  $("since-more").addEventListener("click", toSince);
  $("resign").addEventListener("click", resign);
  $("download").addEventListener("click", download);
  $("handoff-go").addEventListener("click", endHandoff);
  $("key-form").addEventListener("submit", (e) => { e.preventDefault(); act($("key-input").value.trim()); });
  $("key-why").addEventListener("click", () => why($("key-input").value.trim()));
  document.addEventListener("pointerdown", (e) => {
    S.keyboard = false;
    S.touched += 1;
    // a tap elsewhere closes a card opened by its "card" button
    const row = e.target.closest && e.target.closest(".choice.pop-open");
    for (const open of document.querySelectorAll(".choice.pop-open")) {
      if (open !== row) toggleCard(open, false);
    }
  }, true);
  document.addEventListener("keydown", (e) => {
    S.touched += 1;
    if (e.key === "Enter" || e.key === " ") S.keyboard = true;
    if (e.key === "Escape") {
      // a card's popover (over the next choices and the toolbar) is put away until focus
      // leaves its choice
      const host = e.target.closest && e.target.closest(".choice.has-card, .card-chip");
      if (host && !host.classList.contains("pop-off")) {
        host.classList.add("pop-off");
        host.addEventListener("focusout", () => host.classList.remove("pop-off"), { once: true });
      }
    }
    const typing = e.target.closest && e.target.closest("input, textarea, select");
    if (e.key === "/" && !typing && !S.handoff) {
      const f = $("choice-filter") || firstVisible();
      if (f) {
        e.preventDefault();
        f.focus();
      }
    }
  });
  window.addEventListener("hashchange", () => location.reload());
  if (!(await joinByInvitation())) return;
  S.seats = parseHash();
  if (!S.seats.length && !location.hash) {
    // the game's address without its seat's part (typed, bookmarked, shared): the seats
    // this browser holds of the game open, as a reopened invitation does (it said "No
    // seat" to the browser holding one: a web audit)
    const held = Object.values(savedSeats()[gameId] || {});
    if (held.length) {
      history.replaceState(null, "", held.length === 1 ? `#${held[0]}` : `#hotseat=${held.join(",")}`);
      S.seats = parseHash();
      message("info", "Opened the seat this browser holds",
        "This page's address is now that seat's secret link: do not share it.");
    }
  }
  if (!S.seats.length) {
    $("main").hidden = true;
    setConn("offline");
    // a finished game is open to anyone: its replay, not a request for a seat's link
    const done = await api(`/api/games/${encodeURIComponent(gameId)}/replay`).catch(() => null);
    if (!$("title")) return;      // the page was replaced meanwhile
    const replayUrl = `/games/${encodeURIComponent(gameId)}/replay`;
    if (done && done.result) {
      $("title").textContent = "Game over";
      message("info", "This game is over",
        h("span", {}, done.result.text || done.result.label || "", " — ",
          h("a", { href: replayUrl }, "replay the game"), " (every move, seen by any side)."));
      return;
    }
    if (done) {     // bots on every seat: anyone may watch it as it goes
      $("title").textContent = "Bots at play";
      message("info", "This game is played by bots",
        h("span", {}, h("a", { href: replayUrl }, "Watch it"), " as a spectator (public facts only)."));
      return;
    }
    $("title").textContent = "No seat";
    message("error", "This page needs the secret link of a seat",
      "A seat link looks like /games/ID#TOKEN. Ask the player who created the game for yours, or start a game in the lobby.");
    return;
  }
  let views;
  try {
    views = await Promise.all(S.seats.map((s) => api(`${base}/view`, { token: s.token })));
  } catch (err) {
    $("main").hidden = true;
    $("title").textContent = err.status === 404 ? "No such game" : "Cannot open this game";
    problem(err, "The game could not be opened");
    setConn("offline");
    return;
  }
  views.forEach((v, i) => { S.seats[i].role = v.role; });
  S.eventsKey = views[0].events_key || null;
  $("replay-link").addEventListener("click", (e) => {
    // the seat's own replay: its token travels in the fragment, never to the server's log
    e.preventDefault();
    const url = `/games/${encodeURIComponent(gameId)}/replay${S.payload && S.payload.status === "over" ? "" : `#${seat().token}`}`;
    window.open(url, "_blank", "noopener");
  });
  saveSeats(gameId, Object.fromEntries(S.seats.map((s) => [s.role, s.token])));
  const first = views[0];
  const idx = S.seats.findIndex((s) => s.role === first.active);
  S.current = idx >= 0 ? idx : 0;
  if (hotseat() && idx >= 0) startHandoff(first.active, first);
  else onPayload(views[S.current]);
  document.addEventListener("visibilitychange", onVisibility);
  // a tab opened out of sight (a middle click in the lobby) holds no stream either
  if (document.hidden) onVisibility();
  else connect();
}

/** How often a hidden tab looks at its game (its title still says "●" on its turn). */
const HIDDEN_LOOK_MS = 15000;

/** A hidden tab holds no live-update stream: a browser keeps 6 connections to a server,
 * and with 6 game pages of one server open every page's moves waited behind their streams
 * for good (a browser audit). It looks at its game now and then instead, and opens its
 * stream again (then looks at once) when shown. */
function onVisibility() {
  if (S.gone) return;
  if (document.hidden) {
    if (S.es) S.es.close();
    S.es = null;
    setConn("paused");
    if (!S.look) {
      S.look = setInterval(() => {
        if (!S.gone) { refresh(); return; }
        clearInterval(S.look);
        S.look = null;
      }, HIDDEN_LOOK_MS);
    }
  } else {
    if (S.look) clearInterval(S.look);
    S.look = null;
    if (!S.es) connect();
  }
}

init();
