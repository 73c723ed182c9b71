import { z } from 'zod';

/** POST /api/images answers in the shape of the image host the web app first used, so clients need not change. */
export const imageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
