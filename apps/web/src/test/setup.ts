import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

// Tests that drive React through `act` themselves (hydration, for one) tell React they do, as
// Testing Library does for its own renders; otherwise React warns on every act.
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// The files of a worker share its modules and its document (the project's `isolate: false`): what
// one file rendered is unmounted after each test, so that nothing it left running reaches the next.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
