// Which map a view is drawn with. A game's own renderer (by the view's `game`, or by
// `view.map.kind` when the content names one) wins; otherwise the generic graph map of
// map.js draws any `map` with spaces and links. Every renderer has the same signature:
// render(view, legal, ui, act) -> an SVG/DOM node, or null when the view has no map.
// `act(key)` plays a legal action; `act.whyNot(target)` asks why a target cannot be chosen;
// `act.replay` is true in the replay viewer (its legend leaves out a seat's marks).
import { renderMap as renderGraph } from "./map.js";
import { renderEaw1940 } from "./map_eaw1940.js";
import { renderSfe } from "./map_sfe.js";
import { renderTk } from "./map_tk.js";

const RENDERERS = {
  // game id or map kind -> renderer; each game's module adds one line here
  eaw1940: renderEaw1940,
  sfe: renderSfe,
  tk: renderTk,
};

export function renderMap(view, legal, ui, act) {
  if (!view) return null;
  const kind = (view.map && view.map.kind) || view.game;
  const own = RENDERERS[kind] || RENDERERS[view.game];
  return own ? own(view, legal, ui, act) : renderGraph(view, legal, ui, act);
}
