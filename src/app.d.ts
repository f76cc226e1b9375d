// See https://svelte.dev/docs/kit/types#app.d.ts
import type { StaffMember } from '#lib/server/auth/roles.ts';

declare global {
	namespace App {
		interface Locals {
			/** Who is logged in to the setup pages, by name and role (null: nobody). */
			staff: StaffMember | null;
			/** The device this browser is paired with as a guest or staff screen, if any. */
			screenDeviceId: string | null;
		}
	}
}

export {};
