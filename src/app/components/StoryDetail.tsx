/**
 * The expanded story (seed §4): overview, key highlights, Identify / Execute / Deliver, related
 * links. Its own URL (/?story=<id>) renders it on the server, open; CLOSE stays in view while the
 * story scrolls and, before script runs, goes back to the slider on the same story (/?slide=N).
 *
 * It lies under the site's header, which stays visible and usable while a story is expanded
 * (seed §4: MENU opens the menu, which closes the story): a dialog that is not modal, with the
 * rest of the page inert (HomePage, and the layout for the skip link and the footer), from the
 * server's HTML on — so before the scripts run, Tab goes from the header into the story and
 * never to the page behind it.
 */
import type { Story } from '../types.ts';
import { deferred } from '../deferred.ts';
import { Dialog } from './Dialog.tsx';

/** The story itself: its own chunk, loaded after hydration (HomePage opens a story once it is in). */
export const StoryContent = deferred(() => import('./StoryContent.tsx'), 'StoryContent');

export const STORY_DIALOG_ID = 'story-detail';

export function StoryDetail({ story, slide, onClose }: { story: Story | null; slide: number; onClose: () => void }) {
  return (
    <Dialog
      id={STORY_DIALOG_ID}
      open={!!story}
      onClose={onClose}
      labelledBy="story-detail-title"
      className="overlay overlay--story"
      modal={false}
      returnFocus={() => [...document.querySelectorAll<HTMLElement>('.slide--active .slide__learn')].find((el) => el.checkVisibility())}
    >
      {story && <StoryContent.Component story={story} slide={slide} onClose={onClose} />}
    </Dialog>
  );
}
