import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it('writes dates the Swedish way', () => {
    expect(formatDate(new Date(2025, 2, 4, 12))).toBe('2025-03-04');
  });
});
