import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useFormState } from './use-form-state';

interface Values {
  withDriver: boolean;
  address: string;
}

/** A form that applies choices as it starts, as the vehicle page applies a saved draft. */
function renderCountingForm(applied: Partial<Values>) {
  const renders: Values[] = [];
  let setter: ReturnType<typeof useFormState<Values>>['set'] | undefined;
  function Form() {
    const form = useFormState<Values>({
      initial: { withDriver: false, address: '10 rue de Rivoli' },
      save: () => {},
    });
    renders.push(form.values);
    setter = form.set;
    useLayoutEffect(() => {
      for (const [key, value] of Object.entries(applied)) {
        form.set(key as keyof Values, value);
      }
      // Once, as the page starts.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return null;
  }
  render(<Form />);
  return { renders, set: (...args: Parameters<NonNullable<typeof setter>>) => setter!(...args) };
}

describe('useFormState', () => {
  it('does not render the form again when a choice is set to the value it already has', () => {
    const { renders } = renderCountingForm({ withDriver: false, address: '10 rue de Rivoli' });
    expect(renders).toHaveLength(1);
  });

  it('renders the form again with a choice that changes', () => {
    const { renders, set } = renderCountingForm({ withDriver: true });
    expect(renders.at(-1)).toEqual({ withDriver: true, address: '10 rue de Rivoli' });
    const before = renders.length;
    act(() => set('address', '1 place de la Concorde'));
    expect(renders).toHaveLength(before + 1);
    expect(renders.at(-1)?.address).toBe('1 place de la Concorde');
  });
});
