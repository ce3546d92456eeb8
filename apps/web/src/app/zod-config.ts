import { config } from 'zod/v4/core';

// The site's Content-Security-Policy forbids eval: zod would otherwise probe for it with
// `new Function` the first time an object schema runs, a violation the browser reports. Its
// interpreted path checks the same rules. Only zod's small configuration module is loaded here.
config({ jitless: true });
