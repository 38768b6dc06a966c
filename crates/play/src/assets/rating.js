// The deal's rating (the server's measure of a deal of a difficulty: its
// band among its setting's bands, decided at 95% by random games): in a
// few words on the status line, in a sentence on the finish screens.

import { $, capital } from "./dom.js";
import { game } from "./state.js";

/** Percent of a fraction, whole. */
const percent = (x) => Math.round(x * 100) + "%";

/** A deal's band in a few words: "hard: random play clears 3%". */
export function ratingShort(rating) {
  if (!rating) return "unrated";
  return (rating.difficulty || "undecided") + ": random play clears " + percent(rating.forgiveness);
}

/** A deal's band in a sentence: the band, how often random play cleared
 * it (with the 95% interval), and what the bands mean on this board and
 * these rules. */
function ratingSentence(rating) {
  const band = rating.difficulty
    ? "This deal is " + rating.difficulty + " for this board and these rules"
    : "This deal's band is undecided";
  return band + ": random play cleared " + rating.cleared + " of " + rating.games +
    " games (" + percent(rating.forgiveness) + "; 95% sure between " + percent(rating.low) +
    " and " + percent(rating.high) + "). Here easy means random play clears " +
    percent(rating.easy_from) + " or more, hard under " + percent(rating.hard_below) + ".";
}

/** Shows the deal's rating in the status line (with, for a deal not in
 * the band asked for, "no hard found" and the server's note as its
 * title) and on the finish screens (cleared, stuck, lost, a level run
 * over). Called before the board is laid out: the status line's height
 * is the board's business. */
export function showRating() {
  const r = game.rating;
  const note = game.rated && game.rated.note;
  const box = $("deal-rating-box");
  box.hidden = r === null && !note;
  box.classList.toggle("off-band", !!note);
  box.title = note ? capital(note) + "." : "";
  $("deal-rating").textContent = (r === null ? "unrated" : ratingShort(r)) +
    (note && game.spec && game.spec.difficulty ? " (no " + game.spec.difficulty + " found)" : "");
  for (const id of ["won-rating", "dead-rating", "lost-rating", "over-rating"]) {
    $(id).textContent = r === null ? "" : ratingSentence(r);
    $(id).hidden = r === null;
  }
}
