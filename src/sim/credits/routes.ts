import type { PlatformRoute } from '../routing.ts';

export const creditRoutes: PlatformRoute[] = [];
