import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

/** FontFace as the browser has it, recording which families were asked for. */
const asked: string[] = [];
class FakeFontFace {
  constructor(readonly family: string) {}
  load(): Promise<FakeFontFace> {
    asked.push(this.family);
    return Promise.resolve(this);
  }
}

beforeEach(() => {
  vi.resetModules();
  asked.length = 0;
  localStorage.clear();
  document.documentElement.className = '';
  document.body.innerHTML = '';
  vi.stubGlobal('FontFace', FakeFontFace);
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { add: vi.fn(), ready: Promise.resolve() },
  });
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 0));
});
afterEach(() => vi.unstubAllGlobals());

const flush = () => new Promise((done) => setTimeout(done, 20));

it('asks for the fonts once the queries are answered and the pictures they brought have loaded', async () => {
  const { loadSiteFontsOnceSettled, queriesSettled } = await import('./fonts');
  const queryClient = new QueryClient();
  let answer: (value: string) => void = () => {};
  void queryClient.fetchQuery({
    queryKey: ['search'],
    queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
  });
  const done = loadSiteFontsOnceSettled(queriesSettled(queryClient));
  await flush();
  expect(asked).toEqual([]);

  answer('results');
  const picture = document.createElement('img');
  Object.defineProperty(picture, 'complete', { value: false });
  document.body.append(picture);
  await flush();
  expect(asked).toEqual([]);

  picture.dispatchEvent(new Event('load'));
  await done;
  expect(asked).toEqual(['Manrope', 'Cormorant Garamond']);
  expect(localStorage.getItem('vroum:fonts')).toBe('1');
});

it('leaves pictures shown only when scrolled near out of the wait', async () => {
  const { loadSiteFontsOnceSettled } = await import('./fonts');
  const later = document.createElement('img');
  later.loading = 'lazy';
  Object.defineProperty(later, 'complete', { value: false });
  document.body.append(later);
  await loadSiteFontsOnceSettled(Promise.resolve());
  expect(asked).toEqual(['Manrope', 'Cormorant Garamond']);
});

it('asks for nothing when the page already draws with the stylesheet’s own faces', async () => {
  document.documentElement.classList.add('fonts-cached');
  const { loadSiteFonts } = await import('./fonts');
  await loadSiteFonts();
  expect(asked).toEqual([]);
});

it('applies the two fonts together, once both have arrived: the page is laid out again once', async () => {
  const arrivals: Array<() => void> = [];
  vi.stubGlobal(
    'FontFace',
    class extends FakeFontFace {
      override load() {
        asked.push(this.family);
        return new Promise<FakeFontFace>((arrived) => arrivals.push(() => arrived(this)));
      }
    },
  );
  const { loadSiteFonts } = await import('./fonts');
  const done = loadSiteFonts();
  await flush();
  expect(asked).toEqual(['Manrope', 'Cormorant Garamond']);
  arrivals[0]!();
  await flush();
  expect(document.fonts.add).not.toHaveBeenCalled();
  arrivals[1]!();
  await done;
  expect(vi.mocked(document.fonts.add).mock.calls.map(([face]) => face.family)).toEqual([
    'Manrope',
    'Cormorant Garamond',
  ]);
});

it('applies the font that arrived when the other could not be loaded, and notes nothing', async () => {
  vi.stubGlobal(
    'FontFace',
    class extends FakeFontFace {
      override load() {
        asked.push(this.family);
        return this.family === 'Manrope'
          ? Promise.reject(new Error('offline'))
          : Promise.resolve(this);
      }
    },
  );
  const { loadSiteFonts } = await import('./fonts');
  await loadSiteFonts();
  expect(vi.mocked(document.fonts.add).mock.calls.map(([face]) => face.family)).toEqual([
    'Cormorant Garamond',
  ]);
  expect(localStorage.getItem('vroum:fonts')).toBeNull();
});
