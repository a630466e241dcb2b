// The warroom JSON API from the browser. Seat tokens travel in the X-Warroom-Token
// header (never in a URL the server logs); EventSource, which cannot set one, opens the
// live-update stream with the seat's own events_key (it opens that stream and nothing else).

export class ApiError extends Error {
  constructor(status, data) {
    super((data && data.error) || `HTTP ${status}`);
    this.status = status;
    this.data = data || {};
  }
}

/** Call the API; the parsed JSON answer, or with `text` its exact text (a record: 64-bit
 * seeds would lose digits as JavaScript numbers). */
export async function api(path, { method = "GET", body, token, raw = false, text: asText = false } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers["X-Warroom-Token"] = token;
  let payload;
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = raw ? body : JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, { method, headers, body: payload, cache: "no-store" });
  } catch (err) {
    throw new ApiError(0, { error: "the server cannot be reached; check your connection" });
  }
  const text = await res.text();
  if (asText && res.ok) return text;
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (err) {
    data = { error: text.slice(0, 300) || `HTTP ${res.status}` };
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

/** Remember the seat links this browser has opened or created (for "resume"). */
const STORE = "warroom.seats";

export function savedSeats() {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "{}") || {};
  } catch (err) {
    return {};
  }
}

export function saveSeats(gameId, tokensByRole) {
  try {
    const all = savedSeats();
    all[gameId] = { ...(all[gameId] || {}), ...tokensByRole };
    localStorage.setItem(STORE, JSON.stringify(all));
  } catch (err) {
    /* private mode: nothing remembered */
  }
}
