// What both views share: calling the API (and whether the server can be
// reached), tile colours, path geometry.

/** Whether the last request reached the server (a network failure says
 * no; any answer, yes). The page's "offline" state follows it: the event
 * `llk-reachable` on `window` tells of each change. */
let reachable = true;

/** Whether the server answered the last request. */
export const serverReachable = () => reachable;

function setReachable(yes) {
  if (reachable === yes) return;
  reachable = yes;
  window.dispatchEvent(new CustomEvent("llk-reachable", { detail: yes }));
}

/** POSTs `body` as JSON to `/api/<path>` (GET without a body) and returns
 * `{ ok, status, data }`; `data.error` holds the server's message on a 4xx
 * or 5xx, and a network failure (or `signal` aborting the request) is
 * reported the same way. */
export async function api(path, body, signal) {
  const init = body === undefined
    ? { method: "GET" }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  if (signal) init.signal = signal;
  try {
    const response = await fetch("/api/" + path, init);
    setReachable(true);
    let data;
    try {
      data = await response.json();
    } catch (e) {
      data = { error: "the server sent no JSON (status " + response.status + ")" };
    }
    return { ok: response.ok, status: response.status, data };
  } catch (e) {
    if (e.name === "AbortError") return { ok: false, status: 0, data: { error: "aborted" } };
    setReachable(false);
    return { ok: false, status: 0, data: { error: "offline: this needs the server, which cannot be reached (" + e.message + ")" } };
  }
}

/** The background colour of a tile of `kind`: hues spread by the golden
 * angle so that nearby kinds differ, three lightness bands. */
export function tileColour(kind) {
  const hue = Math.round((kind * 137.508) % 360);
  const light = [82, 70, 90][kind % 3];
  const sat = [70, 60, 80][(kind >> 1) % 3];
  return "hsl(" + hue + ", " + sat + "%, " + light + "%)";
}

/** The centre of cell (row, col) in pixels on a drawing whose one-cell
 * margin (the ring around the board, row or column -1) starts at 0. */
export function cellCentre(row, col, size) {
  return [(col + 1.5) * size, (row + 1.5) * size];
}

/** The `points` attribute of an SVG polyline through a path's corners. */
export function pathPoints(corners, size) {
  return corners.map(([r, c]) => cellCentre(r, c, size).join(",")).join(" ");
}

/** Draws a path's corners on a 2D canvas context. */
export function strokePath(ctx, corners, size, colour, width) {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  ctx.beginPath();
  corners.forEach(([r, c], i) => {
    const [x, y] = cellCentre(r, c, size);
    if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  });
  ctx.stroke();
  ctx.restore();
}

/** The page's two views: the game at `/`, the judge viewer on its own page,
 * `/judge` (an old `#judge` link is sent there). */
export function showView() {
  if (location.hash === "#judge" && location.pathname !== "/judge") {
    location.replace("/judge");
    return;
  }
  const judge = location.pathname === "/judge";
  document.title = judge ? "Lianliankan — judge viewer" : "Lianliankan — play";
  document.getElementById("play-view").hidden = judge;
  document.getElementById("judge-view").hidden = !judge;
  document.getElementById("nav-play").classList.toggle("active", !judge);
  document.getElementById("nav-judge").classList.toggle("active", judge);
}
/** Whether this is the judge viewer's page (no game is dealt there). */
export const isJudgePage = () => location.pathname === "/judge";
