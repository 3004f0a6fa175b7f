// The toolbar popup: the recording's status and step count (the app's recording overlay), with pause,
// continue and stop.
import type { AppCommand, RecorderStatus } from './protocol.ts';

type Status = { status: RecorderStatus; stepCount: number };
const t = (key: string, ...subs: string[]) => chrome.i18n.getMessage(key, subs) || key;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function render({ status, stepCount }: Status) {
  $('status').textContent = `${t(`status_${status}`)} · ${t(stepCount === 1 ? 'step_one' : 'steps', String(stepCount))}`;
  $('dot').className = `dot ${status}`;
  $('pause').hidden = status !== 'recording';
  $('resume').hidden = status !== 'paused';
  $('stop').hidden = status === 'stopped';
  $('hint').hidden = status !== 'stopped';
}

async function send(command: AppCommand) {
  await chrome.runtime.sendMessage({ type: 'popup', command });
  render((await chrome.runtime.sendMessage({ type: 'popup', command: { type: 'status' } })) as Status);
}

for (const id of ['pause', 'resume', 'stop'] as const) {
  $(id).textContent = t(`control_${id}`);
  $(id).addEventListener('click', () => void send({ type: id }));
}
$('title').textContent = t('name');
$('hint').textContent = t('hint');
document.documentElement.lang = chrome.i18n.getUILanguage().startsWith('sv') ? 'sv' : 'en';
void send({ type: 'status' });
chrome.storage.session.onChanged.addListener((changes) => {
  const next = changes.state?.newValue as Status | undefined;
  if (next) render(next);
});
