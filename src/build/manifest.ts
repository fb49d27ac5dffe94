/**
 * dist/manifest.json: what the build (scripts/build.ts) wrote and the server links to. The type
 * lives here, in src/, so that the server never imports from scripts/.
 */
export interface BuildManifest {
  /** Entry scripts and what they import statically (modulepreload). */
  entries: Record<'site' | 'login', { js: string; preload: string[] }>;
  /** Pages loaded on demand (src/app/pages/*.tsx → their chunk and its static imports). */
  modules: Record<string, { js: string; preload: string[] }>;
  /** The site's loader (src/client/boot.ts): a classic script that starts the site entry after the first paint. */
  loader: string;
  css: string;
  /** Fonts to preload on every document, the login page included (at most two). */
  fonts: string[];
  /**
   * Fonts the site's pages also preload (not the login page, whose text is Inter 400 and Newsreader 400):
   * Inter 600, the header's labels on every page. Found only once the stylesheet is parsed, it
   * would start a round trip later (decision 007).
   */
  siteFonts: string[];
  builtAt: string;
  /** Fingerprint of the sources this build was made from (scripts/lib/build-inputs.mjs); npm start rebuilds when it differs. */
  sources?: string;
}
