import type { PlatformRoute } from '../routing.ts';

export const depositRoutes: PlatformRoute[] = [];
