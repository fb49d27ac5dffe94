/**
 * The pages to test, from the route table (one source of truth): each pattern with its
 * parameters replaced by a real id from content, so detail routes render for real.
 */
import { routes } from '../../src/app/routes.ts';
import { queryPath } from '../../src/app/query.ts';
import { buildApiData, type ApiData } from '../../src/content/api-data.ts';
import { loadContent } from '../../src/content/load.ts';

let cached: ApiData | undefined;
/** The API data built from the real content (images manifest left out: tests need no images). */
export function contentApi(): ApiData {
  cached ??= buildApiData(loadContent(), {});
  return cached;
}

export function collection<T = Record<string, unknown>>(apiPath: string): T[] {
  const entry = contentApi().entries.get(apiPath);
  if (!entry || !Array.isArray(entry.value)) throw new Error(`no collection ${apiPath}`);
  return entry.value as T[];
}

/** One concrete path per route of the route table. */
export function pagePaths(): string[] {
  const api = contentApi();
  return routes.map((route) => {
    const names = [...route.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]);
    if (!names.length) return route.pattern;
    const params: Record<string, string> = {};
    for (const name of names) {
      // The first item of the list read whose path the route's item read extends
      // (/api/team/<id> → /api/team for /team/:id).
      const items = route.queries(Object.fromEntries(names.map((n) => [n, 'x'])), new URLSearchParams())
        .map((k) => api.entries.get(k[0])?.value)
        .find((v): v is { id: string }[] => Array.isArray(v) && typeof v[0]?.id === 'string');
      if (!items) throw new Error(`cannot find an id for ${route.pattern}`);
      params[name] = items[0].id;
    }
    const path = route.pattern.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(params[n]));
    for (const key of route.queries(params, new URLSearchParams())) {
      const q = queryPath(key);
      if (!api.read(q.split('?')[0], new URLSearchParams(q.split('?')[1] ?? ''))) throw new Error(`${path}: ${q} has no answer in content`);
    }
    return path;
  });
}
