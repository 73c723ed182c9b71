import { z } from 'zod';

/** POST /api/images answers like the image host of SPEC §7. */
export const imageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
