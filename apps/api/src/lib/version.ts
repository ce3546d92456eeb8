/** Version reported by /api/v1/health; set at build time, 'dev' when running from source. */
export const APP_VERSION = process.env.APP_VERSION ?? 'dev';
