// Sessions for the data-screen specs: sign in or register through the API (the browser context
// keeps the cookies), so each spec spends its time on the screen it tests.
import { expect, type Page } from '@playwright/test';
import { uniqueCompany } from './data';

const appOrigin = new URL(process.env.APP_URL ?? 'http://localhost:3000').origin;

/** A JSON call as the app makes it (same origin, cookies of the page's context). */
export async function callApi(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  language: 'sv' | 'en' = 'sv',
) {
  return page.request.fetch(path, {
    method,
    data: data === undefined ? undefined : JSON.stringify(data),
    headers: { Origin: appOrigin, 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': language },
  });
}

export async function signInAs(page: Page, email: string, password: string) {
  const response = await callApi(page, 'POST', '/api/login', { email, password });
  expect(response.status(), await response.text()).toBe(200);
}

/** Registers a new company whose admin is then signed in; returns its data. */
export async function registerCompany(page: Page) {
  const company = uniqueCompany();
  const response = await callApi(page, 'POST', '/api/register', {
    email: company.email,
    fullName: company.fullName,
    password: company.password,
    organizationData: {
      name: company.name,
      organizationNumber: company.organizationNumber,
      address: 'Storgatan 12',
      city: 'Stockholm',
      postalCode: '11122',
      country: 'Sverige',
      email: `info.${company.email}`,
      phone: '0812345678',
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return company;
}

/** The interface language for every page load of this test. */
export async function useLanguage(page: Page, language: 'sv' | 'en') {
  await page.addInitScript((lng) => window.localStorage.setItem('kollega.language', lng), language);
}

export const accounts = {
  admin: { email: 'admin@kollega.se', password: 'Admin123!' },
  superuser: { email: 'superuser@kollega.se', password: 'Super123!' },
  user: { email: 'user@kollega.se', password: 'User123!' },
};
