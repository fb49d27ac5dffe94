/**
 * The home page's hero slider (seed §4): advances every 8000 ms and wraps; previous/next and
 * "Show story N of M" buttons jump; the current story's image is loaded, and once hydrated its
 * neighbours', the rest wait. Inactive slides are inert.
 *
 * It follows the WAI-ARIA carousel pattern (product.md): rotation stops while a story is
 * expanded, while the visitor has paused it, while keyboard focus is inside the slider or the
 * pointer is over it, and from the start when the visitor asks for reduced motion (Play starts
 * it); Pause is the first control in the slider, before the slides, so that it is met before
 * the content that moves; a story the visitor chooses is announced (a polite live region that
 * automatic rotation leaves silent). Should a slide change anyway with focus inside it, focus
 * moves to the same control of the new slide rather than being lost with the old one.
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
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
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

/** The news panel's opener in each slide ('Start here' / 'MORE'): where CLOSE gives focus back. */
export const PANEL_OPENER_CLASS = 'slide__more';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// Layout effect in the browser (focus moves before the next paint); nothing to do on the server.
const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export function StorySlider({ stories, initialIndex = 0, expanded, onLearnMore, onStartHere, startHereHref }: Props) {
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialIndex), stories.length - 1));
  // Stopped by the visitor: Pause pressed, or, until they choose, reduced motion asked for (the
  // server cannot know it, so hydration renders the slider as running). What Pause/Play shows.
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  const [choice, setChoice] = useState<'paused' | 'playing' | null>(null);
  const userPaused = choice ? choice === 'paused' : reducedMotion;
  // Held while keyboard focus is inside the slider or a mouse is over it (resumes when both leave).
  const [focusInside, setFocusInside] = useState(false);
  const [hovered, setHovered] = useState(false);
  // The last story the visitor chose, announced; automatic turns leave it empty (nothing said).
  const [announced, setAnnounced] = useState('');
  const [moved, setMoved] = useState(false);
  const count = stories.length;
  const paused = expanded || userPaused || focusInside || hovered;
  const running = !paused && count >= 2;
  const sliderRef = useRef<HTMLElement>(null);
  const shownIndex = useRef(index);
  const lastFocused = useRef<Element | null>(null);

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
      setAnnounced('');
    }, SLIDER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  // The slide changed while focus was in the old one (now inert, so focus would fall to <body>):
  // the same control of the new slide takes it.
  useIsoLayoutEffect(() => {
    const previous = shownIndex.current;
    shownIndex.current = index;
    const slides = sliderRef.current?.querySelectorAll<HTMLElement>('[data-testid="slide"]');
    const was = lastFocused.current;
    const active = document.activeElement;
    // (The browser may already have moved focus off the inert slide, to <body>.)
    if (previous === index || !slides || !was || !slides[previous]?.contains(was) || (active !== was && active !== document.body)) return;
    const same = [...slides[previous].querySelectorAll<HTMLElement>('button, a')].indexOf(was as HTMLElement);
    slides[index]?.querySelectorAll<HTMLElement>('button, a')[same]?.focus({ preventScroll: true });
  }, [index]);

  const wrap = (i: number) => ((i % count) + count) % count;
  const go = (i: number) => {
    const next = wrap(i);
    setIndex(next);
    setMoved(true);
    setAnnounced(`Story ${next + 1} of ${count}: ${stories[next]?.title ?? ''}`);
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
  const openPanel = (e: MouseEvent) => {
    e.preventDefault();
    onStartHere();
  };
  const isNear = (i: number) => i === index || (hydrated && (i === (index + 1) % count || i === (index - 1 + count) % count));

  return (
    <section
      ref={sliderRef}
      className={clsx('slider', hydrated && 'slider--live', paused && 'slider--paused', moved && 'slider--moved')}
      aria-roledescription="carousel"
      aria-label="Featured stories"
      onFocus={(e) => {
        lastFocused.current = e.target;
        setFocusInside(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusInside(false);
      }}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
    >
      <form id={STORY_NAV_FORM} action="/" method="get" hidden />
      {/* First in the slider, though drawn at its foot: Pause is met before the content that moves. */}
      <div className="slider__controls">
        <div className="slider__buttons">
          <button type="button" className="slider__button" onClick={() => setChoice(userPaused ? 'playing' : 'paused')} aria-label={userPaused ? 'Play slideshow' : 'Pause slideshow'}>
            <span className={clsx('icon', userPaused ? 'icon--play' : 'icon--pause')} aria-hidden="true" />
          </button>
          <button className="slider__button" aria-label="Previous story" {...submit('slide', String(wrap(index - 1) + 1), () => go(index - 1))}>
            <span className="icon icon--prev" aria-hidden="true" />
          </button>
          <button className="slider__button" aria-label="Next story" {...submit('slide', String(wrap(index + 1) + 1), () => go(index + 1))}>
            <span className="icon icon--next" aria-hidden="true" />
          </button>
        </div>
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
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {announced}
        </p>
      </div>
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
                {/* The visible words first (label in name), then where they lead: a panel for the whole site, not this story. */}
                <a href={startHereHref} className={`button button--ghost-light desktop-only ${PANEL_OPENER_CLASS}`} onClick={openPanel}>
                  Start here<span className="visually-hidden">: explore Halden Rowe</span>
                </a>
                <a href={startHereHref} className={`button button--ghost-light mobile-only ${PANEL_OPENER_CLASS}`} onClick={openPanel}>
                  MORE<span className="visually-hidden">: explore Halden Rowe</span>
                </a>
              </div>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
