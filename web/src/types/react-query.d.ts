import '@tanstack/react-query';
import type { ParseKeys } from 'i18next';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Title of the destructive toast shown when the mutation fails (an i18n key, `ns:key`). */
      errorTitle?: ParseKeys<['common', 'auth', 'shell', 'dashboard', 'landing', 'marketplace']>;
    };
  }
}
