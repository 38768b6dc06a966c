// The judge viewer: a judge input of any of the three problems, answered
// by the server, every answer drawn (paths for lianliankan and segments,
// move sequences for solitaire).

import { api, cellCentre, strokePath, tileColour } from "./common.js";

const SAMPLES = {
  lianliankan: "3 4\n1 2 3 4\n0 0 0 0\n4 3 2 1\n4\n1 1 3 4\n1 1 2 4\n1 1 3 3\n2 1 2 4\n" +
    "3 4\n0 1 4 3\n0 2 4 1\n0 0 0 0\n2\n1 1 2 4\n1 3 2 3\n0 0\n",
  segments: "5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n1 3 4 4\n2 3 3 4\n0 0 0 0\n0 0\n",
  solitaire: "4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n1 1 1 2 1 3 1 4\n1 1 1 2 1 3 1 4\n",
};

const J = (id) => document.getElementById(id);

/** Shows the options of the chosen problem. The others are disabled too,
 * so that a value left invalid in a hidden field never blocks Answer. */
function judgeOptionsShown() {
  const problem = J("problem").value;
  for (const [id, shown] of [["llk-options", problem === "lianliankan"], ["sol-options", problem === "solitaire"]]) {
    J(id).hidden = !shown;
    for (const field of J(id).querySelectorAll("input, select")) field.disabled = !shown;
  }
}

/** Marks the input's faulty place: the line with a caret under the column
 * beside the message, and the line selected in the input box. */
function showInputError(error) {
  const box = J("judge-error");
  if (!error) {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  const input = J("judge-input").value;
  const lines = input.split("\n");
  const text = (lines[error.line - 1] || "").replace(/\r$/, "");
  const label = "line " + error.line + ": ";
  box.textContent = error.message + "\n" + label + text + "\n" +
    " ".repeat(label.length + Math.max(0, error.column - 1)) + "^";
  box.hidden = false;
  let start = 0;
  for (let i = 0; i < error.line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const area = J("judge-input");
  area.focus({ preventScroll: true });
  area.setSelectionRange(start, start + text.length);
}

function judgeSay(text, bad) {
  const el = J("judge-message");
  el.textContent = text;
  el.className = bad ? "bad" : "";
}

async function runJudge() {
  const problem = J("problem").value;
  const body = { problem, input: J("judge-input").value };
  if (problem === "lianliankan") {
    body.rules = {
      turns: Number(J("judge-turns").value),
      border: J("judge-border").value,
      groups: J("judge-groups").value.trim(),
    };
  } else if (problem === "solitaire") {
    body.max_moves = Number(J("judge-moves").value);
  }
  judgeSay("Answering…");
  showInputError(null);
  J("judge-run").disabled = true;
  const res = await api("judge", body);
  J("judge-run").disabled = false;
  if (!res.ok) {
    J("judge-result").hidden = true;
    return judgeSay(res.data.error || "the server refused the input (status " + res.status + ")", true);
  }
  try {
    showAnswers(res.data);
  } catch (e) {
    judgeSay("cannot draw the answer: " + e.message, true);
  }
}

function showAnswers(d) {
  J("judge-result").hidden = false;
  J("judge-output").textContent = d.output;
  const list = J("judge-answers");
  list.replaceChildren();
  let count = 0;
  if (d.problem === "solitaire") {
    (d.cases || []).forEach((c, i) => {
      list.appendChild(solitaireCard(c, i + 1));
      count++;
    });
  } else {
    const border = J("judge-border").value === "open";
    (d.boards || []).forEach((b, i) => {
      const items = (d.problem === "lianliankan" ? b.queries : b.pairs) || [];
      items.forEach((q, j) => {
        list.appendChild(d.problem === "lianliankan"
          ? tilesCard(b.kinds, q, i + 1, j + 1, border)
          : piecesCard(b.pieces, q, i + 1));
        count++;
      });
    });
  }
  // No heading over nothing (issue 49): bad input may leave no output
  // and no answer.
  const output = (d.output || "").trim() !== "";
  J("judge-output-title").hidden = !output;
  J("judge-output").hidden = !output;
  J("judge-answers-title").hidden = count === 0;
  J("judge-result").hidden = !output && count === 0;
  let text = count + " answer" + (count === 1 ? "" : "s") + " drawn.";
  if (d.truncated) text += " More are in the judge output only.";
  if (d.error) {
    judgeSay(text + " The input stops making sense at line " + d.error.line +
      ", column " + d.error.column + " (marked below).", true);
  } else {
    judgeSay(text, false);
  }
  showInputError(d.error);
}

/** A card's line saying why the answer is no. */
function whyLine(why) {
  const p = document.createElement("p");
  p.className = "why";
  p.textContent = "Why not: " + why;
  return p;
}

function card(title, no) {
  const div = document.createElement("div");
  div.className = "answer" + (no ? " no" : "");
  const h = document.createElement("h3");
  h.textContent = title;
  div.appendChild(h);
  return div;
}

/** A canvas for a rows × cols board with a one-cell margin. */
function canvasFor(rows, cols) {
  const size = Math.max(6, Math.min(30, Math.floor(560 / (Math.max(rows, cols) + 2))));
  const canvas = document.createElement("canvas");
  const scale = window.devicePixelRatio || 1;
  canvas.width = (cols + 2) * size * scale;
  canvas.height = (rows + 2) * size * scale;
  canvas.style.width = (cols + 2) * size + "px";
  canvas.style.height = (rows + 2) * size + "px";
  const ctx = canvas.getContext("2d");
  ctx.scale(scale, scale);
  return { canvas, ctx, size };
}

function frameCell(ctx, r, c, size, colour) {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, size / 8);
  ctx.strokeRect((c + 1) * size + 1, (r + 1) * size + 1, size - 2, size - 2);
  ctx.restore();
}

function tilesCard(kinds, q, boardNo, queryNo, open) {
  const rows = kinds.length, cols = kinds[0].length;
  const div = card("Board " + boardNo + ", query " + queryNo + ": " + q.answer +
    " (" + (q.a[0] + 1) + "," + (q.a[1] + 1) + ") – (" + (q.b[0] + 1) + "," + (q.b[1] + 1) + ")", q.answer !== "YES");
  const { canvas, ctx, size } = canvasFor(rows, cols);
  ctx.fillStyle = open ? "#f3efe6" : "#b9b2a3";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#f3efe6";
  ctx.fillRect(size, size, cols * size, rows * size);
  ctx.font = "bold " + Math.floor(size * 0.5) + "px DejaVu Sans, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  kinds.forEach((row, r) => row.forEach((kind, c) => {
    if (kind === 0) return;
    ctx.fillStyle = tileColour(kind);
    ctx.fillRect((c + 1) * size + 1, (r + 1) * size + 1, size - 2, size - 2);
    if (size >= 12) {
      ctx.fillStyle = "#1b1b1b";
      ctx.fillText(String(kind), (c + 1.5) * size, (r + 1.5) * size, size - 2);
    }
  }));
  frameCell(ctx, q.a[0], q.a[1], size, "#d35400");
  frameCell(ctx, q.b[0], q.b[1], size, "#d35400");
  if (q.path) strokePath(ctx, q.path, size, "#c0392b", Math.max(2, size / 7));
  if (q.why) div.appendChild(whyLine(q.why));
  div.appendChild(canvas);
  return div;
}

function piecesCard(pieces, q, boardNo) {
  const rows = pieces.length, cols = pieces[0].length;
  const div = card("Board " + boardNo + ": " + q.answer, q.path === null);
  const { canvas, ctx, size } = canvasFor(rows, cols);
  ctx.fillStyle = "#f3efe6";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = "#d8d2c4";
  ctx.strokeRect(size, size, cols * size, rows * size);
  pieces.forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch !== "X") return;
    ctx.fillStyle = "#4d5656";
    ctx.fillRect((c + 1) * size + 1, (r + 1) * size + 1, size - 2, size - 2);
  }));
  for (const [label, cell] of [["A", q.a], ["B", q.b]]) {
    ctx.fillStyle = "#d35400";
    ctx.fillRect((cell[1] + 1) * size + 1, (cell[0] + 1) * size + 1, size - 2, size - 2);
    if (size >= 12) {
      ctx.fillStyle = "#fff";
      ctx.font = "bold " + Math.floor(size * 0.55) + "px DejaVu Sans, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(label, (cell[1] + 1.5) * size, (cell[0] + 1.5) * size);
    }
  }
  if (q.path) strokePath(ctx, q.path, size, "#c0392b", Math.max(2, size / 7));
  if (q.why) div.appendChild(whyLine(q.why));
  div.appendChild(canvas);
  return div;
}

function solitaireCard(c, caseNo) {
  const title = "Case " + caseNo + ": " + c.answer +
    (c.distance === null ? " (more than the limit)" : " in " + c.distance + " move" + (c.distance === 1 ? "" : "s"));
  const div = card(title, c.answer !== "YES");
  if (c.answer !== "YES") {
    div.appendChild(whyLine(c.distance === null
      ? "the goal is not reached within " + J("judge-moves").value + " moves (the judge allows 8)"
      : "the goal takes " + c.distance + " moves, more than the judge's 8"));
  }
  const { canvas, ctx, size } = canvasFor(8, 8);
  const moves = c.moves || [];
  div.appendChild(canvas);
  // Step 0 shows the start with every move; step k the board after move k.
  let step = 0;
  const label = document.createElement("span");
  const redraw = () => {
    drawSolitaire(ctx, c, moves, step, size);
    label.textContent = step === 0 ? "start, all moves" : "after move " + step + " of " + moves.length;
  };
  if (moves.length > 0) {
    const controls = document.createElement("div");
    controls.className = "stepper";
    const back = document.createElement("button");
    back.type = "button";
    back.textContent = "◀";
    back.setAttribute("aria-label", "previous move");
    const next = document.createElement("button");
    next.type = "button";
    next.textContent = "▶";
    next.setAttribute("aria-label", "next move");
    back.addEventListener("click", () => { step = Math.max(0, step - 1); redraw(); });
    next.addEventListener("click", () => { step = Math.min(moves.length, step + 1); redraw(); });
    controls.append(back, next, label);
    div.appendChild(controls);
    const list = document.createElement("ol");
    moves.forEach((m) => {
      const li = document.createElement("li");
      li.textContent = "(" + (m.from[0] + 1) + "," + (m.from[1] + 1) + ") → (" +
        (m.to[0] + 1) + "," + (m.to[1] + 1) + ")" + (m.jump ? " jump" : "");
      list.appendChild(li);
    });
    div.appendChild(list);
  }
  redraw();
  return div;
}

/** The 8 × 8 board: goal squares as rings, the pieces after `step` moves
 * as discs, and the arrows of every move (step 0) or of move `step`. */
function drawSolitaire(ctx, c, moves, step, size) {
  ctx.clearRect(0, 0, 10 * size, 10 * size);
  ctx.fillStyle = "#f3efe6";
  ctx.fillRect(0, 0, 10 * size, 10 * size);
  for (let r = 0; r < 8; r++) {
    for (let col = 0; col < 8; col++) {
      ctx.fillStyle = (r + col) % 2 === 0 ? "#e8e1d1" : "#d5ccb8";
      ctx.fillRect((col + 1) * size, (r + 1) * size, size, size);
    }
  }
  ctx.font = Math.floor(size * 0.4) + "px DejaVu Sans, sans-serif";
  ctx.fillStyle = "#666";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let i = 0; i < 8; i++) {
    ctx.fillText(String(i + 1), (i + 1.5) * size, size / 2);
    ctx.fillText(String(i + 1), size / 2, (i + 1.5) * size);
  }
  for (const [r, col] of c.goal) {
    const [x, y] = cellCentre(r, col, size);
    ctx.strokeStyle = "#1e8449";
    ctx.lineWidth = Math.max(2, size / 10);
    ctx.beginPath();
    ctx.arc(x, y, size * 0.38, 0, 2 * Math.PI);
    ctx.stroke();
  }
  let pieces = c.start.map((p) => p.join(","));
  for (const m of moves.slice(0, step)) {
    pieces = pieces.map((p) => (p === m.from.join(",") ? m.to.join(",") : p));
  }
  const moved = step > 0 ? moves[step - 1].to.join(",") : null;
  for (const p of pieces) {
    const [r, col] = p.split(",").map(Number);
    const [x, y] = cellCentre(r, col, size);
    ctx.fillStyle = p === moved ? "#d35400" : "#2c3e50";
    ctx.beginPath();
    ctx.arc(x, y, size * 0.26, 0, 2 * Math.PI);
    ctx.fill();
  }
  if (step === 0) moves.forEach((m, i) => drawMove(ctx, m, i + 1, size));
  else drawMove(ctx, moves[step - 1], step, size);
}

/** An arrow for move number `n` (dashed for a jump), its number at the
 * middle. */
function drawMove(ctx, m, n, size) {
  const [x1, y1] = cellCentre(m.from[0], m.from[1], size);
  const [x2, y2] = cellCentre(m.to[0], m.to[1], size);
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = size * 0.25;
  ctx.save();
  ctx.strokeStyle = ctx.fillStyle = "#c0392b";
  ctx.lineWidth = Math.max(2, size / 12);
  if (m.jump) ctx.setLineDash([size / 6, size / 8]);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2 - Math.cos(angle) * head * 0.8, y2 - Math.sin(angle) * head * 0.8);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - head * Math.cos(angle - 0.5), y2 - head * Math.sin(angle - 0.5));
  ctx.lineTo(x2 - head * Math.cos(angle + 0.5), y2 - head * Math.sin(angle + 0.5));
  ctx.closePath();
  ctx.fill();
  // The number sits beside the arrow where it leaves its first square: half
  // a square from a piece's centre, off the line, so that it covers neither
  // the arrow nor a piece (a jump's middle is the jumped piece).
  const bx = x1 + Math.cos(angle) * size * 0.5, by = y1 + Math.sin(angle) * size * 0.5;
  const mx = bx - Math.sin(angle) * size * 0.24;
  const my = by + Math.cos(angle) * size * 0.24;
  ctx.fillStyle = "#fff";
  ctx.beginPath();
  ctx.arc(mx, my, size * 0.18, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = "#c0392b";
  ctx.font = "bold " + Math.floor(size * 0.28) + "px DejaVu Sans, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(n), mx, my);
  ctx.restore();
}

/** The judge viewer's form. */
export function startJudge() {
  J("problem").addEventListener("change", judgeOptionsShown);
  J("judge-sample").addEventListener("click", () => {
    J("judge-input").value = SAMPLES[J("problem").value];
  });
  J("judge-form").addEventListener("submit", (e) => {
    e.preventDefault();
    runJudge();
  });
  J("judge-input").value = SAMPLES.lianliankan;
  judgeOptionsShown();
}
