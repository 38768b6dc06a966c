// The one-screen how-to-play: shown on a first visit before the game is
// dealt (the deal, and a ranked game's clock, wait for it to close),
// dismissed with Play, Esc or a click beside it, and shown again by the
// header's "How to play", which pauses the game in play until it closes.

import { gameFinished } from "./ranked.js";
import { game } from "./state.js";

const HOWTO_SEEN = "lianliankan-howto";
let howtoWaiters = [];
let howtoPaused = false; // the how-to paused the game: closing it resumes
/** Pauses (`true`) or resumes the game (given at `startHowto`). */
let pauseGame = () => {};

/** Resolves when the how-to is closed (at once when it is not shown). */
export function howtoClosed() {
  if (document.getElementById("howto").hidden) return Promise.resolve();
  return new Promise((resolve) => howtoWaiters.push(resolve));
}

function showHowto(open) {
  const box = document.getElementById("howto");
  if (box.hidden === !open) return;
  box.hidden = !open;
  if (open) {
    // No clock runs while the how-to covers the board.
    if (game.spec !== null && !game.paused && !gameFinished()) {
      pauseGame(true);
      howtoPaused = true;
    }
    document.getElementById("howto-close").focus();
  } else {
    if (howtoPaused) {
      howtoPaused = false;
      if (game.paused) pauseGame(false);
    }
    const waiters = howtoWaiters;
    howtoWaiters = [];
    waiters.forEach((resolve) => resolve());
    try {
      localStorage.setItem(HOWTO_SEEN, "seen");
    } catch (e) {
      // Refused: it shows again next time, no worse.
    }
    // The keys go back to the board.
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
  }
}

/** The how-to's buttons; shown on a first visit. `pause(on)` pauses or
 * resumes the game while the how-to covers it. */
export function startHowto(pause) {
  pauseGame = pause;
  const box = document.getElementById("howto");
  document.getElementById("howto-open").addEventListener("click", () => showHowto(true));
  document.getElementById("howto-close").addEventListener("click", () => showHowto(false));
  box.addEventListener("click", (e) => {
    if (e.target === box) showHowto(false);
  });
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      showHowto(false);
    }
  });
  let seen = null;
  try {
    seen = localStorage.getItem(HOWTO_SEEN);
  } catch (e) {
    seen = "seen";
  }
  const judge = location.pathname === "/judge";
  if (seen === null && !judge) showHowto(true);
}
