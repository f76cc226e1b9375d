/** A name in the menu file: a plain (English) text, or one per language. */
import { z } from 'zod';

export const translatedName = z.union([
	z
		.string()
		.trim()
		.min(1)
		.max(1000)
		.transform((en) => ({ en })),
	z.object({
		en: z.string().trim().min(1).max(1000),
		de: z.string().trim().min(1).max(1000).optional()
	})
]);
