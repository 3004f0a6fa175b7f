// The mutation suite's pages: typical office pages, built on the hard-case sites of runner/test/sites/ (table,
// random-ids and changed, controls, iframe). Every element a step may act on carries `data-mut-id`, its
// identity for the suite. The page's first script (BOOT, below) takes those attributes off before anything
// else sees the page and keeps the identities in a closure: neither the recorder's selectors and fingerprint
// nor the engine can see them. Every click, input and change on the page is reported to the test server as
// `{ id, type }` (POST /post/act-<case>), so the suite knows which element an action really reached.

/** What a person does with the target when the step is recorded. */
export type Action = { kind: 'click' } | { kind: 'fill'; value: string } | { kind: 'select'; value: string } | { kind: 'check' };

export type Target = {
  /** The element's `data-mut-id`. */
  marker: string;
  /** For tables and reports: what the step does, as a person would say it. */
  label: string;
  action: Action;
  /** The button's new text for the "relabel" mutation (a person would say: the same button). */
  relabel?: string;
};

export type PageSpec = {
  name: string;
  /** The hard-case site (runner/test/sites/) or office page it is built on. */
  basedOn: string;
  /** A full HTML document (BOOT in its head). */
  html: string;
  targets: Target[];
};

/**
 * The page's identity keeper, first in <head>: on DOMContentLoaded it takes every `data-mut-id` off (the
 * identities live on in a WeakMap) and reports actions. Also in every srcdoc iframe. It removes its own
 * <script> element, so no page text holds it. `window.__mutTarget(id)` gives the recorder the element to act on.
 */
export const BOOT = `<script>(() => {
  const script = document.currentScript;
  const idOf = new WeakMap();
  const byId = new Map();
  const key = (() => { try { return top.location.pathname.split('/').pop(); } catch { return 'x'; } })();
  const sent = new Set();
  const send = (id, type) => {
    if (sent.has(id + ' ' + type)) return;
    sent.add(id + ' ' + type);
    fetch('/post/act-' + key, { method: 'POST', body: JSON.stringify({ id, type }), keepalive: true }).catch(() => {});
  };
  const init = () => {
    let n = 0;
    for (const el of document.querySelectorAll('[data-mut-id], button, a, input, select, textarea, summary, [role], [tabindex]')) {
      const id = el.getAttribute('data-mut-id') || 'other:' + el.localName + ':' + ++n;
      el.removeAttribute('data-mut-id');
      idOf.set(el, id);
      byId.set(id, el);
    }
  };
  for (const type of ['click', 'input', 'change']) {
    window.addEventListener(type, (event) => {
      const path = event.composedPath();
      const hit = path.find((node) => idOf.has(node));
      if (hit) return send(idOf.get(hit), type);
      // A label passes its click on to its control, which reports it.
      const label = path.find((node) => node.localName === 'label');
      if (label && label.control && idOf.has(label.control)) return;
      send('untracked:' + (event.target && event.target.localName), type);
    }, true);
  }
  window.addEventListener('click', (event) => { if (event.target.closest && event.target.closest('a[href]')) event.preventDefault(); });
  document.addEventListener('submit', (event) => event.preventDefault(), true);
  window.__mutTarget = (id) => byId.get(id) || null;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init); else init();
  script && script.remove();
})();</script>`;

const CSS = `<style>
  body { font: 15px system-ui, sans-serif; margin: 0; color: #1d2433; }
  header.site { background: #1f3a5f; color: #fff; padding: 10px 20px; display: flex; gap: 20px; }
  header.site a { color: #fff; }
  main { padding: 12px 20px; max-width: 900px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #dde; padding: 5px 8px; text-align: left; }
  .field { display: flex; flex-direction: column; gap: 3px; margin: 8px 0; max-width: 360px; }
  .actions { display: flex; gap: 8px; margin-top: 12px; }
  .cards { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
  .card { border: 1px solid #ccd; border-radius: 6px; padding: 8px 12px; }
  .card h3 { margin: 0 0 4px; font-size: 16px; }
  iframe { width: 100%; height: 320px; border: 1px solid #ccd; }
</style>`;

export function documentOf(title: string, body: string): string {
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>${title}</title>${BOOT}${CSS}</head><body>${body}</body></html>`;
}

/** A srcdoc value (the attribute's quotes escaped). */
function srcdoc(title: string, body: string): string {
  return documentOf(title, body).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** An office page: the app's header with its links, a heading, an introduction, then `content`. */
function officePage(title: string, app: string, links: string[], heading: string, intro: string, content: string): string {
  const nav = links.length ? `<nav>${links.map((l) => `<a href="/${l.toLowerCase().replace(/[^a-z]+/g, '-')}">${l}</a>`).join(' ')}</nav>` : '';
  return documentOf(`${title} – ${app}`, `<header class="site"><span class="logo">${app}</span>${nav}</header>
<main>
  <h1>${heading}</h1>
  <p class="intro">${intro}</p>
  ${content}
</main>`);
}

// ── Attest invoices (runner/test/sites/table): eight rows, the same "Attestera" button in each ─────────────
const INVOICES: Array<[string, string, string, string]> = [
  ['2211', 'Ljungqvist Måleri AB', '2025-05-02', '14 900,00 kr'],
  ['2212', 'Kaffekompaniet Väst', '2025-05-03', '980,00 kr'],
  ['2213', 'Hemsö Fastighetsservice', '2025-05-06', '31 250,00 kr'],
  ['2214', 'Pappersgrossisten', '2025-05-09', '4 312,50 kr'],
  ['2215', 'Öhman & Söner VVS', '2025-05-12', '7 640,00 kr'],
  ['2216', 'Telekomhuset', '2025-05-14', '1 199,00 kr'],
  ['2217', 'Ekonomibyrån Nord', '2025-05-19', '12 000,00 kr'],
  ['2218', 'Snöröjning i Syd', '2025-05-27', '3 150,00 kr'],
];

const invoices: PageSpec = {
  name: 'invoices',
  basedOn: 'table (attest table)',
  html: officePage(
    'Attestera fakturor',
    'Ekonomiportalen',
    ['Start', 'Fakturor'],
    'Fakturor att attestera',
    'Fakturor som väntar på din attest. Attesterade fakturor skickas till betalning.',
    `<table id="invoices" class="invoice-table">
    <thead><tr><th>Fakturanr</th><th>Leverantör</th><th>Förfallodag</th><th>Belopp</th><th>Status</th><th></th></tr></thead>
    <tbody id="rows">${INVOICES.map(
      ([nr, supplier, due, amount]) =>
        `<tr class="invoice-row"><td>${nr}</td><td>${supplier}</td><td>${due}</td><td class="amount">${amount}</td><td class="status">Ej attesterad</td><td><a class="show-link" data-mut-id="show-${nr}" href="/fakturor/${nr}">Visa</a> <button type="button" class="btn btn-attest" data-mut-id="attest-${nr}">Attestera</button></td></tr>`,
    ).join('')}</tbody>
  </table>`,
  ),
  targets: [
    { marker: 'attest-2215', label: 'Attestera faktura 2215', action: { kind: 'click' }, relabel: 'Attestera faktura' },
    { marker: 'show-2213', label: 'Visa faktura 2213', action: { kind: 'click' }, relabel: 'Visa faktura' },
  ],
};

// ── Supplier form (random-ids, changed): Spara beside Spara som utkast ──────────────────────────────────
const supplier: PageSpec = {
  name: 'supplier',
  basedOn: 'random-ids, changed (supplier form)',
  html: officePage(
    'Ny leverantör',
    'Fakturera.nu',
    ['Leverantörer'],
    'Ny leverantör',
    'Fyll i leverantörens uppgifter. Ett utkast syns bara för dig.',
    `<form id="supplier-form" class="supplier-form">
    <div class="field"><label for="supplier-name">Leverantörsnamn</label><input id="supplier-name" name="supplierName" class="input" data-mut-id="f-name"></div>
    <div class="field"><label for="orgnr">Organisationsnummer</label><input id="orgnr" name="orgnr" class="input" placeholder="NNNNNN-NNNN" data-mut-id="f-orgnr"></div>
    <div class="field"><label for="email">E-post för fakturor</label><input id="email" name="email" type="email" class="input" data-mut-id="f-email"></div>
    <div class="field"><label for="terms">Betalningsvillkor</label><select id="terms" name="terms" class="select" data-mut-id="f-terms"><option value="10">10 dagar</option><option value="30" selected>30 dagar</option><option value="60">60 dagar</option></select></div>
    <div class="actions">
      <button type="button" class="btn btn-secondary" data-mut-id="cancel">Avbryt</button>
      <button type="button" id="save-draft" class="btn btn-secondary" data-mut-id="save-draft">Spara som utkast</button>
      <button type="submit" id="save" class="btn btn-primary" data-mut-id="save">Spara</button>
    </div>
  </form>`,
  ),
  targets: [
    { marker: 'f-orgnr', label: 'Fyll i Organisationsnummer', action: { kind: 'fill', value: '556677-8899' } },
    { marker: 'f-terms', label: 'Välj Betalningsvillkor 60 dagar', action: { kind: 'select', value: '60' } },
    { marker: 'save', label: 'Klicka Spara', action: { kind: 'click' }, relabel: 'Spara ändringar' },
    { marker: 'save-draft', label: 'Klicka Spara som utkast', action: { kind: 'click' } },
  ],
};

// ── Tenants as cards: the same two buttons on every card ─────────────────────────────────────────────
const TENANTS: Array<[string, string, string, string]> = [
  ['t1', 'Maria Eriksson', 'Lgh 1102, Storgatan 4', 'Hyra betald'],
  ['t2', 'Ahmed Yusuf', 'Lgh 1204, Storgatan 4', 'Påminnelse skickad'],
  ['t3', 'Karin Lund', 'Lgh 1301, Storgatan 6', 'Hyra betald'],
  ['t4', 'Johan Berg', 'Lgh 0901, Parkvägen 2', 'Obetald hyra'],
  ['t5', 'Sara Nilsson', 'Lgh 1003, Parkvägen 2', 'Hyra betald'],
  ['t6', 'Erik Holm', 'Lgh 1105, Parkvägen 4', 'Obetald hyra'],
];

const tenants: PageSpec = {
  name: 'tenants',
  basedOn: 'tenant list as cards',
  html: officePage(
    'Hyresgäster',
    'Fastighetsportalen',
    ['Objekt', 'Hyresgäster'],
    'Hyresgäster',
    'Alla hyresgäster i dina objekt, med hyresstatus för april.',
    `<section class="cards" id="tenant-list">${TENANTS.map(
      ([key, name, flat, status]) =>
        `<article class="card tenant"><h3>${name}</h3><p class="flat">${flat}</p><p class="status">${status}</p><div class="actions"><button type="button" class="btn" data-mut-id="open-${key}">Öppna</button><button type="button" class="btn" data-mut-id="remind-${key}">Skicka påminnelse</button></div></article>`,
    ).join('')}</section>`,
  ),
  targets: [
    { marker: 'open-t1', label: 'Öppna Maria Eriksson', action: { kind: 'click' }, relabel: 'Öppna hyresgäst' },
    { marker: 'remind-t4', label: 'Skicka påminnelse till Johan Berg', action: { kind: 'click' } },
  ],
};

// ── Settings (controls): checkboxes, radios, a select ───────────────────────────────────────────────
const settings: PageSpec = {
  name: 'settings',
  basedOn: 'controls (settings form)',
  html: officePage(
    'Utskicksinställningar',
    'Fakturera.nu',
    [],
    'Inställningar för utskick',
    'Välj hur kunderna får sina fakturor och påminnelser.',
    `<form id="settings" class="settings-form">
    <div class="field"><label for="country">Land</label><select id="country" name="country" data-mut-id="country"><option value="SE" selected>Sverige</option><option value="NO">Norge</option><option value="DK">Danmark</option><option value="FI">Finland</option></select></div>
    <div class="field"><label for="sender">Avsändarnamn</label><input id="sender" name="sender" data-mut-id="sender"></div>
    <fieldset class="notify">
      <legend>Aviseringar</legend>
      <label class="option"><input type="checkbox" name="notify" value="email" data-mut-id="notify-email"> E-post</label>
      <input type="checkbox" id="notify-sms" name="notify" value="sms" data-mut-id="notify-sms"> <label class="option" for="notify-sms">SMS</label>
      <label class="option"><input type="checkbox" name="notify" value="post" checked data-mut-id="notify-post"> Brev</label>
    </fieldset>
    <fieldset class="plan">
      <legend>Abonnemang</legend>
      <label class="option"><input type="radio" name="plan" value="bas" checked data-mut-id="plan-bas"> Bas</label>
      <label class="option"><input type="radio" name="plan" value="pro" data-mut-id="plan-pro"> Pro</label>
    </fieldset>
    <div class="actions">
      <button type="reset" class="btn btn-secondary" data-mut-id="reset">Återställ</button>
      <button type="submit" class="btn btn-primary" data-mut-id="save-settings">Spara inställningar</button>
    </div>
  </form>`,
  ),
  targets: [
    { marker: 'notify-sms', label: 'Kryssa i SMS', action: { kind: 'check' } },
    { marker: 'country', label: 'Välj Land Norge', action: { kind: 'select', value: 'NO' } },
    { marker: 'save-settings', label: 'Klicka Spara inställningar', action: { kind: 'click' }, relabel: 'Spara ändringar' },
  ],
};

// ── A form in a same-origin iframe (iframe), no popup ───────────────────────────────────────────────
const frameForm: PageSpec = {
  name: 'iframe-form',
  basedOn: 'iframe (registration form in an iframe)',
  html: officePage(
    'Registrering',
    'Leverantörsportal',
    [],
    'Registrera ny leverantör',
    'Registreringen sker i formuläret nedan, som kommer från vårt affärssystem.',
    `<iframe title="Registreringsformulär" srcdoc="${srcdoc(
      'Registreringsformulär',
      `<form id="register" class="register-form">
      <div class="field"><label for="reg-orgnr">Organisationsnummer</label><input id="reg-orgnr" name="orgnr" data-mut-id="reg-orgnr"></div>
      <div class="field"><label for="reg-company">Företagsnamn</label><input id="reg-company" name="company" data-mut-id="reg-company"></div>
      <div class="actions"><button type="button" class="btn" data-mut-id="reg-cancel">Avbryt</button><button type="submit" class="btn btn-primary" data-mut-id="reg-submit">Registrera</button></div>
    </form>`,
    )}"></iframe>`,
  ),
  targets: [
    { marker: 'reg-company', label: 'Fyll i Företagsnamn (i iframe)', action: { kind: 'fill', value: 'Nordic Paper AB' } },
    { marker: 'reg-submit', label: 'Klicka Registrera (i iframe)', action: { kind: 'click' }, relabel: 'Registrera leverantör' },
  ],
};

export const PAGES: PageSpec[] = [invoices, supplier, tenants, settings, frameForm];
