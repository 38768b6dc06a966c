// Whether the game on the board is ranked, said at once: its ticket (a
// classic game's or a level's), a ticket the server no longer knows, a
// game made assisted by a hint, shuffle, undo or auto-solve, and the
// status line's word on it.

import { $ } from "./dom.js";
import { ask, emit } from "./events.js";
import { clockRun, clockShouldRun, dropTicket, game, setAssisted } from "./state.js";

/** Whether the game on the board is over: a classic board cleared, or a
 * level run's level cleared or the run over. Nothing changes it then
 * (issue 55: a finish is final). */
export function gameFinished() {
  return game.spec !== null && (game.position.cleared || ask("finished") === true);
}

/** The ticket of a ranked classic game (null in a level run, whose
 * ticket is the level's: `ask("ticket")`, or in a game not ranked). */
export function classicTicket() {
  return ask("inRun") === true ? null : game.ticket;
}

/** The ticket a step of the game on the board is sent with: a ranked
 * level's or a ranked classic game's (every step of a ranked game is
 * logged live by the server, at its clock's time), or null. */
export function stepTicket() {
  return ask("ticket") || classicTicket();
}

/** The server refused a step's ticket (422, `error`): when it does not
 * know it, the game goes on unranked (a level run says why at its end)
 * and the step is sent again without it; whether that is so. */
export function ticketLost(error) {
  if (ask("ticketLost", error) === true) return true;
  if (classicTicket() === null || !String(error).startsWith("unknown ticket")) return false;
  dropTicket();
  clockRun(clockShouldRun());
  showRanked();
  return true;
}

/** Whether the classic game on the board can still enter the high
 * scores: ranked (a solvable deal the server seeded) and not assisted. */
export function rankedUnassisted() {
  return classicTicket() !== null && game.spec.solvable && !game.assisted &&
    !(game.finished && game.finished.ranked === false);
}

/** The game is assisted from now on (a hint, a shuffle, an undo or
 * auto-solve, `what`): a ranked classic game says at once, in words, that
 * it no longer enters the high scores (issue 55); returns that sentence
 * (empty when nothing changed) for the message of the action. */
export function assist(what) {
  const was = rankedUnassisted();
  if (ask("inRun") !== true) setAssisted();
  emit("assisted", what);
  showRanked();
  return was ? " " + what + " used: this game is no longer ranked." : "";
}

/** The status line's word on the classic game: ranked, or not and why. */
export function showRanked() {
  const box = $("ranked-box");
  if (!box) return;
  const inRun = ask("inRun") === true;
  box.hidden = game.spec === null || inRun;
  if (box.hidden) return;
  const word = rankedUnassisted() ? "ranked" : game.assisted ? "not ranked (assisted)" : "not ranked";
  $("ranked").textContent = word;
  box.classList.toggle("off", !rankedUnassisted());
}
