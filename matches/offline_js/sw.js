// The table links' service worker (scope /t/, issue 24), the match pages' (scope
// /matches/, served as /matches/sw.js) and the scorer links' (scope /k/, /k/sw.js). Served by
// matches.views.offline.service_worker after a line that sets self.CONFIG:
// {version, precache: [the WebAssembly Python and the rules], static: "/static/"}.
//
// A table page and what it loads are fetched from the server first, and a copy is kept;
// without the server the copy answers. The Python and the rules (versioned addresses)
// are fetched once, at install, and answered from the copy. Only what a page or its
// worker asks for passes here; nothing is sent anywhere else.
"use strict";

var CACHE = "table-" + self.CONFIG.version;
// A table link's page, a scorer link's, or a match page (each with its offline.json).
var PAGE = /^\/(t\/[^/]+|k\/[^/]+|matches\/\d+)\/$/;
var JSON_OF_PAGE = /^\/(t\/[^/]+|k\/[^/]+|matches\/\d+)\/offline\.json$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) { return cache.addAll(self.CONFIG.precache); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      // The pages and scripts of the previous version are kept: a table that opens its
      // page offline right after an update still finds them.
      return Promise.all(names.map(function (name) {
        if (name === CACHE || name.indexOf("table-") !== 0) { return null; }
        return caches.open(name).then(function (old) { return carryOver(old); })
          .then(function () { return caches.delete(name); });
      }));
    }).then(function () { return self.clients.claim(); })
  );
});

function carryOver(old) {
  return caches.open(CACHE).then(function (cache) {
    return old.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) {
        if (self.CONFIG.precache.indexOf(new URL(request.url).pathname) !== -1) { return null; }
        return cache.match(request).then(function (found) {
          if (found) { return null; }
          return old.match(request).then(function (response) {
            return response && cache.put(request, response);
          });
        });
      }));
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (self.CONFIG.precache.indexOf(url.pathname + url.search) !== -1
      || self.CONFIG.precache.indexOf(url.pathname) !== -1) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (keeps(request, url)) {
    event.respondWith(networkFirst(request, url));
  }
});

// What a table page needs again offline: the page itself (never an htmx partial of it,
// which answers the same address), its JSON, and the static files it loaded.
function keeps(request, url) {
  if (request.headers.get("HX-Request")) { return false; }
  return PAGE.test(url.pathname) || JSON_OF_PAGE.test(url.pathname)
    || url.pathname.indexOf(self.CONFIG.static) === 0;
}

function cacheFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (found) {
      return found || fetch(request).then(function (response) {
        if (response.ok) { cache.put(request, response.clone()); }
        return response;
      });
    });
  });
}

// A kept copy says so (X-Phone-Copy), so that the page never takes it for the server.
function copy(found) {
  var headers = new Headers(found.headers);
  headers.set("X-Phone-Copy", "1");
  return found.blob().then(function (body) {
    return new Response(body, { status: found.status, statusText: found.statusText, headers: headers });
  });
}

function networkFirst(request, url) {
  var key = url.origin + url.pathname;  // one copy per address, whatever its query
  return caches.open(CACHE).then(function (cache) {
    return fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") { cache.put(key, response.clone()); }
      return response;
    }, function (failure) {
      return cache.match(key, { ignoreVary: true }).then(function (found) {
        if (!found) { throw failure; }
        return copy(found);
      });
    });
  });
}
