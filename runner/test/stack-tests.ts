/**
 * The runner's test files that need a running stack: npm test runs them as suites of their own, with its URLs.
 * STACK_TESTS_APART start, stop and restart runners of their own beside the stack's runner, or count its free
 * slots (drain, fencing, the claim per free slot, the self-check, a database connection ended from outside): npm
 * test runs them on a second stack of their own (dev/with-stack.ts), beside the others, so neither group's runs
 * are taken by the other's runners.
 */
export const STACK_TESTS_APART = [
  'runner/test/drain.test.ts',
  'runner/test/fence.test.ts',
  'runner/test/claim.test.ts',
  'runner/test/self-check.test.ts',
  'runner/test/db-restart.test.ts',
];

export const STACK_TESTS = [
  'runner/test/replay.test.ts',
  'runner/test/schedules.test.ts',
  'runner/test/decisions.test.ts',
  'runner/test/waiting.test.ts',
  'runner/test/retry.test.ts',
  'runner/test/element-confirmation.test.ts',
  'runner/test/parked.test.ts',
  'runner/test/batches.test.ts',
  'runner/test/attended.test.ts',
  'runner/test/replay-attended.test.ts',
  'runner/test/file-inputs.test.ts',
  'runner/test/attended-file-inputs.test.ts',
  'runner/test/in-place.test.ts',
  'runner/test/auto-retry.test.ts',
  ...STACK_TESTS_APART,
];
