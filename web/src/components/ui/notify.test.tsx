import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify, TOAST_DURATION_MS } from './notify';
import { Toaster } from './toaster';

describe('toasts', () => {
  it('show one at a time: a new toast replaces the current one', async () => {
    render(<Toaster />);
    act(() => {
      notify.error('Login failed', 'Wrong password');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    act(() => {
      notify.error('Registration failed', 'Email taken');
    });
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('stay for 5000 ms', async () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => {
        notify.error('Logout failed', 'Server unavailable');
      });
      act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
      expect(screen.getByRole('alert')).toHaveClass('opacity-100');
      act(() => vi.advanceTimersByTime(200));
      expect(screen.getByRole('alert')).toHaveClass('opacity-0');
    } finally {
      vi.useRealTimers();
    }
  });
});
