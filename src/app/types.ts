/**
 * The shapes the read API answers with and pages consume (seed §3 fields, plus what our pages show).
 * Produced on the server by src/content/api-data.ts from the validated content.
 */
import type { BlockT, SectionT } from '../content/schema.ts';

export type { BlockT, SectionT };

/** A generated artwork with its responsive variants (see scripts/images.ts). */
export interface ImageRef {
  key: string;
  /** Largest variant, as intrinsic size for width/height attributes. */
  width: number;
  height: number;
  widths: number[];
  /** Dominant colour, painted while the image loads. */
  color: string;
}

export interface SiteInfo {
  name: string;
  legalName: string;
  tagline: string;
  description: string;
  founded: number;
  aum: string;
  aumLong: string;
  portfolioCompanies: string;
  professionals: string;
  headquarters: { name: string; lines: string[]; mapsQuery: string };
  contacts: { general: string; phone: string; phoneHref: string; investorRelations: string; careers: string; press: string };
  offices: { city: string; lines: string[]; phone: string; phoneHref: string }[];
  copyrightYear: number;
}

export interface Story {
  id: string;
  category: string;
  title: string;
  description: string;
  imageUrl: string;
  image: ImageRef;
  overview: string[];
  highlights: string[];
  strategy: { identify: string; execute: string; deliver: string };
  related: { label: string; href: string }[];
}

export interface PracticeArea {
  id: string;
  kind: 'strategy' | 'sector';
  name: string;
  href: string;
  summary: string;
}

export interface TeamMember {
  id: string;
  name: string;
  title: string;
  /** Paragraphs separated by a blank line. */
  bio: string;
  imageUrl: string;
  image: ImageRef;
  email: string;
  experience: string[];
  education: string[];
  expertise: string[];
}

interface Article {
  id: string;
  date: string;
  title: string;
  excerpt: string;
  imageUrl: string;
  image: ImageRef;
  link: string;
  sections: SectionT[];
}

export interface ResearchItem extends Article {
  category: 'Market Commentary' | 'Sector Analysis' | 'Thematic Research';
  author: string;
}
export interface PressRelease extends Article {
  year: number;
  location: string;
}
export interface NewsItem extends Article {
  type: 'Award' | 'Portfolio News' | 'Team' | 'Event' | 'Market Insight';
}

export interface EditorialPageData {
  path: string;
  group: 'Style' | 'Strategies' | 'Sectors' | 'About';
  title: string;
  eyebrow: string;
  lede: string;
  description: string;
  image: ImageRef;
  blocks: BlockT[];
}

export interface PolicyPageData {
  path: string;
  title: string;
  description: string;
  lastUpdated: string;
  intro: string[];
  sections: SectionT[];
}

/** Query keys: the path of each read, as segments (seed §7: the path is the key joined by "/"). */
export const Q = {
  site: ['/api/site'],
  stories: ['/api/stories'],
  practiceAreas: ['/api/practice-areas'],
  news: ['/api/news'],
  team: ['/api/team'],
  research: ['/api/research'],
  pressReleases: ['/api/press-releases'],
  page: (slug: string) => ['/api/pages', slug],
} as const;
