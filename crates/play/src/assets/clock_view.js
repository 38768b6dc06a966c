// The clock on the status line: the game's time (state.js keeps it) in
// minutes and seconds, set right by the server's reading of a ranked game.

import { $ } from "./dom.js";
import { elapsed, game, setServerClock } from "./state.js";

export function clock(ms) {
  const s = Math.floor(ms / 1000);
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

/** The server's reading of a ranked game's clock (`clock_ms`, paused time
 * left out): the page's clock is set to it. */
export function serverClock(clockMs) {
  if (setServerClock(clockMs)) tick();
}

export function tick() {
  if (game.spec === null) return;
  $("timer").textContent = clock(elapsed());
}
