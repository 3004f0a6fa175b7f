// The selector generator on tricky DOM (jsdom): every first selector must find exactly the recorded
// element, and the same selectors must still find it after the page renders again with new random ids.
// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { definitionSchema } from '../../supabase/functions/_shared/schemas/definition.ts';
import { selectorKind } from '../../supabase/functions/_shared/selector-kind.ts';
import { accessibleName, fingerprintFor, looksGenerated, resolve, selectorsFor } from './selectors.ts';

const $ = (css: string) => document.querySelector(css)!;

beforeEach(() => {
  document.body.innerHTML = '';
});

function expectFirstFinds(el: Element) {
  const selectors = selectorsFor(el);
  expect(selectors.length).toBeGreaterThan(0);
  expect(resolve(document, selectors[0]!)).toEqual([el]);
  return selectors;
}

describe('generated names', () => {
  it.each([
    'css-1x9fk2',
    ':r3f:',
    'sc-bdVaJa',
    'fld-k3f9a',
    'jsx-2736452',
    'a9f3b2c1',
    'row-4711',
    'makeStyles-root-12',
    'css-abcdef',
    'f-tllivn', // letters only, made up per load (seen on a customer page)
    'xqwbe',
    'kzmpa',
  ])('%s is generated', (name) => expect(looksGenerated(name)).toBe(true));
  it.each([
    'submit',
    'invoice-list',
    'main-nav',
    'supplier',
    'btn-primary',
    'company_name',
    'header',
    'kundnummer',
    'step2',
    'h1',
    'skatteverket',
    'sphinx',
    'strong',
    'phrase',
    'kvitto',
    'hyresgast',
    'sjukanmalan',
    'tjanst',
  ])('%s is stable', (name) => expect(looksGenerated(name)).toBe(false));
});

describe('selectorsFor', () => {
  it('an icon-only button is found by its aria-label, not its icon', () => {
    document.body.innerHTML =
      '<button class="css-8fk2xa"><svg><path d="M0 0"/></svg></button><button aria-label="Ta bort" class="css-a81kd0"><svg></svg></button>';
    const button = $('button[aria-label]');
    const selectors = expectFirstFinds(button);
    expect(selectors[0]).toBe('aria/Ta bort[role="button"]');
    expect(JSON.stringify(selectors)).not.toContain('css-a81kd0');
  });

  it('an input labelled by <label for> and one wrapped in its label get their label text as name', () => {
    document.body.innerHTML =
      '<label for="in-k3f9a">Företagsnamn</label><input id="in-k3f9a"><label>E-post <input type="email" class="css-2kdf9z"></label>';
    const named = $('#in-k3f9a');
    const wrapped = $('input[type=email]');
    expect(accessibleName(named)).toBe('Företagsnamn');
    expect(accessibleName(wrapped)).toBe('E-post');
    expect(expectFirstFinds(named)[0]).toBe('aria/Företagsnamn[role="textbox"]');
    expect(expectFirstFinds(wrapped)[0]).toBe('aria/E-post[role="textbox"]');
    expect(JSON.stringify(selectorsFor(named))).not.toContain('in-k3f9a');
  });

  it('duplicate texts: a button whose text repeats is not identified by that text alone', () => {
    document.body.innerHTML =
      '<section id="kund"><button>Spara</button></section><section id="faktura"><button>Spara</button></section>';
    const second = $('#faktura button');
    const selectors = expectFirstFinds(second);
    expect(selectors[0]).toBe('#faktura button');
    // the text and aria forms come after the unique one, as they match two buttons
    expect(selectors.indexOf('aria/Spara[role="button"]')).toBeGreaterThan(0);
  });

  it('repeated rows: the row is told apart by its own text, and survives re-ordering', () => {
    const rows = (order: string[]) =>
      `<table><tbody>${order.map((n) => `<tr><td>${n}</td><td>Väntar</td><td><button>Attestera</button></td></tr>`).join('')}</tbody></table>`;
    document.body.innerHTML = rows(['Faktura 1001', 'Faktura 1002', 'Faktura 1003']);
    const button = document.querySelectorAll('button')[1]!;
    const selectors = selectorsFor(button);
    const row = selectors.find((s) => typeof s === 'string' && s.startsWith('xpath/'));
    expect(row).toBe(
      'xpath///tr[.//text()[normalize-space()="Faktura 1002"]]//button[normalize-space()="Attestera" or @aria-label="Attestera"]',
    );
    expect(selectors[0]).toBe(row);
    document.body.innerHTML = rows(['Faktura 1003', 'Faktura 1000', 'Faktura 1002', 'Faktura 1001']);
    const found = resolve(document, row!);
    expect(found).toHaveLength(1);
    expect(found[0]!.closest('tr')!.textContent).toContain('Faktura 1002');
  });

  it('generated class names and ids: a page rendered again with new random names is still matched', () => {
    const render = (seed: string) => {
      document.body.innerHTML = `<div class="css-${seed}a1"><form id=":r${seed}:"><div class="css-${seed}9z"><label for="f-${seed}x1">Organisationsnummer</label><input id="f-${seed}x1" class="css-${seed}k2"></div><button class="css-${seed}b7 css-${seed}c8" type="submit">Spara kund</button></form></div>`;
    };
    render('qk3');
    const selectors = selectorsFor($('input'));
    const button = selectorsFor($('button'));
    for (const s of [...selectors, ...button]) expect(JSON.stringify(s)).not.toMatch(/qk3/);
    render('zx8');
    expect(resolve(document, selectors[0]!)).toEqual([$('input')]);
    expect(resolve(document, button[0]!)).toEqual([$('button')]);
  });

  it('repeated list items whose text sits beside the button (not in an element of its own)', () => {
    document.body.innerHTML = '<ul><li>4010 Inköp <button>Välj</button></li><li>5010 Lokalhyra <button>Välj</button></li></ul>';
    const button = document.querySelectorAll('button')[1]!;
    const selectors = selectorsFor(button);
    expect(selectors[0]).toBe(
      'xpath///li[.//text()[normalize-space()="5010 Lokalhyra"]]//button[normalize-space()="Välj" or @aria-label="Välj"]',
    );
    expect(resolve(document, selectors[0]!)).toEqual([button]);
  });

  it('test ids come right after a unique aria selector', () => {
    document.body.innerHTML = '<div><span data-testid="total">1 200 kr</span><span>1 200 kr</span></div>';
    expect(expectFirstFinds($('[data-testid]'))[0]).toBe('[data-testid="total"]');
  });

  it('elements in open shadow roots get a shadow path (one entry per level) and a pierce selector', () => {
    document.body.innerHTML = '<support-widget></support-widget>';
    const outer = $('support-widget').attachShadow({ mode: 'open' });
    outer.innerHTML = '<section class="card"><ticket-form></ticket-form></section>';
    const inner = outer.querySelector('ticket-form')!.attachShadow({ mode: 'open' });
    inner.innerHTML =
      '<form><label for="subject">Rubrik</label><input id="subject" name="subject"><button type="submit">Skapa ärende</button></form>';
    const input = inner.querySelector('input')!;
    const selectors = selectorsFor(input);
    expect(selectors[0]).toBe('aria/Rubrik[role="textbox"]');
    expect(resolve(document, selectors[0]!)).toEqual([input]);
    const path = selectors.find(Array.isArray)!;
    expect(path).toEqual(['support-widget', 'ticket-form', '#subject']);
    expect(resolve(document, path)).toEqual([input]);
    expect(selectors).toContain('pierce/#subject');
  });

  it('a password field is named by its label (no role), and the output validates as step format v1', () => {
    document.body.innerHTML = '<label>Lösenord <input type="password" name="pw"></label>';
    const selectors = expectFirstFinds($('input'));
    expect(selectors[0]).toBe('aria/Lösenord');
    const parsed = definitionSchema.safeParse({
      version: 1,
      steps: [{ id: 'a', type: 'change', selectors, value: '{{secret.LOSENORD}}' }],
    });
    expect(parsed.success).toBe(true);
  });

  it('rows in a tbody with an id: the row context comes before any positional path, and every positional selector comes last', () => {
    const invoices: Record<string, string> = { '2024-12-01': 'Ahlsell', '2024-12-05': 'Dahl', '2024-12-09': 'Beijer' };
    // letters-only ids made up per load, as seen on a customer's page (pronounceable ones cannot be told apart)
    const MADE_UP = ['tllivn', 'xqwbez', 'kzmpaq', 'bvnrto', 'gqlamu'];
    let load = 0;
    const rows = (order: string[]) =>
      `<table><tbody id="rows">${order.map((d) => `<tr><td>${invoices[d]}</td><td>${d}</td><td><button id="f-${MADE_UP[(load + order.indexOf(d)) % MADE_UP.length]}">Attestera</button></td></tr>`).join('')}</tbody></table>`;
    document.body.innerHTML = rows(['2024-12-01', '2024-12-05', '2024-12-09']);
    const button = document.querySelectorAll('button')[1]!;
    const selectors = selectorsFor(button);
    const kinds = selectors.map(selectorKind);
    expect(kinds.indexOf('position')).toBeGreaterThan(kinds.lastIndexOf('meaning'));
    expect(selectors[0]).toMatch(/^xpath\/\/\/tr\[\.\/\/text\(\)\[normalize-space\(\)="(Dahl|2024-12-05)"\]\]/);
    expect(JSON.stringify(selectors)).not.toContain(button.id);
    load++;
    document.body.innerHTML = rows(['2024-12-09', '2024-12-01', '2024-12-05']);
    const found = resolve(document, selectors[0]!);
    expect(found).toHaveLength(1);
    expect(found[0]!.closest('tr')!.textContent).toContain('2024-12-05');
  });

  it('a fingerprint: tag, role, name, row text, stable attributes only, and never a field value', () => {
    document.body.innerHTML =
      '<table><tbody><tr><td>Ahlsell</td><td><button id="f-tllivn" name="attest" type="button">Attestera</button></td></tr><tr><td>Dahl</td><td><button>Attestera</button></td></tr></tbody></table><form><label>Belopp <input name="amount" value="8400"></label></form>';
    const fp = fingerprintFor($('button'));
    expect(fp).toMatchObject({ tag: 'button', role: 'button', name: 'Attestera', row: 'Ahlsell', attrs: { name: 'attest', type: 'button' } });
    expect(fp.attrs).not.toHaveProperty('id');
    const field = fingerprintFor($('input'));
    expect(field).toMatchObject({ tag: 'input', role: 'textbox', name: 'Belopp', attrs: { name: 'amount' } });
    expect(JSON.stringify(field)).not.toContain('8400');
    const parsed = definitionSchema.safeParse({ version: 1, steps: [{ id: 'a', type: 'click', selectors: selectorsFor($('button')), fingerprint: fp }] });
    expect(parsed.success).toBe(true);
  });
});
