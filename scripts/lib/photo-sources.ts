/**
 * Where the firm's photographs live and whether they have been made into images: a file
 * `content/images/<key>.{jpg,jpeg,png,webp}` (for example `content/images/team/eleanor-vance.jpg`)
 * replaces the generated artwork of that key, with an optional sidecar `<key>.json|yaml|yml`
 * (focal point, crop). The cutting is done by the art package (scripts/art/lib/photos.ts, sharp);
 * this half needs no image library, so the build can check that every photograph is current.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const PHOTO_EXTS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
const SIDECAR_EXTS = ['.json', '.yaml', '.yml'] as const;

export class ImageSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageSourceError';
  }
}

export interface Photo {
  key: string;
  file: string;
  sidecar?: string;
}

export const rel = (p: string) => path.relative(process.cwd(), p) || p;

/** The photograph for a key under `dir`, if there is one (two files for one key is an error). */
export function findPhoto(dir: string, key: string): Photo | undefined {
  const base = path.join(dir, ...key.split('/'));
  const files = PHOTO_EXTS.map((e) => base + e).filter((f) => existsSync(f));
  if (files.length > 1) throw new ImageSourceError(`${files.map(rel).join(' and ')}: two photographs for the image "${key}"; keep one`);
  if (!files.length) return undefined;
  const sidecar = SIDECAR_EXTS.map((e) => base + e).find((f) => existsSync(f));
  return { key, file: files[0]!, sidecar };
}

/** Every photograph under `dir`, as keys ("team/jane-doe"). */
export function listPhotos(dir: string): Photo[] {
  const out: Photo[] = [];
  const visit = (d: string) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d).sort()) {
      const abs = path.join(d, name);
      if (statSync(abs).isDirectory()) visit(abs);
      else if ((PHOTO_EXTS as readonly string[]).includes(path.extname(name).toLowerCase())) {
        const key = path
          .relative(dir, abs)
          .split(path.sep)
          .join('/')
          .replace(/\.[^.]+$/, '');
        const found = findPhoto(dir, key);
        if (found && !out.some((p) => p.key === key)) out.push(found);
      }
    }
  };
  visit(dir);
  return out;
}

/** Fingerprint of a photograph and its sidecar (recorded in public/images/sources.json). */
export function photoHash(photo: Photo): string {
  const h = createHash('sha256').update(readFileSync(photo.file));
  if (photo.sidecar) h.update(readFileSync(photo.sidecar));
  return h.digest('hex').slice(0, 16);
}

/**
 * For the build: every photograph under `dir` must have been made into images with its current
 * bytes (public/images/sources.json, written by npm run images). Returns the problems, one per file.
 */
export function stalePhotos(dir: string, sourcesFile: string): string[] {
  const photos = listPhotos(dir);
  if (!photos.length) return [];
  const sources: Record<string, string> = existsSync(sourcesFile) ? JSON.parse(readFileSync(sourcesFile, 'utf8')) : {};
  return photos.filter((p) => sources[p.key] !== photoHash(p)).map((p) => `${rel(p.file)}: ${sources[p.key] ? 'changed' : 'not made into images yet'} (run npm run images, then commit public/images)`);
}
