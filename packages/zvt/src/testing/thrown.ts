/** What `run` throws; fails the test when it returns. For asserting typed errors' fields. */
export function thrownBy(run: () => unknown): unknown {
	try {
		run();
	} catch (error) {
		return error;
	}
	throw new Error('expected an error, none was thrown');
}
