import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi } from '@/test/api-mock';
import { renderWithQueryClient } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

describe('ForgotPasswordForm', () => {
  it('asks for a valid e-mail before calling', async () => {
    const { calls } = mockApi({});
    renderWithQueryClient(<ForgotPasswordForm onBack={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('E-post'), 'inte-en-adress');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka instruktioner' }));
    expect(await screen.findByText('Ogiltig e-postadress')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("calls the API and then says 'Email sent'", async () => {
    await i18n.changeLanguage('en');
    const { calls } = mockApi({ 'POST /api/forgot-password': () => json(200, { ok: true }) });
    renderWithQueryClient(<ForgotPasswordForm onBack={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'anna@kollega.se');
    await userEvent.click(screen.getByRole('button', { name: 'Send instructions' }));
    expect(await screen.findByText('Email sent')).toBeInTheDocument();
    expect(screen.getByText("We've sent password reset instructions to your email address.")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/forgot-password', body: { email: 'anna@kollega.se' } });
  });

  it('goes back to sign-in', async () => {
    mockApi({});
    const onBack = vi.fn();
    renderWithQueryClient(<ForgotPasswordForm onBack={onBack} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tillbaka till inloggningen' }));
    expect(onBack).toHaveBeenCalled();
  });
});
