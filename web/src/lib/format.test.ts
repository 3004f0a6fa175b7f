import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './format';

describe('formatDate', () => {
  it('writes dates the Swedish way', () => {
    expect(formatDate(new Date(2025, 2, 4, 12))).toBe('2025-03-04');
  });
});

describe('formatDateTime and formatTime', () => {
  it('write date and time, and time with seconds, the Swedish way', () => {
    expect(formatDateTime(new Date(2025, 2, 14, 9, 30, 5))).toBe('2025-03-14 09:30');
    expect(formatTime(new Date(2025, 2, 14, 9, 30, 5))).toBe('09:30:05');
  });
});
