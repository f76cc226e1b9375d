/**
 * Bodies past the server's BODY_SIZE_LIMIT (9M unless set: scripts/serve.ts). adapter-node does
 * not refuse them up front: reading such a body fails with a 413 error, announced by its
 * Content-Length or found while it streams. The readers (forms.ts, the screens' JSON) answer
 * that 413 themselves, rather than taking the body for an empty or malformed one and blaming
 * its content with a 400.
 */

/** The message of the 413: the error pages say it in the page's language. */
export const BODY_TOO_LARGE = 'body-too-large';

/** Whether reading a body failed because it was past the limit. */
export function isBodyTooLarge(problem: unknown): boolean {
	return (
		typeof problem === 'object' &&
		problem !== null &&
		(problem as { status?: unknown }).status === 413
	);
}
