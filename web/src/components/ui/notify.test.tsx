import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from './notify';
import { Toaster } from './toaster';

describe('toasts', () => {
  it('show one at a time: a new toast replaces the current one', async () => {
    render(<Toaster />);
    await act(async () => {
      await notify.error('Login failed', 'Wrong password');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    await act(async () => {
      await notify.error('Registration failed', 'Email taken');
    });
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('stay for 5000 ms', async () => {
    // The toast library is loaded (and cached) by the test above; here its timers run on fake time.
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      await act(async () => {
        await notify.error('Logout failed', 'Server unavailable');
      });
      act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
      expect(screen.getByRole('alert')).toHaveClass('opacity-100');
      act(() => vi.advanceTimersByTime(200));
      expect(screen.getByRole('alert')).toHaveClass('opacity-0');
    } finally {
      vi.useRealTimers();
    }
  });

  it('F8 moves focus to the toasts, from where Tab reaches the dismiss button', async () => {
    render(<Toaster />);
    await act(async () => {
      await notify.error('Login failed', 'Wrong password');
    });
    await screen.findByRole('alert');
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByRole('region', { name: 'Aviseringar (F8)' })).toHaveFocus();
  });

  it('swiping right past the threshold dismisses; a shorter swipe does not', async () => {
    render(<Toaster />);
    await act(async () => {
      await notify.error('Login failed', 'Wrong password');
    });
    const toast = await screen.findByRole('alert');
    const swipe = (distance: number) => {
      fireEvent.pointerDown(toast, { clientX: 100, pointerId: 1 });
      fireEvent.pointerMove(toast, { clientX: 100 + distance, pointerId: 1 });
      fireEvent.pointerUp(toast, { clientX: 100 + distance, pointerId: 1 });
    };
    swipe(TOAST_SWIPE_THRESHOLD_PX - 10);
    expect(screen.getByRole('alert')).toHaveClass('opacity-100');
    swipe(TOAST_SWIPE_THRESHOLD_PX + 10);
    await waitFor(() => expect(screen.queryByRole('alert')).toHaveClass('opacity-0'));
  });
});
