/**
 * The pages to test, from the route table (one source of truth): each pattern with its
 * parameters replaced by a real id from content, so detail routes render for real.
 */
import { routes } from '../../src/app/routes.ts';
import { queryPath } from '../../src/app/query.ts';
import { fillPattern, patternParams } from '../../src/app/paths.ts';
import { matchPattern } from '../../src/app/router.tsx';
import { buildApiData, type ApiData } from '../../src/content/api-data.ts';
import { loadContent } from '../../src/content/load.ts';
import { TEST_CONTENT_DATE } from './content-date.ts';

let cached: ApiData | undefined;
/** The API data built from the real content as of the tests' day (images manifest left out: tests need no images). */
export function contentApi(): ApiData {
  cached ??= buildApiData(loadContent(), {}, { date: TEST_CONTENT_DATE });
  return cached;
}

export function collection<T = Record<string, unknown>>(apiPath: string): T[] {
  const entry = contentApi().entries.get(apiPath);
  if (!entry || !Array.isArray(entry.value)) throw new Error(`no collection ${apiPath}`);
  return entry.value as T[];
}

/**
 * A concrete path for a route pattern: each parameter filled with the id of the first item of the
 * route's list read (`items`: /api/team for /team/:id), built by the app's own fillPattern.
 */
export function concretePath(pattern: string): string {
  const names = patternParams(pattern);
  if (!names.length) return pattern;
  const route = routes.find((r) => r.pattern === pattern);
  const items = route?.items && (contentApi().entries.get(queryPath(route.items))?.value as { id: string }[] | undefined);
  if (!items?.length) throw new Error(`cannot find an id for ${pattern}: no route with a list read (items) in src/app/routes.ts`);
  return fillPattern(pattern, Object.fromEntries(names.map((n) => [n, items[0].id])));
}

/** One concrete path per route of the route table; each of its reads has an answer in content. */
export function pagePaths(): string[] {
  const api = contentApi();
  return routes.map((route) => {
    const path = concretePath(route.pattern);
    const params = matchPattern(route.pattern, path) ?? {};
    for (const key of Object.values(route.data(params, new URLSearchParams()))) {
      const q = queryPath(key);
      if (!api.read(q.split('?')[0], new URLSearchParams(q.split('?')[1] ?? ''))) throw new Error(`${path}: ${q} has no answer in content`);
    }
    return path;
  });
}
