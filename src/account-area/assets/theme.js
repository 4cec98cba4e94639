// The reader's theme: the system's unless they chose light or dark (kept in this browser).
// Loaded in <head> before the page is drawn, so a chosen theme never flashes the other one.
(function () {
  var KEY = 'linkdrop-theme';
  var root = document.documentElement;
  var NEXT = { system: 'light', light: 'dark', dark: 'system' };
  var chosen = null;
  try {
    chosen = localStorage.getItem(KEY);
  } catch (e) {}
  if (chosen === 'light' || chosen === 'dark') root.dataset.theme = chosen;

  document.addEventListener('DOMContentLoaded', function () {
    var button = document.getElementById('theme');
    if (!button) return;
    // The page gives the words in its language: { system, light, dark }.
    var words = JSON.parse(button.dataset.words || '{}');
    var show = function () {
      var theme = root.dataset.theme || 'system';
      button.textContent = words[theme] || 'Theme: ' + theme;
    };
    button.hidden = false;
    show();
    button.addEventListener('click', function () {
      var next = NEXT[root.dataset.theme || 'system'];
      try {
        if (next === 'system') localStorage.removeItem(KEY);
        else localStorage.setItem(KEY, next);
      } catch (e) {}
      if (next === 'system') delete root.dataset.theme;
      else root.dataset.theme = next;
      show();
    });
  });
})();
