// Server messages exist in both languages (a missing English key already fails to compile).
import enApi from '../../_shared/locales/en/api.json' with { type: 'json' };
import svApi from '../../_shared/locales/sv/api.json' with { type: 'json' };
import { assertEquals } from './assert.ts';

Deno.test('the Swedish and English server messages have the same keys', () => {
  assertEquals(Object.keys(svApi).sort(), Object.keys(enApi).sort());
});
