import { useEffect, useState, type RefObject } from 'react';

/**
 * Marks what the assistant's floating button must never cover: where a thumb draws (a signature
 * pad) and what a customer reads before paying (a booking's total). Spread it on the element.
 */
export const KEEP_CLEAR = { 'data-keep-clear': '' } as const;

/** The room left around the button before it counts as covering something. */
const MARGIN_PX = 8;

function overlaps(button: DOMRect, element: DOMRect): boolean {
  return (
    element.width > 0 &&
    element.height > 0 &&
    element.left < button.right + MARGIN_PX &&
    element.right > button.left - MARGIN_PX &&
    element.top < button.bottom + MARGIN_PX &&
    element.bottom > button.top - MARGIN_PX
  );
}

/**
 * Whether the fixed button now sits over an element marked KEEP_CLEAR, asked again as the page
 * scrolls, the window resizes or the page's content changes size (a new page, a form that opens).
 */
export function useCoversKeepClear(button: RefObject<HTMLElement | null>): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      frame = 0;
      const target = button.current;
      if (!target) return;
      const box = target.getBoundingClientRect();
      const marked = document.querySelectorAll('[data-keep-clear]');
      setCovers(
        Array.from(marked).some((element) => overlaps(box, element.getBoundingClientRect())),
      );
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // A size change is reported right after the browser's layout, which a check then reads as it
    // is. Checked in the next frame instead, it would lay the page out again whenever something
    // changed in between (a page being rendered). The body's size is reported once observed,
    // which is the first check: none while React commits, when the page's layout is still to do.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    if (resized) resized.observe(document.body);
    else check();
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized?.disconnect();
    };
  }, [button]);
  return covers;
}
