import type { ControlRoute } from '../routing.ts';

export const counterOrderControlRoutes: ControlRoute[] = [];
