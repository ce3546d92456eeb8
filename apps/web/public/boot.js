// Starts the app on a page the server sent rendered (docs/decisions/019): the page's scripts are
// fetched once its content is on screen. The server writes the entry and the modules to preload on this element
// (apps/api/src/plugins/spa.ts).
(function () {
  var boot = document.currentScript;
  var entry = boot.getAttribute('data-entry');
  var modules = (boot.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;

  function start() {
    if (started) return;
    started = true;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }

  // Once the page's content has arrived (its first images and fonts: the load event) and the next
  // frame has painted it, so that the scripts neither compete with it on the network nor hold up
  // its paint. A tab opened in the background paints no frame: three seconds at most.
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // A visitor who starts using the page before then gets its scripts at once.
  ['pointerdown', 'keydown', 'touchstart'].forEach(function (type) {
    window.addEventListener(type, start, { once: true, passive: true, capture: true });
  });
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
  setTimeout(start, 3000);
})();
