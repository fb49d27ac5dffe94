/**
 * The document for a URL, as a string of bytes: what Vite's SSR template calls entry-server.
 * It knows nothing of HTTP — no request, no response, no headers, no cache. render.tsx decides
 * the page, its data and its status from the request and the content, calls this, and sends.
 *
 * The document is rendered whole (onAllReady) before it is returned: crawlers and no-JavaScript
 * visitors get everything, and React needs no inline scripts (the CSP forbids them). See
 * docs/decisions/002-buffered-render.md.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { App } from '../app/App.tsx';
import { Document, serializeBootData, type Assets, type BootData } from '../app/Document.tsx';
import { LoginDocument } from '../app/LoginDocument.tsx';
import { AlertLinkDocument } from '../app/AlertLinkDocument.tsx';
import type { AlertLinkProps } from '../app/pages/AlertLinkPage.tsx';
import type { SiteMode } from '../app/site-mode.ts';
import { QueryClient } from '../app/query.ts';
import { parseLocation, type Location } from '../app/router.tsx';
import { matchRoute } from '../app/routes.ts';
import { loadAllDeferred } from '../app/deferred.ts';
import type { LoginProps } from '../app/pages/LoginPage.tsx';
import type { BuildManifest } from '../build/manifest.ts';

export interface RenderOptions {
  /** 200, or 404 for the not-found page; any other status is passed through (an answer to a post). */
  status?: number;
  /** SITE_ACCESS and PUBLIC_ORIGIN, for the document (site-mode.ts); the gate when absent. */
  mode?: SiteMode;
  /** Development: the live-reload script. */
  devScript?: string;
  /** Aborts the render (a timeout, a client gone): the promise rejects with the reason. */
  signal?: AbortSignal;
  /** Told of every error React reports ('render error') and of a shell that failed ('render failed'). */
  onError?: (message: 'render error' | 'render failed', error: unknown) => void;
}

export interface RenderedDocument {
  status: number;
  html: Buffer;
}

/** Rejects when the render fails or is aborted: the caller answers with its static 500 page. */
export class RenderError extends Error {}

type Element = Parameters<typeof renderToPipeableStream>[0];

const assetsFor = (manifest: BuildManifest, entry: 'site' | 'login', devScript?: string): Assets => ({
  css: manifest.css,
  fonts: entry === 'site' ? [...manifest.fonts, ...manifest.siteFonts] : manifest.fonts,
  modulePreload: manifest.entries[entry].preload,
  devScript,
});

/** renderToPipeableStream into memory, once everything is ready. */
function renderToBuffer(element: Element, bootstrapModules: string[], opts: RenderOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed = false;
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      reject(new RenderError(reason));
    };
    const sink = new Writable({
      write(chunk, _enc, cb) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        cb();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      bootstrapModules,
      // Never outline a large Suspense boundary into a later segment: that needs inline scripts
      // ($RC), which the CSP forbids. The document is returned whole anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        // An error inside a Suspense boundary (a page) does not fail the shell: React would send
        // the page for the browser to render, which would fail the same way. It is a failure.
        if (failed) return fail('render error');
        pipe(sink);
      },
      onShellError(error) {
        failed = true;
        opts.onError?.('render failed', error);
        fail('render failed');
      },
      onError(error) {
        failed = true;
        opts.onError?.('render error', error);
      },
    });
    const onAbort = () => abort(opts.signal!.reason);
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    sink.on('finish', () => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (failed) return fail('render error');
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
  });
}

/**
 * The site's document at `url` with the data its page reads (keyed by query path, all of it
 * embedded for hydration). `status` 404 renders the not-found page at that URL. (A parsed
 * Location is taken as it is: a path such as "//x" must not be parsed again as a host.)
 */
export async function renderDocument(url: string | Location, data: Record<string, unknown>, manifest: BuildManifest, opts: RenderOptions = {}): Promise<RenderedDocument> {
  const status = opts.status ?? 200;
  const location = typeof url === 'string' ? parseLocation(url) : url;
  const { route } = matchRoute(location.pathname);
  // Load the page's code first (once per process), so rendering never suspends.
  if (status !== 404) await route.preload?.();
  // And the parts of pages that load on demand in the browser (deferred.ts): the server renders them as asked.
  await loadAllDeferred();
  const site = manifest.entries.site;
  // The page's own chunk (and what it imports) downloads in parallel with the entry, after the
  // first paint (src/client/boot.ts): nothing in the head competes with the stylesheet and fonts.
  const chunk = status !== 404 && route.module ? manifest.modules?.[route.module] : undefined;
  const assets: Assets = {
    ...assetsFor(manifest, 'site', opts.devScript),
    modulePreload: [],
    loader: { src: manifest.loader, entry: site.js, chunks: [...new Set([...site.preload, ...(chunk ? [chunk.js, ...chunk.preload] : [])])] },
  };
  const boot: BootData = { assets, data, ...(opts.mode ? { mode: opts.mode } : {}) };
  const bootJson = serializeBootData(boot);
  const client = new QueryClient(data);
  const html = await renderToBuffer(
    <Document assets={assets} bootJson={bootJson} mode={opts.mode}>
      <App client={client} location={location} notFound={status === 404} />
    </Document>,
    [],
    opts,
  );
  return { status, html };
}

/** The login page's document (its own entry, no site data). */
export async function renderLoginDocument(props: LoginProps, manifest: BuildManifest, opts: RenderOptions = {}): Promise<RenderedDocument> {
  // Started by the same loader as the site's pages, after the first paint (decision 003): as a
  // module script in the head, its ~75 KB of React shared the connection with the stylesheet.
  const login = manifest.entries.login;
  const assets: Assets = { ...assetsFor(manifest, 'login', opts.devScript), modulePreload: [], loader: { src: manifest.loader, entry: login.js, chunks: login.preload } };
  const bootJson = serializeBootData({ assets, login: props });
  const html = await renderToBuffer(<LoginDocument assets={assets} bootJson={bootJson} props={props} />, [], opts);
  return { status: opts.status ?? 200, html };
}

/** An alert link's page (src/server/alerts.ts): the stylesheet and fonts the login page loads, no script. */
export async function renderAlertLinkDocument(props: AlertLinkProps, manifest: BuildManifest, opts: RenderOptions = {}): Promise<RenderedDocument> {
  const assets: Assets = { ...assetsFor(manifest, 'login', opts.devScript), modulePreload: [] };
  const html = await renderToBuffer(<AlertLinkDocument assets={assets} props={props} gated={(opts.mode?.access ?? 'password') === 'password'} />, [], opts);
  return { status: opts.status ?? 200, html };
}
