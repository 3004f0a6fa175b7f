// /reset-password through the real router: its states and messages (SPEC §2, §8).
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi, unauthorized } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';
import { RESET_REDIRECT_DELAY_MS } from './reset-password-form';

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('sv');
});

async function submit(password = 'nyttlosen', confirmation = password) {
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('/reset-password', () => {
  it.each([
    ['sv', 'Ogiltig länk', 'Tillbaka till inloggningen'],
    ['en', 'Invalid Link', 'Back to login'],
  ] as const)('without a token says the link is invalid (%s) and leads back to sign-in', async (language, title, back) => {
    await i18n.changeLanguage(language);
    mockApi({ 'GET /api/user': unauthorized });
    const { router } = renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByLabelText(/password|lösenord/i)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: back }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('validates the new password and its confirmation', async () => {
    await i18n.changeLanguage('en');
    const { calls } = mockApi({});
    renderApp('/reset-password?token=abc123');
    await submit('12345', '54321');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/reset-password')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'nyttlosen');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('resets with token, password and language, confirms, then goes to /auth after 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await i18n.changeLanguage('en');
    const { calls } = mockApi({ 'POST /api/reset-password': () => json(200, { ok: true }), 'GET /api/user': unauthorized });
    const { router } = renderApp('/reset-password?token=abc123');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Password reset' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/reset-password')?.body).toEqual({ token: 'abc123', password: 'nyttlosen', language: 'en' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESET_REDIRECT_DELAY_MS - 500);
    });
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('does not redirect once the page has been left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await i18n.changeLanguage('en');
    mockApi({ 'POST /api/reset-password': () => json(200, { ok: true }), 'GET /api/user': unauthorized });
    const { router } = renderApp('/reset-password?token=abc123');
    await submit();
    await screen.findByRole('heading', { name: 'Password reset' });
    await act(async () => {
      await router.navigate({ to: '/landing' });
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESET_REDIRECT_DELAY_MS * 2);
    });
    expect(router.state.location.pathname).toBe('/landing');
  });

  it('accepts an all-digit token', async () => {
    const { calls } = mockApi({ 'POST /api/reset-password': () => json(200, { ok: true }) });
    await i18n.changeLanguage('en');
    renderApp('/reset-password?token=0012345');
    await submit();
    await screen.findByRole('heading', { name: 'Password reset' });
    expect(calls.find((c) => c.path === '/api/reset-password')?.body).toMatchObject({ token: '0012345' });
  });

  it.each([
    ['the server error field', () => json(400, { ok: false, error: 'The reset link has expired' }), 'The reset link has expired'],
    ['"Failed to reset password" without one', () => new Response('oops', { status: 500 }), 'Failed to reset password'],
    ['"Failed to reset password" for ok:false without error', () => json(200, { ok: false }), 'Failed to reset password'],
  ])('shows %s in an alert', async (_name, answer, message) => {
    await i18n.changeLanguage('en');
    mockApi({ 'POST /api/reset-password': answer });
    renderApp('/reset-password?token=abc123');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('shows "An error occurred" when the server cannot be reached', async () => {
    await i18n.changeLanguage('en');
    renderApp('/reset-password?token=abc123');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
  });

  it.each([
    ['sv', 'Ogiltig återställningslänk'],
    ['en', 'Invalid reset link'],
  ] as const)('says "Invalid reset link" for an empty token without calling (%s)', async (language, message) => {
    await i18n.changeLanguage(language);
    const { calls } = mockApi({});
    renderApp('/reset-password?token=');
    const [password, confirmation] = language === 'sv' ? ['Nytt lösenord', 'Bekräfta nytt lösenord'] : ['New password', 'Confirm new password'];
    await userEvent.type(await screen.findByLabelText(password), 'nyttlosen');
    await userEvent.type(screen.getByLabelText(confirmation), 'nyttlosen');
    await userEvent.click(screen.getByRole('button', { name: language === 'sv' ? 'Återställ lösenord' : 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls.filter((c) => c.path === '/api/reset-password')).toHaveLength(0);
  });
});
