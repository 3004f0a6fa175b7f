// A recorded password's secret that the organisation does not hold yet: its value typed here is saved at once
// (encrypted, bound to the site the recording typed it on); the suggestion then disappears.
import { Field, Label } from '@headlessui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldInput } from '@/components/ui/field-input';
import { useSaveSecret } from '@/features/settings/api/save-secret';
import type { Suggestion } from '../suggestions';

type SecretSuggestionProps = { suggestion: Extract<Suggestion, { kind: 'secret' }> };

export function SecretSuggestion({ suggestion }: SecretSuggestionProps) {
  const { t } = useTranslation('onboarding');
  const save = useSaveSecret();
  const [value, setValue] = useState('');
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({ name: suggestion.secret, value, origins: suggestion.origin ? [suggestion.origin] : [] });
  };
  return (
    <form className="space-y-2 py-3" onSubmit={handleSubmit}>
      <p className="text-sm font-medium text-slate-900">{t('steps.suggestions.secret.title', { step: suggestion.stepNumber, name: suggestion.secret })}</p>
      <p className="text-sm text-slate-500">
        {suggestion.origin
          ? t('steps.suggestions.secret.description_site', { site: suggestion.origin })
          : t('steps.suggestions.secret.description')}
      </p>
      <div className="flex items-end gap-2">
        <Field className="grow">
          <Label className="block text-sm font-medium text-slate-800">{t('steps.suggestions.secret.value_label', { name: suggestion.secret })}</Label>
          <FieldInput className="mt-1" type="password" autoComplete="new-password" value={value} onChange={(event) => setValue(event.target.value)} />
        </Field>
        <Button type="submit" variant="secondary" disabled={value === ''} isPending={save.isPending} pendingLabel={t('steps.suggestions.secret.saving')}>
          {t('steps.suggestions.secret.save')}
        </Button>
      </div>
    </form>
  );
}
