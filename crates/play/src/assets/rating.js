// The deal's rating (the server's measure of a deal of a difficulty): in
// a few words on the status line, in a sentence on the finish screens.

import { $, capital } from "./dom.js";
import { game } from "./state.js";

/** A rating in a few words: "hard, score 57". */
export function ratingShort(rating) {
  return rating ? rating.difficulty + ", score " + rating.score : "unrated";
}

/** A rating in a sentence: its band, its score, and how often random
 * play clears the deal. */
function ratingSentence(rating) {
  return "This deal is rated " + rating.difficulty + ": score " + rating.score +
    " of 100; random play clears " + Math.round(rating.forgiveness * 100) + "% (" +
    rating.cleared + " of " + rating.plays + " games).";
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
