// The organisation's automation settings (GET/PUT /api/organization-settings): the threshold a new AI decision
// step starts with, automatic retries of technical failures with a doubling wait, how long finished runs
// are kept, how long a run may wait for a person or stay paused, and how many runs may work on the same site at
// once. Admins change them; everyone else sees them, disabled, and why.
import { type OrganizationSettings, PAUSE_LIMIT_HOURS, SITE_CONCURRENCY } from '@shared/schemas/organization-settings';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { SelectInput } from '@/components/ui/select-input';
import { Spinner } from '@/components/ui/spinner';
import { organizationSettingsQueryOptions } from '@/hooks/use-organization-settings';
import { useUpdateOrganizationSettings } from '../api/update-organization-settings';

const THRESHOLDS = [99, 95, 90, 85, 80, 75, 70];
const RETRIES = [0, 1, 2, 3, 4, 5];
const BACKOFFS = [30, 60, 300, 900];
const RETENTION = [30, 90, 180, 365];
const PAUSE_LIMITS = [4, 8, 24, 48, 72, 168];
const SITE_LIMITS = [1, 2, 3, 4, 6, 8];
/** The select's value for "keep every run" (runRetentionDays null). */
const KEEP = 'keep';

/** The choices, with the saved value among them even when it is not one of the usual ones. */
const withValue = (values: number[], value: number) => [...new Set([...values, value])].sort((a, b) => a - b);

export function OrganizationSettingsForm({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('settings');
  const query = useQuery(organizationSettingsQueryOptions());
  const save = useUpdateOrganizationSettings();
  const [form, setForm] = useState<OrganizationSettings | null>(null);
  useEffect(() => {
    if (query.data) setForm(query.data);
  }, [query.data]);

  if (query.isError) return <LoadError title={t('automation.load_error')} error={query.error} onRetry={() => void query.refetch()} />;
  if (!form) return <Spinner label={t('automation.loading')} />;

  const change = (patch: Partial<OrganizationSettings>) => setForm({ ...form, ...patch });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: () => notify.success(t('toast.organization_saved'), t('toast.organization_saved_description')) });
  };

  return (
    <form onSubmit={handleSubmit} aria-label={t('automation.title')} className="space-y-4">
      <h2 className="text-base font-semibold text-slate-900">{t('automation.title')}</h2>
      <p className="text-sm text-slate-600">{canManage ? t('automation.description') : t('automation.read_only')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          label={t('automation.confidence')}
          hint={t('automation.confidence_hint')}
          disabled={!canManage}
          value={String(form.aiThresholdDefault)}
          options={withValue(THRESHOLDS, form.aiThresholdDefault).map((value) => ({ value: String(value), label: t('automation.percent', { value }) }))}
          onChange={(value) => change({ aiThresholdDefault: Number(value) })}
        />
        <SelectInput
          label={t('automation.retries')}
          hint={t('automation.retries_hint')}
          disabled={!canManage}
          value={String(form.retryAttempts)}
          options={RETRIES.map((value) => ({ value: String(value), label: value === 0 ? t('automation.retries_none') : String(value) }))}
          onChange={(value) => change({ retryAttempts: Number(value) })}
        />
        <SelectInput
          label={t('automation.backoff')}
          hint={t('automation.backoff_hint')}
          disabled={!canManage || form.retryAttempts === 0}
          value={String(form.retryBackoffSeconds)}
          options={withValue(BACKOFFS, form.retryBackoffSeconds).map((value) => ({ value: String(value), label: t('automation.seconds', { count: value }) }))}
          onChange={(value) => change({ retryBackoffSeconds: Number(value) })}
        />
        <SelectInput
          label={t('automation.retention')}
          hint={t('automation.retention_hint')}
          disabled={!canManage}
          value={form.runRetentionDays === null ? KEEP : String(form.runRetentionDays)}
          options={[
            { value: KEEP, label: t('automation.retention_keep') },
            ...(form.runRetentionDays === null ? RETENTION : withValue(RETENTION, form.runRetentionDays)).map((value) => ({
              value: String(value),
              label: t('automation.days', { count: value }),
            })),
          ]}
          onChange={(value) => change({ runRetentionDays: value === KEEP ? null : Number(value) })}
        />
        <SelectInput
          label={t('automation.pause_limit')}
          hint={t('automation.pause_limit_hint')}
          disabled={!canManage}
          value={String(form.pauseLimitHours ?? PAUSE_LIMIT_HOURS.default)}
          options={withValue(PAUSE_LIMITS, form.pauseLimitHours ?? PAUSE_LIMIT_HOURS.default).map((value) => ({
            value: String(value),
            label: t('automation.hours', { count: value }),
          }))}
          onChange={(value) => change({ pauseLimitHours: Number(value) })}
        />
        <SelectInput
          label={t('automation.site_concurrency')}
          hint={t('automation.site_concurrency_hint')}
          disabled={!canManage}
          value={String(form.siteConcurrency ?? SITE_CONCURRENCY.default)}
          options={withValue(SITE_LIMITS, form.siteConcurrency ?? SITE_CONCURRENCY.default).map((value) => ({
            value: String(value),
            label: t('automation.runs_at_once', { count: value }),
          }))}
          onChange={(value) => change({ siteConcurrency: Number(value) })}
        />
      </div>
      {canManage ? (
        <Button type="submit" isPending={save.isPending} pendingLabel={t('automation.saving')}>
          {t('automation.save')}
        </Button>
      ) : null}
    </form>
  );
}
