// The login step's condition on the page's address: a glob where `*` is any run of characters and everything
// else is literal (dots, question marks and brackets of real addresses included).
import { describe, expect, it } from 'vitest';
import { urlMatches } from './login.ts';

describe('urlMatches', () => {
  it('matches the address the sign-in lands on, and nothing before it', () => {
    expect(urlMatches('https://bank.example.se/start*', 'https://bank.example.se/start?session=1')).toBe(true);
    expect(urlMatches('https://bank.example.se/start*', 'https://bank.example.se/login')).toBe(false);
    expect(urlMatches('*/eid/form.html', 'http://127.0.0.1:8080/eid/form.html')).toBe(true);
  });

  it('takes everything but * literally', () => {
    expect(urlMatches('https://bank.example.se/start', 'https://bankXexample.se/start')).toBe(false);
    expect(urlMatches('https://a.se/?x=(1)', 'https://a.se/?x=(1)')).toBe(true);
    expect(urlMatches('https://a.se/start', 'https://a.se/start/more')).toBe(false);
  });
});
