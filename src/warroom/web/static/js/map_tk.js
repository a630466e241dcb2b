export function renderTk() { return null; }
