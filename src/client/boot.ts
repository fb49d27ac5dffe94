/**
 * The site's loader: a classic script of a few hundred bytes at the end of the body. It starts
 * the site's JavaScript (the entry, and the chunks it imports, fetched in parallel) once the page
 * has painted its first content.
 *
 * Why: everything on the page works before hydration — links navigate, forms submit — so the
 * ~90 KB of React and page code are not needed for the first paint, and on a slow connection they
 * would share its bandwidth with the HTML, the stylesheet and the fonts that the first paint
 * does need. On a fast connection the difference is a frame or two.
 */
const script = document.currentScript as HTMLScriptElement | null;
const entry = script?.dataset.entry;
const chunks = (script?.dataset.chunks ?? '').split(' ').filter(Boolean);
let started = false;

function start() {
  if (started || !entry) return;
  started = true;
  void import(entry);
  // The chunks as well, so that the entry's imports and the page's own are fetched in parallel
  // rather than discovered once the entry arrives. One import() per task: each asks the browser
  // for a request, and twenty in one task made it the longest task after the first paint.
  for (const href of chunks) setTimeout(() => import(href).catch(() => {}));
}

const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
const reportsPaint = typeof PerformanceObserver !== 'undefined' && !!PerformanceObserver.supportedEntryTypes?.includes('paint');

if (painted() || !reportsPaint) start();
else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      start();
    }
  }).observe({ type: 'paint', buffered: true });
  // A hidden page (opened in a background tab) paints nothing and reports no paint later either:
  // start once it has loaded. The load event can come before the first paint of a visible page,
  // so a visible page waits for its paint; should none be reported, it starts 2 s after load.
  addEventListener('load', () => (document.visibilityState === 'hidden' ? start() : setTimeout(start, 2000)), { once: true });
}
