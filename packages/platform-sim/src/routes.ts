/** Every route of the simulator: the platform's operations and the `/_sim/` control API. */
import { controlRoutes as control } from './control/routes.ts';
import { counterOrderRoutes } from './counter-orders/routes.ts';
import { creditRoutes } from './credits/routes.ts';
import { depositRoutes } from './deposits/routes.ts';
import { identityRoutes } from './identity/routes.ts';
import type { ControlRoute, PlatformRoute } from './routing.ts';

export const platformRoutes: PlatformRoute[] = [
	...identityRoutes,
	...depositRoutes,
	...creditRoutes,
	...counterOrderRoutes
];

export const controlRoutes: ControlRoute[] = control;
