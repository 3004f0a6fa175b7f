// A step's element picture (issue 24, "Peka ut"): the body of PUT /api/workflows/{id}/steps/{stepId}/thumbnail,
// a JPEG of at most 20 KB in base64, as the recorder extension crops it from the page. Messages are keys of the
// `validation` namespace.
import { z } from 'zod';

export const MAX_STEP_THUMBNAIL_BYTES = 20 * 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The decoded size of a base64 text. */
const decodedBytes = (text: string) => Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);

export const stepThumbnailSchema = z.strictObject({
  jpeg: z
    .string({ message: 'thumbnail_invalid' })
    .regex(BASE64, 'thumbnail_invalid')
    .refine((text) => text.startsWith('/9j/'), 'thumbnail_invalid') // FF D8 FF: a JPEG
    .refine((text) => decodedBytes(text) <= MAX_STEP_THUMBNAIL_BYTES, 'thumbnail_too_large'),
});
export type StepThumbnailInput = z.input<typeof stepThumbnailSchema>;
