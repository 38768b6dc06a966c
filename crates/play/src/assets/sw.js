// The service worker: keeps the page for offline play. Served at /sw.js
// (scope /) with two lines before this text, written by play's build:
// `BUILD`, a hash of every file the binary serves, and `SHELL`, the paths
// of the page (every file, the engine's package when embedded).
// - install: the shell is kept in the cache `lianliankan-BUILD`; a new
//   binary is a new worker (its BUILD differs), whose cache replaces the
//   old one when it activates;
// - a page's file or a navigation: from the cache at once, and fetched
//   anew in the background to refresh the copy (the next load shows it);
//   not in the cache: from the network, and kept;
// - the API (/api/...): never touched here, straight to the network; when
//   the server is gone the page's engine seam (engine.js) plays unranked
//   games in the page.

const CACHE = "lianliankan-" + BUILD;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** The request for the shell's copy of `request`: a navigation is the
 * page itself (at `/`, or the judge viewer's `/judge`) whatever its query. */
function shellKey(request) {
  const url = new URL(request.url);
  return url.origin + url.pathname;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = shellKey(request);
    const kept = await cache.match(key);
    const fresh = fetch(request).then((response) => {
      if (response.ok && response.type === "basic") cache.put(key, response.clone());
      return response;
    });
    if (kept) {
      // Refreshed in the background; a failure (offline) is no matter.
      event.waitUntil(fresh.catch(() => undefined));
      return kept;
    }
    return fresh;
  })());
});
