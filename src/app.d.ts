// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	namespace App {
		interface Locals {
			/** A staff member is logged in (setup pages). */
			staff: boolean;
			/** The device this browser is paired with as a guest or staff screen, if any. */
			screenDeviceId: string | null;
		}
	}
}

export {};
