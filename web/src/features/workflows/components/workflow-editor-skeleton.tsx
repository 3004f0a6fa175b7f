// The editor while its workflow loads: the page's outline in grey, announced once.
import { useTranslation } from 'react-i18next';
import { SkeletonList } from '@/components/ui/skeleton-list';

export const EDITOR_SKELETON_STEPS = 5;

export function WorkflowEditorSkeleton() {
  const { t } = useTranslation('workflows');
  return (
    <section className="mx-auto max-w-7xl space-y-6">
      <div className="h-8 w-64 motion-safe:animate-pulse rounded-lg bg-slate-200/70" />
      <SkeletonList count={EDITOR_SKELETON_STEPS} label={t('editor.loading')} itemClassName="h-20 rounded-xl" />
    </section>
  );
}
