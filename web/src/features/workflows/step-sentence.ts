// A step as one sentence about what a person sees ("Klicka på knappen ”Spara leverantör”", "Välj ”30 dagar” i
// ”Betalningsvillkor”", "Vänta 3 sekunder"): the element's name and kind come from what the recorder saw (the
// fingerprint) or, for imports, from the selectors that name it (`aria/…`, `text/…`). Selectors themselves
// are never part of the sentence.
import { type ChangeControl, type Choice, isFileStep, type Step, type StepOf } from '@shared/schemas/definition';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type ElementKind = 'button' | 'link' | 'field' | 'other';

/** What a person would call the element: its name and kind (null name: the recording did not see one). */
export type ElementName = { name: string | null; kind: ElementKind };

const ARIA = /^aria\/(.+?)(?:\[role="([^"]+)"\])?$/;
const FIELD_ROLES = new Set(['textbox', 'combobox', 'listbox', 'searchbox', 'spinbutton', 'checkbox', 'radio', 'switch']);
const FIELD_TAGS = new Set(['input', 'select', 'textarea']);

function kindOf(role: string | undefined, tag: string | undefined): ElementKind {
  if (role === 'button' || tag === 'button') return 'button';
  if (role === 'link' || tag === 'a') return 'link';
  if ((role && FIELD_ROLES.has(role)) || (tag && FIELD_TAGS.has(tag))) return 'field';
  return 'other';
}

/** The element a step acts on, as a person names it. */
export function elementName(step: Step): ElementName {
  if (!('selectors' in step)) return { name: null, kind: 'other' };
  const fingerprint = 'fingerprint' in step ? step.fingerprint : undefined;
  const flat = (step.selectors ?? []).map((selector) => (Array.isArray(selector) ? selector.at(-1) ?? '' : selector));
  const aria = flat.map((selector) => ARIA.exec(selector)).find((match) => match !== null);
  const text = flat.find((selector) => selector.startsWith('text/'))?.slice('text/'.length);
  const role = fingerprint?.role ?? aria?.[2];
  const name = fingerprint?.name || aria?.[1] || fingerprint?.text || text || null;
  return { name: name === null ? null : name.trim(), kind: kindOf(role, fingerprint?.tag) };
}

/** The kind of field a change step fills: as recorded, else from the element's role or type. */
export function controlOf(step: StepOf<'change'>): ChangeControl {
  if (step.control) return step.control;
  if (step.choices) return 'select';
  const role = step.fingerprint?.role ?? step.selectors.map((s) => ARIA.exec(Array.isArray(s) ? s.at(-1) ?? '' : s)?.[2]).find(Boolean);
  const type = step.fingerprint?.attrs?.type;
  if (role === 'checkbox' || role === 'switch' || type === 'checkbox') return 'checkbox';
  if (role === 'radio' || type === 'radio') return 'radio';
  if (role === 'combobox' || role === 'listbox' || step.fingerprint?.tag === 'select') return 'select';
  return 'text';
}

/** The text a person sees for a select's value (its option's label), or the value itself. */
export function choiceLabel(choices: readonly Choice[] | undefined, value: string): string {
  return choices?.find((choice) => choice.value === value)?.label || value;
}

const WHOLE_TEMPLATE = /^\{\{\s*(secret|input|var)\.([A-Za-z0-9_]+)\s*\}\}$/;
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Turns steps into sentences in the current language. */
export function useStepSentence(): (step: Step) => string {
  const { t, i18n } = useTranslation('workflows');
  return useCallback(
    (step: Step) => {
      const language = i18n.language;
      const quote = (text: string) => t('sentence.quoted', { text: shorten(text.replace(/\s+/g, ' '), 80) });
      const target = (element: ElementName) => {
        if (element.name === null) return element.kind === 'field' ? t('sentence.unnamed_field') : t('sentence.unnamed_element');
        if (element.kind === 'button') return t('sentence.button', { name: quote(element.name) });
        if (element.kind === 'link') return t('sentence.link', { name: quote(element.name) });
        return quote(element.name);
      };
      const number = (value: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(value);

      switch (step.type) {
        case 'navigate':
          return t('sentence.navigate', { url: shorten(step.url, 120) });
        case 'click':
          return t('sentence.click', { target: target(elementName(step)) });
        case 'doubleClick':
          return t('sentence.double_click', { target: target(elementName(step)) });
        case 'hover':
          return t('sentence.hover', { target: target(elementName(step)) });
        case 'change': {
          const element = elementName(step);
          const field = element.name === null ? t('sentence.unnamed_field') : quote(element.name);
          const control = controlOf(step);
          const on = step.value === 'true';
          if (control === 'checkbox') return on ? t('sentence.check', { field }) : t('sentence.uncheck', { field });
          if (control === 'radio') return on ? t('sentence.choose_radio', { field }) : t('sentence.unchoose_radio', { field });
          if (control === 'select') return t('sentence.select', { option: quote(choiceLabel(step.choices, step.value)), field });
          if (step.value === '') return t('sentence.clear', { field });
          const template = WHOLE_TEMPLATE.exec(step.value);
          // An upload field: the file the run used (by its name), or, as saved, the file input it takes.
          if (isFileStep(step)) {
            if (template?.[1] === 'input') return t('sentence.upload_input', { field, name: template[2] });
            if (!template) return t('sentence.upload', { field, file: quote(step.value.split(/[\\/]/).pop() || step.value) });
          }
          if (template?.[1] === 'secret') return t('sentence.fill_secret', { field, name: template[2] });
          if (template?.[1] === 'input') return t('sentence.fill_input', { field, name: template[2] });
          if (template?.[1] === 'var') return t('sentence.fill_variable', { field, name: template[2] });
          return t('sentence.fill', { field, value: quote(step.value) });
        }
        case 'keyDown':
          return t('sentence.key_down', { key: step.key });
        case 'keyUp':
          return t('sentence.key_up', { key: step.key });
        case 'scroll':
          return step.selectors ? t('sentence.scroll_to', { target: target(elementName(step)) }) : t('sentence.scroll');
        case 'waitForElement':
          return step.visible === false || (step.count === 0 && step.operator !== '>=')
            ? t('sentence.wait_gone', { target: target(elementName(step)) })
            : t('sentence.wait_visible', { target: target(elementName(step)) });
        case 'waitForExpression':
          return t('sentence.wait_condition');
        case 'close':
          return t('sentence.close');
        case 'emulateNetworkConditions':
          return t('sentence.network');
        case 'setViewport':
          return t('sentence.viewport', { width: step.width, height: step.height });
        case 'wait':
          return t('sentence.wait', { count: step.ms / 1000, seconds: number(step.ms / 1000) });
        case 'screenshot':
          return step.fullPage ? t('sentence.screenshot_full') : t('sentence.screenshot');
        case 'extract': {
          const values = { target: target(elementName(step)), variable: quote(step.variable) };
          return step.attribute ? t('sentence.extract_attribute', { ...values, attribute: step.attribute }) : t('sentence.extract', values);
        }
        case 'extract_table':
          return t('sentence.extract_table', { target: target(elementName(step)), variable: quote(step.variable) });
        case 'ai_decision': {
          const labels = step.options.map((option) => quote(option.label));
          const options = new Intl.ListFormat(language, { type: 'disjunction' }).format(labels);
          return labels.length > 0 ? t('sentence.ai_decision', { options }) : t('sentence.ai_decision_empty');
        }
        case 'manual':
          return step.instructions.trim()
            ? t('sentence.manual', { instructions: shorten(step.instructions.trim(), 120) })
            : t('sentence.manual_empty');
        case 'login':
          return step.instructions.trim()
            ? t('sentence.login', { instructions: shorten(step.instructions.trim(), 120) })
            : t('sentence.login_empty');
      }
    },
    [t, i18n.language],
  );
}
