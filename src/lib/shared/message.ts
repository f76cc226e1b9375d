/**
 * A message to show, as a key of the compiled catalogue plus its parameters: the server says
 * *what* to tell the person, the page renders it in the screen's language.
 */
import { m } from '#lib/paraglide/messages.js';

export type MessageKey = keyof typeof m;

export interface Message {
	key: MessageKey;
	params?: Record<string, string | number>;
}

export function message(key: MessageKey, params?: Record<string, string | number>): Message {
	return params ? { key, params } : { key };
}

/**
 * The message in the current language. A lookup by key keeps every message of the catalogue in
 * the bundle of the page that calls it: the guest screens name their messages instead.
 */
export function translate({ key, params }: Message): string {
	const render = m[key] as (inputs?: Record<string, string | number>) => string;
	return render(params ?? {});
}

/** translate(), passing "no message" through (a field without an error). */
export function translated(message: Message | undefined): string | undefined {
	return message && translate(message);
}
