import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { islandReadsSettled, setIslandRead, useIslandRead, type ReadOptions } from './reads';

/** Shows a read's state; each test uses keys of its own (the store lasts as long as the page). */
function Shown({ name, options }: { name: string; options: ReadOptions<string> }) {
  const { data, isPending, isLoading, isError } = useIslandRead(options);
  const state = isError ? 'error' : isLoading ? 'loading' : isPending ? 'pending' : 'answered';
  return <p data-testid={name}>{`${state}:${data ?? ''}`}</p>;
}

describe('the reads of a page of islands', () => {
  it('calls once for every component asking the same key, and tells when all are answered', async () => {
    let answer: (value: string) => void = () => {};
    const read = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const options = { key: ['shared'], read };
    render(
      <>
        <Shown name="a" options={options} />
        <Shown name="b" options={options} />
      </>,
    );
    expect(screen.getByTestId('a')).toHaveTextContent('loading:');
    const settled = vi.fn();
    void islandReadsSettled().then(settled);
    await act(async () => {});
    expect(settled).not.toHaveBeenCalled();

    await act(async () => answer('Claire'));
    expect(read).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('a')).toHaveTextContent('answered:Claire');
    expect(screen.getByTestId('b')).toHaveTextContent('answered:Claire');
    expect(settled).toHaveBeenCalled();

    act(() => setIslandRead(['shared'], 'Lucie'));
    expect(screen.getByTestId('b')).toHaveTextContent('answered:Lucie');
  });

  it('makes no call while disabled', () => {
    const read = vi.fn(() => Promise.resolve('x'));
    render(<Shown name="off" options={{ key: ['off'], read, enabled: false }} />);
    expect(screen.getByTestId('off')).toHaveTextContent('pending:');
    expect(read).not.toHaveBeenCalled();
  });

  it('makes a failed call again as many times as asked, then shows the failure', async () => {
    const read = vi.fn(() => Promise.reject(new Error('down')));
    render(<Shown name="failing" options={{ key: ['failing'], read, retry: 1 }} />);
    await waitFor(() => expect(screen.getByTestId('failing')).toHaveTextContent('error:'), {
      timeout: 3000,
    });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps a fresh answer for the next component, and reads a stale one again', async () => {
    const read = vi.fn(() => Promise.resolve('fee'));
    const fresh = { key: ['kept'], read, staleTime: Infinity };
    const first = render(<Shown name="kept" options={fresh} />);
    await waitFor(() => expect(screen.getByTestId('kept')).toHaveTextContent('answered:fee'));
    first.unmount();
    render(<Shown name="kept" options={fresh} />);
    expect(screen.getByTestId('kept')).toHaveTextContent('answered:fee');
    expect(read).toHaveBeenCalledTimes(1);
    cleanup();

    render(<Shown name="kept" options={{ ...fresh, staleTime: 0 }} />);
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });
});
