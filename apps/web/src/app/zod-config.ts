// The site's Content-Security-Policy forbids eval: zod would otherwise probe for it with
// `new Function` the first time an object schema runs, a violation the browser reports. Its
// interpreted path checks the same rules.
//
// zod keeps its configuration in `globalThis.__zod_globalConfig` (created when zod first loads,
// kept when it is already there), so the setting is made without loading zod into the entry
// chunk: 4 KB less on every first load. zod-config.test.ts proves zod reads it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, {
  jitless: true,
});

export {};
