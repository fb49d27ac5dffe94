/**
 * The home page's hero slider (seed §4): advances every 8000 ms and wraps; paused while a story
 * is expanded or by the visitor (SC 2.2.2); previous/next and "Show story N of M" buttons jump;
 * the current story's image is loaded, and once hydrated its neighbours', the rest wait. Inactive
 * slides are inert.
 *
 * Nothing moves before the slider runs: the current story's progress bar fills once hydrated (until
 * then it is full, marking the current story), and its image drifts (a 9 s scale, home.css) once
 * the slider has moved, not on the story the page opens with. Animations from the first paint kept
 * Chromium's compositor busy while the page loaded (decision 008).
 *
 * Before script runs (and without it) the buttons submit a GET form: previous, next and the
 * indicators go to /?slide=N, 'Learn more' to /?story=<id>, which the server renders. Once
 * hydrated, their click handlers take over (no request). Nothing moves without script, so
 * pause/play needs none.
 */
import clsx from 'clsx';
import { useEffect, useState, type MouseEvent } from 'react';
import { SLIDER_INTERVAL_MS } from '../constants.ts';
import type { Story } from '../types.ts';
import { useHydrated } from '../hooks/useHydrated.ts';
import { Img } from './Img.tsx';

/** The form the slider's buttons submit without script (it has no fields of its own). */
export const STORY_NAV_FORM = 'story-nav';

interface Props {
  stories: Story[];
  /** The story shown first (from /?slide=N or /?story=<id>). */
  initialIndex?: number;
  expanded: boolean;
  onLearnMore: (story: Story) => void;
  onStartHere: () => void;
  startHereHref: string;
}

export function StorySlider({ stories, initialIndex = 0, expanded, onLearnMore, onStartHere, startHereHref }: Props) {
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialIndex), stories.length - 1));
  const [userPaused, setUserPaused] = useState(false);
  const [moved, setMoved] = useState(false);
  const count = stories.length;
  const paused = expanded || userPaused;
  const running = !paused && count >= 2;

  // Each (re)start of the timer starts a fresh 8 s progress bar: a new key restarts the animation.
  // The timer below restarts whenever `paused` or `count` changes to a running state; those
  // restarts are counted while rendering (React's "adjusting state when a prop changes"). The
  // first start, if it runs from the mount, happens once hydrated: the bar the server sent
  // (key 0, as at hydration; full and still) starts filling with the timer.
  const hydrated = useHydrated();
  const [timerRuns, setTimerRuns] = useState({ paused, count, restarts: 0, fromMount: running });
  if (timerRuns.paused !== paused || timerRuns.count !== count) {
    setTimerRuns({ ...timerRuns, paused, count, restarts: running ? timerRuns.restarts + 1 : timerRuns.restarts });
  }
  const run = timerRuns.restarts + (hydrated && timerRuns.fromMount ? 1 : 0);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => {
      setIndex((i) => (i + 1) % count);
      setMoved(true);
    }, SLIDER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  const wrap = (i: number) => ((i % count) + count) % count;
  const go = (i: number) => {
    setIndex(wrap(i));
    setMoved(true);
  };
  /** A submit button of the form: its click is handled here once hydrated. */
  const submit = (name: 'slide' | 'story', value: string, run: () => void) => ({
    type: 'submit' as const,
    form: STORY_NAV_FORM,
    name,
    value,
    onClick: (e: MouseEvent) => {
      e.preventDefault();
      run();
    },
  });
  // The current story's image comes with the page; its neighbours' once hydrated (they are only
  // ever shown by script: without it, each slide is a page of its own), so that they do not
  // compete with the page's first paint for the network.
  const isNear = (i: number) => i === index || (hydrated && (i === (index + 1) % count || i === (index - 1 + count) % count));
  const current = stories[index];

  return (
    <section className={clsx('slider', hydrated && 'slider--live', paused && 'slider--paused', moved && 'slider--moved')} aria-roledescription="carousel" aria-label="Featured stories">
      <form id={STORY_NAV_FORM} action="/" method="get" hidden />
      <div className="slider__slides">
        {stories.map((story, i) => (
          <article
            key={story.id}
            className={clsx('slide', i === index && 'slide--active')}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
            data-testid="slide"
          >
            <div className="slide__media">{isNear(i) && <Img image={story.image} alt="" sizes="100vw" priority={i === 0} className="slide__img" />}</div>
            <div className="slide__content">
              <p className="slide__category">{story.category}</p>
              <h2 className="slide__title">{story.title}</h2>
              <p className="slide__description">{story.description}</p>
              <div className="slide__actions">
                <button className="button button--light slide__learn desktop-only" aria-haspopup="dialog" {...submit('story', story.id, () => onLearnMore(story))}>
                  Learn more<span className="visually-hidden">: {story.title}</span>
                </button>
                <button className="button button--light slide__learn mobile-only" aria-haspopup="dialog" {...submit('story', story.id, () => onLearnMore(story))}>
                  Read More<span className="visually-hidden">: {story.title}</span>
                </button>
                <a
                  href={startHereHref}
                  className="button button--ghost-light desktop-only"
                  onClick={(e) => {
                    e.preventDefault();
                    onStartHere();
                  }}
                >
                  Start here
                </a>
                <a
                  href={startHereHref}
                  className="button button--ghost-light mobile-only"
                  onClick={(e) => {
                    e.preventDefault();
                    onStartHere();
                  }}
                >
                  MORE
                </a>
              </div>
            </div>
          </article>
        ))}
      </div>
      <div className="slider__controls">
        <div className="slider__indicators">
          {stories.map((story, i) => (
            <button
              key={story.id}
              className={clsx('slider__indicator', i === index && 'slider__indicator--active')}
              aria-label={`Show story ${i + 1} of ${count}`}
              aria-current={i === index ? 'true' : undefined}
              {...submit('slide', String(i + 1), () => go(i))}
            >
              <span className="slider__bar" aria-hidden="true">
                <span className="slider__progress" key={i === index ? run : 0} />
              </span>
            </button>
          ))}
        </div>
        <div className="slider__buttons">
          <button className="slider__button" aria-label="Previous story" {...submit('slide', String(wrap(index - 1) + 1), () => go(index - 1))}>
            <span className="icon icon--prev" aria-hidden="true" />
          </button>
          <button type="button" className="slider__button" onClick={() => setUserPaused((p) => !p)} aria-label={userPaused ? 'Play slideshow' : 'Pause slideshow'}>
            <span className={clsx('icon', userPaused ? 'icon--play' : 'icon--pause')} aria-hidden="true" />
          </button>
          <button className="slider__button" aria-label="Next story" {...submit('slide', String(wrap(index + 1) + 1), () => go(index + 1))}>
            <span className="icon icon--next" aria-hidden="true" />
          </button>
        </div>
        <p className="visually-hidden" aria-live={paused ? 'polite' : 'off'} aria-atomic="true">
          Story {index + 1} of {count}: {current?.title}
        </p>
      </div>
    </section>
  );
}
