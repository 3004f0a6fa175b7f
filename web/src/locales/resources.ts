// Every namespace of both languages, bundled: the app is small enough that lazy loading the texts
// would cost more round trips than bytes. `validation` is shared with the `api` function.
import enValidation from '@shared/locales/en/validation.json';
import svValidation from '@shared/locales/sv/validation.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enLanding from './en/landing.json';
import enShell from './en/shell.json';
import enWorkflows from './en/workflows.json';
import enAuditTrail from './en/audit-trail.json';
import enErrorQueue from './en/error-queue.json';
import enUsers from './en/users.json';
import enCompanies from './en/companies.json';
import enPaymentMethods from './en/payment-methods.json';
import svAuth from './sv/auth.json';
import svCommon from './sv/common.json';
import svDashboard from './sv/dashboard.json';
import svLanding from './sv/landing.json';
import svShell from './sv/shell.json';
import svWorkflows from './sv/workflows.json';
import svAuditTrail from './sv/audit-trail.json';
import svErrorQueue from './sv/error-queue.json';
import svUsers from './sv/users.json';
import svCompanies from './sv/companies.json';
import svPaymentMethods from './sv/payment-methods.json';

export const resources = {
  sv: {
    common: svCommon,
    auth: svAuth,
    dashboard: svDashboard,
    landing: svLanding,
    shell: svShell,
    validation: svValidation,
    workflows: svWorkflows,
    audit_trail: svAuditTrail,
    error_queue: svErrorQueue,
    users: svUsers,
    companies: svCompanies,
    payment_methods: svPaymentMethods,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    dashboard: enDashboard,
    landing: enLanding,
    shell: enShell,
    validation: enValidation,
    workflows: enWorkflows,
    audit_trail: enAuditTrail,
    error_queue: enErrorQueue,
    users: enUsers,
    companies: enCompanies,
    payment_methods: enPaymentMethods,
  },
} as const;

export type Namespace = keyof (typeof resources)['en'];
export const namespaces = Object.keys(resources.en) as Namespace[];

/** A message key of the zod schemas shared with the server. */
export type ValidationKey = keyof (typeof resources)['en']['validation'];
