/**
 * Careers (/careers, /careers/{id}): the teams a role belongs to and the kinds of employment (the
 * one list of each, read by the content schema, the listing's filters and the pages), what a role
 * looks like to the pages, and when a role is open. No page imports: the content layer reads this.
 */
import type { Facet } from './portfolio.ts';
import type { Body } from './types.ts';

/** The teams that hire (URL value → label). */
export const CAREER_TEAMS = [
  { value: 'investment', label: 'Investment' },
  { value: 'portfolio-operations', label: 'Portfolio Operations' },
  { value: 'investor-relations', label: 'Investor Relations' },
  { value: 'finance', label: 'Finance' },
  { value: 'legal-compliance', label: 'Legal & Compliance' },
  { value: 'technology', label: 'Technology & Data' },
] as const satisfies readonly Facet[];
export type CareerTeam = (typeof CAREER_TEAMS)[number]['value'];

/** Kinds of employment, with schema.org's JobPosting employmentType. */
export const EMPLOYMENT_TYPES = {
  'full-time': { label: 'Full-time', schema: 'FULL_TIME' },
  'part-time': { label: 'Part-time', schema: 'PART_TIME' },
  'fixed-term': { label: 'Fixed-term contract', schema: 'TEMPORARY' },
  internship: { label: 'Internship', schema: 'INTERN' },
} as const;
export type EmploymentType = keyof typeof EMPLOYMENT_TYPES;

export const careerTeamLabel = (value: string): string => CAREER_TEAMS.find((t) => t.value === value)?.label ?? value;

/** How to apply: by e-mail with the subject filled in, or on the firm's applicant-tracking site. */
export type ApplyRoute = { kind: 'email'; address: string; subject: string; href: string } | { kind: 'url'; href: string };

/** A role as the listing and search show it (GET /api/careers, /api/listings/careers). */
export interface CareerSummary {
  id: string;
  title: string;
  team: CareerTeam;
  /** The team's and the employment's names as shown (the pages need no list of them: no code shared between the two careers pages). */
  teamLabel: string;
  typeLabel: string;
  /** Office id (src/app/offices.ts). */
  office: string;
  /** The office's city, as written in content/site.json. */
  city: string;
  type: EmploymentType;
  /** Posted (YYYY-MM-DD): the list's order, newest first. */
  date: string;
  /** The last day applications are taken (YYYY-MM-DD): the role is hidden after it. */
  closes: string;
  summary: string;
  salary?: { currency: string; min: number; max: number };
  apply: ApplyRoute;
  link: string;
}

/** GET /api/careers/{id}: the role with its description (Markdown body), the office's address and what its JobPosting says. */
export interface CareerRole extends CareerSummary {
  body: Body;
  address: { lines: string[]; country: string };
  /** schema.org employmentType ("FULL_TIME"). */
  employmentType: string;
  /** The end of the closing day on the careers clock, as an ISO date-time ("2027-01-15T23:59:59-12:00"). */
  validThrough: string;
  /** "$185,000–$225,000 a year" */
  salaryText?: string;
}

/**
 * The day it is for the careers pages: the date still current somewhere on Earth (UTC−12,
 * "anywhere on Earth", the usual convention for deadlines). A role that closes on a date takes
 * applications until that date has ended in every time zone, wherever the applicant is.
 */
export const DEADLINE_OFFSET_HOURS = -12;
export const careersDay = (now: Date): string => new Date(now.getTime() + DEADLINE_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);

/** The instant a day starts on the careers clock (a role posted that day appears; one that closed the day before goes). */
export const careersDayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) - DEADLINE_OFFSET_HOURS * 3_600_000;

/** A role is shown from the day it is posted through the day it closes. */
export const isOpen = (role: { posted: string; closes: string }, today: string): boolean => role.posted <= today && today <= role.closes;

/** The day after a YYYY-MM-DD date. */
export function nextDay(day: string): string {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}

/** "$180,000–$220,000 a year" (whole units, the currency's sign). */
export function salaryText(s: NonNullable<CareerSummary['salary']>): string {
  const sign = s.currency === 'GBP' ? '£' : s.currency === 'SGD' ? 'S$' : '$';
  const n = (v: number) => sign + String(v).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n(s.min)}–${n(s.max)} a year`;
}
