// Every namespace of both languages, bundled: the app is small enough that lazy loading the texts
// would cost more round trips than bytes. `validation` is shared with the `api` function.
import enValidation from '@shared/locales/en/validation.json';
import svValidation from '@shared/locales/sv/validation.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enFlowRuns from './en/flow_runs.json';
import enLanding from './en/landing.json';
import enOnboarding from './en/onboarding.json';
import enRecording from './en/recording.json';
import enAiPrompt from './en/ai_prompt.json';
import enSettings from './en/settings.json';
import enMarketplace from './en/marketplace.json';
import enShell from './en/shell.json';
import svAuth from './sv/auth.json';
import svCommon from './sv/common.json';
import svDashboard from './sv/dashboard.json';
import svFlowRuns from './sv/flow_runs.json';
import svLanding from './sv/landing.json';
import svOnboarding from './sv/onboarding.json';
import svRecording from './sv/recording.json';
import svAiPrompt from './sv/ai_prompt.json';
import svSettings from './sv/settings.json';
import svMarketplace from './sv/marketplace.json';
import svShell from './sv/shell.json';

// The demonstration screens of Web app III, one namespace per feature.
const svDemo = {
  onboarding: svOnboarding,
  flow_runs: svFlowRuns,
  recording: svRecording,
  ai_prompt: svAiPrompt,
  settings: svSettings,
  marketplace: svMarketplace,
};
const enDemo = {
  onboarding: enOnboarding,
  flow_runs: enFlowRuns,
  recording: enRecording,
  ai_prompt: enAiPrompt,
  settings: enSettings,
  marketplace: enMarketplace,
};

export const resources = {
  sv: { common: svCommon, auth: svAuth, dashboard: svDashboard, landing: svLanding, shell: svShell, validation: svValidation, ...svDemo },
  en: { common: enCommon, auth: enAuth, dashboard: enDashboard, landing: enLanding, shell: enShell, validation: enValidation, ...enDemo },
} as const;

export type Namespace = keyof (typeof resources)['en'];
export const namespaces = Object.keys(resources.en) as Namespace[];

/** A message key of the zod schemas shared with the server. */
export type ValidationKey = keyof (typeof resources)['en']['validation'];
