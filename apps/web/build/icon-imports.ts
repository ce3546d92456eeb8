import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Each name lucide-react exports for an icon (Menu, MenuIcon, LucideMenu) → the icon's module. */
function iconModules(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('lucide-react/package.json'));
  const barrel = readFileSync(join(packageDir, 'dist/esm/lucide-react.mjs'), 'utf8');
  const modules = new Map<string, string>();
  for (const [, names, file] of barrel.matchAll(/export \{([^}]+)\} from '\.\/icons\/([^']+)'/g)) {
    for (const name of names!.split(',')) {
      const exported = /default as (\w+)/.exec(name)?.[1];
      if (exported) modules.set(exported, `lucide-react/dist/esm/icons/${file}`);
    }
  }
  return modules;
}

const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g;

/**
 * `import { Menu } from 'lucide-react'` becomes an import of the icon's own module. Through the
 * package's index every module seems to import every icon; so imported, the bundler sees which
 * icons each page and each island really uses, and splits them with the code that uses them.
 */
export function iconImports(): Plugin {
  let modules: Map<string, string> | undefined;
  return {
    name: 'icon-imports',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]src[\\/].*\.tsx?$/, code: 'lucide-react' },
      handler(code) {
        modules ??= iconModules();
        const known = modules;
        const rewritten = code.replaceAll(BARREL_IMPORT, (statement, list: string) => {
          const rest: string[] = [];
          const direct: string[] = [];
          for (const specifier of list.split(',').map((part) => part.trim())) {
            if (!specifier) continue;
            const [imported, local = imported] = specifier.split(/\s+as\s+/);
            const module = known.get(imported!);
            if (module) direct.push(`import ${local} from '${module}';`);
            else rest.push(specifier);
          }
          if (direct.length === 0) return statement;
          const remaining = rest.length ? `import { ${rest.join(', ')} } from 'lucide-react';` : '';
          // As many lines as the statement had: the lines below keep their numbers in the source map.
          const lineBreaks = '\n'.repeat(statement.split('\n').length - 1);
          return direct.join(' ') + remaining + lineBreaks;
        });
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}
