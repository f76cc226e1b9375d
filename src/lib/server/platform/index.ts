/** The platform client's public surface: `import { createPlatformClient } from '#lib/server/platform/index.ts'`. */
export { createPlatformClient } from './client.ts';
export type { PlatformClient, PlatformClientOptions } from './client.ts';
export * from './errors.ts';
export * from './identity.ts';
export * from './deposits.ts';
export * from './credits.ts';
export * from './counter-orders.ts';
export { DEFAULT_TIMEOUT_MS, NO_RETRY, RETRY_ON_503, SAFE_RETRY } from './transport.ts';
export type { RetryPolicy } from './transport.ts';
