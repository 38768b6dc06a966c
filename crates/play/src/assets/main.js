// The page's entry (the one script index.html loads): it starts each view
// in the order the page needs, once the document is parsed. No build step:
// the browser loads these modules as they are.

import { deselect, placeCursor } from "./board_view.js";
import { tick } from "./clock_view.js";
import { isJudgePage, showView } from "./common.js";
import { shareUrl } from "./form.js";
import { startHowto } from "./howto.js";
import { startJudge } from "./judge.js";
import { onKey } from "./keys.js";
import { levelTick, listenToGame, rankedLevel, startLevels } from "./level.js";
import { level } from "./level_state.js";
import { startOffline } from "./offline_view.js";
import { pick, setPaused, startPlay } from "./play.js";
import { startDaily } from "./daily.js";
import { startPresets } from "./presets.js";
import { clearRecord, exportText, importText, loadRecord, startRecord } from "./record.js";
import { startStats } from "./stats_view.js";
import { startRuns } from "./runs.js";
import { elapsed, game } from "./state.js";
import { TILE_DESIGNS, TILE_PALETTE, drawTile, spokenName, tileDesign } from "./tiles.js";
import { startViewOptions } from "./view_options.js";

// The level game hears the game from the start (a resumed game asks it).
listenToGame();

window.addEventListener("hashchange", showView);
document.addEventListener("DOMContentLoaded", () => {
  showView();
  startOffline();
  // The keys work from page load (the judge viewer's page deals no game).
  if (!isJudgePage() && location.hash !== "#judge") document.addEventListener("keydown", onKey);
  startPlay();
  startViewOptions();
  startHowto(setPaused);
  startPresets();
  startLevels();
  startRuns();
  startJudge();
  // The daily deal and the player's record live on the game's page.
  if (!isJudgePage()) {
    startRecord();
    startDaily();
    startStats();
  }
});

// What the browser tests read and drive (tests/it/browser.rs): the game,
// the level run, and a few of the page's functions.
window.lianliankan = game;
window.lianliankanLevel = level;
window.lianliankanPage = {
  tick, elapsed, levelTick, rankedLevel, shareUrl, pick, deselect, placeCursor,
  tileDesign, drawTile, spokenName, TILE_DESIGNS, TILE_PALETTE,
};
window.lianliankanRecord = { loadRecord, exportText, importText, clearRecord };
