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
import { Link } from '../router.tsx';
import type { Story } from '../types.ts';
import { Dialog } from './Dialog.tsx';
import { Img } from './Img.tsx';
import { STORY_NAV_FORM } from './StorySlider.tsx';

export const STORY_DIALOG_ID = 'story-detail';

export function StoryDetail({ story, slide, onClose }: { story: Story | null; slide: number; onClose: () => void }) {
  const steps = story
    ? [
        { n: '01', title: 'Identify', text: story.strategy.identify },
        { n: '02', title: 'Execute', text: story.strategy.execute },
        { n: '03', title: 'Deliver', text: story.strategy.deliver },
      ]
    : [];
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
            <section className="story-detail__section" aria-labelledby="story-overview">
              <h3 id="story-overview" className="section-label">
                Overview
              </h3>
              {story.overview.map((p, i) => (
                <p key={i} className="story-detail__lede">
                  {p}
                </p>
              ))}
            </section>
            <section className="story-detail__section" aria-labelledby="story-highlights">
              <h3 id="story-highlights" className="section-label">
                Key Highlights
              </h3>
              <dl className="story-figures">
                {story.figures.map((f) => (
                  <div key={f.label} className="story-figures__item">
                    <dt className="story-figures__label">{f.label}</dt>
                    <dd className="story-figures__value">{f.value}</dd>
                  </div>
                ))}
              </dl>
              <ul className="highlights">
                {story.highlights.map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
            </section>
            <section className="story-detail__section" aria-labelledby="story-strategy">
              <h3 id="story-strategy" className="section-label">
                Our Strategy
              </h3>
              <ol className="steps-row">
                {steps.map((s) => (
                  <li key={s.title} className="steps-row__item">
                    <span className="steps-row__number" aria-hidden="true">
                      {s.n}
                    </span>
                    <h4 className="steps-row__title">{s.title}</h4>
                    <p>{s.text}</p>
                  </li>
                ))}
              </ol>
            </section>
            <section className="story-detail__section" aria-labelledby="story-related">
              <h3 id="story-related" className="section-label">
                Related Services
              </h3>
              <ul className="related-links">
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
