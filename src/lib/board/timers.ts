/**
 * The timers and the clock the board's live parts run on, injected so that a spec can drive them.
 * Handles are opaque: the browser's are numbers, Node's are objects.
 */
export interface Timers {
	setTimeout(callback: () => void, ms: number): unknown;
	clearTimeout(handle: unknown): void;
	setInterval(callback: () => void, ms: number): unknown;
	clearInterval(handle: unknown): void;
	now(): number;
}

/**
 * The global timers, looked up at each call rather than stored: called as methods of another
 * object they throw "Illegal invocation" in browsers, and fake timers installed later still apply.
 */
export const systemTimers: Timers = {
	setTimeout: (callback, ms) => setTimeout(callback, ms),
	clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
	setInterval: (callback, ms) => setInterval(callback, ms),
	clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
	now: () => Date.now()
};
