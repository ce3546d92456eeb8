import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceLines } from '../price-lines';
import { SignaturePad } from '../signature-pad';
import { ChatWidget } from './chat-widget';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** A phone's screen, 390 × 844: the button sits in its bottom right corner. */
const BUTTON = { left: 318, top: 772, right: 374, bottom: 828 };

function place(
  element: Element,
  box: { left: number; top: number; right: number; bottom: number },
) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
    ...box,
    x: box.left,
    y: box.top,
    width: box.right - box.left,
    height: box.bottom - box.top,
    toJSON: () => ({}),
  });
}

const button = () => screen.getByRole('button', { name: /Discuter avec/, hidden: true });

async function scrollTo(moves: () => void) {
  moves();
  await act(async () => {
    fireEvent.scroll(window);
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  });
}

describe('the assistant’s floating button', () => {
  it('steps aside while a signature pad passes under it, and comes back once it is gone', async () => {
    render(
      <>
        <SignaturePad onChange={() => {}} />
        <ChatWidget />
      </>,
    );
    const pad = screen.getByRole('img', { name: /Zone de signature/ });
    place(button(), BUTTON);
    await scrollTo(() => place(pad, { left: 16, top: 640, right: 374, bottom: 800 }));
    expect(button()).toHaveAttribute('data-stepped-aside');

    await scrollTo(() => place(pad, { left: 16, top: 200, right: 374, bottom: 360 }));
    expect(button()).not.toHaveAttribute('data-stepped-aside');
  });

  it('never covers a booking’s amounts, but stays while the keyboard is on it', async () => {
    render(
      <>
        <PriceLines lines={[{ label: 'Location', amountCents: 90_000 }]} totalCents={90_000} />
        <ChatWidget />
      </>,
    );
    const amounts = screen.getByText('Total TTC').closest('dl')!;
    place(button(), BUTTON);
    await scrollTo(() => place(amounts, { left: 16, top: 760, right: 374, bottom: 900 }));
    expect(button()).toHaveAttribute('data-stepped-aside');

    act(() => button().focus());
    expect(button()).not.toHaveAttribute('data-stepped-aside');
  });

  it('stays where nothing marked lies under it', async () => {
    render(
      <>
        <p>Un paragraphe quelconque</p>
        <ChatWidget />
      </>,
    );
    place(button(), BUTTON);
    await scrollTo(() =>
      place(screen.getByText('Un paragraphe quelconque'), {
        left: 0,
        top: 700,
        right: 390,
        bottom: 844,
      }),
    );
    expect(button()).not.toHaveAttribute('data-stepped-aside');
  });

  it('reads no layout while the page is taken over, and checks as soon as the browser has laid it out', async () => {
    let reportSize = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          reportSize = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    // Every box sits under the button: a check would step it aside.
    const measured = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ ...BUTTON, x: 318, y: 772, width: 56, height: 56, toJSON: () => ({}) });
    render(
      <>
        <PriceLines lines={[{ label: 'Location', amountCents: 90_000 }]} totalCents={90_000} />
        <ChatWidget />
      </>,
    );
    expect(measured).not.toHaveBeenCalled();
    expect(button()).not.toHaveAttribute('data-stepped-aside');

    act(() => reportSize());
    expect(button()).toHaveAttribute('data-stepped-aside');
  });
});
