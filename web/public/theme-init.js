// Before first paint: applies the theme so a dark-mode visitor never sees a light flash (kept in sync with
// src/lib/theme-store.ts: key "theme", values "light" | "dark"; without one, the system's prefers-color-scheme).
// On the pages prerendered at build time (web/build/prerender.ts) it also marks <html> for their CSS:
// data-cookie-choice hides the cookie banner that is in their HTML once a choice is remembered
// (src/lib/cookie-consent.ts: key "cookies-accepted", "true" or "false"), data-session hides the page from a
// signed-in visitor until the SPA shows them theirs (src/lib/stored-session.ts: Amplify's token keys).
(function () {
  var el = document.documentElement;
  var dark = false;
  try {
    dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch (e) {
    /* no matchMedia: light */
  }
  try {
    var ls = window.localStorage;
    var stored = ls.getItem('theme');
    if (stored === 'dark' || stored === 'light') dark = stored === 'dark';
    if (el.hasAttribute('data-prerendered')) {
      var choice = ls.getItem('cookies-accepted');
      if (choice === 'true' || choice === 'false')
        el.setAttribute('data-cookie-choice', choice === 'true' ? 'accepted' : 'declined');
      for (var i = 0; i < ls.length; i++) {
        var key = ls.key(i) || '';
        if (key.indexOf('CognitoIdentityServiceProvider.') === 0 && /\.(idToken|accessToken|refreshToken)$/.test(key)) {
          el.setAttribute('data-session', '');
          break;
        }
      }
    }
  } catch (e) {
    /* storage blocked: the system's theme */
  }
  el.classList.toggle('dark', dark);
  el.style.colorScheme = dark ? 'dark' : 'light';
})();
