// The page's small helpers every view uses: an element by id, a cell's
// key, a wait that respects reduced motion, and the message line.

export const $ = (id) => document.getElementById(id);

/** Whether the player asks for reduced motion. */
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Waits `ms`, or not at all for a player who asks for reduced motion. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, reducedMotion() ? 0 : ms));

/** The key of cell (r, c) in the maps of tiles and verdicts. */
export const key = (r, c) => r + "," + c;

// One voice for screen readers: the live region #announce. An action
// that announces itself (announce.js: the tiles by name, the path's
// turns) is heard once; the message line, no live region of its own, is
// read out only when nothing else spoke in the same turn of the event
// loop (a deal, a server's refusal, "14 tiles slid").

/** The message line's text written this turn, and whether the page spoke. */
let pending = null;
let spoke = false;
let turnEnding = false;

/** At the end of this turn: the message line read out unless the page spoke. */
function endOfTurn() {
  if (turnEnding) return;
  turnEnding = true;
  queueMicrotask(() => {
    turnEnding = false;
    if (!spoke && pending) $("announce").textContent = pending;
    pending = null;
    spoke = false;
  });
}

/** Says `text` to a screen reader (the live region #announce). */
export function speak(text) {
  $("announce").textContent = text;
  spoke = true;
  endOfTurn();
}

/** The message line under the toolbar (`tone`: "good", "bad" or none),
 * read out by a screen reader unless the action spoke for itself. */
export function say(text, tone) {
  const el = $("message");
  el.textContent = text;
  el.className = tone || "";
  pending = text;
  endOfTurn();
}

export function capital(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Each gravity mode in words, with arrows for where the tiles go. */
export const GRAVITY_WORDS = {
  none: "none: tiles stay",
  down: "↓ down",
  up: "↑ up",
  left: "← left",
  right: "→ right",
  "apart-vertical": "↑↓ apart, vertically",
  "together-vertical": "↓↑ together, vertically",
  "apart-horizontal": "←→ apart, horizontally",
  "together-horizontal": "→← together, horizontally",
  "top-left-bottom-right": "⇇⇉ top left, bottom right",
  "left-down-right-up": "⇊⇈ left down, right up",
  outward: "↖↘ outward, to the corners",
  inward: "↘↖ inward, to the centre",
};
