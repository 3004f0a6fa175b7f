// What the recorder must not keep as a literal value: fields whose value is a secret (passwords, one-time
// codes, card numbers and card codes, told by `type=password` or the field's `autocomplete`), and Swedish
// personal identity numbers (personnummer, samordningsnummer), which become a run input. Pure functions:
// the capture script and unit tests use them.

/** `autocomplete` tokens whose value is a secret (WHATWG autofill field names). */
const SECRET_AUTOCOMPLETE: Record<string, string> = {
  'current-password': 'PASSWORD',
  'new-password': 'PASSWORD',
  'one-time-code': 'ONE_TIME_CODE',
  'cc-number': 'CARD_NUMBER',
  'cc-csc': 'CARD_CODE',
};

/** The secret a field's `autocomplete` says it holds (its fallback name), or undefined. */
export function secretAutocomplete(el: Element): string | undefined {
  const tokens = (el.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
  for (const token of tokens) if (SECRET_AUTOCOMPLETE[token]) return SECRET_AUTOCOMPLETE[token];
  return undefined;
}

/** The text as a name: accents dropped, runs of other characters as `_`, at most 50 characters. */
function nameOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
}

/** A name for `{{secret.NAME}}`: the field's name in capitals (A–Z, 0–9, _), starting with a letter. */
export function secretNameFrom(text: string): string {
  const base = nameOf(text).toUpperCase();
  return /^[A-Z]/.test(base) ? base : `SECRET_${base}`.replace(/_$/, '');
}

/** A name for `{{input.name}}`: the field's name in small letters (a–z, 0–9, _), starting with a letter. */
export function inputNameFrom(text: string): string {
  const base = nameOf(text).toLowerCase();
  return /^[a-z]/.test(base) ? base : 'personnummer';
}

const PERSONNUMMER = /^(?:1[89]|20)?(\d{6})[-+]?(\d{4})$/;

/**
 * A Swedish personal identity number: 10 or 12 digits (YYMMDD-NNNC or YYYYMMDDNNNC), with or without
 * `-` or `+`, a real month, a day of the month (or day + 60: a samordningsnummer) and a valid Luhn check
 * digit over the last ten.
 */
export function isPersonnummer(value: string): boolean {
  const match = PERSONNUMMER.exec(value.trim());
  if (!match) return false;
  const date = match[1]!;
  const digits = date + match[2]!;
  const month = Number(date.slice(2, 4));
  const day = Number(date.slice(4, 6));
  if (month < 1 || month > 12) return false;
  if (!((day >= 1 && day <= 31) || (day >= 61 && day <= 91))) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}
