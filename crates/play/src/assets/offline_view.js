// The page's "offline" state: while the server cannot be reached (a
// request failed on the network, common.js), a line above the page says
// that unranked games go on in the page and what needs the server; the
// root element carries `data-offline` for the styles and the tests. The
// service worker (sw.js) registered here keeps the page for that case.

import { serverReachable } from "./common.js";
import { $ } from "./dom.js";

/** Shows or hides the offline line as the server is reached or not. */
function showReachable() {
  const offline = !serverReachable();
  $("offline").hidden = !offline;
  document.documentElement.toggleAttribute("data-offline", offline);
}

/** Follows the server's reachability, and registers the service worker
 * (where the browser has them: a secure context, such as localhost). */
export function startOffline() {
  window.addEventListener("llk-reachable", showReachable);
  showReachable();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  }
}
