/**
 * A story's case: overview, key highlights (figures and points) and Identify / Execute / Deliver.
 * One rendering of one content entry (content/stories/<id>.md) in both places that tell it: the
 * home page's expanded story (StoryDetail, under its h2) and the company's page (PortfolioCompanyPage,
 * under its h1), so the two never drift apart. `level` is the sections' heading level; `idPrefix`
 * keeps their ids unique on the page.
 */
import type { ReactNode } from 'react';
import type { Story } from '../types.ts';

type Level = 2 | 3;

export function StoryCase({ story, level, idPrefix }: { story: Pick<Story, 'overview' | 'figures' | 'highlights' | 'strategy'>; level: Level; idPrefix: string }) {
  const Step = `h${level + 1}` as 'h3' | 'h4';
  const steps = [
    { n: '01', title: 'Identify', text: story.strategy.identify },
    { n: '02', title: 'Execute', text: story.strategy.execute },
    { n: '03', title: 'Deliver', text: story.strategy.deliver },
  ];
  return (
    <>
      <Section id={`${idPrefix}-overview`} heading="Overview" level={level}>
        {story.overview.map((p, i) => (
          <p key={i} className="story-detail__lede">
            {p}
          </p>
        ))}
      </Section>
      <Section id={`${idPrefix}-highlights`} heading="Key Highlights" level={level}>
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
      </Section>
      <Section id={`${idPrefix}-strategy`} heading="Our Strategy" level={level}>
        <ol className="steps-row">
          {steps.map((s) => (
            <li key={s.title} className="steps-row__item">
              <span className="steps-row__number" aria-hidden="true">
                {s.n}
              </span>
              <Step className="steps-row__title">{s.title}</Step>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

/** One part of the case, labelled by its heading. */
function Section({ id, heading, level, children }: { id: string; heading: string; level: Level; children: ReactNode }) {
  const H = `h${level}` as const;
  return (
    <section className="story-detail__section" aria-labelledby={id}>
      <H id={id} className="section-label">
        {heading}
      </H>
      {children}
    </section>
  );
}
