import '@testing-library/jest-dom/vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

// Tests that drive React through `act` themselves (hydration, for one) tell React they do, as
// Testing Library does for its own renders; otherwise React warns on every act.
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
