// Starts the app on a page the server sent rendered (docs/decisions/019): the page's scripts are
// fetched once its content is on screen. The server writes this script into the page's head, with
// the entry and the modules to preload on its element, and allows it by its hash
// (apps/api/src/plugins/spa.ts): a file of its own would be one more request before the paint.
// It is an inline module, so it runs once the page is parsed, in a task of its own, as a deferred
// file would: run by the parser, it lengthened the task that paints the page.
(function () {
  var boot = document.querySelector('script[data-entry]');
  var entry = boot.getAttribute('data-entry');
  var modules = (boot.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;

  // Each element asks the network for its file, which costs the main thread about a millisecond
  // on a desktop and four on a phone: a page's twenty are added a few per task, the app's entry
  // first, so that no task holds a phone's main thread for long.
  var PER_TASK = 4;

  function moduleTag(href, rel) {
    var tag = document.createElement(rel ? 'link' : 'script');
    tag.crossOrigin = '';
    if (rel) {
      tag.rel = rel;
      tag.href = href;
    } else {
      tag.type = 'module';
      tag.src = href;
    }
    return tag;
  }

  function start() {
    if (started) return;
    started = true;
    var tags = [moduleTag(entry)].concat(
      modules.map(function (href) {
        return moduleTag(href, 'modulepreload');
      }),
    );
    (function addSome() {
      tags.splice(0, PER_TASK).forEach(function (tag) {
        document.head.appendChild(tag);
      });
      if (tags.length) setTimeout(addSome, 0);
    })();
  }

  // Once the page's content has arrived (its first images and fonts: the load event) and is on
  // screen, so that the scripts neither compete with it on the network nor hold up its paint. The
  // main thread has painted a frame long before the screen shows it (its raster and composition
  // follow): the browser's first contentful paint is reported once a frame is shown. A browser
  // without paint timing waits for the next frame only. A tab opened in the background paints no
  // frame: three seconds at most.
  function whenShown(then) {
    var observable = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!observable || observable.indexOf('paint') < 0) return then();
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  function afterPaint() {
    whenShown(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  }
  // A visitor who starts using the page before then gets its scripts at once.
  ['pointerdown', 'keydown', 'touchstart'].forEach(function (type) {
    window.addEventListener(type, start, { once: true, passive: true, capture: true });
  });
  // A button of the page does nothing until the app has taken it over: the last one tapped
  // meanwhile is kept, and the app presses it once it has (app/early-input.ts).
  var early = (window.vroumEarlyTap = { button: null, listening: true });
  document.addEventListener(
    'click',
    function (event) {
      var button = early.listening && event.target.closest && event.target.closest('button');
      if (button && button.type === 'button') early.button = button;
    },
    true,
  );
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
  setTimeout(start, 3000);
})();
