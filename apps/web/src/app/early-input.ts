type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

declare global {
  interface Window {
    /** The last button tapped before the app took the page over, kept by /boot.js. */
    vroumEarlyTap?: { button: HTMLButtonElement | null; listening: boolean };
  }
}

/**
 * The button tapped before the app took the page over, if it is in `root`: from now on the app's
 * own listeners see the taps, so /boot.js stops keeping them.
 */
function noteEarlyTap(root: HTMLElement): HTMLButtonElement | null {
  const early = window.vroumEarlyTap;
  if (!early) return null;
  early.listening = false;
  return early.button && root.contains(early.button) ? early.button : null;
}

/** Presses it as the visitor did, if the app kept that very button and it is usable. */
function pressAgain(button: HTMLButtonElement): void {
  if (!button.isConnected || button.disabled || button.getAttribute('aria-disabled') === 'true') {
    return;
  }
  button.click();
}

/**
 * Sets a control's value as the browser does when a person types, so React's onChange runs.
 * React keeps the last value it knows on the element and reports a change only when the element
 * differs from it: hydration may have left the typed text in the element while React's state is
 * empty. So the value is first emptied as React sees it (through its own setter on the element),
 * then set as the browser would (through the prototype's), then the event is sent.
 */
function replay(control: Control, value: string, event: 'input' | 'change'): void {
  control.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(
    control,
    value,
  );
  control.dispatchEvent(new Event(event, { bubbles: true }));
}

/**
 * What the visitor typed, chose or ticked in a page the server rendered before the app took it
 * over: hydration puts every control back to the app's state, which would silently drop it; and
 * the last button they tapped, which did nothing yet. Noted here just before hydration; the
 * function returned plays it again once the app runs, as the visitor's own input, the tap last.
 */
export function noteEarlyInput(root: HTMLElement): () => void {
  const replays: (() => void)[] = [];
  for (const control of root.querySelectorAll<Control>('input, textarea, select')) {
    if (control instanceof HTMLSelectElement) {
      const initial = [...control.options].find((option) => option.defaultSelected);
      const value = control.value;
      if (value !== (initial ?? control.options[0])?.value) {
        replays.push(() => replay(control, value, 'change'));
      }
    } else if (
      control instanceof HTMLInputElement &&
      (control.type === 'checkbox' || control.type === 'radio')
    ) {
      const checked = control.checked;
      if (checked !== control.defaultChecked) {
        // Hydration may leave the tick in the element while React's state lacks it: React is
        // first told the element holds the other state, then the click changes it as a person's.
        replays.push(() => {
          control.checked = !checked;
          control.click();
        });
      }
    } else if (control.type !== 'file' && control.value !== control.defaultValue) {
      const value = control.value;
      replays.push(() => replay(control, value, 'input'));
    }
  }
  const tapped = noteEarlyTap(root);
  return () => {
    for (const play of replays) play();
    if (tapped) pressAgain(tapped);
  };
}
