// GET /api/runs/changes: where the organisation's runs stand, as a cursor that moves with every change.
import type { RunChanges } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';

export function getRunChanges({ signal }: { signal?: AbortSignal } = {}): Promise<RunChanges> {
  return apiGet<RunChanges>('/api/runs/changes', { signal });
}
