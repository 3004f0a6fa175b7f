// Track & Trace (SPEC §3 recorded step, §4 recording, §9 constants). Steps are simulated, not captured.

export const BROWSERS = ['edge', 'chrome', 'firefox'] as const;
export type Browser = (typeof BROWSERS)[number];
export const DEFAULT_BROWSER: Browser = 'edge';
export const DEFAULT_START_URL = 'https://';

export const RECORDING_WINDOW_FEATURES = 'popup,width=1200,height=800';
export const FIRST_STEP_DELAY_MS = 2000;
export const MIN_STEP_DELAY_MS = 3000;
export const MAX_STEP_DELAY_MS = 8000;
/** How often the recorder looks whether the user closed the recording window. */
export const WINDOW_POLL_MS = 500;

export const STEP_ACTIONS = ['navigate', 'click', 'type', 'wait', 'manual', 'ai_decision', 'screenshot'] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];

export type RecorderStatus = 'stopped' | 'recording' | 'paused';

export type RecordedStep = {
  id: string;
  stepNumber: number;
  action: StepAction;
  description: string;
  timestamp: string;
  url?: string;
  selector?: string;
  value?: string;
  waitTime?: number;
  aiPrompt?: string;
  manualRequired?: boolean;
};

/** The simulated actions, in the order they are appended. */
export const SIMULATED_STEPS = [
  { action: 'click', selector: 'button#new-invoice' },
  { action: 'type', selector: 'input[name="supplier"]', value: 'Fastighetsservice AB' },
  { action: 'wait', selector: 'table.invoice-list', waitTime: 2000 },
  { action: 'ai_decision', selector: 'input[name="amount"]' },
  { action: 'screenshot', selector: 'div.receipt' },
] as const satisfies ReadonlyArray<Pick<RecordedStep, 'selector' | 'value' | 'waitTime'> & { action: 'click' | 'type' | 'wait' | 'ai_decision' | 'screenshot' }>;

/** A delay in [3000, 8000] ms from a random number in [0, 1). */
export function nextStepDelay(random: () => number): number {
  return MIN_STEP_DELAY_MS + Math.floor(random() * (MAX_STEP_DELAY_MS - MIN_STEP_DELAY_MS + 1));
}

/** The URL to open: the typed one, or a blank page when only the https:// prefix (or nothing) is there. */
export function startUrl(typed: string): string | null {
  const value = typed.trim();
  return value === '' || value === DEFAULT_START_URL || value === 'http://' ? null : value;
}

export function renumber(steps: RecordedStep[]): RecordedStep[] {
  return steps.map((step, index) => ({ ...step, stepNumber: index + 1 }));
}
