import type { WorkflowStatus } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';

/** SPEC §3: active, paused and error as they are; anything else is shown as draft. */
export type DisplayStatus = 'active' | 'paused' | 'error' | 'draft';

export function displayStatus(status: WorkflowStatus): DisplayStatus {
  return status === 'active' || status === 'paused' || status === 'error' ? status : 'draft';
}

const tones: Record<DisplayStatus, BadgeTone> = { active: 'green', paused: 'amber', error: 'red', draft: 'slate' };

export function WorkflowStatusBadge({ status }: { status: WorkflowStatus }) {
  const { t } = useTranslation('workflows');
  const shown = displayStatus(status);
  return <Badge tone={tones[shown]}>{t(`status.${shown}`)}</Badge>;
}
