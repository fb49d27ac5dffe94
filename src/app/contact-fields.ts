/**
 * The contact form's fields, apart from its rules (contact-validation.ts): the route table reads
 * `?error=` with them on every page, and the rules belong to the contact page's own chunk.
 */
import { queryKey } from './query.ts';

export const CONTACT_FIELDS = ['name', 'email', 'company', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The fields named in a no-JavaScript error redirect (`?error=name,email`), in form order. */
export function parseErrorFields(param: string | null | undefined): ContactField[] {
  if (!param) return [];
  const named = new Set(param.split(','));
  return CONTACT_FIELDS.filter((f) => named.has(f));
}

/**
 * Where the server puts what a visitor typed when their no-JavaScript post could not be stored;
 * the contact page reads it back into the form. Here, not in the component, so that the server
 * imports no component. (What was typed: every field, as contact-validation.ts's ContactInput.)
 */
export const CONTACT_DRAFT_KEY = queryKey<Record<ContactField, string>>('contact-draft');
