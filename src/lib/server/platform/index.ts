/** The platform client's public surface: `import { createPlatformClient } from '#lib/server/platform/index.ts'`. */
export { createPlatformClient } from './client.ts';
export type { PlatformClient, PlatformClientOptions } from './client.ts';
export * from './errors.ts';
export * from './identity.ts';
export * from './deposits.ts';
export * from './credits.ts';
export * from './counter-orders.ts';
export { DEFAULT_TIMEOUT_MS } from './transport.ts';
export { NOT_APPLIED_ONLY, REPEATABLE, RETRY_TABLE, retryPolicyOf } from './retry-policies.ts';
export type { OperationId, RetryPolicy, RetryRule } from './retry-policies.ts';
