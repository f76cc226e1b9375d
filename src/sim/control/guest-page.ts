import type { ControlRoute } from '../routing.ts';

export const guestPageRoutes: ControlRoute[] = [];
