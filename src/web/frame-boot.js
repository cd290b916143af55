// The signed-in frames' loader (decision 080). A page sent with its frame (decision 075) paints that
// frame from the HTML and CSS alone; this script, the only one in such a page's HTML, starts the
// app's JavaScript once that paint is on screen: the entry module and the page's chunks (named in
// data-entry and data-modules by scripts/prerender-plugin.ts), all at once, as modulepreload would.
// So the first paint never waits for the JavaScript, and the app's work runs after it. Plain script,
// not bundled: the build copies it under a content hash.
(function () {
  var me = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var modules = (me.getAttribute('data-modules') || '').split(' ');
    for (var i = 0; i < modules.length; i++) {
      if (!modules[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = me.getAttribute('data-entry');
    document.head.appendChild(entry);
  }
  // a tab opened in the background paints nothing (no animation frames): nothing to wait for
  if (document.visibilityState !== 'visible') return start();
  // the task after the next frame: the frame has painted
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  // never wait long for a paint that does not come
  setTimeout(start, 300);
})();
