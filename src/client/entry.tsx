/** Hydrates the server-rendered document with the data the server embedded. */
import { hydrateRoot } from 'react-dom/client';
import type { BootData } from '../app/Document.tsx';
import { App, BOOT_DATA_ID, Document, homeOpensPart, isNotFoundDocument, matchRoute, parseLocation, preloadHomeParts, QueryClient } from './site-core.ts';

const bootJson = document.getElementById(BOOT_DATA_ID)!.textContent!;
const boot = JSON.parse(bootJson) as BootData;
const client = new QueryClient(boot.data);
const location = parseLocation(window.location.href);
// Sent as the 404 page (an unknown id, a page past the last): hydrate it as such.
const notFound = isNotFoundDocument(location, boot.data);
// The page's chunk was preloaded by the document; have it before hydrating, so nothing suspends.
if (!notFound) await matchRoute(location.pathname).route.preload?.();
// The home page's news panel and story detail are chunks of their own, not needed to hydrate its
// first view: loaded before hydrating only when the URL opens one (/?story=, /?more=), and by
// the home page once it is mounted otherwise (HomePage).
if (!notFound && location.pathname === '/' && homeOpensPart(location.search)) await preloadHomeParts();

hydrateRoot(
  document,
  <Document assets={boot.assets} bootJson={bootJson} mode={boot.mode}>
    <App client={client} location={location} notFound={notFound} />
  </Document>,
);
