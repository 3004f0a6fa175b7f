// "Add step": a menu of every step type a person adds by hand. The list's own button adds at the end;
// each step's compact button (a plus) adds right after that step.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, PlusIcon } from '@/components/ui/icons';
import { buttonClasses } from '@/components/ui/button-styles';
import { ADDABLE_STEP_TYPES, type AddableStepType } from '../editor-model';

const itemClasses = 'flex w-full items-center rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

type AddStepMenuProps = {
  onAdd: (type: AddableStepType) => void;
  /** An icon button named `label` (a step's "add after"), instead of the list's "Lägg till steg". */
  compact?: boolean;
  label?: string;
};

export function AddStepMenu({ onAdd, compact = false, label }: AddStepMenuProps) {
  const { t } = useTranslation('workflows');
  return (
    <Menu>
      {compact ? (
        <MenuButton
          aria-label={label}
          className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <PlusIcon className="size-4" />
        </MenuButton>
      ) : (
        <MenuButton className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <PlusIcon className="size-4" />
          {t('editor.add.button')}
          <ChevronDownIcon className="size-4" />
        </MenuButton>
      )}
      <MenuItems anchor={{ to: 'bottom end', gap: 4 }} className="z-40 w-60 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none">
        {ADDABLE_STEP_TYPES.map((type) => (
          <MenuItem key={type}>
            <button type="button" className={itemClasses} onClick={() => onAdd(type)}>
              {t(`step_types.${type}`)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
