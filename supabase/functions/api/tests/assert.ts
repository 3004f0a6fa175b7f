// The few assertions the tests need, on node:assert (jsr:@std/assert cannot be fetched here).
import nodeAssert from 'node:assert/strict';

export function assert(condition: unknown, message?: string): asserts condition {
  nodeAssert.ok(condition, message);
}

export function assertEquals(actual: unknown, expected: unknown, message?: string): void {
  nodeAssert.deepStrictEqual(actual, expected, message);
}

export function assertNotEquals(actual: unknown, expected: unknown, message?: string): void {
  nodeAssert.notDeepStrictEqual(actual, expected, message);
}

export function assertMatch(actual: string, pattern: RegExp, message?: string): void {
  nodeAssert.match(actual, pattern, message);
}

export function assertThrows(fn: () => unknown, error: new (...args: never[]) => Error, message?: string): void {
  nodeAssert.throws(fn, error, message);
}
