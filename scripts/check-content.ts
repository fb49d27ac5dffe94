/**
 * `npm run content:check` — validates the content folder (CONTENT_DIR, default content/) and
 * prints every problem as "file › field: message", or a count per collection.
 */
import { loadContent, ContentError, defaultContentDir } from '../src/content/load.ts';
import { COLLECTIONS } from '../src/content/collections.ts';

try {
  const c = loadContent();
  const counts = (Object.keys(COLLECTIONS) as (keyof typeof COLLECTIONS)[]).map((k) => `${c[k].length} ${COLLECTIONS[k].folder}`);
  console.log(`content OK (${defaultContentDir()}): ${counts.join(', ')}, ${c.practiceAreas.length} practice areas`);
} catch (err) {
  if (err instanceof ContentError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
