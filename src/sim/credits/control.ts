import type { ControlRoute } from '../routing.ts';

export const creditControlRoutes: ControlRoute[] = [];
