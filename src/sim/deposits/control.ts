import type { ControlRoute } from '../routing.ts';

export const depositControlRoutes: ControlRoute[] = [];
