/** The topmost open modal dialog, wherever it is (the browser makes the rest inert); null: none. */
export function openModalDialog(document: Document): HTMLDialogElement | null {
	const dialogs = document.querySelectorAll<HTMLDialogElement>('dialog:modal');
	return dialogs[dialogs.length - 1] ?? null;
}
