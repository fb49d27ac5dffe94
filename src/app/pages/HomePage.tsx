import { useEffect, useRef, useState } from 'react';
import { FOUNDED_YEAR, NEWS_PANEL_SCROLL_DELAY_MS } from '../constants.ts';
import { useQuery, type QueryKey } from '../query.ts';
import { useLocation } from '../router.tsx';
import { Q, type HomeData, type NewsSummary, type PracticeArea, type Story } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { StorySlider, PANEL_OPENER_CLASS } from '../components/StorySlider.tsx';
import { StoryContent, StoryDetail } from '../components/StoryDetail.tsx';
import { HomeSections } from '../components/HomeSections.tsx';
import { NEWS_TABS, type NewsTab } from '../news-tabs.ts';
import { deferred } from '../deferred.ts';
import { useOverlay, type OverlayName } from '../components/overlay-context.tsx';

/** The news panel: its own chunk, like the story's detail (StoryDetail.tsx); neither is in the first view. */
const NewsPanel = deferred(() => import('../components/NewsPanel.tsx'), 'NewsPanel');

/**
 * Loads the code of what the home page shows only once asked (the news panel, a story's detail).
 * The page calls it once mounted; the client's entry before hydrating when the URL opens one (/?story=, /?more=).
 */
export const preloadHomeParts = (): Promise<void> => Promise.all([NewsPanel.preload(), StoryContent.preload()]).then(() => undefined);
export const homeOpensPart = (search: string): boolean => /[?&](story|more)=/.test(search);

/** The home page's reads: the slider's stories, the news panel's items, the sections below. */
type HomeKeys = { stories: QueryKey<Story[]>; latestNews: QueryKey<NewsSummary[]>; home: QueryKey<HomeData>; practiceAreas: QueryKey<PracticeArea[]> };

export function HomePage({ data }: PageProps<HomeKeys>) {
  const stories = useQuery(data.stories);
  const site = useQuery(Q.site).data;
  const home = useQuery(data.home).data;
  const practiceAreas = useQuery(data.practiceAreas).data ?? [];
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const initialTab = NEWS_TABS.find((t) => t.toLowerCase() === search.get('more')) ?? null;
  const [panelOpen, setPanelOpen] = useState(initialTab !== null);
  const [tab, setTab] = useState<NewsTab | null>(initialTab);
  // /?story=<id> opens a story's detail and /?slide=N shows story N: the URLs that the slider's
  // buttons submit before script runs (the server renders them; see routes.ts).
  const [story, setStory] = useState<Story | null>(() => stories.data?.find((s) => s.id === search.get('story')) ?? null);
  const initialSlide = story && stories.data ? stories.data.indexOf(story) : Math.max(0, Number(search.get('slide') ?? 1) - 1);
  const { overlay, setStoryExpanded } = useOverlay();
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => setStoryExpanded(story !== null), [story, setStoryExpanded]);
  useEffect(() => () => setStoryExpanded(false), [setStoryExpanded]);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);
  // Once hydrated (or shown by a client navigation), fetch the panel's and the story's code, so a click finds it there.
  useEffect(() => void preloadHomeParts(), []);

  // Opening the menu closes the expanded story and the news panel (seed §4): adjusted while
  // rendering when the overlay changes (no effect, so no render with both open). The overlay is
  // null on the server and at hydration, so the server's HTML is what hydration renders.
  const [seenOverlay, setSeenOverlay] = useState<OverlayName>(null);
  if (overlay !== seenOverlay) {
    setSeenOverlay(overlay);
    if (overlay === 'menu') {
      setStory(null);
      setPanelOpen(false);
    }
  }

  // The panel's and the story's code is loaded after hydration; a click that comes first waits for it.
  const openStory = (s: Story) => void StoryContent.preload().then(() => setStory(s));
  const openPanel = () => void NewsPanel.preload().then(showPanel);
  const showPanel = () => {
    setPanelOpen(true);
    setTab((t) => t ?? 'Insights');
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const el = document.getElementById('news-panel');
      if (!el) return;
      el.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
      el.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    }, NEWS_PANEL_SCROLL_DELAY_MS);
  };
  const closePanel = () => {
    clearTimeout(scrollTimer.current);
    window.scrollTo({ top: 0, behavior: 'auto' });
    setPanelOpen(false);
    // Back to what opened the panel: 'Start here' or 'MORE' of the story now shown, whichever this
    // width displays (the other is display:none, and focusing it would leave focus on <body>).
    const openers = document.querySelectorAll<HTMLElement>(`.slide--active .${PANEL_OPENER_CLASS}`);
    [...openers].find((el) => el.checkVisibility())?.focus({ preventScroll: true });
  };

  // While a story is expanded the page behind it is inert (the header stays usable: NavBar).
  const behind = story !== null || undefined;
  return (
    <>
      <PageMeta
        title="Halden Rowe Capital"
        description={site ? `${site.tagline} Private equity since ${site.founded}, with ${site.aum} in assets under management.` : `Private equity since ${FOUNDED_YEAR}.`}
      />
      <div className="home-page" inert={behind}>
        <h1 id="home-title" className="visually-hidden">
          Halden Rowe Capital — Private Equity
        </h1>
        {stories.status === 'pending' && <Spinner fullScreen label="Loading stories" />}
        {stories.status === 'error' && <p className="notice notice--error page-error">Stories could not be loaded. Please refresh the page.</p>}
        {stories.data && (
          <StorySlider stories={stories.data} initialIndex={initialSlide} expanded={story !== null} onLearnMore={openStory} onStartHere={openPanel} startHereHref="/?more=insights#news-panel" />
        )}
        {panelOpen && <NewsPanel.Component news={data.latestNews} tab={tab} onTab={setTab} onClose={closePanel} practiceAreas={practiceAreas} />}
        {home && <HomeSections home={home} practiceAreas={practiceAreas} />}
      </div>
      <StoryDetail story={story} slide={story && stories.data ? stories.data.indexOf(story) : 0} onClose={() => setStory(null)} />
    </>
  );
}
