// The settings tabs, in order. Apart from the components because the route's search check imports it, and
// route options ship with every page (first-load budget, docs/quality.md).
export const SETTINGS_TABS = ['profile', 'notifications', 'automation', 'system'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
