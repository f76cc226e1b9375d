import type { LayoutServerLoad } from './$types';

/** Who is logged in: the navigation shows a manager's pages to managers only. */
export const load: LayoutServerLoad = ({ locals }) => ({ staff: locals.staff });
