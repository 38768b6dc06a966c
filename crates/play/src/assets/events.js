// What the game tells another game mode (the level game, level.js) and
// what it asks it: an emitter with a fixed list of names, so that a name
// misspelt on either side fails at once instead of never being called.
//
// `emit` tells every listener; `ask` returns the first answer a listener
// gives (undefined when none does: the classic game as it is).

/** What the game tells: a deal begins, a pair went or was refused, the
 * server saw a step after the countdown, a hint was shown, a shuffle done
 * or refused, the page is about to pause, was paused or resumed, the
 * server read the clock, a saved game was resumed, an assist was used (a
 * hint, shuffle, undo or auto-solve), a classic game's finish screen was
 * shown (again when the server's finish came), a level run ended. */
const EVENTS = new Set([
  "dealing", "removed", "refused", "timeUp", "hinted", "shuffled", "beforePause", "paused",
  "serverClock", "resumed", "assisted", "gameOver", "runOver",
]);

/** What the game asks: whether a run is on the board, whether its level
 * is over, the ticket a step goes with, whether a lost ticket is the
 * mode's, whether a cleared or dead board is the mode's to show, whether
 * the form's submit is the mode's, whether an action is allowed, whether
 * picks are blocked, which buttons are off. */
const QUESTIONS = new Set([
  "inRun", "finished", "ticket", "ticketLost", "cleared", "dead", "submit", "allows", "blocksPick",
  "disabled",
]);

const subscribers = new Map();

function known(name) {
  if (!EVENTS.has(name) && !QUESTIONS.has(name)) throw new Error("no game event named " + name);
}

/** Calls `listener` at each event (or question) `name`. */
export function on(name, listener) {
  known(name);
  if (!subscribers.has(name)) subscribers.set(name, []);
  subscribers.get(name).push(listener);
}

/** Tells every listener of the event `name`. */
export function emit(name, ...args) {
  if (!EVENTS.has(name)) throw new Error("no game event named " + name);
  for (const listener of subscribers.get(name) || []) listener(...args);
}

/** The first answer of a listener to the question `name`, or undefined. */
export function ask(name, ...args) {
  if (!QUESTIONS.has(name)) throw new Error("no game question named " + name);
  for (const listener of subscribers.get(name) || []) {
    const answer = listener(...args);
    if (answer !== undefined) return answer;
  }
  return undefined;
}
