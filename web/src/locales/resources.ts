// Every namespace of both languages, for the i18next key types and the tests (which load them all up
// front). The app itself fetches each namespace lazily by its file name (lib/i18n.ts), so a namespace
// is named exactly as its file `web/src/locales/<lng>/<namespace>.json`. `validation` is shared with
// the `api` function.
import enValidation from '@shared/locales/en/validation.json';
import svValidation from '@shared/locales/sv/validation.json';
import enAiPrompt from './en/ai_prompt.json';
import enAttended from './en/attended.json';
import enAuditTrail from './en/audit_trail.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enCompanies from './en/companies.json';
import enDashboard from './en/dashboard.json';
import enErrorQueue from './en/error_queue.json';
import enFlowRuns from './en/flow_runs.json';
import enLanding from './en/landing.json';
import enMarketplace from './en/marketplace.json';
import enOnboarding from './en/onboarding.json';
import enPaymentMethods from './en/payment_methods.json';
import enRecording from './en/recording.json';
import enRunErrors from './en/run_errors.json';
import enSettings from './en/settings.json';
import enShell from './en/shell.json';
import enUsers from './en/users.json';
import enWorkflows from './en/workflows.json';
import svAiPrompt from './sv/ai_prompt.json';
import svAttended from './sv/attended.json';
import svAuditTrail from './sv/audit_trail.json';
import svAuth from './sv/auth.json';
import svCommon from './sv/common.json';
import svCompanies from './sv/companies.json';
import svDashboard from './sv/dashboard.json';
import svErrorQueue from './sv/error_queue.json';
import svFlowRuns from './sv/flow_runs.json';
import svLanding from './sv/landing.json';
import svMarketplace from './sv/marketplace.json';
import svOnboarding from './sv/onboarding.json';
import svPaymentMethods from './sv/payment_methods.json';
import svRecording from './sv/recording.json';
import svRunErrors from './sv/run_errors.json';
import svSettings from './sv/settings.json';
import svShell from './sv/shell.json';
import svUsers from './sv/users.json';
import svWorkflows from './sv/workflows.json';

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
    onboarding: svOnboarding,
    flow_runs: svFlowRuns,
    recording: svRecording,
    run_errors: svRunErrors,
    ai_prompt: svAiPrompt,
    settings: svSettings,
    marketplace: svMarketplace,
    attended: svAttended,
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
    onboarding: enOnboarding,
    flow_runs: enFlowRuns,
    recording: enRecording,
    run_errors: enRunErrors,
    ai_prompt: enAiPrompt,
    settings: enSettings,
    marketplace: enMarketplace,
    attended: enAttended,
  },
} as const;

/** A message key of the zod schemas shared with the server. */
export type ValidationKey = keyof (typeof resources)['en']['validation'];
