// "Kör i min webbläsare": the person picks a tab of their own browser (or a new one), the api starts the run (or
// gives a paused one a new connection), and the Kollega Recorder extension connects that tab to the runner's
// relay with the token. Without the extension the dialog says so and links to its installation. What went
// wrong (the api refused, the extension could not reach the relay or take the tab) is said in plain words.
import type { AttendedTab } from '@extension/attended-protocol';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { notify } from '@/components/ui/notify';
import { Spinner } from '@/components/ui/spinner';
import { extensionVersion } from '@/features/recording/extension-client';
import { describeError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { type AttendedTarget, attendedConnection } from '../api/attended-runs';
import { attendedTabs, startInBrowser } from '../extension';

type RunInBrowserDialogProps = {
  target: AttendedTarget;
  /** Why the dialog opened instead of a run on the servers: the workflow runs in a person's browser only. */
  attendedOnly?: boolean;
  onClose: () => void;
  /** The run is under way in the person's tab. */
  onStarted: (runId: string) => void;
};

const NEW_TAB = 'new';

export function RunInBrowserDialog({ target, attendedOnly = false, onClose, onStarted }: RunInBrowserDialogProps) {
  const { t } = useTranslation('attended');
  const { t: tc } = useTranslation('common');
  const queryClient = useQueryClient();
  const id = useId();
  const [installed] = useState(() => extensionVersion() !== null);
  const [tabs, setTabs] = useState<AttendedTab[] | null | undefined>(undefined);
  const [choice, setChoice] = useState<string>(NEW_TAB);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const continuing = target.kind === 'run';

  useEffect(() => {
    if (!installed) return;
    let current = true;
    void attendedTabs().then((found) => current && setTabs(found));
    return () => {
      current = false;
    };
  }, [installed]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const connection = await attendedConnection(target);
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs });
      const started = await startInBrowser(connection, choice === NEW_TAB ? null : Number(choice));
      if (!started.ok) {
        setError(t(`errors.${started.code}`));
        return;
      }
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.runs }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workflows }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
      ]);
      notify.success(continuing ? t('toast.continued') : t('toast.started'), t('toast.started_description', { name: target.name }));
      onStarted(started.runId);
    } catch (failure) {
      setError(describeError(failure, tc('errors.network')));
    } finally {
      setPending(false);
    }
  };

  const title = continuing ? t('dialog.continue_title', { name: target.name }) : t('dialog.title', { name: target.name });

  if (!installed) {
    return (
      <Dialog open onClose={onClose} title={title}>
        <Alert variant="warning" title={t('install.title')}>
          <p>{t('install.description')}</p>
          <Link to="/recorder-extension" className="mt-1 inline-block font-semibold text-indigo-700 underline hover:text-indigo-600">
            {t('install.link')}
          </Link>
        </Alert>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('dialog.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={pending ? () => undefined : onClose} title={title} size="lg">
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        {attendedOnly ? <Alert variant="warning">{t('dialog.attended_only')}</Alert> : null}
        <p className="text-sm text-slate-600">{t('dialog.description')}</p>
        {target.kind === 'workflow' && target.test ? <p className="text-sm font-medium text-slate-800">{t('dialog.test')}</p> : null}
        <fieldset disabled={pending} aria-describedby={`${id}-hint`}>
          <legend className="text-sm font-semibold text-slate-900">{t('dialog.tab_label')}</legend>
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
            {continuing ? t('dialog.continue_hint') : t('dialog.new_tab_hint')}
          </p>
          <div className="mt-3 max-h-72 space-y-2 overflow-y-auto">
            <TabOption name={id} value={NEW_TAB} checked={choice === NEW_TAB} onChange={setChoice} title={t('dialog.new_tab')} />
            {(tabs ?? []).map((tab) => (
              <TabOption
                key={tab.id}
                name={id}
                value={String(tab.id)}
                checked={choice === String(tab.id)}
                onChange={setChoice}
                title={tab.title || tab.url}
                detail={tab.url}
              />
            ))}
          </div>
          {tabs === undefined ? (
            <p className="mt-2 flex items-center gap-2 text-sm text-slate-500">
              <Spinner label={t('dialog.loading_tabs')} className="size-4" />
              <span aria-hidden="true">{t('dialog.loading_tabs')}</span>
            </p>
          ) : tabs === null ? (
            <p className="mt-2 text-sm text-amber-800">{t('dialog.no_answer')}</p>
          ) : null}
        </fieldset>
        <p className="text-sm text-slate-500">{t('dialog.banner')}</p>
        {error ? (
          <Alert variant="error" title={t('errors.title')}>
            {error}
          </Alert>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" isPending={pending} pendingLabel={t('dialog.starting')}>
            {continuing ? t('dialog.continue') : t('dialog.start')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type TabOptionProps = { name: string; value: string; checked: boolean; onChange: (value: string) => void; title: string; detail?: string };

function TabOption({ name, value, checked, onChange, title, detail }: TabOptionProps) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200 ring-inset has-checked:bg-indigo-50 has-checked:ring-indigo-300">
      <input type="radio" name={name} value={value} checked={checked} onChange={() => onChange(value)} className="mt-0.5 size-4 accent-indigo-600" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-slate-900">{title}</span>
        {detail ? <span className="block truncate text-xs text-slate-600">{detail}</span> : null}
      </span>
    </label>
  );
}
