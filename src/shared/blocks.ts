/**
 * The blocks of an editorial page (content/pages/<slug>.md): the shape that content/schema.ts
 * checks and that the pages render (src/app/types.ts). Here, and importing nothing of src/app or
 * src/content, so that neither layer imports the other's types (no import cycle between them).
 */
import { z } from 'zod';

export const text = z.string().trim().min(1, 'must not be empty');
export const paragraph = z.string().trim().min(20, 'must be a real sentence (20+ characters)');
export const internalHref = z
  .string()
  .regex(/^\/[a-z0-9\-/]*(\?[a-z0-9-]+=[a-z0-9-]+(&[a-z0-9-]+=[a-z0-9-]+)*)?$/, 'must be an internal path like "/buyouts" (a query like "?strategy=buyouts" may follow)');

const Card = z.strictObject({
  number: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
  title: text,
  text: paragraph,
  list: z.array(text).optional(),
});

export const Block = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('intro'), heading: text, paragraphs: z.array(paragraph).min(1) }),
  z.strictObject({
    type: z.literal('figures'),
    heading: text,
    items: z.array(z.strictObject({ value: text, label: text })).min(2),
    /** The firm's own figures (under management, companies, people): stated as of FIRM_FIGURES_AS_OF. */
    firm: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('cards'), heading: text, intro: paragraph.optional(), columns: z.union([z.literal(2), z.literal(3), z.literal(4)]), items: z.array(Card).min(2) }),
  z.strictObject({ type: z.literal('lists'), heading: text, intro: paragraph.optional(), groups: z.array(z.strictObject({ title: text, items: z.array(text).min(3) })).min(2) }),
  z.strictObject({ type: z.literal('steps'), heading: text, intro: paragraph.optional(), items: z.array(z.strictObject({ title: text, text: paragraph, activities: z.array(text).min(3) })).min(3) }),
  z.strictObject({ type: z.literal('quote'), quote: paragraph, name: text, role: text }),
  z.strictObject({ type: z.literal('cta'), heading: text, text: paragraph, label: text, href: internalHref }),
]);

export type BlockT = z.infer<typeof Block>;
