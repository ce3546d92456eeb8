// Phase "geocoder": the built-in address suggestions answer each keystroke from the gazetteer in
// memory, well under 5 ms a query once it is loaded.
import { loadGazetteer } from '../../apps/api/src/providers/geocoding/builtin-gazetteer';
import { searchGazetteer } from '../../apps/api/src/providers/geocoding/builtin-geocoder';
import { heading, ms, type BudgetResult } from '../lib/report';

const QUERIES = ['75008', 'versai', 'saint-e', 'sai', 'Marseille', '10 rue de Rivoli, Paris'];
const ROUNDS = 200;
const BUDGET_MS = 5;

export async function runGeocoderPhase(): Promise<BudgetResult[]> {
  heading(`Built-in geocoder — ${QUERIES.length} queries × ${ROUNDS} rounds, 5 suggestions each`);
  const gazetteer = await loadGazetteer();
  for (const query of QUERIES) searchGazetteer(gazetteer, query, 5);
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const query of QUERIES) searchGazetteer(gazetteer, query, 5);
  }
  const mean = (performance.now() - started) / (ROUNDS * QUERIES.length);
  console.log(`mean ${ms(mean, 3)} per query`);
  return [
    {
      phase: 'geocoder',
      what: 'address suggestion, mean per query',
      measured: ms(mean, 3),
      budget: `< ${BUDGET_MS} ms`,
      pass: mean < BUDGET_MS,
    },
  ];
}
