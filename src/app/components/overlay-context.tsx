/**
 * Which overlay is open (menu and login are mutually exclusive, seed §4) and whether a story is
 * expanded: the nav bar stays visible while either is true.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type OverlayName = 'menu' | 'login' | null;

interface OverlayValue {
  overlay: OverlayName;
  setOverlay: (o: OverlayName) => void;
  storyExpanded: boolean;
  setStoryExpanded: (v: boolean) => void;
}

const OverlayContext = createContext<OverlayValue | null>(null);

/** `storyExpanded`: the page was requested with a story open (/?story=<id>): known from the first render, the server's. */
export function OverlayProvider({ children, storyExpanded: initialStory = false }: { children: ReactNode; storyExpanded?: boolean }) {
  const [overlay, setOverlay] = useState<OverlayName>(null);
  const [storyExpanded, setStoryExpanded] = useState(initialStory);
  const value = useMemo(() => ({ overlay, setOverlay, storyExpanded, setStoryExpanded }), [overlay, storyExpanded]);
  return <OverlayContext.Provider value={value}>{children}</OverlayContext.Provider>;
}

export function useOverlay(): OverlayValue {
  const v = useContext(OverlayContext);
  if (!v) throw new Error('useOverlay outside OverlayProvider');
  return v;
}
