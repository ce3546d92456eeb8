/**
 * Type-checks TypeScript projects and lints their files with one program each: what
 * `npm run typecheck` and `npm run lint` check, for the CI's two lanes.
 *
 *   node --import tsx scripts/check-code.ts [--rest] <project directory>…
 *
 * `tsc -p` and the type-aware lint rules each built the same program of every project (115 s and
 * 132 s of CPU); here the program `tsc` checks is the one the rules read, its types already known
 * (apps/web: 41 s of CPU against 73 s). Each project's files are linted with its own program;
 * `--rest` also lints every other file the lint covers (the root's configuration files, which the
 * lint configuration types as a default project), so that two lanes together lint the whole tree.
 */
import { relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const args = process.argv.slice(2);
const rest = args.includes('--rest');
const projects = args.filter((arg) => arg !== '--rest').map((dir) => resolve(dir));
if (projects.length === 0) {
  console.error('Usage: check-code.ts [--rest] <project directory>…');
  process.exit(2);
}

const ALL_PROJECTS = ['packages/core', 'apps/api', 'apps/web', 'e2e', 'scripts'];

const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

/** The project's program, and whether `tsc -p` would have reported nothing. */
function typeCheck(dir: string): { program: ts.Program; clean: boolean } {
  const configPath = resolve(dir, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.formatDiagnostic(diagnostic, host));
      },
    },
  );
  if (!parsed) throw new Error(`Cannot read ${configPath}`);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: parsed.errors,
  });
  const diagnostics = [...parsed.errors, ...ts.getPreEmitDiagnostics(program)];
  if (diagnostics.length > 0) {
    console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  }
  return { program, clean: diagnostics.length === 0 };
}

let failed = false;
const programs: ts.Program[] = [];
for (const dir of projects) {
  const { program, clean } = typeCheck(dir);
  console.log(`${clean ? '✓' : '✗'} types: ${relative(process.cwd(), dir) || '.'}`);
  failed ||= !clean;
  programs.push(program);
}

// A file is linted with the first program that holds it: a project's own files with its own.
const eslint = new ESLint({
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { programs, projectService: false, project: false } },
    },
    // The root's configuration files belong to no project: the lint configuration's default one.
    {
      files: ['vitest.config.ts', 'vitest.setup.ts'],
      languageOptions: {
        parserOptions: {
          programs: null,
          projectService: { allowDefaultProject: ['vitest.config.ts', 'vitest.setup.ts'] },
        },
      },
    },
  ],
  ignorePatterns: rest
    ? ALL_PROJECTS.map((dir) => resolve(dir))
        .filter((dir) => !projects.includes(dir))
        .map((dir) => `${relative(process.cwd(), dir)}/**`)
    : [],
});
const results = await eslint.lintFiles(
  rest ? ['.'] : projects.map((dir) => relative(process.cwd(), dir)),
);
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
const output = await (await eslint.loadFormatter('stylish')).format(results);
if (output) console.log(output);
console.log(`${problems === 0 ? '✓' : '✗'} lint: ${results.length} files, ${problems} problems`);
failed ||= problems > 0;
process.exit(failed ? 1 : 0);
