// What changed since the last poll, for a polite live region: "Hyresavier: Slutförd". Runs seen for the
// first time are not announced (nor is the first load).
import type { Run } from '@shared/types/api';
import { useEffect, useRef, useState } from 'react';

export function useStatusAnnouncement(runs: Run[] | undefined, describe: (run: Run) => string): string {
  const previous = useRef<Map<string, Run['status']> | null>(null);
  const describeRef = useRef(describe);
  describeRef.current = describe;
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!runs) return;
    const before = previous.current;
    previous.current = new Map(runs.map((run) => [run.id, run.status]));
    if (!before) return;
    const changed = runs.filter((run) => before.has(run.id) && before.get(run.id) !== run.status);
    if (changed.length > 0) setMessage(changed.map((run) => describeRef.current(run)).join('. '));
  }, [runs]);

  return message;
}
