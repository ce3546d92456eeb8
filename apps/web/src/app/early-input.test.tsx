import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { noteEarlyInput } from './early-input';

function Form() {
  const [address, setAddress] = useState('');
  const [driver, setDriver] = useState(false);
  const [category, setCategory] = useState('luxe');
  return (
    <form aria-label="Réserver">
      <label>
        Adresse
        <input value={address} onChange={(event) => setAddress(event.target.value)} />
      </label>
      <label>
        <input
          type="checkbox"
          checked={driver}
          onChange={(event) => setDriver(event.target.checked)}
        />
        Chauffeur
      </label>
      <select
        aria-label="Catégorie"
        value={category}
        onChange={(event) => setCategory(event.target.value)}
      >
        <option value="luxe">Luxe</option>
        <option value="suv">SUV</option>
      </select>
      <output>{`${address}|${driver}|${category}`}</output>
    </form>
  );
}

/** Sets a value as a person's typing does, before any script has run. */
const typeInto = (input: HTMLInputElement, text: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
};

describe('noteEarlyInput', () => {
  it('plays again, once hydrated, what the visitor typed, ticked and chose before', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Form />);
    document.body.append(root);
    typeInto(root.querySelector('input:not([type])')!, '12 rue de Rivoli');
    root.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked = true;
    root.querySelector('select')!.value = 'suv';

    const play = noteEarlyInput(root);
    await act(async () => {
      hydrateRoot(root, <Form />);
    });
    await act(async () => play());

    expect(root.querySelector('output')?.textContent).toBe('12 rue de Rivoli|true|suv');
    expect(root.querySelector<HTMLInputElement>('input:not([type])')?.value).toBe(
      '12 rue de Rivoli',
    );
    root.remove();
  });

  it('plays nothing when nothing was touched', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Form />);
    const play = noteEarlyInput(root);
    await act(async () => {
      hydrateRoot(root, <Form />);
    });
    await act(async () => play());
    expect(root.querySelector('output')?.textContent).toBe('|false|luxe');
  });

  it('presses again, once hydrated, the button tapped before, once', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Counter />);
    document.body.append(root);
    // As /boot.js keeps it.
    window.vroumEarlyTap = { button: root.querySelector('button'), listening: true };

    const play = noteEarlyInput(root);
    expect(window.vroumEarlyTap.listening).toBe(false);
    await act(async () => {
      hydrateRoot(root, <Counter />);
    });
    await act(async () => play());

    expect(root.querySelector('output')?.textContent).toBe('1');
    root.remove();
    delete window.vroumEarlyTap;
  });

  it.each([
    ['tapped outside the part taken over', { disabled: false, outside: true }],
    ['made unusable since', { disabled: true, outside: false }],
  ])('leaves a button %s', async (_case, { disabled, outside }) => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Counter disabled={disabled} />);
    const button = outside ? document.createElement('button') : root.querySelector('button');
    window.vroumEarlyTap = { button, listening: true };

    const play = noteEarlyInput(root);
    await act(async () => {
      hydrateRoot(root, <Counter disabled={disabled} />);
    });
    await act(async () => play());

    expect(root.querySelector('output')?.textContent).toBe('0');
    delete window.vroumEarlyTap;
  });
});

function Counter({ disabled = false }: { disabled?: boolean }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <button
        type="button"
        aria-disabled={disabled || undefined}
        onClick={() => setCount(count + 1)}
      >
        Ajouter aux favoris
      </button>
      <output>{count}</output>
    </div>
  );
}
