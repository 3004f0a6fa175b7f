// A heal becomes a proposed new version of a step (docs/automation.md "Confirming a candidate and heals"): the
// element the runner found (and a person confirmed, or that scored at or above the threshold) gets its selectors
// first, the step's selectors with meaning stay after them (the page may change back), and positional ones come
// last, as the recorder orders them. Dependency-free: the runner and the api import it.
import { selectorKind } from './selector-kind.ts';

type Selector = string | string[];

/** At most this many selectors per step (the definition schema's limit). */
export const MAX_HEALED_SELECTORS = 10;

/** The selectors of the healed step: the candidate's with meaning, the old ones with meaning, then every positional one. */
export function healedSelectors(candidate: Selector[], old: Selector[]): Selector[] {
  const seen = new Set<string>();
  const all = [...candidate, ...old].filter((s) => {
    const key = JSON.stringify(s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const meaning = all.filter((s) => selectorKind(s) === 'meaning');
  const position = all.filter((s) => selectorKind(s) === 'position');
  return [...meaning, ...position].slice(0, MAX_HEALED_SELECTORS);
}

/** Whether a step already has these selectors first (the heal was accepted, or the step was edited that way). */
export function startsWith(selectors: Selector[], first: Selector[]): boolean {
  const meaning = first.filter((s) => selectorKind(s) === 'meaning');
  return meaning.length > 0 && meaning.every((s, i) => JSON.stringify(selectors[i]) === JSON.stringify(s));
}
