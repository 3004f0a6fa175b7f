import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it.each([
    ['Anna Andersson', 'AA'],
    ['anna maria berg', 'AB'],
    ['  Örjan   Ek ', 'ÖE'],
    ['Cher', 'C'],
    ['', 'Z', 'zlatan@kollega.se'],
  ])('%j → %s (max 2 letters)', (name, expected, email = '') => {
    expect(initials(name, email)).toBe(expected);
  });
});
