// Running the workflow over the rows of a file: choose a CSV or XLSX file, see its columns and first rows, map
// columns to the workflow's inputs (guessed from names and labels), choose how many rows run at a time, start.
// The server checks every row before anything starts and names the row and column of a bad value.
import type { BatchPreview } from '@shared/types/api';
import { DEFAULT_BATCH_CONCURRENCY, MAX_BATCH_CONCURRENCY, MIN_BATCH_CONCURRENCY } from '@shared/schemas/batches';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/notify';
import { useCreateBatch, usePreviewBatch } from '../api/create-batch';

type BatchUploadDialogProps = { workflowId: string; onClose: () => void; onStarted: (batchId: string) => void };

const SAMPLE_ROWS = 5;

export function BatchUploadDialog({ workflowId, onClose, onStarted }: BatchUploadDialogProps) {
  const { t } = useTranslation('workflows');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [concurrency, setConcurrency] = useState(DEFAULT_BATCH_CONCURRENCY);
  const [zip, setZip] = useState<File | null>(null);
  const fileInputs = preview?.inputs.filter((input) => input.type === 'file') ?? [];
  const previewBatch = usePreviewBatch();
  const createBatch = useCreateBatch();

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setPreview(null);
    if (!chosen) return;
    previewBatch.mutate(
      { workflowId, file: chosen },
      {
        onSuccess: (result) => {
          setPreview(result);
          setMapping(result.mapping);
        },
      },
    );
  };

  const handleStart = () => {
    if (!file || !preview) return;
    // Every input is sent: an empty column means "not from the file" (its default, or refused if required).
    const chosen = Object.fromEntries(preview.inputs.map((input) => [input.name, mapping[input.name] ?? '']));
    createBatch.mutate(
      { workflowId, file, zip, mapping: chosen, concurrency },
      {
        onSuccess: ({ batchId }) => {
          notify.success(t('batches.toast.started'), t('batches.toast.started_description', { count: preview.rowCount }));
          onStarted(batchId);
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={t('batches.upload.title')} description={t('batches.upload.description')} size="lg">
      <div className="space-y-4">
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
            {t('batches.upload.file_label')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={handleFile}
            className="mt-1.5 block w-full text-sm text-slate-700"
          />
          {previewBatch.isPending ? <p className="mt-1 text-sm text-slate-600">{t('batches.upload.reading')}</p> : null}
        </div>
        {preview ? (
          <>
            <p className="text-sm text-slate-700">
              {t('batches.upload.summary', { count: preview.rowCount, columns: preview.columns.length })}
              {preview.referenceColumn ? ` ${t('batches.upload.reference', { column: preview.referenceColumn })}` : ''}
            </p>
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold text-slate-900">{t('batches.upload.mapping_title')}</legend>
              {preview.inputs.length === 0 ? <p className="text-sm text-slate-600">{t('batches.upload.no_inputs')}</p> : null}
              {preview.inputs.map((input) => (
                <div key={input.name} className="grid grid-cols-2 items-center gap-2">
                  <label htmlFor={`${id}-map-${input.name}`} className="text-sm text-slate-800">
                    {input.label || input.name}
                    {input.required && input.default === undefined ? ` ${t('batches.upload.required')}` : ''}
                  </label>
                  <select
                    id={`${id}-map-${input.name}`}
                    value={mapping[input.name] ?? ''}
                    onChange={(event) => setMapping({ ...mapping, [input.name]: event.target.value })}
                    className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm ring-1 ring-inset ring-slate-300"
                  >
                    <option value="">{t('batches.upload.no_column')}</option>
                    {preview.columns.map((column) => (
                      <option key={column} value={column}>
                        {column}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </fieldset>
            {fileInputs.length ? (
              <div>
                <label htmlFor={`${id}-zip`} className="block text-sm font-medium text-slate-800">
                  {t('batches.zip_label')}
                </label>
                <input
                  id={`${id}-zip`}
                  type="file"
                  accept=".zip,application/zip"
                  aria-describedby={`${id}-zip-hint`}
                  onChange={(event) => setZip(event.target.files?.[0] ?? null)}
                  className="mt-1.5 block w-full text-sm text-slate-700"
                />
                <p id={`${id}-zip-hint`} className="mt-1 text-xs text-slate-600">
                  {t('batches.zip_hint', { names: fileInputs.map((input) => input.label || input.name).join(', ') })}
                </p>
              </div>
            ) : null}
            <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
              <table className="min-w-full text-left text-xs">
                <caption className="sr-only">{t('batches.upload.sample_caption')}</caption>
                <thead className="bg-slate-50">
                  <tr>
                    {preview.columns.map((column) => (
                      <th key={column} scope="col" className="px-2 py-1.5 font-semibold text-slate-700">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.sample.slice(0, SAMPLE_ROWS).map((row, r) => (
                    <tr key={r} className="border-t border-slate-100">
                      {row.map((cell, c) => (
                        <td key={c} className="px-2 py-1 text-slate-800">
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="max-w-48">
              <label htmlFor={`${id}-concurrency`} className="block text-sm font-medium text-slate-800">
                {t('batches.upload.concurrency_label')}
              </label>
              <Input
                id={`${id}-concurrency`}
                type="number"
                min={MIN_BATCH_CONCURRENCY}
                max={MAX_BATCH_CONCURRENCY}
                value={concurrency}
                onChange={(event) => setConcurrency(Math.min(MAX_BATCH_CONCURRENCY, Math.max(MIN_BATCH_CONCURRENCY, Number(event.target.value) || 1)))}
                className="mt-1.5"
              />
            </div>
          </>
        ) : null}
      </div>
      <DialogActions>
        <Button variant="ghost" onClick={onClose}>
          {t('batches.upload.cancel')}
        </Button>
        <Button onClick={handleStart} disabled={!preview} isPending={createBatch.isPending} pendingLabel={t('batches.upload.starting')}>
          {preview ? t('batches.upload.start', { count: preview.rowCount }) : t('batches.upload.start_disabled')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
