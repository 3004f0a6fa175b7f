// A labelled on/off switch (Headless UI) with an optional description.
import { Description, Field, Label, Switch } from '@headlessui/react';

type SwitchFieldProps = {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

export function SwitchField({ label, description, checked, onChange }: SwitchFieldProps) {
  return (
    <Field className="flex items-center justify-between gap-4 py-3">
      <span className="min-w-0">
        <Label className="block text-sm font-medium text-slate-900">{label}</Label>
        {description ? <Description className="text-sm text-slate-500">{description}</Description> : null}
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-200 transition-colors data-checked:bg-indigo-600 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-indigo-600"
      >
        <span className="pointer-events-none inline-block size-5 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-checked:translate-x-5.5" />
      </Switch>
    </Field>
  );
}
