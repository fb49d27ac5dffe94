import type { TeamMember } from './types.ts';

/** Leadership is everyone whose title contains "Managing Partner" (seed §2). */
export const isLeader = (m: Pick<TeamMember, 'title'>): boolean => m.title.includes('Managing Partner');

/** The first sentence of a bio: up to the first ". " followed by a capital, or the first paragraph. */
export function firstSentence(bio: string): string {
  const para = bio.split('\n\n')[0];
  const m = para.match(/^.+?[.!?](?=\s+[A-Z“"]|$)/);
  return m ? m[0] : para;
}
