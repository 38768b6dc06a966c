// The deal form (its choices remembered), share links and the game in
// progress kept across a reload.

import { $, say } from "./dom.js";
import { applyDifficulty, presetOfForm } from "./presets.js";
import { elapsed, game, setLinkProblem } from "./state.js";

// ---- deals ----

export function readForm() {
  const seedText = $("seed").value.trim();
  return {
    rows: Number($("rows").value),
    cols: Number($("cols").value),
    kinds: Number($("kinds").value),
    rules: slideRules({
      turns: Number($("turns").value),
      border: $("border").value,
      gravity: $("gravity").value,
      groups: $("groups").value.trim(),
      connect: $("connect").value,
      slide: $("slide").value === "on",
    }),
    solvable: $("solvable").value === "solvable",
    // Left empty, the server chooses the seed (and can rank the game).
    seed: seedText === "" ? null : Number(seedText),
    difficulty: $("solvable").value === "solvable" && $("difficulty").value !== "" ? $("difficulty").value : null,
  };
}

/** The rules as the server's queries name them (`/api/scores`' table,
 * a share link): every setting, `groups` "" and `connect` "standard" when
 * left out, `slide` "on" or "off". With `readForm`, `fillForm` and
 * `specFromUrl`, the page's one list of the settings (a test holds it to
 * fixtures/rules/samples.json). */
export function rulesQuery(rules) {
  return {
    turns: rules.turns, border: rules.border, gravity: rules.gravity,
    groups: rules.groups || "", connect: rules.connect || "standard",
    slide: rules.slide ? "on" : "off",
  };
}

/** Under sliding tiles the path rule is fixed (one turn, closed border,
 * the standard connection: docs/rules.md); the form's other values are not
 * sent with it. */
function slideRules(rules) {
  return rules.slide ? { ...rules, turns: 1, border: "closed", connect: "standard" } : rules;
}

/** The fields sliding tiles fix are greyed out while it is on. */
export function showSlideChoice() {
  const on = $("slide").value === "on";
  for (const id of ["turns", "border", "connect"]) $(id).disabled = on;
}

// ---- the deal form's choices, remembered apart from the game ----

const FORM = "lianliankan-form";
let remembered = false; // the form holds the player's remembered choices

/** Whether the form holds the player's remembered choices. */
export const formRemembered = () => remembered;

/** The form's fields that make a deal (not its buttons, the watch or the
 * tiles' look, which is remembered on its own). */
export function formFields() {
  return [...$("deal-form").elements].filter((el) =>
    el.id && el.tagName !== "BUTTON" && el.type !== "checkbox" && el.type !== "submit" && el.id !== "tile-style");
}

/** Remembers the form as the player left it (a reload keeps it, whatever
 * game it resumes). */
export function saveFormChoices() {
  const values = {};
  for (const el of formFields()) values[el.id] = el.value;
  try {
    localStorage.setItem(FORM, JSON.stringify(values));
  } catch (e) {
    // Refused: the form is only not remembered.
  }
}

/** Puts the remembered choices back in the form; whether there were any.
 * A value a field cannot take (an option since removed) is left out. */
export function restoreFormChoices() {
  let values;
  try {
    values = JSON.parse(localStorage.getItem(FORM) || "null");
  } catch (e) {
    values = null;
  }
  if (values === null || typeof values !== "object") return false;
  for (const el of formFields()) {
    const v = values[el.id];
    if (typeof v !== "string") continue;
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === v)) continue;
    el.value = v;
  }
  remembered = true;
  return true;
}

export function fillForm(spec) {
  $("rows").value = spec.rows;
  $("cols").value = spec.cols;
  $("kinds").value = spec.kinds;
  $("turns").value = spec.rules.turns;
  $("border").value = spec.rules.border;
  $("gravity").value = spec.rules.gravity;
  $("groups").value = spec.rules.groups || "";
  $("connect").value = spec.rules.connect || "standard";
  $("slide").value = spec.rules.slide ? "on" : "off";
  showSlideChoice();
  $("solvable").value = spec.solvable ? "solvable" : "random";
  $("difficulty").value = spec.difficulty || "";
  applyDifficulty(); // presets.js: the difficulty's words
  $("preset-size").value = presetOfForm(); // presets.js
}

/** Why a link's value cannot be used, in a sentence, or null. */
function badLinkValue(q) {
  for (const name of ["rows", "cols", "kinds", "turns", "seed"]) {
    if (q.has(name) && !/^[0-9]{1,16}$/.test(q.get(name))) {
      const what = { rows: "rows", cols: "columns", kinds: "tile types", turns: "turns", seed: "the seed" }[name];
      return "This link is damaged: " + what + " should be a whole number, and it says “" + q.get(name) + "”.";
    }
  }
  if (q.has("slide") && !["on", "off"].includes(q.get("slide"))) {
    return "This link is damaged: sliding tiles should be “on” or “off”, and it says “" + q.get("slide") + "”.";
  }
  if (q.has("difficulty") && !["easy", "normal", "hard"].includes(q.get("difficulty"))) {
    return "This link is damaged: the difficulty should be “easy”, “normal” or “hard”, and it says “" +
      q.get("difficulty") + "”.";
  }
  if (q.has("deal") && !["solvable", "random"].includes(q.get("deal"))) {
    return "This link is damaged: the deal should be “solvable” or “random”, and it says “" + q.get("deal") + "”.";
  }
  return null;
}

/** The deal a link asks for, if it names a seed or a kind of deal (and
 * its values can be read: otherwise the player is told, and the default
 * deal is made). A link without a seed deals afresh, seeded by the
 * server: such a game can be ranked. */
export function specFromUrl() {
  const q = new URLSearchParams(location.search);
  if (!q.has("seed") && !q.has("deal")) return null;
  const bad = badLinkValue(q);
  if (bad !== null) {
    setLinkProblem(bad);
    return null;
  }
  const num = (name, fallback) => (q.has(name) ? Number(q.get(name)) : fallback);
  return {
    rows: num("rows", 8),
    cols: num("cols", 12),
    kinds: num("kinds", 18),
    rules: slideRules({
      turns: num("turns", 2),
      border: q.get("border") || "closed",
      gravity: q.get("gravity") || "none",
      groups: q.get("groups") || "",
      connect: q.get("connect") || "standard",
      slide: q.get("slide") === "on",
    }),
    solvable: q.get("deal") !== "random",
    seed: q.has("seed") ? num("seed", 0) : null,
    difficulty: q.get("deal") !== "random" && q.has("difficulty") ? q.get("difficulty") : null,
  };
}

export function shareUrl(spec) {
  const q = new URLSearchParams({
    rows: spec.rows, cols: spec.cols, kinds: spec.kinds, ...rulesQuery(spec.rules),
    deal: spec.solvable ? "solvable" : "random", seed: spec.seed,
  });
  // A link without sliding tiles says nothing of them (as links always have).
  if (!spec.rules.slide) q.delete("slide");
  if (spec.difficulty) q.set("difficulty", spec.difficulty);
  return location.origin + location.pathname + "?" + q.toString();
}

export async function share() {
  if (game.spec === null) return;
  const url = shareUrl(game.spec);
  $("share-link").value = url;
  $("share-box").hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    say("Link copied: it deals this board again, under these rules.", "good");
  } catch (e) {
    $("share-link").select();
    say("Copy the link below: it deals this board again, under these rules.");
  }
}


// ---- the game in progress, kept across a reload ----

const SAVED = "lianliankan-game";

/** Keeps the game in progress in localStorage, so that a reload resumes it
 * (its history too, so undo still works). */
export function saveGame() {
  if (game.spec === null) return;
  const saved = {
    version: 1, spec: game.spec, rules: game.rules, board: game.board, position: game.position,
    rating: game.rating, rated: game.rated,
    history: game.history, undone: game.undone, clockMs: elapsed(), picked: game.picked,
    assisted: game.assisted, saved: game.saved,
    ticket: game.ticket, dealtAt: game.dealtAt, finished: game.finished,
    paused: game.paused, pausedAt: game.pausedAt, dealId: game.dealId,
  };
  try {
    localStorage.setItem(SAVED, JSON.stringify(saved));
  } catch (e) {
    // Full or refused: the game goes on, only a reload will not resume it.
  }
}

/** The game kept by `saveGame`, or null (none, or not of this version). */
export function savedGame() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(SAVED) || "null");
  } catch (e) {
    saved = null;
  }
  if (!saved || saved.version !== 1 || !Array.isArray(saved.board) || !saved.spec) return null;
  return saved;
}

/** The address of the game in progress: its share link, marked so that a
 * reload resumes the game (the share link itself deals it afresh). */
export function resumeUrl() {
  return shareUrl(game.spec) + "&resume=1" + (location.hash || "");
}
