// Track & Trace (SPEC §2 /track-trace): browser and start URL, the recording controls, the steps.
import { Field, Label, Description } from '@headlessui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PauseIcon, PlayIcon, RecordIcon, StopIcon, TrashIcon, WindowIcon } from '@/components/ui/icons';
import { FieldInput } from '@/components/ui/field-input';
import { notify } from '@/components/ui/notify';
import { SelectInput } from '@/components/ui/select-input';
import { useRecorder } from '../hooks/use-recorder';
import { BROWSERS, type Browser, DEFAULT_BROWSER, DEFAULT_START_URL, type RecordedStep } from '../model';
import { EditStepDialog } from './edit-step-dialog';
import { RecordingOverlay } from './recording-overlay';
import { StepList } from './step-list';

export function TrackTraceScreen({ random }: { random?: () => number }) {
  const { t } = useTranslation('recording');
  const navigate = useNavigate();
  const recorder = useRecorder({ random });
  const [browser, setBrowser] = useState<Browser>(DEFAULT_BROWSER);
  const [url, setUrl] = useState(DEFAULT_START_URL);
  const [editing, setEditing] = useState<RecordedStep | null>(null);
  const { status, steps } = recorder;
  const active = status !== 'stopped';

  const handleTest = () => notify.success(t('toast.test_title'), t('toast.test_description', { count: steps.length }));

  return (
    <div className="mx-auto max-w-7xl space-y-6 pb-20">
      <Breadcrumb label={t('breadcrumb.label')} homeLabel={t('breadcrumb.home')} current={t('breadcrumb.current')} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('description')}</p>
      </header>

      {recorder.popupBlocked ? (
        <Alert variant="error" title={t('popup_blocked.title')}>
          {t('popup_blocked.description')}
        </Alert>
      ) : null}

      <Card title={t('setup.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            label={t('setup.browser_label')}
            value={browser}
            disabled={active}
            options={BROWSERS.map((value) => ({
              value,
              label: t(`setup.browsers.${value}`),
            }))}
            onChange={(value) => setBrowser(value as Browser)}
          />
          <Field disabled={active}>
            <Label className="block text-sm font-medium text-slate-800">{t('setup.url_label')}</Label>
            <FieldInput className="mt-1.5" type="url" value={url} onChange={(event) => setUrl(event.target.value)} />
            <Description className="mt-1.5 text-sm text-slate-500">{t('setup.url_hint')}</Description>
          </Field>
        </div>
        <div className="mt-5 flex flex-wrap gap-2">
          {status === 'stopped' ? (
            <Button onClick={() => recorder.start(url)}>
              <RecordIcon className="size-4" />
              {t('controls.start')}
            </Button>
          ) : (
            <>
              {status === 'recording' ? (
                <Button variant="secondary" onClick={recorder.pause}>
                  <PauseIcon className="size-4" />
                  {t('controls.pause')}
                </Button>
              ) : (
                <Button onClick={recorder.resume}>
                  <PlayIcon className="size-4" />
                  {t('controls.resume')}
                </Button>
              )}
              <Button variant="destructive" onClick={recorder.stop}>
                <StopIcon className="size-4" />
                {t('controls.stop')}
              </Button>
            </>
          )}
          <Button variant="secondary" onClick={recorder.showWindow} disabled={!recorder.hasWindow}>
            <WindowIcon className="size-4" />
            {t('controls.show_window')}
          </Button>
          <Button variant="ghost" onClick={recorder.clearSteps} disabled={steps.length === 0}>
            <TrashIcon className="size-4" />
            {t('controls.clear')}
          </Button>
        </div>
      </Card>

      <StepList steps={steps} onEdit={setEditing} onDelete={recorder.deleteStep} />

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={handleTest} disabled={steps.length === 0}>
          {t('footer.test')}
        </Button>
        <Button onClick={() => void navigate({ to: '/workflows' })} disabled={steps.length === 0}>
          {t('footer.export')}
        </Button>
      </div>

      {active || steps.length > 0 ? (
        <RecordingOverlay
          status={status}
          stepCount={steps.length}
          onPause={recorder.pause}
          onResume={recorder.resume}
          onStop={recorder.stop}
        />
      ) : null}

      {editing ? (
        <EditStepDialog
          step={editing}
          onClose={() => setEditing(null)}
          onSave={(patch) => {
            recorder.updateStep(editing.id, patch);
            setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
