// Linkdrop's service worker (served from /assets/ with the scope `/`). It keeps only what is the
// same for everyone (styles, scripts, icons, the offline page), never a page with an account's
// data: pages come from the network, and the offline page stands in when there is none.
'use strict';
const CACHE = 'linkdrop-shell';
const SHELL = [
  '/assets/offline.html',
  '/assets/app.css',
  '/assets/app.js',
  '/assets/theme.js',
  '/assets/icon.svg',
];

self.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(SHELL.map((u) => new Request(u, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

const ACCOUNT = /^\/(account|admin|login|signup)?(\/|$)/;

self.addEventListener('fetch', (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== location.origin) return;
  if (req.mode === 'navigate' && ACCOUNT.test(url.pathname)) {
    e.respondWith(fetch(req).catch(() => caches.match('/assets/offline.html')));
  } else if (url.pathname.startsWith('/assets/')) {
    // Fresh when online (pages ask for ?v=<version>); the kept copy when not.
    e.respondWith(fetch(req).catch(() => caches.match(url.pathname)));
  }
});
