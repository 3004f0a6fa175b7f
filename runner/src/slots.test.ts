import { describe, expect, it } from 'vitest';
import { RunSlots } from './slots.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A promise with its resolve function, for a wait the test ends when it wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('RunSlots', () => {
  it('hands out its slots, then queues callers in order until one is released', async () => {
    const slots = new RunSlots(2, 5);
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

  it('a run waiting for a person frees its slot for the next run, and goes on ahead of runs not yet started', async () => {
    const slots = new RunSlots(1, 5);
    await slots.acquire(); // the run that will wait
    const person = gate();
    const events: string[] = [];
    const waiting = slots.whileIdle(
      async () => {
        await person.opened;
        return 'approve';
      },
      { onIdle: () => events.push('idle'), onBusy: () => events.push('busy again') },
    );
    await slots.acquire(); // a second run gets the freed slot at once
    events.push('second run started');
    expect(slots.idle).toBe(1);
    void slots.acquire().then(() => events.push('third run started'));
    person.open();
    await tick();
    // The decision came while the second run holds the slot: the waiting run queues first.
    expect(events).toEqual(['idle', 'second run started']);
    slots.release(); // the second run ends
    expect(await waiting).toBe('approve');
    expect(events).toEqual(['idle', 'second run started', 'busy again']);
    expect(slots.idle).toBe(0);
    slots.release(); // the first run ends
    await tick();
    expect(events).toEqual(['idle', 'second run started', 'busy again', 'third run started']);
  });

  it('past maxIdle waiting runs, a waiting run keeps its slot', async () => {
    const slots = new RunSlots(2, 1);
    await slots.acquire();
    await slots.acquire();
    const first = gate();
    const second = gate();
    const idleCalls: string[] = [];
    const a = slots.whileIdle(() => first.opened, { onIdle: () => idleCalls.push('a') });
    const b = slots.whileIdle(() => second.opened, { onIdle: () => idleCalls.push('b') });
    expect(idleCalls).toEqual(['a']);
    expect(slots.idle).toBe(1);
    // One slot is free (a's), not two.
    await slots.acquire();
    let fourth = false;
    void slots.acquire().then(() => (fourth = true));
    await tick();
    expect(fourth).toBe(false);
    second.open();
    await b;
    first.open();
    await tick(); // a asks for a slot again, ahead of the queued fourth
    slots.release(); // the run that took a's slot ends: a takes it
    await a;
    await tick();
    expect(fourth).toBe(false);
  });

  it('a wait that throws still takes a slot again before the error reaches the run', async () => {
    const slots = new RunSlots(1, 1);
    await slots.acquire();
    await expect(slots.whileIdle(() => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(slots.idle).toBe(0);
    // The run holds the only slot again.
    let other = false;
    void slots.acquire().then(() => (other = true));
    await tick();
    expect(other).toBe(false);
  });
});
