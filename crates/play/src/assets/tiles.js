// The tile set: 42 pictures in the manner of mahjong tiles (dots, bamboo,
// characters, seasons, winds, dragons, flowers), each drawn here in SVG
// shapes and strokes (no image file, no font). Designs differ by shape and
// by the number of their parts, never by colour alone; the colours are
// Okabe and Ito's ("Color Universal Design", 2008), chosen to stay apart
// under the common colour-vision deficiencies (a test measures them under
// Machado et al.'s 2009 simulation: crates/play/tests/it/palette.rs).
// Kinds above 42 reuse a design with their number in a corner; tiles of a
// matching group carry the group's corner badge (a letter on a colour).
// The high-contrast set draws the same shapes in black on white (no colour
// at all) inside a thick black frame (style.css). Each design has a name a
// screen reader says ("bamboo 3", "east wind": `spokenName`).

import { tileColour } from "./common.js";
import { $, key } from "./dom.js";

/** The tile set's colours: Okabe and Ito's palette (its yellow left out:
 * too light on the tile's face), and the face itself. */
export const TILE_PALETTE = {
  ink: "#000000",
  vermillion: "#D55E00",
  blue: "#0072B2",
  green: "#009E73",
  orange: "#E69F00",
  purple: "#CC79A7",
  sky: "#56B4E9",
  face: "#FFFDF5",
};

/** The high-contrast set's colours: black ink on a white face. */
const CONTRAST_PALETTE = {
  ink: "#000000",
  vermillion: "#000000",
  blue: "#000000",
  green: "#000000",
  orange: "#000000",
  purple: "#000000",
  sky: "#000000",
  face: "#FFFFFF",
};

/** The colours of group badges, by group (cycled; each badge also shows
 * its group's letter, so colour never stands alone). */
const GROUP_COLOURS = ["blue", "vermillion", "green", "purple", "orange", "sky"];

const TILE_SET_SIZE = 42;

/** The 42 designs in the colours of `P`: `[name, svg markup inside a
 * 100 × 100 view box]`, kind k (1-based) drawing design (k - 1) mod 42. */
function designsIn(P) {
  const circle = (x, y, r, fill) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`;
  // A dot: a coloured disc with a ring of face inside, legible when small.
  const dot = ([x, y, r, colour]) =>
    circle(x, y, r, P[colour]) + circle(x, y, (r * 0.45).toFixed(1), P.face);
  // A bamboo stick: a rounded bar with a node across its middle.
  const stick = ([x, y, h, colour, w = 12]) =>
    `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${w / 2}" fill="${P[colour]}"/>` +
    `<path d="M${x - w / 2} ${y}H${x + w / 2}" stroke="${P.face}" stroke-width="3"/>`;
  const strokes = (d, colour, width = 8) =>
    `<path d="${d}" fill="none" stroke="${P[colour]}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const shape = (d, colour) => `<path d="${d}" fill="${P[colour]}"/>`;

  const dots = [
    [[50, 50, 32, "blue"], [50, 50, 14, "vermillion"]],
    [[50, 27, 17, "green"], [50, 73, 17, "blue"]],
    [[24, 24, 14, "blue"], [50, 50, 14, "vermillion"], [76, 76, 14, "green"]],
    [[28, 28, 15, "blue"], [72, 28, 15, "green"], [28, 72, 15, "green"], [72, 72, 15, "blue"]],
    [[24, 24, 13, "blue"], [76, 24, 13, "green"], [50, 50, 13, "vermillion"], [24, 76, 13, "green"], [76, 76, 13, "blue"]],
    [[30, 20, 12, "green"], [70, 20, 12, "green"], [30, 50, 12, "vermillion"], [70, 50, 12, "vermillion"], [30, 80, 12, "vermillion"], [70, 80, 12, "vermillion"]],
    [[20, 14, 9, "green"], [50, 26, 9, "green"], [80, 38, 9, "green"], [32, 62, 10, "vermillion"], [68, 62, 10, "vermillion"], [32, 85, 10, "vermillion"], [68, 85, 10, "vermillion"]],
    [[31, 14, 10, "blue"], [69, 14, 10, "blue"], [31, 38, 10, "blue"], [69, 38, 10, "blue"], [31, 62, 10, "blue"], [69, 62, 10, "blue"], [31, 86, 10, "blue"], [69, 86, 10, "blue"]],
    [[20, 20, 11, "blue"], [50, 20, 11, "blue"], [80, 20, 11, "blue"], [20, 50, 11, "vermillion"], [50, 50, 11, "vermillion"], [80, 50, 11, "vermillion"], [20, 80, 11, "green"], [50, 80, 11, "green"], [80, 80, 11, "green"]],
  ].map((spots, i) => [(i + 1) + " of dots", spots.map(dot).join("")]);

  const bamboo = [
    [[50, 50, 84, "green", 22], [50, 20, 10, "vermillion", 22]],
    [[36, 50, 80, "green"], [64, 50, 80, "blue"]],
    [[50, 28, 40, "blue"], [30, 72, 40, "green"], [70, 72, 40, "green"]],
    [[34, 28, 40, "green"], [66, 28, 40, "blue"], [34, 72, 40, "blue"], [66, 72, 40, "green"]],
    [[22, 28, 40, "green"], [78, 28, 40, "green"], [50, 50, 40, "vermillion"], [22, 72, 40, "blue"], [78, 72, 40, "blue"]],
    [[24, 28, 40, "green"], [50, 28, 40, "green"], [76, 28, 40, "green"], [24, 72, 40, "blue"], [50, 72, 40, "blue"], [76, 72, 40, "blue"]],
    [[50, 16, 26, "vermillion", 24], [24, 50, 28, "green"], [50, 50, 28, "green"], [76, 50, 28, "green"], [24, 82, 28, "green"], [50, 82, 28, "green"], [76, 82, 28, "green"]],
    [[17, 28, 40, "green", 11], [39, 28, 40, "green", 11], [61, 28, 40, "green", 11], [83, 28, 40, "green", 11], [17, 72, 40, "blue", 11], [39, 72, 40, "blue", 11], [61, 72, 40, "blue", 11], [83, 72, 40, "blue", 11]],
    [[24, 17, 26, "green"], [50, 17, 26, "vermillion"], [76, 17, 26, "blue"], [24, 50, 26, "green"], [50, 50, 26, "vermillion"], [76, 50, 26, "blue"], [24, 83, 26, "green"], [50, 83, 26, "vermillion"], [76, 83, 26, "blue"]],
  ].map((sticks, i) => [(i + 1) + " of bamboo", sticks.map(stick).join("")]);

  // Characters: the numeral one to nine above a simplified 万 ("ten
  // thousand"), as the tiles have them, drawn as brush strokes.
  const wan = strokes("M24 76H76M44 76Q42 90 30 96M47 84H66Q66 96 56 96", "vermillion", 6);
  const numerals = [
    "M18 36H82",
    "M28 24H72M18 50H82",
    "M28 14H72M32 34H68M18 54H82",
    "M20 14H80V60H20ZM42 14V36Q42 44 32 46M58 14V38Q58 44 68 44",
    "M22 12H78M46 12L38 58M28 34H66V58M16 58H84",
    "M50 8V18M16 28H84M40 40L24 62M60 40L78 62",
    "M14 34L86 24M42 8V50Q42 60 54 60H82",
    "M42 14Q40 44 16 62M58 14Q62 44 86 60",
    "M14 26H58V52Q58 60 68 60H84M40 8Q40 44 14 62",
  ];
  const characters = numerals.map((d, i) => [(i + 1) + " of characters", strokes(d, "ink") + wan]);

  const seasons = [
    ["spring", strokes("M50 90V44M28 90H72", "green", 7) +
      shape("M50 64Q22 62 16 36Q44 34 50 64Z", "green") + shape("M50 50Q74 46 84 20Q56 20 50 50Z", "green")],
    ["summer", circle(50, 50, 18, P.orange) +
      strokes([0, 45, 90, 135, 180, 225, 270, 315].map((a) => {
        const t = (a * Math.PI) / 180, c = Math.cos(t), s = Math.sin(t);
        return `M${(50 + 28 * c).toFixed(1)} ${(50 + 28 * s).toFixed(1)}L${(50 + 42 * c).toFixed(1)} ${(50 + 42 * s).toFixed(1)}`;
      }).join(""), "orange", 7)],
    ["autumn", shape("M50 6L58 30L80 20L70 44L92 52L68 60L72 82L50 70L28 82L32 60L8 52L30 44L20 20L42 30Z", "vermillion") +
      strokes("M50 66V94", "vermillion", 6)],
    ["winter", strokes([0, 60, 120].map((a) => {
      const t = (a * Math.PI) / 180, c = Math.cos(t), s = Math.sin(t);
      const end = (sign) => {
        const x = 50 + sign * 40 * c, y = 50 + sign * 40 * s;
        const bx = 50 + sign * 26 * c, by = 50 + sign * 26 * s;
        const px = -s * 10, py = c * 10;
        return `M${bx.toFixed(1)} ${by.toFixed(1)}L${(x + px).toFixed(1)} ${(y + py).toFixed(1)}` +
          `M${bx.toFixed(1)} ${by.toFixed(1)}L${(x - px).toFixed(1)} ${(y - py).toFixed(1)}`;
      };
      return `M${(50 - 42 * c).toFixed(1)} ${(50 - 42 * s).toFixed(1)}L${(50 + 42 * c).toFixed(1)} ${(50 + 42 * s).toFixed(1)}` + end(1) + end(-1);
    }).join(""), "blue", 6)],
  ];

  // Winds: the compass letter, and a pointer on the edge it names.
  const winds = [
    ["east wind", "M68 24H34V76H68M34 50H62", "90,38 99,50 90,62"],
    ["south wind", "M66 30Q62 22 50 22Q34 22 34 36Q34 48 50 50Q66 52 66 64Q66 78 50 78Q38 78 32 70", "38,90 50,99 62,90"],
    ["west wind", "M22 24L36 76L50 40L64 76L78 24", "10,38 1,50 10,62"],
    ["north wind", "M32 76V24L68 76V24", "38,10 50,1 62,10"],
  ].map(([name, d, pointer]) => [name, strokes(d, "ink", 9) + `<polygon points="${pointer}" fill="${P.blue}"/>`]);

  const dragons = [
    ["red dragon", strokes("M24 32H76V66H24ZM50 10V92", "vermillion", 9)],
    ["green dragon", strokes("M26 14L38 30M74 14L62 30M18 40H82M36 40Q32 74 16 88M58 40V72Q58 84 72 84H86M38 60H72", "green", 8)],
    ["white dragon", `<rect x="14" y="10" width="72" height="80" fill="none" stroke="${P.blue}" stroke-width="8"/>` +
      `<rect x="30" y="26" width="40" height="48" fill="none" stroke="${P.blue}" stroke-width="4"/>`],
  ];

  const petals = (n, radius, r, colour) => Array.from({ length: n }, (_, i) => {
    const t = ((i * 360) / n - 90) * Math.PI / 180;
    return circle((50 + radius * Math.cos(t)).toFixed(1), (44 + radius * Math.sin(t)).toFixed(1), r, P[colour]);
  }).join("");
  const flowers = [
    ["plum", strokes("M14 94Q36 84 44 62", "ink", 5) + petals(5, 20, 13, "purple") + circle(50, 44, 8, P.orange)],
    ["orchid", strokes("M50 94Q42 58 12 36M50 94Q58 52 88 30M50 94Q50 70 62 56", "green", 6) +
      `<ellipse cx="36" cy="24" rx="9" ry="16" fill="${P.purple}" transform="rotate(-30 36 24)"/>` +
      `<ellipse cx="56" cy="18" rx="9" ry="16" fill="${P.purple}" transform="rotate(20 56 18)"/>` + circle(46, 30, 6, P.blue)],
    ["chrysanthemum", Array.from({ length: 12 }, (_, i) =>
      `<ellipse cx="50" cy="22" rx="6" ry="16" fill="${P.orange}" transform="rotate(${i * 30} 50 44)"/>`).join("") +
      circle(50, 44, 10, P.vermillion) + strokes("M50 72V96", "green", 6)],
    ["bamboo flower", strokes("M34 96V6", "green", 6) + strokes("M28 34H40M28 66H40", "ink", 3) +
      shape("M38 30Q66 14 92 20Q68 40 38 30Z", "green") + shape("M38 56Q62 46 88 58Q62 70 38 56Z", "blue") +
      shape("M30 44Q16 40 6 26Q22 24 30 44Z", "green")],
  ];

  const all = [...dots, ...bamboo, ...characters, ...seasons, ...winds, ...dragons, ...flowers];
  if (all.length !== TILE_SET_SIZE) throw new Error("the tile set has " + all.length + " designs");
  return all;
}

/** The 42 designs in colour (the "pictures" style). */
export const TILE_DESIGNS = designsIn(TILE_PALETTE);

/** The same 42 designs in black on white (the "contrast" style). */
const CONTRAST_DESIGNS = designsIn(CONTRAST_PALETTE);

/** A deal of fewer kinds than this draws them across the suits (issue 49):
 * from 28 kinds on, kind k is design k, so that KShisen's groups
 * `28-31,39-42` are its seasons and flowers. */
const SPREAD_BELOW = 28;

/** The designs a deal of few kinds draws, in order: one of each suit in
 * turn (dots, bamboo, characters, winds, dragons, flowers, seasons), the
 * numbered suits' counts far apart (1, 5, 9, 3, 7, ...), so that every
 * small board shows designs of every shape and colour rather than dots and
 * bamboo to be counted. Only the picture changes: kind numbers, and the
 * groups named by them, are the engine's. */
const TILE_SPREAD = (() => {
  const counts = [0, 4, 8, 2, 6, 1, 5, 3, 7];
  const suits = [
    counts.map((i) => i), // dots
    counts.map((i) => 9 + i), // bamboo
    counts.map((i) => 18 + i), // characters
    [31, 32, 33, 34], // winds
    [35, 36, 37], // dragons
    [38, 39, 40, 41], // flowers
    [27, 28, 29, 30], // seasons
  ];
  const order = [];
  for (let round = 0; order.length < TILE_SET_SIZE; round++) {
    for (const suit of suits) if (round < suit.length) order.push(suit[round]);
  }
  return order;
})();

/** The kinds of the deal on the board (board_view.js sets it at each deal). */
let tileKinds = TILE_SET_SIZE;

/** The number of kinds of the deal drawn (their designs spread over the set). */
export function setTileKinds(kinds) {
  tileKinds = kinds;
}

/** The design a kind draws on a deal of `kinds` kinds: its place in
 * [`TILE_SPREAD`] below [`SPREAD_BELOW`] kinds, else kind k is design k
 * (and a kind above 42 reuses design (k - 1) mod 42). */
function designIndex(kind, kinds) {
  if (kinds < SPREAD_BELOW && kind >= 1 && kind <= kinds) return TILE_SPREAD[kind - 1];
  return (kind - 1) % TILE_SET_SIZE;
}

/** The design of a kind on the deal in play: `{ name, svg }`, in colour
 * or (`style` "contrast") in black on white. */
export function tileDesign(kind, kinds = tileKinds, style = "pictures") {
  const [name, body] = (style === "contrast" ? CONTRAST_DESIGNS : TILE_DESIGNS)[designIndex(kind, kinds)];
  const svg = '<svg class="art" viewBox="0 0 100 100" aria-hidden="true" focusable="false">' + body + "</svg>";
  return { name, svg };
}

/** What a screen reader says for a tile of `kind` on the deal in play:
 * its design's name, suit first ("bamboo 3", "east wind", "plum"), with
 * its number above 42 (where designs repeat); in the numbers style, "tile"
 * and its number. `group` (an index, or -1) adds its matching group. */
export function spokenName(kind, style, group = -1) {
  let name;
  if (style === "numbers") name = "tile " + kind;
  else {
    const design = tileDesign(kind).name;
    const suited = /^(\d) of (\w+)$/.exec(design);
    name = suited ? suited[2] + " " + suited[1] : design;
    if (kind > TILE_SET_SIZE) name += " number " + kind;
  }
  return group >= 0 ? name + ", group " + groupLetter(group) : name;
}

/** The groups of a rules' groups text (`"28-31,39+41"`), each the list
 * of its kinds from 1 to `kinds` (a group's kinds above the deal's are
 * left out, so a range as wide as 1-4294967294 costs nothing). */
function tileGroups(text, kinds) {
  if (!text) return [];
  return text.split(",").map((part) => {
    const members = [];
    const range = part.split("-");
    if (range.length === 2) {
      const lo = Number(range[0]), hi = Math.min(Number(range[1]), kinds);
      for (let k = lo; k <= hi; k++) members.push(k);
    } else {
      for (const k of part.split("+")) if (Number(k) <= kinds) members.push(Number(k));
    }
    return members;
  });
}

/** A group's letter: A to Z, then AA, AB, .... */
function groupLetter(index) {
  let s = "";
  for (let i = index + 1; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

/** Fills the tile element `el` for `kind`: a picture in colour or in
 * black on white (style "pictures" or "contrast"; with the kind's number
 * in a corner above 42) or, in the numbers style, the number on a
 * coloured face; `group` (an index, or -1) adds that group's badge. The
 * element keeps `data-kind`; its accessible name is set by the caller. */
export function drawTile(el, kind, style, group) {
  el.dataset.style = style;
  if (style === "numbers") {
    const n = document.createElement("span");
    n.className = "num";
    n.textContent = kind;
    el.replaceChildren(n);
    el.style.background = tileColour(kind);
    el.dataset.design = "";
  } else {
    const design = tileDesign(kind, tileKinds, style);
    el.innerHTML = design.svg;
    el.style.background = "";
    el.dataset.design = design.name;
    if (kind > TILE_SET_SIZE) {
      const n = document.createElement("span");
      n.className = "extra";
      n.textContent = kind;
      el.appendChild(n);
    }
  }
  if (group >= 0) {
    const badge = document.createElement("span");
    badge.className = "group-mark";
    badge.dataset.group = groupLetter(group);
    badge.textContent = groupLetter(group);
    const colour = GROUP_COLOURS[group % GROUP_COLOURS.length];
    badge.style.background = TILE_PALETTE[colour];
    badge.style.color = colour === "blue" ? TILE_PALETTE.face : TILE_PALETTE.ink;
    el.style.setProperty("--group", TILE_PALETTE[colour]);
    el.appendChild(badge);
  }
  el.classList.toggle("grouped", group >= 0);
}

/** The group index of each kind in a deal (`Map` kind -> index), for
 * `rules.groups` and `kinds` kinds; remembered for the last deal. */
export const groupIndex = (() => {
  let last = null, of = new Map();
  return (text, kinds) => {
    const key = text + "/" + kinds;
    if (key !== last) {
      last = key;
      of = new Map();
      tileGroups(text, kinds).forEach((members, i) => members.forEach((k) => of.set(k, i)));
    }
    return of;
  };
})();

/** Fills the legend (`#legend`): each matching group, its letter and a
 * small tile of each member; or a line saying there are none. */
export function showLegend(text, kinds, style) {
  const body = document.getElementById("legend-body");
  body.replaceChildren();
  const groups = tileGroups(text, kinds);
  // No groups, no legend: the status line keeps to one line on a phone.
  document.getElementById("legend").hidden = groups.length === 0;
  const summary = document.querySelector("#legend summary");
  summary.textContent = groups.length === 0 ? "Tile groups: none" : "Tile groups (" + groups.length + ")";
  if (groups.length === 0) {
    const p = document.createElement("p");
    p.textContent = "No matching groups in this game: a tile matches only its own design.";
    body.appendChild(p);
    return;
  }
  const p = document.createElement("p");
  p.textContent = "Any two tiles of one group match each other; each carries its group's letter.";
  body.appendChild(p);
  groups.forEach((members, i) => {
    const row = document.createElement("div");
    row.className = "legend-group";
    row.dataset.group = groupLetter(i);
    const title = document.createElement("b");
    title.textContent = "Group " + groupLetter(i) + (members.length === 0 ? ": no tile of it in this deal" : "");
    row.appendChild(title);
    for (const kind of members) {
      const t = document.createElement("span");
      t.className = "tile mini";
      t.dataset.kind = kind;
      drawTile(t, kind, style, i);
      t.setAttribute("role", "img");
      t.setAttribute("aria-label", spokenName(kind, style));
      row.appendChild(t);
    }
    body.appendChild(row);
  });
}
