// Settings (SPEC §2 settings, §9 constants). Preferences never reach a server: they are kept in this
// browser's localStorage so they survive a reload; profile texts and passwords are never stored.
// (Secrets, in the Automation tab, are the organisation's and live on the server.)
import { readJson, writeJson } from '@/lib/storage';

export const SETTINGS_STORAGE_KEY = 'kollega.settings';

export const TIMEZONES = ['Europe/Stockholm', 'Europe/London', 'America/New_York'] as const;
export const CONFIDENCE_OPTIONS = [95, 90, 85, 80] as const;
export const RETRY_OPTIONS = [1, 2, 3, 5] as const;
export const AUTO_LOGOUT_MINUTES = 30;

export type Preferences = {
  timezone: (typeof TIMEZONES)[number];
  twoFactor: boolean;
  autoLogout: boolean;
  notifications: { email: boolean; errors: boolean; success: boolean; weekly: boolean };
  automation: { confidence: (typeof CONFIDENCE_OPTIONS)[number]; retries: (typeof RETRY_OPTIONS)[number]; recovery: boolean };
};

export const DEFAULT_PREFERENCES: Preferences = {
  timezone: 'Europe/Stockholm',
  twoFactor: false,
  autoLogout: true,
  notifications: { email: true, errors: true, success: false, weekly: true },
  automation: { confidence: 90, retries: 3, recovery: true },
};

function isPreferences(value: unknown): value is Preferences {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Preferences;
  return (
    (TIMEZONES as readonly string[]).includes(v.timezone) &&
    typeof v.twoFactor === 'boolean' &&
    typeof v.autoLogout === 'boolean' &&
    typeof v.notifications === 'object' &&
    v.notifications !== null &&
    ['email', 'errors', 'success', 'weekly'].every((k) => typeof v.notifications[k as keyof Preferences['notifications']] === 'boolean') &&
    typeof v.automation === 'object' &&
    v.automation !== null &&
    (CONFIDENCE_OPTIONS as readonly number[]).includes(v.automation.confidence) &&
    (RETRY_OPTIONS as readonly number[]).includes(v.automation.retries) &&
    typeof v.automation.recovery === 'boolean'
  );
}

export function loadPreferences(): Preferences {
  return readJson(SETTINGS_STORAGE_KEY, isPreferences) ?? DEFAULT_PREFERENCES;
}

export function savePreferences(preferences: Preferences): void {
  writeJson(SETTINGS_STORAGE_KEY, preferences);
}

export function clearPreferences(): void {
  try {
    window.localStorage.removeItem(SETTINGS_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
