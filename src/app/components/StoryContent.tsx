/**
 * The expanded story's content (StoryDetail is its dialog): in its own chunk, not needed for the
 * home page's first view. Overview, highlights and Identify / Execute / Deliver are StoryCase,
 * which the company's page shows too; the related links start with the company's page.
 */
import { Link } from '../router.tsx';
import type { Story } from '../types.ts';
import { Img } from './Img.tsx';
import { StoryCase } from './StoryCase.tsx';
import { STORY_NAV_FORM } from './StorySlider.tsx';
import { LinkItems } from './LinkItems.tsx';

export function StoryContent({ story, slide, onClose }: { story: Story; slide: number; onClose: () => void }) {
  return (
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
            <LinkItems links={story.related} onClick={onClose} />
          </ul>
        </section>
      </div>
    </div>
  );
}
