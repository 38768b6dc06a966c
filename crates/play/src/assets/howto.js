// The one-screen how-to-play: shown over the game on a first visit (the
// board is dealt behind it, ready), dismissed with Play, Esc or a click
// beside it, and shown again by the header's "How to play".
"use strict";

const HOWTO_SEEN = "lianliankan-howto";

function showHowto(open) {
  const box = document.getElementById("howto");
  box.hidden = !open;
  if (open) {
    document.getElementById("howto-close").focus();
  } else {
    try {
      localStorage.setItem(HOWTO_SEEN, "seen");
    } catch (e) {
      // Refused: it shows again next time, no worse.
    }
    // The keys go back to the board.
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
  }
}

document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("howto");
  document.getElementById("howto-open").addEventListener("click", () => showHowto(true));
  document.getElementById("howto-close").addEventListener("click", () => showHowto(false));
  box.addEventListener("click", (e) => {
    if (e.target === box) showHowto(false);
  });
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      showHowto(false);
    }
  });
  let seen = null;
  try {
    seen = localStorage.getItem(HOWTO_SEEN);
  } catch (e) {
    seen = "seen";
  }
  const judge = location.pathname === "/judge";
  if (seen === null && !judge) showHowto(true);
});
