import '@tanstack/react-query';
import type { ParseKeys } from 'i18next';

type MetaKey = ParseKeys<
  [
    'common', 'auth', 'shell', 'dashboard', 'landing', 'workflows', 'audit_trail', 'error_queue', 'users', 'companies', 'payment_methods',
    'onboarding', 'flow_runs', 'recording', 'ai_prompt', 'settings', 'marketplace', 'attended',
  ]
>;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Title of the destructive toast shown when the mutation fails (an i18n key, `ns:key`). */
      errorTitle?: MetaKey;
      /** Text of that toast when the server sent no message of its own (an i18n key, `ns:key`). */
      errorFallback?: MetaKey;
      /** Error codes (the api's `code`) the caller handles itself: no toast for them. */
      handledCodes?: readonly string[];
    };
  }
}
