// The lobby: a new game (game, scenario, each seat human or bot), its secret seat links,
// and the list of games.
import { api, savedSeats, saveSeats } from "./api.js";
import { copyText, fill, h, message, roleChip, roleName, setRoles, when } from "./ui.js";

let catalogue = [];
const $ = (id) => document.getElementById(id);

function gameOf(id) {
  return catalogue.find((g) => g.id === id);
}

function fillGame() {
  const g = gameOf($("game").value);
  if (!g) return;
  setRoles(g.roles);
  // in words ("Great Depression", not great_depression: a browser audit); the value is the id
  fill($("scenario"), ...g.scenarios.map((s) =>
    h("option", { value: s, selected: s === g.default_scenario },
      s.split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" "))));
  $("game-info").textContent = (g.summary ? `${g.summary} ` : "") +
    `${g.roles.length} seat${g.roles.length === 1 ? "" : "s"}` +
    // (no count of the action catalogue: "443 kinds of action" told a player nothing, a
    // browser audit)
    (g.hidden_information ? " · hidden information" : "");
  // each bot with what it is, the strongest measured said so (a usability audit: the names
  // alone told a new player nothing); every seat starts human, a game between friends (a
  // second seat started as the random bot, and a game against it was made by accident)
  const notes = g.bot_notes || {};
  const choices = [["human", "Human"], ...(g.bots || []).map((b) => [`bot:${b}`,
    `Bot: ${b}${trainedOn(b)}${notes[b] ? ` — ${notes[b]}` : ""}`])];
  fill($("seat-rows"), ...g.roles.map((role) => {
    const id = `seat-${role}`;
    return h("div", { class: "seat-row" },
      h("label", { for: id }, roleChip(role)),
      h("select", { id, name: id, dataset: { role } },
        choices.map(([v, t]) => h("option", { value: v, selected: v === "human" || null }, t))));
  }));
  if (g.roles.length === 1) {
    $("seat-rows").append(h("p", { class: "hint" }, "A solitaire game: the other side is played by the rules' own BOT."));
  }
  fillWhere();
}

/** The human seats chosen in the form, in the game's order. */
function humanSeats() {
  return [...$("seat-rows").querySelectorAll("select")]
    .filter((sel) => sel.value === "human").map((sel) => sel.dataset.role);
}

/** With two human seats or more: where the people play, all on this device (hot-seat) or
 * each on their own, the creator holding only the seat it names (a hidden-information
 * audit: every seat's link was kept in the creator's browser, one click from the other
 * hand). */
function fillWhere() {
  const humans = humanSeats();
  $("where").hidden = humans.length < 2;
  const was = $("mine").value;
  fill($("mine"), ...humans.map((r) => h("option", { value: r, selected: r === was || null }, roleName(r))));
}

function invitesSaved() {
  try {
    return JSON.parse(localStorage.getItem("warroom.invites") || "{}") || {};
  } catch (err) {
    return {};
  }
}

/** The invitations this browser made (to copy again while their players have not joined;
 * an invitation opens its seat once, so it tells its maker nothing it could not have). */
function saveInvites(gameId, links) {
  try {
    const all = invitesSaved();
    all[gameId] = links;
    localStorage.setItem("warroom.invites", JSON.stringify(all));
  } catch (err) {
    /* private mode: nothing remembered */
  }
}

async function loadCatalogue() {
  try {
    catalogue = await api("/api/catalogue");
  } catch (err) {
    message("error", "The games could not be loaded", err.message);
    return;
  }
  const wanted = new URLSearchParams(location.search).get("game");
  fill($("game"), ...catalogue.map((g) =>
    h("option", { value: g.id, selected: g.id === wanted || null }, `${g.title} (${g.id})`)));
  fillGame();
}

function hotseatUrl(id, tokens) {
  return `${location.origin}/games/${id}#hotseat=${tokens.join(",")}`;
}

/** Whether this page was opened at an address only this computer reaches (a loopback
 * name or 0.0.0.0): an invitation carries the page's address, so one made here opens
 * nothing on a friend's device (an operations audit). */
function localOnly() {
  const host = location.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || host === "0.0.0.0" || host === "::"
    || /^127\./.test(host) || host.endsWith(".localhost");
}

function showCreated(res, seats, game) {
  // the seats whose links this browser was given (with invitations, only its own)
  const humans = Object.keys(seats).filter((r) => seats[r] === "human" && res.tokens[r]);
  const invites = res.invites || {};
  saveSeats(res.id, Object.fromEntries(humans.map((r) => [r, res.tokens[r]])));
  if (Object.keys(invites).length) saveInvites(res.id, invites);
  const rows = Object.keys(seats).map((role) => {
    const invite = invites[role];
    const url = invite || res.seats[role]; // a bot's seat has no link
    const bot = seats[role] !== "human";
    const input = h("input", { type: "text", readonly: true, value: url, class: "link",
      "aria-label": `${invite ? "invitation" : "secret link"} of ${roleName(role)}`, onfocus: (e) => e.target.select() });
    return h("li", { class: "seat-link", dataset: { role, invite: invite ? "1" : null } },
      roleChip(role), " ",
      bot ? h("span", { class: "muted" }, `played by ${seats[role].replace("bot:", "bot ")}`)
        : [input,
          h("button", { type: "button", class: "copy", onclick: (e) => copyText(url, e.target) }, invite ? "Copy invitation" : "Copy"),
          // an invitation is its player's to open (opening it here would take their seat)
          invite ? null : h("a", { href: url, class: "button" }, "Open")]);
  });
  const here = humans.length > 1 ? hotseatUrl(res.id, humans.map((r) => res.tokens[r]))
    : humans.length === 1 ? res.seats[humans[0]] : null;
  const box = $("created");
  fill(box, 
    h("h3", {}, `${game.title}: game ${res.id} is ready`),
    h("p", { class: "hint" }, Object.keys(invites).length
      ? "Send each invitation to its player only: it opens that seat once, on their device, and gives them a secret link this browser is never told. Your own link is the key to your seat (this browser remembers it; the games list can copy the invitations again until they are used)."
      : "Each link is the secret key to its seat: send it only to that player. It is not shown again (this browser remembers the human seats)."),
    h("ul", { class: "seat-links" }, rows),
    Object.keys(invites).length && localOnly()
      ? h("div", { class: "msg error", id: "local-only", role: "note" }, h("div", { class: "msg-body" },
        h("strong", {}, "Only this computer can open these invitations"),
        h("div", {}, `They name ${location.host}, an address another device cannot reach. `
          + "Start the server with --host 0.0.0.0, open the lobby at this machine's network address "
          + "(the server prints it), and create the game there: an invitation carries the address "
          + "its lobby was opened at.")))
      : null,
    here ? h("p", {}, h("a", { href: here, class: "button primary", id: "play-here" },
      humans.length > 1 ? "Play all human seats here (hot-seat)" : `Play ${roleName(humans[0])} here`))
      : h("p", {}, h("a", { href: `/games/${encodeURIComponent(res.id)}/replay`, class: "button primary", id: "play-here" },
        "Watch the bots play"), " ", h("span", { class: "muted" }, "(as a spectator; also from the games list)")),
    h("p", {}, h("button", { type: "button", onclick: () => { box.hidden = true; $("new-form").hidden = false; } },
      "Set up another game")));
  $("new-form").hidden = true;
  box.hidden = false;
  (box.querySelector("#play-here") || box.querySelector("button")).focus();
}

async function create(ev) {
  ev.preventDefault();
  const game = gameOf($("game").value);
  if (!game) return;
  const seats = {};
  for (const sel of $("seat-rows").querySelectorAll("select")) seats[sel.dataset.role] = sel.value;
  const body = { game: game.id, scenario: $("scenario").value || null, seats };
  const seed = $("seed").value.trim();
  if (seed !== "") body.seed = seed; // as typed: a JavaScript number would round a 64-bit seed
  if (!$("where").hidden && $("apart").checked && $("mine").value) body.mine = $("mine").value;
  const button = $("create");
  button.disabled = true;
  try {
    const res = await api("/api/games", { method: "POST", body });
    showCreated(res, seats, game);
    loadGames();
  } catch (err) {
    message("error", "The game could not be created", err.message);
  } finally {
    button.disabled = false;
    // disabled while the request ran, the button lost keyboard focus to the page
    if (!document.activeElement || document.activeElement === document.body) button.focus();
  }
}

function resultText(r) {
  if (!r) return "";
  return r.text || (r.winner ? `${roleName(r.winner)} wins` : r.label || r.termination || "");
}

let gamesAsked = 0; // the newest games list asked for: an older answer draws nothing

async function loadGames() {
  let games;
  const mine = savedSeats();
  // the games this browser holds seats in come first, however many others were started
  const ids = Object.keys(mine).slice(-200).join(",");
  const ticket = ++gamesAsked;
  try {
    games = await api(ids ? `/api/games?ids=${encodeURIComponent(ids)}` : "/api/games");
  } catch (err) {
    if (ticket !== gamesAsked) return;
    message("error", "The games list could not be loaded", err.message);
    return;
  }
  // a slow answer overtaken by a newer one (a game created meanwhile vanished from the
  // list until the next poll: a browser audit)
  if (ticket !== gamesAsked) return;
  const tbody = $("games").tBodies[0];
  // the list is drawn anew every 15 s: a link that had keyboard focus gets it back in the
  // new rows (it fell to the page, WCAG 2.4.3: an accessibility audit)
  const had = tbody.contains(document.activeElement) ? document.activeElement : null;
  const row = had && had.closest("tr") ? had.closest("tr").dataset.id : null;
  const label = had ? had.textContent : null;
  redrawGames(tbody, games, mine);
  if (row) {
    const again = [...tbody.querySelectorAll("tr")].find((tr) => tr.dataset.id === row);
    const link = again && [...again.querySelectorAll("a, button")].find((el) => el.textContent === label);
    if (link) link.focus({ preventScroll: true });
  }
}

function redrawGames(tbody, games, mine) {
  if (!games.length) {
    fill(tbody, h("tr", {}, h("td", { colspan: "7", class: "muted" }, "No games yet.")));
    return;
  }
  fill(tbody, ...games.map((g) => {
    const tokens = mine[g.id] || {};
    const roles = Object.keys(tokens);
    const links = [];
    // each row's buttons named with their game: a screen reader heard nine "Replay" and
    // nine "Record" for nine games (an accessibility audit)
    const of = (label) => `${label}: ${g.game}${g.scenario ? ` ${g.scenario}` : ""}, game ${g.id}`;
    // a game created with another content pack than this server's answers 409: it is not
    // offered to resume, watch or replay here; a finished one's record (as stored) is
    const opens = !g.other_content;
    // a finished game is opened, not resumed (a browser audit read "Resume as Axis" on one)
    const verb = g.status === "over" ? "Open" : "Resume";
    if (opens && roles.length > 1) {
      links.push(h("a", { href: hotseatUrl(g.id, roles.map((r) => tokens[r])), class: "button small", "aria-label": of(verb) }, verb));
    } else if (opens && roles.length === 1) {
      links.push(h("a", { href: `/games/${g.id}#${tokens[roles[0]]}`, class: "button small", "aria-label": of(`${verb} as ${roleName(roles[0])}`) }, `${verb} as ${roleName(roles[0])}`));
    }
    // an invitation this browser made, whose player has not joined yet: copied again
    const invited = invitesSaved()[g.id] || {};
    for (const role of g.waiting || []) {
      if (invited[role] && g.status !== "over") {
        links.push(h("button", { type: "button", class: "small copy-invite", "aria-label": of(`Copy invitation (${roleName(role)})`), onclick: (e) => copyText(invited[role], e.target) },
          `Copy invitation (${roleName(role)})`));
      }
    }
    const bots = Object.values(g.seats || {}).every((p) => p !== "human");
    if (opens && g.status !== "over" && bots) {
      links.push(h("a", { href: `/games/${g.id}/replay`, class: "button small watch", "aria-label": of("Watch") }, "Watch"));
    }
    if (g.status === "over") {
      if (opens) links.push(h("a", { href: `/games/${g.id}/replay`, class: "button small replay", "aria-label": of("Replay") }, "Replay"));
      links.push(h("a", { href: `/api/games/${g.id}/record`, class: "button small", download: `${g.game}-${g.id}.json`, "aria-label": of("Record") }, "Record"));
    }
    // each cell says what it is (data-label): on a phone the rows are cards, without the
    // table's head
    return h("tr", { dataset: { id: g.id, status: g.status } },
      h("td", { class: "g-game" }, h("strong", {}, g.game), " ", h("span", { class: "muted" }, g.scenario || ""),
        h("div", { class: "muted small" }, g.id)),
      h("td", { class: "g-seats" }, Object.entries(g.seats || {}).map(([r, p]) =>
        h("span", { class: "seat-cell" }, roleChip(r), " ", p === "human" ? "human" : p.replace("bot:", "bot ")))),
      h("td", { class: "n g-moves", dataset: { label: "Moves" } }, String(g.moves ?? g.version)),   // actions played, undos taken back
      h("td", { class: "g-status" }, g.other_content
        ? h("span", { class: "status other", title: g.other_content }, "another content pack")
        : h("span", { class: `status ${g.status}` }, g.status === "over" ? "over" : "in play")),
      h("td", { class: "g-result" }, resultText(g.result)),
      h("td", { class: "small g-updated", dataset: { label: "Updated" } }, when(g.updated)),
      h("td", { class: "links" }, links));
  }));
}

async function upload(ev) {
  ev.preventDefault();
  const file = $("record-file").files[0];
  if (!file) {
    message("error", "Choose a record file first");
    return;
  }
  try {
    const res = await api("/api/records", { method: "POST", body: await file.text(), raw: true });
    location.href = `/replay/${res.id}`;
  } catch (err) {
    message("error", "The record could not be opened", err.message);
  }
}

$("game").addEventListener("change", fillGame);
$("seat-rows").addEventListener("change", fillWhere);
$("new-form").addEventListener("submit", create);
$("refresh-games").addEventListener("click", loadGames);
$("upload-form").addEventListener("submit", upload);
loadCatalogue();
loadGames();
setInterval(() => { if (!document.hidden) loadGames(); }, 15000);

/** A shipped model named for a scenario (net:eit2-1920) says so: it plays every scenario
 * of its game, but was trained (and measured) on that one. */
function trainedOn(bot) {
  const m = /^net:[^-]+-(.+)$/.exec(bot);
  return m ? ` (a network trained on the ${m[1]} scenario)` : "";
}
