// Which pages the recorder takes for a sign-in (issue 22): BankID, Freja eID and e-legitimation pages, and password
// sign-ins; not a payment form that happens to ask for a password, a sign-up or a password change, a page that
// only mentions BankID, or a page that is signed in already. And what says the sign-in is done: the address after it
// (never a sign-in page's own) and the element that shows only when signed in.
// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { doneUrl, signedInSelectors, signInKind } from './sign-in.ts';

function page(html: string, title = '') {
  document.title = title;
  document.body.innerHTML = html;
}

beforeEach(() => page(''));

describe('signInKind', () => {
  it.each([
    ['a BankID page with a QR code', '<h1>Logga in med Mobilt BankID</h1><p>Skanna QR-koden.</p><canvas aria-label="QR-kod"></canvas>', 'Logga in – Testbanken'],
    ['a button that names BankID and signing in', '<main><h1>Välkommen</h1><button>Logga in med BankID</button></main>', 'Banken'],
    ['a Freja eID page', '<h2>Legitimera dig</h2><img alt="Freja eID" src="freja.svg"><p>Öppna appen.</p>', 'Inloggning'],
    ['an app link with an autostart token', '<a href="bankid:///?autostarttoken=abc&redirect=null">Öppna BankID</a>', 'Portal'],
    ['an English e-ID page', '<h1>Sign in</h1><label>Log in with Smart-ID</label>', 'Portal'],
  ])('%s is an eID sign-in', (_name, html, title) => {
    page(html, title);
    expect(signInKind(document)).toBe('eid');
  });

  it.each([
    ['a user name and a password', '<form><label>Användarnamn <input name="u"></label><label>Lösenord <input type="password"></label><button>Logga in</button></form>'],
    ['a password field alone', '<form><label>Lösenord <input type="password" autocomplete="current-password"></label></form>'],
    [
      'customer number, user and password under "Logga in"',
      '<h1>Logga in</h1><form><input name="k"><input name="u"><input name="x"><input type="password"><button>Fortsätt</button></form>',
    ],
  ])('%s is a password sign-in', (_name, html) => {
    page(html);
    expect(signInKind(document)).toBe('password');
  });

  it('a field that was a password field before "show password" made it text counts as one', () => {
    page('<form><input name="u"><input id="p" type="text"></form>');
    expect(signInKind(document)).toBeNull();
    const shownPassword = document.getElementById('p')!;
    expect(signInKind(document, (el) => el === shownPassword)).toBe('password');
  });

  it.each([
    [
      'a payment form that asks for a password among other fields',
      '<h1>Ny betalning</h1><form><input name="u"><input type="password"><input name="note"><button>Skicka betalning</button></form>',
    ],
    ['a sign-up (a new password and its repetition)', '<form><input name="e"><input type="password" autocomplete="new-password"><input type="password" autocomplete="new-password"></form>'],
    ['a new password alone', '<form><input type="password" autocomplete="new-password"></form>'],
    ['a hidden sign-in form', '<form hidden><input name="u"><input type="password"></form><h1>Start</h1>'],
    ['a page that only mentions BankID', '<h1>Fakturor</h1><p>Vi använder BankID för att signera.</p><table><tr><td>1002</td></tr></table>'],
    ['a signed-in page that names BankID', '<h1>Logga in med BankID</h1><nav><button>Logga ut</button></nav>'],
    ['a signed-in page with a password field', '<nav><a href="/logout">Log out</a></nav><form><input type="password"></form>'],
    ['an ordinary form', '<form><label>OCR <input></label><label>Belopp <input></label><button>Betala</button></form>'],
  ])('%s is no sign-in', (_name, html) => {
    page(html, 'Portal');
    expect(signInKind(document)).toBeNull();
  });
});

describe('when the sign-in is done', () => {
  it('the address after it, with any query, unless it is a sign-in page\'s own', () => {
    expect(doneUrl(['https://bank.example.se/login?next=%2F'], 'https://bank.example.se/start?x=1#top')).toBe('https://bank.example.se/start*');
    expect(doneUrl(['https://idp.example.se/bankid', 'https://bank.example.se/login'], 'https://bank.example.se/login?ok=1')).toBeUndefined();
    expect(doneUrl(['https://bank.example.se/login'], 'about:blank')).toBeUndefined();
  });

  it('the sign-out control, else the main heading', () => {
    page('<h1>Översikt</h1><nav><button aria-label="Logga ut">⎋</button></nav>');
    expect(signedInSelectors(document)?.[0]).toBe('aria/Logga ut[role="button"]');
    page('<h1>Mina sidor</h1>');
    expect(signedInSelectors(document)?.[0]).toBe('aria/Mina sidor[role="heading"]');
    page('<p>Inget här</p>');
    expect(signedInSelectors(document)).toBeUndefined();
  });
});
