// The auth forms' schemas, loaded on first validation: zod stays out of the first download of
// /auth and /reset-password (docs/quality.md). Types come from the same module, erased at build.
export const loadLoginSchema = () => import('@shared/schemas/auth').then((m) => m.loginSchema);
export const loadForgotPasswordSchema = () => import('@shared/schemas/auth').then((m) => m.forgotPasswordSchema);
export const loadResetPasswordFormSchema = () => import('@shared/schemas/auth').then((m) => m.resetPasswordFormSchema);
/** The register form's flat fields, validated and turned into the nested payload of POST /api/register. */
export const loadRegisterSchema = () =>
  import('@shared/schemas/auth').then((m) => m.registerFormSchema.transform(m.toRegisterPayload));
