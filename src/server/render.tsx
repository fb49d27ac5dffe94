/**
 * One request → one streamed HTML document. The status (200 or 404) is decided from the route
 * table and the content before rendering; the document is sent once it is complete (onAllReady:
 * crawlers and no-JavaScript visitors get everything, and React needs no inline scripts); a shell
 * error sends a small static 500 page; a timeout or a client that goes away aborts the render.
 */
import { createHash } from 'node:crypto';
import { renderToPipeableStream } from 'react-dom/server';
import type { Request, Response } from 'express';
import { App } from '../app/App.tsx';
import { Document, serializeBootData, type Assets, type BootData } from '../app/Document.tsx';
import { LoginDocument } from '../app/LoginDocument.tsx';
import { QueryClient, queryPath } from '../app/query.ts';
import { parseLocation } from '../app/router.tsx';
import { matchRoute, notFoundRoute, queriesFor } from '../app/routes.ts';
import type { LoginProps } from '../app/pages/LoginPage.tsx';
import { LOGIN_ERROR } from '../app/constants.ts';
import type { ApiData } from '../content/api-data.ts';
import type { BuildManifest } from '../../scripts/build.ts';
import type { Logger } from './log.ts';
import { makeCachedPage, pageCacheKey, sendPage, PAGE_CACHE, type PageCache } from './page-cache.ts';
import { Writable } from 'node:stream';
import { safeNext } from './gate.ts';

const STATIC_500_STYLE = 'body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#0b1a2e;color:#fff}main{max-width:32rem;padding:2rem}h1{font-weight:400}a{color:#e0b77a}';
/** The small static page sent when rendering fails: no scripts, no data, no stack trace. */
export const STATIC_500 = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Something went wrong — Halden Rowe Capital</title><style>${STATIC_500_STYLE}</style></head><body><main><h1>Something went wrong</h1><p>We could not display this page. Please try again in a moment.</p><p><a href="/">Return to the home page</a></p></main></body></html>`;
/** Its one inline <style> is allowed by hash, not by 'unsafe-inline'. */
export const STATIC_500_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STATIC_500_STYLE).digest('base64')}'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'`;

export function sendStatic500(res: Response) {
  res.status(500).setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', STATIC_500_CSP);
  res.type('html').send(STATIC_500);
}

export interface RenderContext {
  api: ApiData;
  manifest: BuildManifest;
  log: Logger;
  timeoutMs: number;
  devScript?: string;
  cache: PageCache;
}

function assetsFor(manifest: BuildManifest, entry: 'site' | 'login', devScript?: string): Assets {
  return { css: manifest.css, fonts: manifest.fonts, modulePreload: manifest.entries[entry].preload, devScript };
}

type Element = Parameters<typeof renderToPipeableStream>[0];

/**
 * Renders a document with renderToPipeableStream into memory once it is complete, then sends it
 * (pre-compressed and cached when `cacheKey` is set). Waiting for onAllReady means crawlers and
 * no-JavaScript visitors get everything and React needs no inline scripts.
 */
function render(req: Request, res: Response, ctx: RenderContext, element: Element, bootstrapModules: string[], status: number, cacheKey: string | null) {
  const chunks: Buffer[] = [];
  let failed = false;
  const sink = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      cb();
    },
  });
  const { pipe, abort } = renderToPipeableStream(element, {
    bootstrapModules,
    // Never outline a large Suspense boundary into a later segment: that needs inline scripts
    // ($RC), which the CSP forbids. The document is sent whole anyway.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onAllReady() {
      // An error inside a Suspense boundary (a page) does not fail the shell: React would send
      // the page for the browser to render, which would fail the same way. Send the 500 page.
      if (failed) {
        clearTimeout(timer);
        if (!res.headersSent && !res.destroyed) sendStatic500(res);
        return;
      }
      pipe(sink);
    },
    onShellError(error) {
      failed = true;
      clearTimeout(timer);
      ctx.log.error('render failed', { path: req.path, error: String((error as Error)?.message ?? error) });
      if (!res.headersSent && !res.destroyed) sendStatic500(res);
    },
    onError(error) {
      failed = true;
      ctx.log.error('render error', { path: req.path, error: String((error as Error)?.message ?? error) });
    },
  });
  const timer = setTimeout(() => abort(new Error('render timeout')), ctx.timeoutMs);
  // A visitor who leaves before the page is ready stops the render.
  const onClose = () => {
    if (!sink.writableFinished) abort(new Error('client closed'));
  };
  res.once('close', onClose);
  sink.on('finish', () => {
    clearTimeout(timer);
    res.off('close', onClose);
    if (res.headersSent || res.destroyed) return;
    const html = Buffer.concat(chunks);
    if (cacheKey && !failed) {
      const page = makeCachedPage(status, html);
      ctx.cache.set(cacheKey, page);
      sendPage(req, res, page);
      return;
    }
    res.status(status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', PAGE_CACHE);
    res.send(html);
  });
}

/** The request target's location, its page-cache key (null: not cacheable) and the page kept under it. Also used by the fast path. */
export function lookupPage(cache: PageCache, url: string) {
  const location = parseLocation(url);
  const cacheKey = pageCacheKey(location.pathname, location.search);
  return { location, cacheKey, cached: cacheKey ? cache.get(cacheKey) : undefined };
}

export async function renderPage(req: Request, res: Response, ctx: RenderContext) {
  const { location, cacheKey, cached } = lookupPage(ctx.cache, req.originalUrl);
  if (cached) {
    sendPage(req, res, cached);
    return;
  }
  let { route, params } = matchRoute(location.pathname);
  // Load the page's code first (once per process), so rendering never suspends.
  await route.preload?.();
  const data: Record<string, unknown> = {};
  const collect = () => {
    for (const key of queriesFor(route, params)) {
      const entry = ctx.api.entries.get(queryPath(key));
      if (entry) data[queryPath(key)] = entry.value;
    }
  };
  collect();
  let status = route === notFoundRoute ? 404 : 200;
  const missing = queriesFor(route, params).some((k) => !(queryPath(k) in data));
  if (missing || (route.exists && !route.exists(params, (k) => data[queryPath(k)]))) {
    status = 404;
    if (missing) {
      route = notFoundRoute;
      params = {};
      collect();
    }
  }
  const site = ctx.manifest.entries.site;
  // The page's own chunk (and what it imports) downloads in parallel with the entry, after the
  // first paint (src/client/boot.ts): nothing in the head competes with the stylesheet and fonts.
  const chunk = route.module ? ctx.manifest.modules?.[route.module] : undefined;
  const assets: Assets = {
    ...assetsFor(ctx.manifest, 'site', ctx.devScript),
    modulePreload: [],
    loader: { src: ctx.manifest.loader, entry: site.js, chunks: [...new Set([...site.preload, ...(chunk ? [chunk.js, ...chunk.preload] : [])])] },
  };
  const boot: BootData = { assets, data };
  const bootJson = serializeBootData(boot);
  const client = new QueryClient(data);
  render(req, res, ctx, (
    <Document assets={assets} bootJson={bootJson}>
      <App client={client} location={location} />
    </Document>
  ), [], status, cacheKey);
}

export function renderLogin(req: Request, res: Response, ctx: RenderContext) {
  const q = req.query as Record<string, unknown>;
  const error = q.error === 'throttled'
    ? 'Too many attempts. Please wait a few minutes and try again.'
    : q.error ? LOGIN_ERROR : null;
  const props: LoginProps = { next: safeNext(q.next), initialError: error };
  const assets = assetsFor(ctx.manifest, 'login', ctx.devScript);
  const bootJson = serializeBootData({ assets, login: props });
  render(req, res, ctx, <LoginDocument assets={assets} bootJson={bootJson} props={props} />, [ctx.manifest.entries.login.js], 200, null);
}
