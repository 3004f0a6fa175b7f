// The stand-in's password hashes: GoTrue's cost unless told (the test profile's stack tells it bcrypt's least),
// in GoTrue's `$2a$` form, and a hash of either cost verifies the same password and no other.
import { describe, expect, test } from 'vitest';
import { DEFAULT_HASH_COST, hashPassword, verifyPassword } from './users.ts';

describe('password hashes', () => {
  test("are GoTrue's `$2a$10$` unless another cost is asked for, and verify at either cost", async () => {
    expect(DEFAULT_HASH_COST).toBe(10);
    const standard = await hashPassword('Hemligt123!');
    const quick = await hashPassword('Hemligt123!', 4);
    expect(standard).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(quick).toMatch(/^\$2a\$04\$[./A-Za-z0-9]{53}$/);
    for (const hash of [standard, quick]) {
      expect(await verifyPassword('Hemligt123!', hash)).toBe(true);
      expect(await verifyPassword('Hemligt123?', hash)).toBe(false);
    }
  });
});
