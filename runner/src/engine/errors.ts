// Step errors: the error types of a failed step (docs/automation.md "Runs") and how Playwright's errors map to them.

import { RUN_ERROR_TYPES, type RunErrorType } from '../../../supabase/functions/_shared/run-types.ts';

export const ERROR_TYPES = RUN_ERROR_TYPES;
export type ErrorType = RunErrorType;

/** A step failure with its type; the message is shown to people (after secrets are masked). */
export class StepError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'StepError';
  }
}

export function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

/** The page, its context or the browser went away under a Playwright call. */
export function isClosedError(error: unknown): boolean {
  return error instanceof Error && /has been closed|Target closed|Browser has been disconnected/i.test(error.message);
}

const NOISE = /^(waiting|attempting|retrying|locator resolved|\d+ × |done scrolling|scrolling into view|element is visible, enabled and stable|navigated to|navigating to)/;

/**
 * A Playwright error as one readable line: its first line without the API prefix ("locator.click: ") and, when
 * the call log says why the wait did not end ("<div class=overlay> intercepts pointer events", "element is not
 * visible"), that reason instead of "Timeout … exceeded".
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // eslint-disable-next-line no-control-regex
  const lines = error.message.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const first = (lines[0] ?? '').replace(/^[a-zA-Z]+\.[a-zA-Z]+: /, '').trim();
  const callLog = lines.indexOf('Call log:');
  if (callLog < 0) return first;
  const reason = lines
    .slice(callLog + 1)
    .map((l) => l.replace(/^\s*-\s*/, '').trim())
    .filter((l) => l && !NOISE.test(l))
    .at(-1);
  if (!reason) return first;
  return /^Timeout \d+ms exceeded\.?$/.test(first) ? reason : `${first} (${reason})`;
}

/** Any thrown value as a StepError, `fallback` naming the type when nothing more specific is known. */
export function toStepError(error: unknown, fallback: ErrorType): StepError {
  if (error instanceof StepError) return error;
  if (isTimeoutError(error)) return new StepError('timeout', describeError(error));
  if (isClosedError(error)) return new StepError('browser_crashed', `the page closed during the step: ${describeError(error)}`);
  if (error instanceof Error && /frame was detached|frame got detached/i.test(error.message)) {
    return new StepError('frame_not_found', `the iframe went away during the step: ${describeError(error)}`);
  }
  return new StepError(fallback, describeError(error));
}

/** `promise`, or the error of `onTimeout` after `ms` (the promise itself goes on, unobserved). */
export function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(onTimeout()), ms)));
  promise.catch(() => {});
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
