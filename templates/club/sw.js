{% load i18n %}// The club's service worker: the site's own, no third party. It keeps the static files (from its
// first start) and every page a member opens (each time it is fetched), and when the phone is
// offline it draws them from its cache. Writes never pass through the cache: taps recorded
// offline wait in the page's IndexedDB queue (static/js/offline.js) and are sent when back online;
// the page script then fetches the deal's page again into the same cache, so that a copy drawn
// offline shows the taps the site took as the site's.
"use strict";

var VERSION = "{{ version|escapejs }}";
var STATIC_CACHE = "club-static-" + VERSION;
var PAGES_CACHE = "club-pages";
var PRECACHE = {{ precache|safe }};
var STATIC_PREFIX = "{{ static_prefix|escapejs }}";
// Never kept: the API, sign-in and the admin answer for the moment, and the worker itself.
var NEVER = ["/api/", "/accounts/", "/admin/", "/i18n/", "/sw.js", "/health/", "/ready/"];
var OFFLINE_PAGE = "<!DOCTYPE html><html lang=\"{{ LANGUAGE_CODE|escapejs }}\"><head><meta charset=\"utf-8\">" +
  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{% translate 'Offline'|escapejs %}</title></head>" +
  "<body><main><h1>{% translate 'Offline'|escapejs %}</h1><p>{% translate 'This page was not opened on this phone before, so it is not kept for offline use. Go back to a page you opened, or try again when the network is back.'|escapejs %}</p></main></body></html>";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC_CACHE).then(function (cache) {
    return cache.addAll(PRECACHE);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("club-static-") === 0 && name !== STATIC_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function never(url) {
  return NEVER.some(function (prefix) { return url.pathname.indexOf(prefix) === 0; });
}

function fromStatic(request) {
  return caches.match(request, {ignoreVary: true}).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(STATIC_CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}

function page(request) {
  return fetch(request).then(function (response) {
    // Only a whole page of the site, as the member sees it: not a redirect to sign in, not an error.
    var type = response.headers.get("Content-Type") || "";
    if (response.ok && response.type === "basic" && !response.redirected && type.indexOf("text/html") === 0) {
      var copy = response.clone();
      caches.open(PAGES_CACHE).then(function (cache) { cache.put(request.url, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request.url, {ignoreVary: true, ignoreSearch: false}).then(function (hit) {
      return hit || new Response(OFFLINE_PAGE, {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || never(url)) {
    return;
  }
  if (url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(fromStatic(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request));
  }
  // Anything else (htmx's partial panels, polling) goes to the network as it is.
});

// A page opened before the worker took charge asks to be kept too.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.keep && typeof data.keep === "string") {
    var url = new URL(data.keep, self.location.origin);
    if (url.origin === self.location.origin && !never(url)) {
      event.waitUntil(fetch(url.href, {credentials: "same-origin", cache: "no-cache"}).then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (response.ok && !response.redirected && type.indexOf("text/html") === 0) {
          return caches.open(PAGES_CACHE).then(function (cache) { return cache.put(url.href, response); });
        }
      }).catch(function () {}));
    }
  }
});
