import { afterEach, describe, expect, it } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY, setLanguage, storedLanguage } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

describe('i18n', () => {
  it('defaults to Swedish', () => {
    expect(storedLanguage()).toBe('sv');
    expect(i18n.t('auth:tabs.signin')).toBe('Logga in');
  });

  it('keeps the chosen language in localStorage and reads it back', async () => {
    await setLanguage('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(storedLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('auth:tabs.signin')).toBe('Sign In');
  });

  it('ignores an unknown stored language', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(storedLanguage()).toBe('sv');
  });

  it('shows a missing key as the key itself, without falling back to the other language', () => {
    expect(i18n.t('common:no.such.key' as never)).toBe('no.such.key');
  });

  it('has the shared validation texts', async () => {
    expect(i18n.t('validation:passwords_mismatch')).toBe('Lösenorden matchar inte');
    await setLanguage('en');
    expect(i18n.t('validation:passwords_mismatch')).toBe('Passwords do not match');
  });
});
