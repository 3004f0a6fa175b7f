// "Peka ut" through the Kollega Recorder extension: asks it to open a page in a window of its own and waits
// for the element the person clicks there (extension/src/pick-protocol.ts). `installed` is false without
// the extension (the button then says how to install it). Leaving the dialog cancels a pick under way.
import type { PickedElement } from '@extension/pick-protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extensionVersion, onExtensionEvent, sendCommand } from '@/features/recording/extension-client';

export type PickState = 'idle' | 'picking' | 'cancelled' | 'url_not_allowed' | 'window_failed';

export function useElementPicker(onPicked: (element: PickedElement) => void) {
  const { t } = useTranslation('workflows');
  const [installed, setInstalled] = useState(() => extensionVersion() !== null);
  const [state, setState] = useState<PickState>('idle');
  const picking = useRef(false);
  const handler = useRef(onPicked);
  handler.current = onPicked;

  useEffect(() => {
    setInstalled(extensionVersion() !== null);
    const unsubscribe = onExtensionEvent((event) => {
      if (!picking.current) return;
      if (event.type === 'picked') handler.current(event.element);
      else if (event.type !== 'pickCancelled' && event.type !== 'pickFailed') return;
      picking.current = false;
      setState(event.type === 'picked' ? 'idle' : event.type === 'pickFailed' ? event.code : 'cancelled');
    });
    return () => {
      unsubscribe();
      if (picking.current) sendCommand({ type: 'cancelPick' });
    };
  }, []);

  const pick = useCallback(
    (url: string) => {
      picking.current = true;
      setState('picking');
      sendCommand({
        type: 'pick',
        url,
        texts: { hint: t('pick.page.hint'), pause: t('pick.page.pause'), resume: t('pick.page.resume'), cancel: t('pick.page.cancel') },
      });
    },
    [t],
  );

  const cancel = useCallback(() => {
    picking.current = false;
    setState('idle');
    sendCommand({ type: 'cancelPick' });
  }, []);

  return { installed, state, pick, cancel };
}
