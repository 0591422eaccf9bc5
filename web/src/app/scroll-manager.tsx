import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { takingOverPrerenderedPage } from '../lib/prerender';

/**
 * Scroll on client-side navigation: to the element named by the hash (landing anchors such as /#pricing), and
 * focus it when it is made to take focus (tabIndex -1, e.g. /profiles/{id}/edit#measurements: a deep link lands on
 * its section for keyboard and screen-reader users too),
 * else to the top for a new page (PUSH/REPLACE), leaving back/forward (POP) to the browser.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const navType = useNavigationType();
  // Taking over a prerendered page, the browser has scrolled already (to the hash, or where the visitor went since).
  const takeover = useRef(takingOverPrerenderedPage());
  useEffect(() => {
    if (takeover.current) {
      takeover.current = false;
      return undefined;
    }
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      // The target may be in a lazy chunk (or behind the page's data) that is still loading: try for a while.
      let tries = 0;
      const timer = window.setInterval(() => {
        const el = document.getElementById(id);
        if (el || ++tries > 100) {
          window.clearInterval(timer);
          el?.scrollIntoView({ block: 'start', behavior: 'instant' });
          if (el?.getAttribute('tabindex') === '-1') el.focus({ preventScroll: true });
        }
      }, 50);
      return () => window.clearInterval(timer);
    }
    if (navType !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return undefined;
  }, [pathname, hash, key, navType]);
  return null;
}
