// Applies the stored theme before first paint so a dark-mode visitor never sees a light flash.
// Kept in sync with src/lib/theme.ts (key "theme", values "light" | "dark", default light).
(function () {
  try {
    var dark = window.localStorage.getItem('theme') === 'dark';
    var el = document.documentElement;
    el.classList.toggle('dark', dark);
    el.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {
    /* storage blocked: stay light */
  }
})();
