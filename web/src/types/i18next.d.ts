// Translation keys are typed from the English resources: an unknown key fails to compile.
import 'i18next';
import type { resources } from '@/locales/resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
    returnNull: false;
  }
}
