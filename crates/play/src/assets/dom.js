// The page's small helpers every view uses: an element by id, a cell's
// key, a wait that respects reduced motion, and the message line.

export const $ = (id) => document.getElementById(id);

/** Whether the player asks for reduced motion. */
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Waits `ms`, or not at all for a player who asks for reduced motion. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, reducedMotion() ? 0 : ms));

/** The key of cell (r, c) in the maps of tiles and verdicts. */
export const key = (r, c) => r + "," + c;

/** The message line under the toolbar (`tone`: "good", "bad" or none). */
export function say(text, tone) {
  const el = $("message");
  el.textContent = text;
  el.className = tone || "";
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
