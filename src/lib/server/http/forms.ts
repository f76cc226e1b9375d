import { error } from '@sveltejs/kit';
import { BODY_TOO_LARGE, isBodyTooLarge } from './body-limit.ts';

/**
 * Form bodies for actions. A body past the server's limit is a 413 (body-limit.ts), before the
 * action changes anything. A body that is not a readable form (wrong content type, truncated) is
 * treated as an empty form, so the action answers its own 4xx message instead of the framework
 * throwing a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
	try {
		return await request.formData();
	} catch (problem) {
		if (isBodyTooLarge(problem)) error(413, BODY_TOO_LARGE);
		return new FormData();
	}
}

/** A text field, or '' when absent or a file. */
export function textField(form: FormData, name: string): string {
	const value = form.get(name);
	return typeof value === 'string' ? value : '';
}

/** The form's fields (in the order given) that a schema's issues name: what to name back. */
export function invalidFields<Field extends string>(
	error: { issues: readonly { path: readonly PropertyKey[] }[] },
	fields: readonly Field[]
): Field[] {
	const named = new Set(error.issues.map((issue) => issue.path[0]));
	return fields.filter((field) => named.has(field));
}
