// Before first paint: applies the stored theme so a dark-mode visitor never sees a light flash (kept in sync with
// src/lib/theme-store.ts: key "theme", values "light" | "dark", default light). On the pages prerendered at build time
// (web/build/prerender.ts) it also marks <html> for their CSS: data-cookies-accepted hides the cookie banner that is
// in their HTML (src/lib/cookie-consent.ts: key "cookies-accepted"), data-session hides the page from a signed-in
// visitor until the SPA shows them theirs (src/lib/stored-session.ts: Amplify's token keys).
(function () {
  try {
    var ls = window.localStorage;
    var dark = ls.getItem('theme') === 'dark';
    var el = document.documentElement;
    el.classList.toggle('dark', dark);
    el.style.colorScheme = dark ? 'dark' : 'light';
    if (!el.hasAttribute('data-prerendered')) return;
    if (ls.getItem('cookies-accepted') === 'true') el.setAttribute('data-cookies-accepted', '');
    for (var i = 0; i < ls.length; i++) {
      var key = ls.key(i) || '';
      if (key.indexOf('CognitoIdentityServiceProvider.') === 0 && /\.(idToken|accessToken|refreshToken)$/.test(key)) {
        el.setAttribute('data-session', '');
        break;
      }
    }
  } catch (e) {
    /* storage blocked: stay light */
  }
})();
