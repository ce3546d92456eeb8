import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The API's lint zones (eslint.config.js) fail on a deliberately bad import, so that a change of
// the configuration cannot switch them off without a failing test. Each case lints a few lines as
// if they were written in an existing file of the API (the resolver needs real targets).
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
// Only the zones' rule runs, without type information: the rest of the configuration is not what
// these cases check, and building the type program for it took most of the time.
const eslint = new ESLint({
  cwd: repoRoot,
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('lint zones of the API', { timeout: 120_000 }, () => {
  it("refuses another module's repository in a module", async () => {
    const errors = await zoneErrors(
      'apps/api/src/modules/reviews/rental-review.ts',
      "export { findVehicles } from '../vehicles/vehicles.repository';\n",
    );
    expect(errors).toEqual([expect.stringContaining('call its *.service.ts, not its repository')]);
  });

  it("allows a module its own repository and another module's service", async () => {
    const errors = await zoneErrors(
      'apps/api/src/modules/reviews/rental-review.ts',
      "export * from './reviews.repository';\nexport * from '../bookings/bookings.service';\n",
    );
    expect(errors).toEqual([]);
  });

  it.each(['db/client.ts', 'lib/app-error.ts', 'plugins/errors.ts', 'providers/webhook-event.ts'])(
    'refuses any module in %s',
    async (file) => {
      const errors = await zoneErrors(
        `apps/api/src/${file}`,
        "export * from '../modules/bookings/bookings.service';\n",
      );
      expect(errors).toEqual([expect.stringContaining('never import a module')]);
    },
  );

  it('lets the composition root import any module', async () => {
    const errors = await zoneErrors(
      'apps/api/src/periodic-jobs.ts',
      "export * from './modules/vehicles/vehicles.repository';\n",
    );
    expect(errors).toEqual([]);
  });
});
