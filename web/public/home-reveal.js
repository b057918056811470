// The server-rendered home page (server/src/plugins/home-render.ts) keeps its
// loading screen up until the three hero images have loaded (spec 000 §2) —
// at most 4 s (as use-hero-images.ts), so a slow image never hides the page. Inlined after the
// page's HTML; once the revealed page has painted it starts the app, whose
// code has been downloading meanwhile.
(function () {
  var app = document.currentScript && document.currentScript.getAttribute('data-app');
  function startApp() {
    if (!app) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = app;
    document.head.appendChild(script);
  }
  var revealed = false;
  function reveal() {
    if (revealed) return;
    revealed = true;
    document.documentElement.classList.remove('home-loading');
    var loading = document.getElementById('home-loading-static');
    if (loading) loading.remove();
    // Two frames: the revealed page has been handed to the compositor before the app's code runs.
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(startApp, 0);
      });
    });
  }
  var waiting = 0;
  function settled() {
    waiting -= 1;
    if (waiting === 0) reveal();
  }
  document.querySelectorAll('#root img[data-hero]').forEach(function (img) {
    if (img.complete) return;
    waiting += 1;
    img.addEventListener('load', settled);
    img.addEventListener('error', settled);
  });
  if (waiting === 0) reveal();
  else setTimeout(reveal, 4000);
})();
