// The end of a classic game: the finish screen over the board (time,
// KShisen's score, rank, the best for these settings, New game and Restart),
// and the score sent to the server, which replays the game and stores it.

import { deselect } from "./board_view.js";
import { clock, tick } from "./clock_view.js";
import { api } from "./common.js";
import { $ } from "./dom.js";
import { emit } from "./events.js";
import { rulesQuery, saveGame } from "./form.js";
import { rankedUnassisted } from "./ranked.js";
import { showRating } from "./rating.js";
import {
  elapsed, game, setFinished, setFinishing, setSaved, stopRankedClock,
} from "./state.js";

/** KShisen's score (the play README's formula) for a board of `cells` cleared in `ms`. */
function kshisenScore(cells, ms, gravity) {
  const seconds = Math.max(1, Math.floor(ms / 1000));
  const base = Math.floor((cells / seconds) / 0.14 * 100 * Math.sqrt(cells / 14 * 6));
  return gravity === "none" ? base : 2 * base;
}

/** The query that names this game's table of high scores. */
function tableQuery() {
  const s = game.spec, r = game.rules;
  const q = new URLSearchParams({ rows: s.rows, cols: s.cols, kinds: s.kinds, ...rulesQuery(r) });
  // A table is a difficulty's too (easy and hard deals never share ranks).
  if (s.difficulty) q.set("difficulty", s.difficulty);
  return q.toString();
}

/** Fills the table of the best scores for this game's settings; `mine` is
 * the id just stored (its line is marked). */
async function showBest(mine) {
  const list = $("best");
  // A daily deal's table is its day's: the fastest clears.
  const day = game.spec.daily;
  list.previousElementSibling.textContent = day ? "Fastest on " + day + " (the daily deal)" : "Best for these settings";
  const res = await api(day ? "daily/scores?date=" + day : "scores?" + tableQuery());
  list.replaceChildren();
  if (!res.ok) {
    $("best-note").textContent = res.data.error;
    return;
  }
  $("best-note").textContent = res.data.scores.length === 0
    ? (day ? "No clear saved yet that day." : "No scores yet for these settings.") : "";
  res.data.scores.forEach((e, i) => {
    const li = day ? tableRow(e.name, clock(e.elapsed_ms))
      : tableRow(e.name, e.score + " (" + clock(e.elapsed_ms) + ", " + e.date.slice(0, 10) + ")");
    if (mine !== undefined && i + 1 === mine) li.className = "mine";
    list.appendChild(li);
  });
  const best = res.data.scores[0];
  finishNumbers.best = !best ? "none yet" : (day ? clock(best.elapsed_ms) : best.score) + " (" + best.name + ")";
  showFinishNumbers();
}

/** A line of a table of names: the name as plain text in an isolate
 * (`<bdi>`: its letters, of either direction, never turn the rest of the
 * line around), then the rest. The server has already taken control and
 * direction characters out of the name. */
export function tableRow(name, rest) {
  const li = document.createElement("li");
  const who = document.createElement("bdi");
  who.textContent = name;
  li.append(who, " — " + rest);
  return li;
}

/** The numbers of the classic finish screen: time, score, rank, best. */
export const finishNumbers = { time: "", score: "", rank: "", best: "" };

function showFinishNumbers() {
  const dl = $("won-numbers");
  dl.replaceChildren();
  for (const [name, value] of [["Time", finishNumbers.time], ["Score", finishNumbers.score],
    ["Rank", finishNumbers.rank], ["Best", finishNumbers.best]]) {
    if (value === "") continue;
    const dt = document.createElement("dt");
    dt.textContent = name;
    const dd = document.createElement("dd");
    dd.textContent = value;
    dl.append(dt, dd);
  }
}

/** The finish screen of a cleared board: time, score, and whether it can
 * enter the high scores. A ranked game's time and score are the server's:
 * its finish is sent as soon as the board is cleared. */
export function showFinish() {
  // The server's word, once it has replayed the game, is the last.
  const ranked = rankedUnassisted();
  // The clear: a ranked game's clock stops here (the server's stops when
  // it hears).
  stopRankedClock();
  const ms = game.finished ? game.finished.elapsed_ms : elapsed();
  const cells = game.spec.rows * game.spec.cols;
  const score = game.finished ? game.finished.score : kshisenScore(cells, ms, game.rules.gravity);
  // One message: the title says the time, the line the score.
  $("won-title").textContent = "Cleared in " + clock(ms) + "!";
  $("won-line").textContent = ranked ? "Score " + score + "." : "";
  $("won-line").hidden = !ranked;
  Object.assign(finishNumbers, {
    time: clock(ms), score: ranked ? String(score) : game.assisted ? "assisted: not scored" : "not ranked",
    rank: game.saved ? finishNumbers.rank : "", best: finishNumbers.best,
  });
  showFinishNumbers();
  let note = "";
  if (game.finished && game.finished.ranked === false && !game.assisted) {
    note = "Not ranked: " + (game.finished.why || "the server did not rank this game") + ".";
  } else if (game.assisted) note = "Assisted (hint, shuffle, undo or auto-solve): the time counts, the score does not enter the high scores.";
  else if (!game.spec.solvable) note = "A random deal: only solvable deals enter the high scores.";
  else if (game.ticket === null) note = "A deal of a chosen seed (a link, Restart or the seed box) is not ranked: New game deals one the server seeds.";
  $("score-note").textContent = note;
  showRating();
  $("score-form").hidden = !ranked || game.saved;
  $("score-name").value = localStorage.getItem("lianliankan-name") || "";
  const won = $("won");
  if (won.hidden) {
    won.hidden = false;
    deselect();
    showBest();
  }
  if (ranked && game.finished === null && game.finishing === null) setFinishing(finishRanked());
  emit("gameOver");
}

/** Tells the server the ranked game is finished: it replays the steps it
 * logged as they came (the ticket alone is sent) and answers the game's
 * time on its clock, the score, and whether the game enters the tables
 * (`ranked`; `why` not: assisted, or faster than a person). */
async function finishRanked() {
  const res = await api("finish", { ticket: game.ticket });
  setFinishing(null);
  if (!res.ok) {
    $("score-note").textContent = "Not ranked: " + res.data.error;
    $("score-form").hidden = true;
    return;
  }
  setFinished(res.data);
  saveGame();
  tick();
  showFinish();
}

/** Stores the finished ranked game's score under the name given. */
export async function saveScore() {
  const name = $("score-name").value.trim();
  if (name === "") return;
  localStorage.setItem("lianliankan-name", name);
  $("score-save").disabled = true;
  // The server times the game when it hears of its finish: wait for that.
  if (game.finishing !== null) await game.finishing;
  if (game.finished === null) await finishRanked(); // a finish lost (a reload)
  if (game.finished === null) {
    $("score-save").disabled = false;
    return;
  }
  const res = await api("scores", { name, ticket: game.ticket });
  $("score-save").disabled = false;
  if (!res.ok) {
    $("score-note").textContent = "Not saved: " + res.data.error;
    return;
  }
  setSaved();
  $("score-form").hidden = true;
  finishNumbers.rank = "number " + res.data.rank;
  // The table first, then the note: when "Saved" shows, so does the score.
  await showBest(res.data.rank);
  $("score-note").textContent = "Saved: score " + res.data.score + ", number " + res.data.rank +
    (game.spec.daily ? " on " + game.spec.daily + "'s daily deal." : " for these settings.");
}
