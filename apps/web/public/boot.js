// Starts the app on a page the server sent rendered (docs/decisions/019): the page's scripts are
// fetched once its content is on screen. The server writes on this element the entry, the modules
// to preload and the app's whole stylesheets (the page carries only the rules its own markup uses:
// apps/api/src/plugins/spa.ts and page-styles.ts).
(function () {
  var boot = document.currentScript;
  var entry = boot.getAttribute('data-entry');
  var modules = (boot.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var styles = (boot.getAttribute('data-styles') || '').split(' ').filter(Boolean);
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
    // The entry runs once the stylesheets have loaded (or failed): what the app draws beyond the
    // page's own markup (a menu, a dialog, the next page) is then styled from its first frame.
    var pending = styles.length;
    function styleSettled() {
      pending -= 1;
      if (pending === 0) runEntry();
    }
    styles.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = styleSettled;
      link.onerror = styleSettled;
      document.head.appendChild(link);
    });
    if (styles.length === 0) runEntry();
  }

  function runEntry() {
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
