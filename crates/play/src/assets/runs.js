// The table of level runs (issue 49): a ranked run that ended can be
// saved. The page sends its levels' tickets and nothing else: the server
// deals every level again, replays the steps it logged on each ticket at
// the times its own clock gave them, and stores the score they make
// (`POST /api/runs`). The best ten runs of the setting are listed on the
// level-failed screen.

import { api } from "./common.js";
import { $, capital } from "./dom.js";
import { tableRow } from "./finish.js";
import { level, saveLevel } from "./level_state.js";

/** The query that names this run's table: its size and rules (each level
 * has its own gravity, so gravity is not part of it). */
function runQuery() {
  const b = level.base;
  return new URLSearchParams({
    rows: b.rows, cols: b.cols, kinds: b.kinds, turns: b.rules.turns, border: b.rules.border,
    groups: b.rules.groups || "",
  }).toString();
}

/** Lists the best runs; `mine` is the rank just stored (its line marked). */
async function showBestRuns(mine) {
  const list = $("best-runs");
  const res = await api("runs?" + runQuery());
  list.replaceChildren();
  if (!res.ok) {
    $("best-runs-note").textContent = res.data.error;
    return;
  }
  $("best-runs-note").textContent = res.data.runs.length === 0 ? "No runs yet for these settings." : "";
  res.data.runs.forEach((e, i) => {
    const li = tableRow(e.name, e.score + " (" + e.levels + " level" + (e.levels === 1 ? "" : "s") +
      ", " + e.date.slice(0, 10) + ")");
    if (mine !== undefined && i + 1 === mine) li.className = "mine";
    list.appendChild(li);
  });
}

/** The level-failed screen's lower half: the name form (a run that scored
 * and is not saved yet) and the table. */
export function showRunEnd() {
  const ranked = level.tickets !== null && level.tickets.length > 0;
  const worth = ranked && level.state.score > 0 && !level.saved;
  $("run-form").hidden = !worth;
  $("run-note").textContent = level.saved ? "This run is saved." : ranked ? ""
    : capital(level.unranked || "this run is not ranked") + ".";
  $("run-name").value = localStorage.getItem("lianliankan-name") || "";
  showBestRuns();
}

/** Sends the run to the server, which replays it level by level. */
async function saveRun() {
  const name = $("run-name").value.trim();
  if (name === "" || level.state === null) return;
  localStorage.setItem("lianliankan-name", name);
  $("run-save").disabled = true;
  const res = await api("runs", { name, tickets: level.tickets });
  $("run-save").disabled = false;
  if (!res.ok) {
    $("run-note").textContent = "Not saved: " + res.data.error;
    return;
  }
  level.saved = true;
  saveLevel();
  $("run-form").hidden = true;
  await showBestRuns(res.data.rank);
  $("run-note").textContent = "Saved: score " + res.data.score + ", number " + res.data.rank +
    " for these settings.";
}

/** The level run's form. */
export function startRuns() {
  $("run-form").addEventListener("submit", (e) => {
    e.preventDefault();
    saveRun();
  });
}
