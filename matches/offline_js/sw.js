// The table links' service worker (scope /t/, issue 24), the match pages' (scope
// /matches/, served as /matches/sw.js) and the scorer links' (scope /k/, /k/sw.js). Served by
// matches.views.offline.service_worker after a line that sets self.CONFIG:
// {version, precache: [the WebAssembly Python and the rules], packed: [those of them with a
// gzip copy beside them, at <address>.gz], static: "/static/"}.
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
      .then(function (cache) {
        return Promise.all(self.CONFIG.precache.map(function (url) { return precache(cache, url); }));
      })
      .then(function () { return self.skipWaiting(); })
  );
});

// Each address once per phone: its contents never change (Pyodide's folder is named by its
// version, the rules by theirs), so a copy the phone holds already (the previous version's
// cache, or the other scopes' workers', which share it) is taken as it is; what is missing
// comes from the server, packed where it has a gzip copy. An install cut short keeps what
// it got, and the next one fetches only the rest.
function precache(cache, url) {
  return caches.match(url, { ignoreVary: true }).then(function (found) {
    if (found) { return cache.put(url, found); }
    return fetchPacked(url).then(function (response) { return cache.put(url, response); });
  });
}

var TYPES = { wasm: "application/wasm", js: "text/javascript", json: "application/json", zip: "application/zip" };

// The gzip copy, unpacked here (the server sends static files as they are); the file
// itself where there is none, where the browser cannot unpack (no DecompressionStream), or
// where the copy does not unpack.
function fetchPacked(url) {
  if ((self.CONFIG.packed || []).indexOf(url) === -1 || !self.DecompressionStream) {
    return fetchOk(url);
  }
  return fetchOk(url + ".gz").then(function (packed) {
    // A server (or proxy) that sent it as Content-Encoding: the browser unpacked it.
    var body = packed.headers.get("Content-Encoding") ? packed.body
      : packed.body.pipeThrough(new DecompressionStream("gzip"));
    return new Response(body).blob();
  }).then(function (blob) {
    var type = TYPES[url.split(".").pop()] || "application/octet-stream";
    return new Response(blob, { status: 200, headers: { "Content-Type": type } });
  }).catch(function () { return fetchOk(url); });
}

function fetchOk(url) {
  return fetch(url).then(function (response) {
    if (!response.ok) { throw new Error(url + ": HTTP " + response.status); }
    return response;
  });
}

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
