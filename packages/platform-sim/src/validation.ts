import type { z } from 'zod';
import { validationFailed } from './errors.ts';

/** Parses `input` with `schema`; a mismatch becomes 400 VALIDATION_FAILED naming each field. */
export function parseWith<Schema extends z.ZodType>(
	schema: Schema,
	input: unknown
): z.output<Schema> {
	const result = schema.safeParse(input);
	if (result.success) return result.data;
	throw validationFailed(
		result.error.issues.map((issue) => {
			const where = issue.path.length ? issue.path.map(String).join('.') : 'body';
			return `${where}: ${issue.message}`;
		})
	);
}
