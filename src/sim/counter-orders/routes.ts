import type { PlatformRoute } from '../routing.ts';

export const counterOrderRoutes: PlatformRoute[] = [];
