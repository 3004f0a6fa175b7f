import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Tooltip', () => {
  it('opens after 700 ms, and at once when another closed less than 300 ms ago', () => {
    expect([TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300]);
    render(
      <>
        <Tooltip content="First">
          <button type="button">1</button>
        </Tooltip>
        <Tooltip content="Second">
          <button type="button">2</button>
        </Tooltip>
      </>,
    );
    fireEvent.pointerEnter(screen.getByRole('button', { name: '1' }).parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS - 1));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('First')).toBeInTheDocument();

    fireEvent.pointerLeave(screen.getByRole('button', { name: '1' }).parentElement as HTMLElement);
    fireEvent.pointerEnter(screen.getByRole('button', { name: '2' }).parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('renders only its children when disabled', () => {
    render(
      <Tooltip content="Hidden" enabled={false}>
        <button type="button">x</button>
      </Tooltip>,
    );
    fireEvent.focus(screen.getByRole('button', { name: 'x' }));
    act(() => vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS));
    expect(screen.queryByText('Hidden')).not.toBeInTheDocument();
  });
});
