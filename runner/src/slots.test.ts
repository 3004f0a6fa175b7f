import { describe, expect, it } from 'vitest';
import { RunSlots } from './slots.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RunSlots', () => {
  it('hands out its slots, then queues callers in order until one is released', async () => {
    const slots = new RunSlots(2);
    await slots.acquire();
    await slots.acquire();
    const order: string[] = [];
    void slots.acquire().then(() => order.push('third'));
    void slots.acquire().then(() => order.push('fourth'));
    await tick();
    expect(order).toEqual([]);
    expect(slots.queued).toBe(2);
    slots.release();
    await tick();
    expect(order).toEqual(['third']);
    slots.release();
    await tick();
    expect(order).toEqual(['third', 'fourth']);
  });
});
