// extract_table: the rows of a table, list or card grid on a page as the run's output (docs/automation.md
// "Reading a table"), page after page or "Visa fler" after "Visa fler", up to the step's row cap.
//
// What a page shows is data: cells are text (a cell reading `=HYPERLINK(…)` stays that text; the download
// neutralises it), a header named `__proto__` is a column name like any other (rows are arrays, never objects
// keyed by the page), every cell is cut at MAX_TABLE_CELL characters, and the page is read in slices so a page
// of 100,000 rows costs no more than the rows the cap lets through.
import type { Locator, Page } from 'playwright-core';
import { columnLetter } from '../../../supabase/functions/_shared/columns.ts';
import { MAX_TABLE_CELL, type Selector, type StepOf } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { StepError, describeError } from './errors.ts';
import { evaluateNow } from './evaluate-now.ts';
import { POLL_MS, selectorLocators, sleep } from './locate.ts';
import { remaining, type StepContext } from './state.ts';
import { maskSecrets } from './templates.ts';

/** A step's table: its column names and rows (each as many cells as columns), in the page's order. */
export type ExtractedTable = { columns: string[]; rows: string[][]; pages: number; capped: boolean };

/** Rows read from the page per call: a page with 100,000 rows is never copied whole. */
const SLICE = 500;
/** How long a next-page or "Visa fler" click may take to show its rows before the step counts it as the last page. */
const PAGE_WAIT_MS = 10_000;

type Slice = { headers: string[] | null; rows: string[][]; total: number; first: string };
type Spec = { rowSelector?: string; columns?: { selector: string; attribute?: string }[]; skip: number; limit: number; cell: number };

/**
 * In the page: the container's rows from `skip`, at most `limit`, each as its cells' texts. Kept as source text:
 * the runner runs under tsx, whose compiled functions call a helper (`__name`) the page does not have.
 */
const READ_SLICE = `(root, spec) => {
  const text = (el) => ((el && (el.innerText ?? el.textContent)) || '').replace(/\\s+/g, ' ').trim().slice(0, spec.cell);
  const table = root instanceof HTMLTableElement ? root : root.querySelector('table');
  let rows;
  let headers = null;
  if (spec.rowSelector) {
    rows = [...root.querySelectorAll(spec.rowSelector)];
  } else if (table) {
    const all = [...table.rows];
    const first = all[0];
    const headRow = (table.tHead && table.tHead.rows[0]) || (first && first.cells.length && [...first.cells].every((c) => c.tagName === 'TH') ? first : undefined);
    headers = headRow ? [...headRow.cells].map((c) => text(c)) : null;
    rows = all.filter((r) => r !== headRow && r.parentElement.tagName !== 'THEAD' && r.parentElement.tagName !== 'TFOOT');
  } else {
    rows = [...root.children].filter((c) => !['SCRIPT', 'STYLE', 'TEMPLATE'].includes(c.tagName));
  }
  const slice = rows.slice(spec.skip, spec.skip + spec.limit).map((row) => {
    if (spec.columns) {
      return spec.columns.map((column) => {
        const el = column.selector ? row.querySelector(column.selector) : row;
        if (!el) return '';
        return column.attribute ? (el.getAttribute(column.attribute) ?? '').slice(0, spec.cell) : text(el);
      });
    }
    return row instanceof HTMLTableRowElement ? [...row.cells].map((c) => text(c)) : [text(row)];
  });
  return { headers, rows: slice, total: rows.length, first: rows[0] ? text(rows[0]).slice(0, 200) : '' };
}`;
// A function whose source is exactly the text above (what Playwright sends to the page).
const readSlice = new Function(`return ${READ_SLICE}`)() as (root: Element, spec: Spec) => Slice;

/**
 * Column names as a person reads them, all kept as plain text: repeats numbered, blanks named by their position as a
 * spreadsheet names it (A, B, C): the same in every language, since a name is also a key (a batch's mapping, the
 * download's header) that must not change with the language of whoever runs or reads the run.
 */
export function columnNames(given: string[] | null | undefined, width: number): string[] {
  const names: string[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < width; i++) {
    const base = (given?.[i] ?? '').trim() || columnLetter(i);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    names.push(count === 1 ? base : `${base} (${count})`);
  }
  return names;
}

/** The next-page or "Visa fler" element, when it is there, visible and enabled; null when it is the last page. */
async function nextElement(page: Page, selectors: Selector[]): Promise<Locator | null> {
  for (const selector of selectors) {
    for (const locator of selectorLocators(page.mainFrame(), selector)) {
      const first = locator.first();
      try {
        if (!(await first.isVisible())) continue;
        const disabled = await evaluateNow(first, (el) => (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true', undefined);
        if (!disabled) return first;
      } catch {
        // not there (or a selector kind this page cannot answer): the next one
      }
    }
  }
  return null;
}

export async function extractTable(ctx: StepContext, step: StepOf<'extract_table'>, found: { page: Page; locator: Locator }): Promise<ExtractedTable> {
  const { page } = found;
  const container = found.locator;
  const columnsGiven = step.columns?.length ? step.columns : undefined;
  const rows: string[][] = [];
  let headers = null as string[] | null;
  let width = columnsGiven?.length ?? 0;
  let pages = 1;
  let capped = false;
  let first = '';
  const read = async (skip: number, limit: number): Promise<Slice> => {
    const spec: Spec = { rowSelector: step.rowSelector, columns: columnsGiven?.map((c) => ({ selector: c.selector, attribute: c.attribute })), skip, limit, cell: MAX_TABLE_CELL };
    return (await evaluateNow(container, readSlice, spec, Math.max(1, remaining(ctx)))) as Slice;
  };

  // Reads the rows from `from` on, slice by slice, until the page has no more or the cap is reached.
  const readPage = async (from: number): Promise<number> => {
    let skip = from;
    for (;;) {
      const want = Math.min(SLICE, step.maxRows - rows.length);
      if (want <= 0) return skip;
      const slice = await read(skip, want);
      if (skip === from) first = slice.first;
      headers ??= slice.headers;
      for (const row of slice.rows) {
        width = Math.max(width, row.length);
        rows.push(row.map((cell) => maskSecrets(cell, ctx.run.secrets)));
      }
      skip += slice.rows.length;
      if (rows.length >= step.maxRows && slice.total > skip) capped = true;
      if (skip >= slice.total || slice.rows.length === 0) return skip;
    }
  };

  // A table read only in part is never passed on as if it were whole (a batch over it would silently miss
  // rows): when a further page was there but could not be read, the step fails and a person looks.
  const incomplete = (why: string) =>
    new StepError('table_incomplete', `${why}; ${rows.length} row${rows.length === 1 ? '' : 's'} from ${pages} page${pages === 1 ? '' : 's'} were read and not used`);

  let seen = await readPage(0);
  while (step.next && rows.length < step.maxRows && pages < step.maxPages && !ctx.signal.aborted) {
    const next = await nextElement(page, step.next);
    if (!next) break;
    const before = { seen, first };
    try {
      await next.click({ timeout: Math.max(1, Math.min(remaining(ctx), PAGE_WAIT_MS)) });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      throw incomplete(`the ${step.paging === 'more' ? '"show more"' : 'next page'} element could not be clicked: ${describeError(error)}`);
    }
    // Wait until the click shows its rows: more of them ("Visa fler"), or another first row (the next page).
    const until = Date.now() + Math.min(PAGE_WAIT_MS, Math.max(0, remaining(ctx)));
    let changed = false;
    while (Date.now() < until && !ctx.signal.aborted) {
      await sleep(POLL_MS, ctx.signal);
      try {
        const probe = await read(0, 1);
        changed = step.paging === 'more' ? probe.total > before.seen : probe.first !== before.first;
      } catch {
        changed = false;
      }
      if (changed) break;
    }
    if (!changed) {
      if (ctx.signal.aborted) break;
      throw incomplete(
        Date.now() >= ctx.deadline
          ? `the step's time ran out before page ${pages + 1} showed its rows`
          : `page ${pages + 1} showed no new rows within ${PAGE_WAIT_MS / 1000} s`,
      );
    }
    pages++;
    seen = await readPage(step.paging === 'more' ? before.seen : 0);
  }
  // Stopped at its own limit (rows or pages) while the page offers more: the rows are kept and marked capped.
  const atLimit = rows.length >= step.maxRows || pages >= step.maxPages;
  if (atLimit && step.next && !capped && !ctx.signal.aborted && (await nextElement(page, step.next).catch(() => null))) capped = true;
  if (rows.length === 0 && !headers && !columnsGiven) throw new StepError('assertion_failed', 'the table, list or card grid has no rows');
  const columns = columnNames(columnsGiven?.map((c) => c.name) ?? headers, Math.max(width, headers?.length ?? 0));
  for (const row of rows) while (row.length < columns.length) row.push('');
  return { columns, rows, pages, capped };
}
