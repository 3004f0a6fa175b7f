// Add a secret, or replace the value of an existing name, with the sites it may be typed on. The value
// field is a password field, cleared after saving: a stored value never appears on screen.
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form, useZodForm } from '@/components/ui/form';
import { notify } from '@/components/ui/notify';
import { TextareaField } from '@/components/ui/textarea-field';
import { useSaveSecret } from '../api/save-secret';
import { type SecretFormInput, type SecretFormOutput, secretFormSchema } from '@shared/schemas/secrets';

type SecretFormProps = {
  existing: string[];
  /** A secret picked with "Replace value": its name and sites put in the form, focus on the value. */
  replace: { name: string; origins: string[]; at: number } | null;
};

const EMPTY: SecretFormInput = { name: '', value: '', origins: '' };

export function SecretForm({ existing, replace }: SecretFormProps) {
  const { t } = useTranslation('settings');
  const save = useSaveSecret();
  const form = useZodForm(secretFormSchema, EMPTY);
  const name = useWatch({ control: form.control, name: 'name' });
  const replacing = existing.includes(name.trim());

  useEffect(() => {
    if (!replace) return;
    form.setValue('name', replace.name);
    form.setValue('origins', replace.origins.join('\n'));
    form.setFocus('value');
  }, [replace, form]);

  const handleSubmit = (values: SecretFormOutput) =>
    save.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        notify.success(t('secrets.toast.saved'), t('secrets.toast.saved_description', { name: values.name }));
      },
      onError: () => form.resetField('value', { defaultValue: '' }),
    });

  return (
    <Form form={form} onSubmit={handleSubmit} aria-label={t('secrets.form.title')} className="space-y-4">
      <h3 className="text-sm font-semibold text-slate-900">{t('secrets.form.title')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field<SecretFormInput> name="name" label={t('secrets.form.name_label')} hint={t('secrets.form.name_hint')} autoComplete="off" />
        <Field<SecretFormInput>
          name="value"
          type="password"
          label={t('secrets.form.value_label')}
          hint={t('secrets.form.value_hint')}
          autoComplete="new-password"
        />
      </div>
      <TextareaField<SecretFormInput>
        name="origins"
        label={t('secrets.form.sites_label')}
        hint={t('secrets.form.sites_hint')}
        placeholder={t('secrets.form.sites_placeholder')}
      />
      <Button type="submit" isPending={save.isPending} pendingLabel={t('secrets.form.saving')}>
        {replacing ? t('secrets.form.replace_submit') : t('secrets.form.submit')}
      </Button>
    </Form>
  );
}
