// A figure's one-line definition (docs/product.md "Figures"): an ⓘ button in the figure's top corner (its card is
// `relative`; after the figure in the DOM, so the name and value read together) that shows
// the definition on hover and on keyboard focus, as the button's accessible description, so a screen reader
// reads it with the button and a mouse user sees it without clicking.
import { useId } from 'react';

type FigureDefinitionProps = {
  /** The button's name, e.g. "Vad betyder Genomsnittlig säkerhet?". */
  label: string;
  /** The definition. */
  text: string;
};

export function FigureDefinition({ label, text }: FigureDefinitionProps) {
  const id = useId();
  return (
    <span className="group absolute top-2 right-2 inline-flex">
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        className="inline-flex size-4 items-center justify-center rounded-full border border-slate-400 text-[10px] leading-none font-semibold text-slate-500 hover:border-slate-600 hover:text-slate-700 focus:ring-2 focus:ring-indigo-600 focus:outline-none"
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-2.5" fill="currentColor">
          <circle cx="8" cy="3" r="1.6" />
          <rect x="6.6" y="6" width="2.8" height="8.5" rx="1" />
        </svg>
      </button>
      <span
        role="tooltip"
        id={id}
        className="pointer-events-none invisible absolute top-full right-0 z-30 mt-1 w-60 rounded-md bg-slate-900 px-2 py-1.5 text-xs font-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}
