import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';

/** A news article: the historical field names plus its publication date. */
export const newsItemSchema = z.object({
  _id: idSchema,
  title: z.string(),
  body: z.string(),
  name: z.string(),
  publishedAt: z.iso.datetime(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsListSchema = z.array(newsItemSchema);

/** Admins write news as plain text (paragraphs separated by blank lines); it is always rendered as text. */
export const newsInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, { error: 'Title is required' })
    .max(200, { error: 'must be at most 200 characters' }),
  body: z
    .string({ error: 'Body is required' })
    .trim()
    .min(1, { error: 'Body is required' })
    .max(20_000, { error: 'must be at most 20000 characters' }),
  name: z
    .string({ error: 'Author name is required' })
    .trim()
    .min(1, { error: 'Author name is required' })
    .max(100, { error: 'must be at most 100 characters' }),
});
export type NewsInput = z.infer<typeof newsInputSchema>;
