import { useTranslation } from 'react-i18next';
import { BanknotesIcon, HomeIcon, type IconComponent, InboxIcon, UsersIcon } from '@/components/ui/icons';
import { SectionHeading } from './section-heading';

const industries: Array<{ id: 'property' | 'finance' | 'hr' | 'cases'; icon: IconComponent }> = [
  { id: 'property', icon: HomeIcon },
  { id: 'finance', icon: BanknotesIcon },
  { id: 'hr', icon: UsersIcon },
  { id: 'cases', icon: InboxIcon },
];

export function IndustriesSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="industries" aria-labelledby="industries-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="industries-title"
          eyebrow={t('industries.eyebrow')}
          title={t('industries.title')}
          description={t('industries.description')}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {industries.map(({ id, icon: Icon }) => (
            <li key={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5">
              <Icon className="size-8 text-indigo-600" />
              <h3 className="mt-4 text-base font-semibold text-slate-900">{t(`industries.items.${id}.title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`industries.items.${id}.description`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
