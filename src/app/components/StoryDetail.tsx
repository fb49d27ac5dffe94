/**
 * The expanded story (seed §4): overview, key highlights, Identify / Execute / Deliver (StoryCase,
 * which the company's page shows too), related links, the company's page first. Its own URL (/?story=<id>) renders it on the server, open; CLOSE stays in view while the
 * story scrolls and, before script runs, goes back to the slider on the same story (/?slide=N).
 *
 * It lies under the site's header, which stays visible and usable while a story is expanded
 * (seed §4: MENU opens the menu, which closes the story): a dialog that is not modal, with the
 * rest of the page inert (HomePage, and the layout for the skip link and the footer), from the
 * server's HTML on — so before the scripts run, Tab goes from the header into the story and
 * never to the page behind it.
 */
import { Link } from '../router.tsx';
import type { Story } from '../types.ts';
import { Dialog } from './Dialog.tsx';
import { Img } from './Img.tsx';
import { StoryCase } from './StoryCase.tsx';
import { STORY_NAV_FORM } from './StorySlider.tsx';

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
      {story && (
        <div className="story-detail">
          {/* Sticky: reachable however far the story is scrolled. */}
          <div className="story-detail__bar">
            <button
              type="submit"
              form={STORY_NAV_FORM}
              name="slide"
              value={String(slide + 1)}
              className="overlay__close story-detail__close"
              onClick={(e) => {
                e.preventDefault();
                onClose();
              }}
            >
              CLOSE <span aria-hidden="true" className="overlay__x" />
            </button>
          </div>
          <div className="story-detail__hero">
            <Img image={story.image} alt="" sizes="100vw" className="story-detail__img" />
            <div className="story-detail__heading">
              <p className="eyebrow eyebrow--light">{story.category}</p>
              <h2 id="story-detail-title" className="story-detail__title">
                {story.title}
              </h2>
            </div>
          </div>
          <div className="story-detail__body">
            <StoryCase story={story} level={3} idPrefix="story" />
            <section className="story-detail__section" aria-labelledby="story-related">
              <h3 id="story-related" className="section-label">
                Related Services
              </h3>
              <ul className="related-links">
                {/* The company's own page tells this story too, with its facts and news. */}
                <li>
                  <Link href={story.company.link} onClick={onClose}>
                    {story.company.name}: company profile
                  </Link>
                </li>
                {story.related.map((r) => (
                  <li key={r.href}>
                    <Link href={r.href} onClick={onClose}>
                      {r.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      )}
    </Dialog>
  );
}
