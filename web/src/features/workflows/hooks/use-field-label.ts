// The name of a step's field as the step dialog labels it, for messages shown in the step list
// (`url` → "Adress (URL)", `selectors.1` → "Selektor 2").
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export function useFieldLabel(): (path: string) => string | null {
  const { t } = useTranslation('workflows');
  return useCallback(
    (path: string) => {
      const [head, index] = path.split('.');
      const number = index !== undefined && /^\d+$/.test(index) ? Number(index) + 1 : null;
      switch (head) {
        case 'description':
          return t('step_dialog.description_label');
        case 'selectors':
          return number === null ? t('step_dialog.selectors.label') : t('step_dialog.selectors.item', { number });
        case 'url':
          return t('step_dialog.url_label');
        case 'value':
          return t('step_dialog.value_label');
        case 'key':
          return t('step_dialog.key_label');
        case 'ms':
          return t('step_dialog.ms_label');
        case 'variable':
          return t('step_dialog.variable_label');
        case 'attribute':
          return t('step_dialog.attribute_label');
        case 'instructions':
          return t('step_dialog.instructions_label');
        case 'expression':
          return t('step_dialog.expression_label');
        case 'width':
          return t('step_dialog.width_label');
        case 'height':
          return t('step_dialog.height_label');
        case 'prompt':
          return t('step_dialog.prompt_label');
        case 'threshold':
          return t('step_dialog.threshold_label');
        case 'options':
          return number === null ? t('step_dialog.options.label') : t('step_dialog.options.item', { number });
        case 'timeout':
          return t('step_dialog.timeout_label');
        default:
          return null;
      }
    },
    [t],
  );
}
