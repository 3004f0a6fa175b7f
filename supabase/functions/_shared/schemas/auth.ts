// Payload schemas of the auth calls (SPEC §5, §7), shared by the web forms and the `api` function so
// both reject exactly the same input. Messages are keys of the `validation` namespace
// (`_shared/locales/<lng>/validation.json`), translated where they are shown.
import { z } from 'zod';

const email = (message: string) => z.string().trim().toLowerCase().pipe(z.email({ message }));

export const loginSchema = z.strictObject({
  email: email('login_email_invalid'),
  password: z.string().min(1, 'password_required').max(72, 'password_max'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const organizationDataSchema = z.strictObject({
  name: z.string().trim().min(2, 'company_name_required').max(200, 'too_long'),
  organizationNumber: z.string().trim().min(10, 'organization_number_required').max(20, 'too_long'),
  address: z.string().trim().min(5, 'address_required').max(200, 'too_long'),
  city: z.string().trim().min(2, 'city_required').max(100, 'too_long'),
  postalCode: z.string().trim().min(5, 'postal_code_required').max(20, 'too_long'),
  country: z.literal('Sverige', { message: 'country_invalid' }),
  email: email('organization_email_invalid'),
  phone: z.string().trim().min(8, 'phone_required').max(40, 'too_long'),
});

export const registerSchema = z.strictObject({
  email: email('email_invalid'),
  fullName: z.string().trim().min(2, 'full_name_required').max(200, 'too_long'),
  password: z.string().min(6, 'password_min').max(72, 'password_max'),
  organizationData: organizationDataSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form: the payload's fields flat, plus confirmPassword (client only). */
export const registerFormSchema = z
  .object({
    email: registerSchema.shape.email,
    fullName: registerSchema.shape.fullName,
    password: registerSchema.shape.password,
    confirmPassword: z.string(),
    organizationName: organizationDataSchema.shape.name,
    organizationNumber: organizationDataSchema.shape.organizationNumber,
    address: organizationDataSchema.shape.address,
    city: organizationDataSchema.shape.city,
    postalCode: organizationDataSchema.shape.postalCode,
    organizationEmail: organizationDataSchema.shape.email,
    phone: organizationDataSchema.shape.phone,
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'passwords_mismatch', path: ['confirmPassword'] });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export function toRegisterPayload(form: z.output<typeof registerFormSchema>): RegisterInput {
  return {
    email: form.email,
    fullName: form.fullName,
    password: form.password,
    organizationData: {
      name: form.organizationName,
      organizationNumber: form.organizationNumber,
      address: form.address,
      city: form.city,
      postalCode: form.postalCode,
      country: 'Sverige',
      email: form.organizationEmail,
      phone: form.phone,
    },
  };
}

export const forgotPasswordSchema = z.strictObject({ email: email('email_invalid') });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const languageSchema = z.enum(['sv', 'en']);
export type Language = z.infer<typeof languageSchema>;

export const resetPasswordSchema = z.strictObject({
  token: z.string().trim().min(1, 'token_required').max(200, 'token_required'),
  password: z.string().min(6, 'password_min').max(72, 'password_max'),
  language: languageSchema.catch('sv'),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset form: password and its confirmation (the token comes from the URL). */
export const resetPasswordFormSchema = z
  .object({ password: resetPasswordSchema.shape.password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'passwords_mismatch', path: ['confirmPassword'] });
