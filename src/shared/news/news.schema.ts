import { z } from 'zod';
import { idSchema } from '../common/common.schema';

/** A news article: SPEC §3 fields plus its publication date. */
export const newsItemSchema = z.object({
  _id: idSchema,
  title: z.string(),
  body: z.string(),
  name: z.string(),
  publishedAt: z.iso.datetime(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsListSchema = z.array(newsItemSchema);
