import type { RunStatus } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<RunStatus, BadgeTone> = { running: 'sky', paused: 'amber', completed: 'green', failed: 'red', stopped: 'amber', pending: 'slate' };

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { t } = useTranslation('flow_runs');
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
