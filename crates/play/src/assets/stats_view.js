// The stats panel (`#stats`): the player's record (record.js) in numbers —
// games played and cleared, best and average times per preset and
// difficulty, assisted or not, the daily streak — a small chart of the
// last clears' times (inline SVG), and the record's export (a JSON
// download), import (checked and merged) and clearing.

import { clock } from "./clock_view.js";
import { $ } from "./dom.js";
import {
  clearRecord, exportText, importText, loadRecord, onRecorded, recordNotes, serverDay, statistics, streak,
} from "./record.js";

/** Clears drawn on the chart. */
const CHART_GAMES = 20;
const SVG = "http://www.w3.org/2000/svg";

function make(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  Object.assign(el, props);
  el.append(...children);
  return el;
}

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** The chart of the last clears' times: one bar a clear, oldest first,
 * height by time, an unassisted clear filled, an assisted one outlined;
 * its title says what it shows. */
export function timesChart(games) {
  const clears = games.filter((g) => g.cleared && g.ms !== null).slice(-CHART_GAMES);
  const w = 320, h = 120, pad = 18;
  const root = svg("svg", { viewBox: "0 0 " + w + " " + h, width: "100%", role: "img", id: "stats-chart" });
  const title = svg("title", {});
  title.textContent = clears.length === 0 ? "No clear yet"
    : "Times of the last " + clears.length + " clears, oldest first; the slowest " + clock(Math.max(...clears.map((g) => g.ms)));
  root.append(title);
  root.append(svg("line", { x1: pad, y1: h - pad, x2: w - 4, y2: h - pad, class: "axis" }));
  if (clears.length === 0) return root;
  const most = Math.max(...clears.map((g) => g.ms));
  const step = (w - pad - 4) / CHART_GAMES;
  clears.forEach((g, i) => {
    const bar = Math.max(2, Math.round((h - 2 * pad) * g.ms / most));
    const rect = svg("rect", {
      x: (pad + i * step + 1).toFixed(1), y: h - pad - bar, width: (step - 2).toFixed(1), height: bar,
      class: g.assisted ? "bar assisted" : "bar",
    });
    const tip = svg("title", {});
    tip.textContent = g.day + " " + g.preset.replace("x", " × ") + ": " + clock(g.ms) + (g.assisted ? " (assisted)" : "");
    rect.append(tip);
    root.append(rect);
  });
  const label = svg("text", { x: pad, y: 12, class: "label" });
  label.textContent = clock(most);
  root.append(label);
  return root;
}

/** The panel, made once. */
function buildPanel() {
  const panel = make("section", { id: "stats-panel", className: "side-panel", hidden: true });
  panel.setAttribute("aria-labelledby", "stats-title");
  const file = make("input", { id: "stats-import", type: "file", accept: "application/json,.json" });
  panel.append(
    make("div", { className: "side-head" },
      make("h2", { id: "stats-title", textContent: "Your record" }),
      make("a", { href: "#", className: "side-close", textContent: "Close", title: "Back to the game" })),
    make("p", { className: "note", textContent: "Kept in this browser only." }),
    make("p", { id: "stats-aside", className: "note bad", hidden: true }),
    make("p", { id: "stats-summary" }),
    make("div", { id: "stats-chart-box" }),
    make("div", { className: "table-scroll" }, make("table", { id: "stats-table" })),
    make("div", { className: "actions" },
      make("button", { id: "stats-export", type: "button", textContent: "Export (JSON)" }),
      make("label", { className: "file" }, "Import ", file),
      make("button", { id: "stats-clear", type: "button", className: "secondary", textContent: "Clear…" })),
    make("p", { id: "stats-message", role: "status" }),
  );
  document.getElementById("play-view").append(panel);
  $("stats-export").addEventListener("click", () => {
    const blob = new Blob([exportText()], { type: "application/json" });
    const a = make("a", { href: URL.createObjectURL(blob), download: "lianliankan-record-" + new Date().toISOString().slice(0, 10) + ".json" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    $("stats-message").textContent = "Exported.";
  });
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    let text;
    try {
      text = await chosen.text();
    } catch (e) {
      $("stats-message").textContent = "This file cannot be read (" + e.message + "): nothing was imported.";
      return;
    }
    const { message } = importText(text);
    file.value = "";
    showStats();
    $("stats-message").textContent = message;
  });
  // Clearing asks twice: the first press arms it, the second clears.
  $("stats-clear").addEventListener("click", () => {
    const button = $("stats-clear");
    if (button.dataset.armed !== "yes") {
      button.dataset.armed = "yes";
      button.textContent = "Really clear the record";
      return;
    }
    button.dataset.armed = "";
    button.textContent = "Clear…";
    clearRecord();
    $("stats-message").textContent = "The record is cleared.";
  });
}

/** Words for a difficulty in the table. */
const level = (line) => line.kind === "levels" ? "runs" : line.difficulty || "any";

/** Redraws the panel from the record. */
export function showStats() {
  const record = loadRecord();
  $("stats-aside").hidden = recordNotes.aside === null;
  $("stats-aside").textContent = recordNotes.aside || "";
  if (record === null) return;
  const games = record.games;
  const cleared = games.filter((g) => g.cleared).length;
  const days = streak(record.daily, serverDay.today || new Date().toISOString().slice(0, 10));
  $("stats-summary").textContent = games.length + " game" + (games.length === 1 ? "" : "s") +
    " played, " + cleared + " cleared; daily streak " + days + ".";
  $("stats-chart-box").replaceChildren(timesChart(games));
  const table = $("stats-table");
  table.replaceChildren();
  const head = make("tr");
  for (const name of ["Size", "Level", "Help", "Games", "Won", "Best", "Avg"]) {
    head.append(make("th", { scope: "col", textContent: name }));
  }
  table.append(make("thead", {}, head));
  const body = make("tbody");
  for (const line of statistics(games)) {
    const row = make("tr");
    const [rows, cols] = line.preset.split("x");
    const cells = [
      rows + "×" + cols, level(line), line.assisted ? "yes" : "none", String(line.played),
      String(line.cleared),
      line.kind === "levels" ? (line.bestScore === null ? "—" : "score " + line.bestScore) : line.best === null ? "—" : clock(line.best),
      line.average === null ? "—" : clock(line.average),
    ];
    for (const text of cells) row.append(make("td", { textContent: text }));
    body.append(row);
  }
  table.append(body);
  if (games.length === 0) $("stats-message").textContent = $("stats-message").textContent || "No game recorded yet.";
}

const asked = () => location.hash === "#stats";

function route() {
  $("stats-panel").hidden = !asked();
  if (asked()) {
    $("stats-message").textContent = "";
    showStats();
  }
}

/** The nav's Stats link and the panel. */
export function startStats() {
  const nav = document.querySelector("header nav");
  const link = make("a", { href: "#stats", id: "nav-stats", className: "tab", textContent: "Stats" });
  nav.insertBefore(link, document.getElementById("nav-judge"));
  buildPanel();
  window.addEventListener("hashchange", route);
  route();
  onRecorded(() => asked() && showStats());
}
