/**
 * The firm's offices, from content/site.json (the headquarters first, then the other offices in
 * their order): one id per office, its city as a slug ("san-francisco"), which team members and
 * roles name (`office: london`) and filters put in URLs (`/team?office=london`). No page imports:
 * the content layer reads this module.
 */
import type { SiteInfo } from './types.ts';

export interface Office {
  id: string;
  city: string;
  /** ISO 3166-1 alpha-2 ("GB"). */
  country: string;
  headquarters: boolean;
  lines: string[];
  phone: string;
  phoneHref: string;
}

/** "San Francisco" → "san-francisco". */
export const officeId = (city: string): string =>
  city
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

type SiteOffices = Pick<SiteInfo, 'headquarters' | 'offices' | 'contacts'>;

/** Every office, the headquarters first. */
export function officesOf(site: SiteOffices): Office[] {
  const hq = site.headquarters;
  return [
    { id: officeId(hq.city), city: hq.city, country: hq.country, headquarters: true, lines: hq.lines, phone: site.contacts.phone, phoneHref: site.contacts.phoneHref },
    ...site.offices.map((o) => ({ id: officeId(o.city), city: o.city, country: o.country, headquarters: false, lines: o.lines, phone: o.phone, phoneHref: o.phoneHref })),
  ];
}

/** The city of an office id ("london" → "London"), or the id itself when the site has no such office. */
export const officeCity = (site: SiteOffices | undefined, id: string): string => (site && officesOf(site).find((o) => o.id === id)?.city) ?? id;
