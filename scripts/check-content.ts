/** `npm run content:check` — validates content/ and prints every problem with file, item and field. */
import { loadContent, ContentError } from '../src/content/load.ts';

try {
  const c = loadContent();
  console.log(`content OK: ${c.stories.length} stories, ${c.practiceAreas.length} practice areas, ${c.team.length} team, ` +
    `${c.research.length} research, ${c.pressReleases.length} press releases, ${c.news.length} news, ` +
    `${c.pages.length} editorial pages, ${c.policies.length} policy pages`);
} catch (err) {
  if (err instanceof ContentError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
