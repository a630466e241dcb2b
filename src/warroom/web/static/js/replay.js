// A minimal replay viewer: step through an uploaded record, seen as a spectator.
import { api } from "./api.js";
import { fill, h, message, roleChip, ruleBadge, setRoles } from "./ui.js";
import { renderMap } from "./maps.js";
import { renderBoard, renderLog, splitHands } from "./view.js";

const $ = (id) => document.getElementById(id);
const recordId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const ui = new Map();
let steps = 0;
let step = 0;
let loading = 0;

async function show(k) {
  const want = Math.max(0, Math.min(k, steps || k));
  const ticket = ++loading;
  let r;
  try {
    r = await api(`/api/records/${encodeURIComponent(recordId)}?step=${want}`);
  } catch (err) {
    message("error", "The record could not be loaded", err.message);
    return;
  }
  if (ticket !== loading) return;
  steps = r.steps;
  step = r.step;
  const v = r.view || {};
  setRoles(Object.keys((v.sides || {})));
  fill($("title"), `Replay: ${r.record.game}`, " ",
    h("span", { class: "scenario" }, r.record.scenario || ""));
  $("step").textContent = String(step);
  $("steps").textContent = String(steps);
  $("slider").max = String(steps);
  $("slider").value = String(step);
  const last = step > 0 ? r.record.actions[step - 1] : null;
  $("action").textContent = last === null ? "The start of the game." : `Last action: ${last}`;
  fill($("turn"), v.active ? [roleChip(v.active), " to play"] : (step === steps ? "end of the record" : ""));
  const res = v.result;
  $("result").hidden = !res;
  fill($("result"), ...(res ? [h("strong", {}, "Result: "), res.text || res.label || JSON.stringify(res), " ", ruleBadge(res.rule)] : []));
  const { rest } = splitHands(v, null);
  fill($("board"), renderMap(v, [], ui, () => {}), ...renderBoard(rest, r.record.game, ui).filter(Boolean));
  renderLog($("log"), v.log);
  $("log-panel").scrollTop = $("log-panel").scrollHeight;
  document.body.dataset.step = String(step);
  for (const [id, off] of [["first", step === 0], ["prev", step === 0], ["next", step >= steps], ["last", step >= steps]]) {
    $(id).disabled = off;
  }
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(step - 1));
$("next").addEventListener("click", () => show(step + 1));
$("last").addEventListener("click", () => show(steps));
$("slider").addEventListener("change", (e) => show(Number(e.target.value)));
document.addEventListener("keydown", (e) => {
  if (e.target.closest && e.target.closest("input, textarea, select")) return;
  if (e.key === "ArrowRight") show(step + 1);
  else if (e.key === "ArrowLeft") show(step - 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(steps);
});
const start = Number(new URLSearchParams(location.search).get("step"));
show(Number.isFinite(start) && start > 0 ? start : 0);
