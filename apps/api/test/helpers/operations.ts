import type { HandoverReport } from '@vroum/core/operations';

/** A 1×1 transparent PNG: the customer's drawn signature in tests. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A handover report as an agent fills it in: no damage, both keys, the customer's signature. */
export const handoverReport: HandoverReport = {
  odometerKm: 12_450,
  fuelPercent: 100,
  identityChecked: true,
  damages: [],
  interiorNote: '',
  keysCount: 2,
  accessories: ['Câble de recharge'],
  signerName: 'Camille Martin',
  signature: SIGNATURE_PNG,
};
