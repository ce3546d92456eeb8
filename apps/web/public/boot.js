// Starts the app on a page the server sent rendered (docs/decisions/019): the page's scripts are
// fetched once its content is on screen, so they never hold back its first paint or its largest
// image. The server writes the entry and the modules to preload on this element
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

  // The first frame a browser paints may hold no content yet (a long page is parsed in parts): the
  // browser's own report of the largest content painted, or of the first, says when it is there.
  // Without either report: after the next frame. A tab opened in the background paints nothing:
  // a second at most.
  var supported = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  var type = ['largest-contentful-paint', 'paint'].filter(function (name) {
    return supported.indexOf(name) >= 0;
  })[0];
  if (type) {
    new PerformanceObserver(function (list, observer) {
      var painted = list.getEntries().some(function (paint) {
        return type !== 'paint' || paint.name === 'first-contentful-paint';
      });
      if (!painted) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: type, buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  setTimeout(start, 1000);
})();
