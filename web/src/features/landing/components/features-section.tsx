import { useTranslation } from 'react-i18next';
import {
  ClipboardListIcon,
  CursorIcon,
  ExclamationTriangleIcon,
  type IconComponent,
  PlayCircleIcon,
  SparklesIcon,
  TemplatesIcon,
} from '@/components/ui/icons';
import { SectionHeading } from './section-heading';

const features: Array<{ id: 'recording' | 'ai' | 'monitoring' | 'error_queue' | 'audit' | 'marketplace'; icon: IconComponent }> = [
  { id: 'recording', icon: CursorIcon },
  { id: 'ai', icon: SparklesIcon },
  { id: 'monitoring', icon: PlayCircleIcon },
  { id: 'error_queue', icon: ExclamationTriangleIcon },
  { id: 'audit', icon: ClipboardListIcon },
  { id: 'marketplace', icon: TemplatesIcon },
];

export function FeaturesSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow={t('features.eyebrow')}
          title={t('features.title')}
          description={t('features.description')}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ id, icon: Icon }) => (
            <li key={id} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-900/5 transition-shadow hover:shadow-md">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-sm">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{t(`features.items.${id}.title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`features.items.${id}.description`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
