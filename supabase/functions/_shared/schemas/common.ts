// Pieces shared by the payload schemas of the data API (SPEC §5). Messages are keys of the
// `validation` namespace (`_shared/locales/<lng>/validation.json`).
import { z } from 'zod';

export const uuidSchema = z.uuid({ message: 'invalid_id' });

/** A required text: trimmed, at least one character, at most `max`. */
export const requiredText = (message: string, max = 200) => z.string({ message }).trim().min(1, message).max(max, 'too_long');

/** An optional text: trimmed; empty becomes null. */
export const optionalText = (max = 200) =>
  z.string().trim().max(max, 'too_long').nullish().transform((v) => (v ? v : null));

export const emailField = (message = 'email_invalid') => z.string({ message }).trim().toLowerCase().pipe(z.email({ message }));
