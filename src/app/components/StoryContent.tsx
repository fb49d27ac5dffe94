/** The expanded story's content (StoryDetail is its dialog): in its own chunk, not needed for the home page's first view. */
import { Link } from '../router.tsx';
import type { Story } from '../types.ts';
import { Img } from './Img.tsx';
import { STORY_NAV_FORM } from './StorySlider.tsx';

export function StoryContent({ story, slide, onClose }: { story: Story; slide: number; onClose: () => void }) {
  const steps = [
    { n: '01', title: 'Identify', text: story.strategy.identify },
    { n: '02', title: 'Execute', text: story.strategy.execute },
    { n: '03', title: 'Deliver', text: story.strategy.deliver },
  ];
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
  );
}
