import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderWithQueryClient } from '@/test/render';
import { RegisterForm } from './register-form';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const labels = {
  sv: {
    fullName: 'Fullständigt namn',
    email: 'E-post',
    password: 'Lösenord',
    confirmPassword: 'Bekräfta lösenord',
    organizationName: 'Företagsnamn',
    organizationNumber: 'Organisationsnummer',
    address: 'Adress',
    postalCode: 'Postnummer',
    city: 'Stad',
    country: 'Land',
    organizationEmail: 'Företagets e-post',
    phone: 'Telefon',
    submit: 'Skapa konto',
  },
  en: {
    fullName: 'Full name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
    organizationName: 'Company name',
    organizationNumber: 'Organization number',
    address: 'Address',
    postalCode: 'Postal code',
    city: 'City',
    country: 'Country',
    organizationEmail: 'Company email',
    phone: 'Phone',
    submit: 'Create account',
  },
};

const messages = {
  sv: {
    fullName: 'Fullständigt namn krävs',
    email: 'Ogiltig e-postadress',
    password: 'Lösenordet måste vara minst 6 tecken',
    organizationName: 'Företagsnamn krävs',
    organizationNumber: 'Organisationsnummer krävs (10 siffror)',
    address: 'Adress krävs',
    postalCode: 'Postnummer krävs',
    city: 'Stad krävs',
    organizationEmail: 'Ogiltig e-postadress för företaget',
    phone: 'Telefonnummer krävs',
  },
  en: {
    fullName: 'Full name is required',
    email: 'Invalid email address',
    password: 'Password must be at least 6 characters',
    organizationName: 'Company name is required',
    organizationNumber: 'Organization number required (10 digits)',
    address: 'Address is required',
    postalCode: 'Postal code is required',
    city: 'City is required',
    organizationEmail: 'Invalid organization email',
    phone: 'Phone number is required',
  },
};

const valid = {
  fullName: 'Anna Andersson',
  email: 'anna@foretag.se',
  password: 'hemligt1',
  confirmPassword: 'hemligt1',
  organizationName: 'Företaget AB',
  organizationNumber: '5561234567',
  address: 'Storgatan 1',
  postalCode: '11122',
  city: 'Stockholm',
  organizationEmail: 'info@foretag.se',
  phone: '0701234567',
};

async function fill(language: 'sv' | 'en', values: Partial<typeof valid>) {
  for (const [field, value] of Object.entries(values)) {
    await userEvent.type(screen.getByLabelText(labels[language][field as keyof typeof valid]), value);
  }
}

describe('RegisterForm validation', () => {
  it.each(['sv', 'en'] as const)('shows every field message in %s', async (language) => {
    await i18n.changeLanguage(language);
    const { calls } = mockApi({});
    renderWithQueryClient(<RegisterForm onSuccess={vi.fn()} />);
    await fill(language, { fullName: 'A', password: '12345', organizationNumber: '123', phone: '1234567' });
    await userEvent.click(screen.getByRole('button', { name: labels[language].submit }));
    for (const [field, message] of Object.entries(messages[language])) {
      const input = await screen.findByLabelText(labels[language][field as keyof typeof valid]);
      await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    }
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['sv', 'Lösenorden matchar inte'],
    ['en', 'Passwords do not match'],
  ] as const)('says the passwords differ, on the confirmation (%s)', async (language, message) => {
    await i18n.changeLanguage(language);
    mockApi({});
    renderWithQueryClient(<RegisterForm onSuccess={vi.fn()} />);
    await fill(language, { ...valid, confirmPassword: 'annat1' });
    await userEvent.click(screen.getByRole('button', { name: labels[language].submit }));
    expect(await screen.findByLabelText(labels[language].confirmPassword)).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText(labels[language].password)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the country as Sverige, read-only', () => {
    mockApi({});
    renderWithQueryClient(<RegisterForm onSuccess={vi.fn()} />);
    const country = screen.getByLabelText('Land');
    expect(country).toHaveValue('Sverige');
    expect(country).toHaveAttribute('readonly');
  });

  it('sends the registration payload with the organisation nested and the country fixed', async () => {
    const { calls } = mockApi({ 'POST /api/register': () => json(201, demoUser) });
    const onSuccess = vi.fn();
    const { queryClient } = renderWithQueryClient(<RegisterForm onSuccess={onSuccess} />);
    await fill('sv', valid);
    await userEvent.click(screen.getByRole('button', { name: 'Skapa konto' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/register' });
    expect(calls[0].body).toEqual({
      email: 'anna@foretag.se',
      fullName: 'Anna Andersson',
      password: 'hemligt1',
      organizationData: {
        name: 'Företaget AB',
        organizationNumber: '5561234567',
        address: 'Storgatan 1',
        city: 'Stockholm',
        postalCode: '11122',
        country: 'Sverige',
        email: 'info@foretag.se',
        phone: '0701234567',
      },
    });
    expect(queryClient.getQueryData(['user'])).toEqual(demoUser);
  });

  it('toasts "Registration failed" with the server message', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'POST /api/register': () => json(409, { error: 'An account with this email already exists', code: 'email_taken' }) });
    const onSuccess = vi.fn();
    renderWithQueryClient(<RegisterForm onSuccess={onSuccess} />);
    await fill('en', valid);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Registration failed')).toBeInTheDocument();
    expect(within(toast).getByText('An account with this email already exists')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
