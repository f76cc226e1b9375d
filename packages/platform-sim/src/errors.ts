/**
 * The platform's error envelope (every document, "Errors"):
 * `{ errorModel: { errorCode, message, descriptors } }`.
 * Rules throw `PlatformError`; the server turns it into the envelope.
 */

export interface ErrorEnvelope {
	errorModel: { errorCode: string; message: string; descriptors: string[] };
}

export class PlatformError extends Error {
	readonly status: number;
	readonly errorCode: string;
	readonly descriptors: string[];

	constructor(status: number, errorCode: string, message: string, descriptors: string[] = []) {
		super(message);
		this.status = status;
		this.errorCode = errorCode;
		this.descriptors = descriptors;
	}

	toEnvelope(): ErrorEnvelope {
		return {
			errorModel: {
				errorCode: this.errorCode,
				message: this.message,
				descriptors: this.descriptors
			}
		};
	}
}

/** Codes the spec leaves open ("not shown"); chosen in docs/platform-assumptions.md. */
export const SimErrorCode = {
	validationFailed: 'VALIDATION_FAILED',
	malformedJson: 'MALFORMED_JSON',
	payloadTooLarge: 'PAYLOAD_TOO_LARGE',
	notFound: 'NOT_FOUND',
	methodNotAllowed: 'METHOD_NOT_ALLOWED',
	simulatedFault: 'SIMULATED_FAULT',
	serviceUnavailable: 'SERVICE_UNAVAILABLE'
} as const;

export function validationFailed(descriptors: string[]): PlatformError {
	return new PlatformError(
		400,
		SimErrorCode.validationFailed,
		'The request does not match the schema.',
		descriptors
	);
}
