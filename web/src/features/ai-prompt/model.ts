// The prompt editor's demonstration steps (SPEC §3 workflow step) and its constants (SPEC §9).

export const MIN_CONFIDENCE = 1;
export const MAX_CONFIDENCE = 100;
export const DEFAULT_CONFIDENCE = 95;
export const INSTRUCTION_ROWS = 6;

export type SampleStepKey = 'open_portal' | 'check_amount' | 'register_invoice';
export type ExampleKey = 'conditional' | 'error_handling' | 'validation';
export const EXAMPLE_KEYS: ExampleKey[] = ['conditional', 'error_handling', 'validation'];

export type PromptStep = {
  id: string;
  /** Names the action text. */
  key: SampleStepKey;
  selector: string;
  hasPrompt: boolean;
  /** The saved instructions; a sample step may start from an example text instead. */
  prompt: string;
  exampleKey?: ExampleKey;
  confidence: number;
};

export function sampleSteps(): PromptStep[] {
  return [
    { id: 'step-1', key: 'open_portal', selector: 'a#supplier-portal-login', hasPrompt: false, prompt: '', confidence: DEFAULT_CONFIDENCE },
    { id: 'step-2', key: 'check_amount', selector: 'input[name="invoice-amount"]', hasPrompt: true, prompt: '', exampleKey: 'conditional', confidence: DEFAULT_CONFIDENCE },
    { id: 'step-3', key: 'register_invoice', selector: 'button#register-invoice', hasPrompt: false, prompt: '', confidence: DEFAULT_CONFIDENCE },
  ];
}
