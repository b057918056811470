// Sets the colour scheme before the first paint (no flash of the wrong one): the member's
// remembered choice (Mantine keeps it under this key), else the device's setting.
(function () {
  var chosen = null;
  try {
    chosen = window.localStorage.getItem('mantine-color-scheme-value');
  } catch (e) {
    /* storage blocked: follow the device */
  }
  var dark = chosen === 'dark' || (chosen !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
