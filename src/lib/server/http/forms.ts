/**
 * Form bodies for actions. A body that is not a readable form (wrong content type, truncated,
 * oversized) is treated as an empty form, so the action answers its own 4xx message instead of
 * the framework throwing a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
	try {
		return await request.formData();
	} catch {
		return new FormData();
	}
}

/** A text field, or '' when absent or a file. */
export function textField(form: FormData, name: string): string {
	const value = form.get(name);
	return typeof value === 'string' ? value : '';
}
