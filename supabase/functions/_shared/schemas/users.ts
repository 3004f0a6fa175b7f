// User administration payloads (SPEC §2 user management, §6).
import { z } from 'zod';
import { emailField, requiredText } from './common.ts';

export const ROLES = ['user', 'superuser', 'admin'] as const;
export const roleSchema = z.enum(ROLES, { message: 'role_invalid' });

/** PUT /api/users/{userId}. */
export const updateUserSchema = z.strictObject({
  fullName: requiredText('full_name_required'),
  email: emailField(),
  role: roleSchema,
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** POST /api/users: an admin adds a colleague, who gets a mail to choose a password. */
export const inviteUserSchema = z.strictObject({
  fullName: requiredText('full_name_required'),
  email: emailField(),
  role: roleSchema.default('user'),
});
export type InviteUserInput = z.input<typeof inviteUserSchema>;
