/** The runner's test files that need a running stack: npm test runs them as a suite of their own, with its URLs. */
export const STACK_TESTS = ['runner/test/replay.test.ts', 'runner/test/schedules.test.ts', 'runner/test/decisions.test.ts', 'runner/test/waiting.test.ts', 'runner/test/retry.test.ts', 'runner/test/fence.test.ts', 'runner/test/self-check.test.ts', 'runner/test/claim.test.ts'];
