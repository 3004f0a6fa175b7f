import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderWithQueryClient } from '@/test/render';
import { LoginForm } from './login-form';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

function renderForm() {
  const onSuccess = vi.fn();
  const result = renderWithQueryClient(<LoginForm onForgotPassword={vi.fn()} onSuccess={onSuccess} />);
  return { ...result, onSuccess };
}

describe('LoginForm validation', () => {
  it.each([
    ['sv', 'Logga in', 'E-post', 'Lösenord', 'E-postadress krävs', 'Lösenord krävs'],
    ['en', 'Sign In', 'Email', 'Password', 'Invalid email address', 'Password is required'],
  ] as const)('shows the messages in %s on submit, not before', async (language, submit, emailLabel, passwordLabel, emailMessage, passwordMessage) => {
    await i18n.changeLanguage(language);
    const { calls } = mockApi({});
    renderForm();
    await userEvent.type(screen.getByLabelText(emailLabel), 'x');
    expect(screen.queryByText(emailMessage)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText(emailMessage)).toBeInTheDocument();
    expect(screen.getByText(passwordMessage)).toBeInTheDocument();
    expect(screen.getByLabelText(emailLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(emailLabel)).toHaveAccessibleDescription(emailMessage);
    expect(screen.getByLabelText(passwordLabel)).toHaveAccessibleDescription(passwordMessage);
    expect(calls).toHaveLength(0);
  });

  it('re-validates on change once submitted', async () => {
    mockApi({});
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByText('Lösenord krävs')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Lösenord'), 'a');
    expect(screen.queryByText('Lösenord krävs')).not.toBeInTheDocument();
  });

  it('moves the focus to the first field the schema refused', async () => {
    mockApi({});
    renderForm();
    await userEvent.type(screen.getByLabelText('E-post'), 'anna@kollega.se');
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByText('Lösenord krävs')).toBeInTheDocument();
    expect(screen.queryByText('E-postadress krävs')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Lösenord')).toHaveFocus();
  });

  it('translates a shown message when the language changes', async () => {
    mockApi({});
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByText('Lösenord krävs')).toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });

  it('submits the trimmed, lower-cased e-mail and reports success', async () => {
    const { calls } = mockApi({ 'POST /api/login': () => json(200, demoUser) });
    const { onSuccess, queryClient } = renderForm();
    await userEvent.type(screen.getByLabelText('E-post'), ' Anna@Kollega.SE');
    await userEvent.type(screen.getByLabelText('Lösenord'), 'hemligt');
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls[0].body).toEqual({ email: 'anna@kollega.se', password: 'hemligt' });
    expect(queryClient.getQueryData(['user'])).toEqual(demoUser);
  });
});
