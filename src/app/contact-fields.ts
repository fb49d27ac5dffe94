/**
 * The contact form's fields, apart from its rules (contact-validation.ts): the route table reads
 * `?error=` with them on every page, and the rules belong to the contact page's own chunk.
 */
export const CONTACT_FIELDS = ['name', 'email', 'company', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The fields named in a no-JavaScript error redirect (`?error=name,email`), in form order. */
export function parseErrorFields(param: string | null | undefined): ContactField[] {
  if (!param) return [];
  const named = new Set(param.split(','));
  return CONTACT_FIELDS.filter((f) => named.has(f));
}
