// A small visual tooltip (SPEC §9: 700 ms open delay, 300 ms skip delay, 4px offset). It repeats an
// accessible name the trigger already has, so it is hidden from assistive tech.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
const SIDE_OFFSET_PX = 4;

let lastClosedAt = 0;

type TooltipProps = {
  content: string;
  children: ReactNode;
  /** When false the children render alone (e.g. labels are visible anyway). */
  enabled?: boolean;
};

export function Tooltip({ content, children, enabled = true }: TooltipProps) {
  const triggerRef = useRef<HTMLSpanElement>(null);
  const timerRef = useRef<number | undefined>(undefined);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useEffect(() => () => window.clearTimeout(timerRef.current), []);

  if (!enabled) return <>{children}</>;

  const handleOpen = () => {
    window.clearTimeout(timerRef.current);
    const delay = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_OPEN_DELAY_MS;
    timerRef.current = window.setTimeout(() => {
      const rect = triggerRef.current?.getBoundingClientRect();
      if (rect) setPosition({ top: rect.top + rect.height / 2, left: rect.right + SIDE_OFFSET_PX });
    }, delay);
  };

  const handleClose = () => {
    window.clearTimeout(timerRef.current);
    if (position) lastClosedAt = Date.now();
    setPosition(null);
  };

  return (
    <span
      ref={triggerRef}
      className="block w-full"
      onPointerEnter={handleOpen}
      onPointerLeave={handleClose}
      onFocus={handleOpen}
      onBlur={handleClose}
      onKeyDown={(event) => {
        if (event.key === 'Escape') handleClose();
      }}
    >
      {children}
      {position
        ? createPortal(
            <span
              aria-hidden="true"
              style={{ top: position.top, left: position.left }}
              className="pointer-events-none fixed z-50 -translate-y-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-white shadow-lg"
            >
              {content}
            </span>,
            document.body,
          )
        : null}
    </span>
  );
}
