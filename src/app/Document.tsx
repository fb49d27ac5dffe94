/**
 * The whole HTML document: the one place that knows its shape. Rendered by the server with
 * renderToPipeableStream and hydrated by the client with hydrateRoot(document, …).
 */
import type { ReactNode } from 'react';
import { GATED, SiteModeContext, type SiteMode } from './site-mode.ts';
import { SECTION_NAMES, SITE_NAME } from './constants.ts';

export interface Assets {
  css: string;
  /** Fonts worth preloading (at most three: build manifest's `fonts`, and `siteFonts` on the site's pages). */
  fonts: string[];
  /** Chunks the entry imports statically: fetched in parallel with it. */
  modulePreload: string[];
  /**
   * The site's scripts, started by the loader (src/client/boot.ts) after the first paint: the
   * entry and the chunks it needs (its static imports and the page's own). When absent (the login
   * page), the entry is a module script React adds, with `modulePreload` links in the head.
   */
  loader?: { src: string; entry: string; chunks: string[] };
  /** Set in development: the live-reload script. */
  devScript?: string;
}

interface Props {
  assets: Assets;
  /** The embedded data, already serialised and escaped (see serializeBootData). */
  bootJson: string;
  children: ReactNode;
  /** Gate or public, and the public origin (site-mode.ts); the gate by default. */
  mode?: SiteMode;
}

export const BOOT_DATA_ID = 'boot-data';

/** The site's feeds (src/server/seo/feeds.ts serves them; RSS here, Atom beside each as .atom). */
export const FEEDS = [
  { collection: 'press-releases', path: '/feeds/press-releases.xml', title: `${SITE_NAME} — ${SECTION_NAMES.pressReleases}` },
  { collection: 'news', path: '/feeds/news.xml', title: `${SITE_NAME} — ${SECTION_NAMES.news}` },
  { collection: 'research', path: '/feeds/research.xml', title: `${SITE_NAME} — ${SECTION_NAMES.research}` },
] as const;

export function Document({ assets, bootJson, children, mode = GATED }: Props) {
  return (
    <SiteModeContext value={mode}>
      <html lang="en" dir="ltr">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#0b1a2e" />
          <meta name="color-scheme" content="light" />
          {assets.fonts.map((href) => (
            <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
          ))}
          <link rel="stylesheet" href={assets.css} />
          {assets.modulePreload.map((href) => (
            <link key={href} rel="modulepreload" href={href} />
          ))}
          <link rel="icon" href="/favicon.ico" sizes="32x32" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
          <link rel="manifest" href="/manifest.webmanifest" />
          {FEEDS.map((f) => (
            <link key={f.path} rel="alternate" type="application/rss+xml" title={f.title} href={f.path} />
          ))}
          {assets.devScript && <script src={assets.devScript} defer />}
        </head>
        <body>
          {children}
          {/* Not executable (type="application/json"), so the CSP needs no nonce or hash for it. */}
          <script id={BOOT_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: bootJson }} />
          {assets.loader && <script src={assets.loader.src} defer data-entry={assets.loader.entry} data-chunks={assets.loader.chunks.join(' ')} />}
        </body>
      </html>
    </SiteModeContext>
  );
}

/** JSON that is safe inside <script>: no "</script>", no "<!--", no U+2028/2029 surprises. */
export function serializeBootData(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface BootData {
  assets: Assets;
  /** The server's SITE_ACCESS and PUBLIC_ORIGIN, for hydration (absent: the gate). */
  mode?: SiteMode;
  /** Query cache, keyed by request path: exactly the data the page renders. */
  data: Record<string, unknown>;
}
