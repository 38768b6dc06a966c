// The daily deal's view (`#daily`): today's deal (the server's UTC date),
// the same for every player and ranked like any ranked game; the day's
// table of the fastest unassisted clears; the streak and the 28-day strip
// from the player's record (record.js); and after a daily is cleared, a
// text to share that says the date, the time, the assistance and the
// streak — never the board.

import { clock } from "./clock_view.js";
import { api } from "./common.js";
import { $ } from "./dom.js";
import { on } from "./events.js";
import { tableRow } from "./finish.js";
import { deal } from "./play.js";
import { assists, heardServerDay, loadRecord, onRecorded, serverDay, streak, strip } from "./record.js";
import { elapsed, game } from "./state.js";


/** An element `tag` with `props` and `children`. */
function make(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  Object.assign(el, props);
  el.append(...children);
  return el;
}

/** Words for the assistance of a game: "unassisted", or what was used. */
export function assistanceWords(assisted, used) {
  if (!assisted) return "unassisted";
  const parts = [["hint", "hints"], ["undo", "undos"], ["shuffle", "shuffles"], ["solve", "auto-solves"]]
    .filter(([one]) => used[one] > 0)
    .map(([one, many]) => used[one] + " " + (used[one] === 1 ? one : many));
  return parts.length === 0 ? "assisted" : "assisted: " + parts.join(", ");
}

/** The text a player shares after a daily deal: the date, the time, the
 * assistance and the streak; no board, no tile, no seed. Pure. */
export function shareText(day, ms, assistance, days) {
  return "Lianliankan daily " + day + "\n" +
    "Cleared in " + clock(ms) + " — " + assistance + "\n" +
    "Streak: " + days + " day" + (days === 1 ? "" : "s");
}

/** The panel, made once. */
function buildPanel() {
  const panel = make("section", { id: "daily-panel", className: "side-panel", hidden: true });
  panel.setAttribute("aria-labelledby", "daily-title");
  panel.append(
    make("div", { className: "side-head" },
      make("h2", { id: "daily-title", textContent: "Daily deal" }),
      make("a", { href: "#", className: "side-close", textContent: "Close", title: "Back to the game" })),
    make("p", { id: "daily-about" }),
    make("button", { id: "daily-play", type: "button", textContent: "Play today's deal" }),
    make("p", { id: "daily-note", className: "note" }),
    make("p", { id: "daily-streak" }),
    make("div", { id: "daily-strip", className: "strip", role: "img" }),
    make("p", { className: "legend" },
      make("span", { className: "day cleared" }), " cleared ",
      make("span", { className: "day assisted" }), " cleared with help ",
      make("span", { className: "day none" }), " not cleared"),
    make("h3", { id: "daily-table-title", textContent: "Today's fastest" }),
    make("ol", { id: "daily-best", className: "table" }),
    make("p", { id: "daily-best-note" }),
  );
  document.getElementById("play-view").append(panel);
  $("daily-play").addEventListener("click", async () => {
    location.hash = "";
    await deal({}, true);
  });
}

/** The share box on the finish screen, made once. */
function buildShare() {
  const box = make("div", { id: "daily-share", hidden: true },
    make("h3", { textContent: "Share your daily" }),
    make("pre", { id: "daily-share-text" }),
    make("button", { id: "daily-share-copy", type: "button", textContent: "Copy" }),
    make("span", { id: "daily-share-note", className: "note" }));
  const card = $("won").querySelector(".card");
  card.insertBefore(box, card.querySelector(".actions"));
  $("daily-share-copy").addEventListener("click", async () => {
    const text = $("daily-share-text").textContent;
    try {
      await navigator.clipboard.writeText(text);
      $("daily-share-note").textContent = "Copied.";
    } catch (e) {
      // No clipboard (an insecure page, a refusal): the text is selected.
      const range = document.createRange();
      range.selectNodeContents($("daily-share-text"));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      $("daily-share-note").textContent = "Selected: copy it with Ctrl+C.";
    }
  });
}

/** The streak line and the strip, from the record, keyed by `today`. */
function showStreak() {
  const record = loadRecord();
  const today = serverDay.today;
  if (record === null || today === null) return;
  const days = streak(record.daily, today);
  $("daily-streak").textContent = "Streak: " + days + " day" + (days === 1 ? "" : "s") +
    " in a row cleared unassisted.";
  const box = $("daily-strip");
  box.replaceChildren();
  const words = { cleared: "cleared", assisted: "cleared with help", none: "not cleared" };
  for (const { day, result } of strip(record.daily, today)) {
    const cell = make("span", { className: "day " + result, title: day + ": " + words[result] });
    cell.dataset.day = day;
    cell.dataset.result = result;
    box.append(cell);
  }
  box.setAttribute("aria-label", "The last 28 days: " +
    strip(record.daily, today).filter((d) => d.result !== "none").length + " cleared");
}

/** Reads the day's table and the server's date; redraws the panel. */
export async function showDaily() {
  const res = await api("daily/scores");
  const list = $("daily-best");
  list.replaceChildren();
  if (!res.ok) {
    $("daily-best-note").textContent = res.data.error;
    return;
  }
  const t = res.data;
  heardServerDay(t.today);
  const s = t.setting;
  $("daily-title").textContent = "Daily deal — " + t.date;
  $("daily-about").textContent = "One deal a day (UTC), the same for everyone: " + s.rows + " × " +
    s.cols + " (rows × columns), " + s.difficulty + ", open border, no gravity. A new one at midnight UTC.";
  const playing = game.spec !== null && game.spec.daily === t.today;
  $("daily-note").textContent = playing ? (game.position.cleared ? "You cleared today's deal." : "Today's deal is on the board.") : "";
  t.scores.forEach((e) => list.append(tableRow(e.name, clock(e.elapsed_ms))));
  $("daily-best-note").textContent = t.scores.length === 0 ? "No clear yet today." : "";
  showStreak();
}

/** The share box of a daily deal cleared (hidden for any other game). */
function showShare() {
  const box = $("daily-share");
  const day = game.spec && game.spec.daily;
  if (!day || !game.position.cleared) {
    box.hidden = true;
    return;
  }
  const record = loadRecord();
  if (serverDay.today === null || serverDay.today < day) heardServerDay(day);
  const days = record === null ? 0 : streak(record.daily, serverDay.today);
  // A ranked game's time is the server's once it has replayed the game
  // (the finish under way: its answer shows the finish again); an
  // assisted game (never sent) or one whose ticket was lost: the page's.
  if (game.finishing !== null) return;
  const ms = game.finished ? game.finished.elapsed_ms : Math.round(elapsed());
  $("daily-share-text").textContent = shareText(day, ms, assistanceWords(game.assisted, assists()), days);
  $("daily-share-note").textContent = "";
  box.hidden = false;
}

/** Whether the address asks for the daily view. */
const asked = () => location.hash === "#daily";

function route() {
  $("daily-panel").hidden = !asked();
  if (asked()) showDaily();
}

/** The nav's Daily link, the panel, the share box. */
export function startDaily() {
  const nav = document.querySelector("header nav");
  const link = make("a", { href: "#daily", id: "nav-daily", className: "tab", textContent: "Daily" });
  nav.insertBefore(link, document.getElementById("nav-judge"));
  buildPanel();
  buildShare();
  window.addEventListener("hashchange", route);
  route();
  on("dealing", () => ($("daily-share").hidden = true));
  on("gameOver", showShare);
  onRecorded(() => {
    showShare();
    if (asked()) showStreak();
  });
}
