// The recording (SPEC §4) driven by the Kollega Recorder extension: stopped → recording (the extension
// opens a 1200×800 window on the start URL; the steps are cleared) ⇄ paused → stopped (stop, or the
// window closed). Steps arrive live as the extension captures them, their elements' pictures on their own
// (before or after their step: `pictures` by ref). Without the extension `installed` is false and nothing
// starts (the screen shows how to install it).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extensionVersion, onExtensionEvent, sendCommand } from '../extension-client';
import {
  appendStep,
  editStep,
  isThumbnail,
  type RecordedStep,
  type RecorderStatus,
  renumber,
  type StepPatch,
  startUrl,
  stepFromCapture,
  type Translate,
  withRecordedSignIn,
} from '../model';

export function useRecorder() {
  const { t } = useTranslation('recording');
  const [installed, setInstalled] = useState(() => extensionVersion() !== null);
  const [status, setStatus] = useState<RecorderStatus>('stopped');
  const [hasWindow, setHasWindow] = useState(false);
  const [steps, setSteps] = useState<RecordedStep[]>([]);
  const [pictures, setPictures] = useState<Record<string, string>>({});
  /** Why the last start failed: the window did not open, or the start URL is not an http(s) address. */
  const [startError, setStartError] = useState<'window_failed' | 'url_not_allowed' | null>(null);
  const idCounter = useRef(0);
  // The latest language's texts for steps that arrive later (the subscription lives as long as the screen).
  const translate: Translate = (key, values) => String(t(key as never, values as never));
  const tRef = useRef(translate);
  tRef.current = translate;

  useEffect(() => {
    const unsubscribe = onExtensionEvent((event) => {
      setInstalled(true);
      if (event.type === 'status') {
        setStatus(event.status);
        setHasWindow(event.hasWindow);
      } else if (event.type === 'error') {
        setStartError(event.code === 'url_not_allowed' ? 'url_not_allowed' : 'window_failed');
        setStatus('stopped');
      } else if (event.type === 'thumbnail') {
        if (typeof event.ref === 'string' && isThumbnail(event.thumbnail)) setPictures((current) => ({ ...current, [event.ref]: event.thumbnail }));
      } else if (event.type === 'step') {
        idCounter.current += 1;
        const step = stepFromCapture(event.capture, `rec-${Date.now().toString(36)}-${idCounter.current}`, tRef.current);
        if (step) setSteps((current) => appendStep(current, step));
      }
    });
    // The extension's content script marks the page as it loads; ask for the state of a recording this
    // tab started before a reload.
    setInstalled(extensionVersion() !== null);
    sendCommand({ type: 'status' });
    return unsubscribe;
  }, []);

  const start = (typedUrl: string) => {
    setStartError(null);
    setSteps([]);
    setPictures({});
    sendCommand({ type: 'start', url: startUrl(typedUrl) });
  };
  const pause = () => sendCommand({ type: 'pause' });
  const resume = () => sendCommand({ type: 'resume' });
  const stop = useCallback(() => sendCommand({ type: 'stop' }), []);
  const showWindow = () => sendCommand({ type: 'focus' });

  const clearSteps = () => {
    setSteps([]);
    setPictures({});
  };
  const deleteStep = (id: string) => setSteps((current) => renumber(current.filter((step) => step.id !== id)));
  const useRecordedSignInSteps = (id: string) => setSteps((current) => withRecordedSignIn(current, id));
  const updateStep = (id: string, patch: StepPatch) =>
    setSteps((current) => current.map((step) => (step.id === id ? editStep(step, patch) : step)));

  return {
    installed,
    status,
    steps,
    pictures,
    startError,
    hasWindow,
    start,
    pause,
    resume,
    stop,
    showWindow,
    clearSteps,
    deleteStep,
    updateStep,
    useRecordedSignInSteps,
  };
}
