// The form's presets: KShisen's board sizes (turned on a portrait screen)
// and the difficulties in words.

import { $ } from "./dom.js";

/** KShisen's six board sizes, as it names them: columns × rows (the menu
 * says rows × columns, as every message does). */
const KSHISEN_SIZES = [[14, 6], [16, 9], [18, 8], [24, 12], [26, 14], [30, 16]];

/** The preset a first visit plays: KShisen's 18 × 8 (8 rows, 18 columns). */
export const DEFAULT_PRESET = "18x8";

/** Whether the screen is portrait: the presets turn to match it. */
export const portrait = () => window.innerHeight > window.innerWidth;

/** KShisen's tile types on a board of `cells` cells: its 42 types taken in
 * turn, four tiles at a time, so as many types as groups of four fit, at
 * most 42 (on the three big boards some types come 8 or 12 times). */
function kshisenKinds(cells) {
  return Math.max(1, Math.min(42, Math.floor(cells / 4)));
}

/** What each difficulty asks of the deal, in the page's words. The rules
 * are the form's; the difficulty is the deal's measured rating. */
const DIFFICULTIES = {
  easy: {
    words: "Easy: a solvable deal under your rules that random play clears more often than " +
      "most deals of this board and these rules do (the easiest third, measured for each setting).",
  },
  normal: {
    words: "Normal: a solvable deal under your rules in the middle third of this board's deals " +
      "by how often random play clears them: some pairs lose the game.",
  },
  hard: {
    words: "Hard: a solvable deal under your rules in the hardest third of this board's deals: " +
      "random play clears it less often than the others, traps are common. The page says when " +
      "no hard deal was found in time and it dealt another.",
  },
};

/** The deal settings a size preset gives: `size` is `[cols, rows]` (or
 * null: nothing), with KShisen's tile types for it; `upright` turns the
 * board to portrait (more rows than columns). Pure. */
function presetValues(size, upright) {
  const out = {};
  if (size === null) return out;
  [out.cols, out.rows] = size;
  if (upright && out.cols > out.rows) [out.cols, out.rows] = [out.rows, out.cols];
  out.kinds = kshisenKinds(out.rows * out.cols);
  return out;
}

/** Fills the deal form from the size preset. */
export function applyPreset() {
  const sizeValue = $("preset-size").value;
  const v = presetValues(sizeValue === "" ? null : sizeValue.split("x").map(Number), portrait());
  for (const name of ["rows", "cols", "kinds"]) {
    if (v[name] !== undefined) $(name).value = v[name];
  }
}

/** The size preset the form's rows and columns are (either way round), or
 * "" (custom). */
export function presetOfForm() {
  const rows = Number($("rows").value), cols = Number($("cols").value);
  const found = KSHISEN_SIZES.find(([c, r]) => (c === cols && r === rows) || (c === rows && r === cols));
  return found ? found[0] + "x" + found[1] : "";
}

/** Says what the chosen difficulty means; a difficulty deals a solvable
 * deal, so the form's deal becomes "solvable". */
export function applyDifficulty() {
  const diff = $("difficulty").value;
  if (diff !== "") $("solvable").value = "solvable";
  $("difficulty-note").textContent = diff === "" ? "" : DIFFICULTIES[diff].words;
}

/** Sets the size preset back to "custom" when the form no longer says
 * what it says; a random deal has no difficulty. */
function syncPresets() {
  const size = $("preset-size").value;
  const form = [Number($("cols").value), Number($("rows").value)];
  const fits = (c, r) => (form[0] === c && form[1] === r) || (form[0] === r && form[1] === c);
  if (size !== "" && !fits(...size.split("x").map(Number))) $("preset-size").value = "";
  if ($("solvable").value === "random" && $("difficulty").value !== "") {
    $("difficulty").value = "";
    $("difficulty-note").textContent = "";
  }
}

/** The size menu's options and what a change of size, difficulty or
 * field does to the others. */
export function startPresets() {
  const sizes = $("preset-size");
  for (const [cols, rows] of KSHISEN_SIZES) {
    const option = document.createElement("option");
    option.value = cols + "x" + rows;
    option.textContent = rows + " × " + cols;
    sizes.appendChild(option);
  }
  sizes.addEventListener("change", applyPreset);
  $("difficulty").addEventListener("change", applyDifficulty);
  for (const id of ["rows", "cols", "solvable"]) {
    $(id).addEventListener("change", syncPresets);
  }
}
