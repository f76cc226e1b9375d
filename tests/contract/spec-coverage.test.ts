/**
 * The spec documents (docs/spec/, copies of the platform's three documents) are the source of
 * truth: every endpoint they describe is served, nothing else is, and every error code of their
 * tables is produced by the simulator and exercised by a contract test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformRoutes } from '@venue-kiosk/platform-sim/routes.ts';

const root = join(import.meta.dirname, '../..');
const specDir = join(root, 'docs/spec');
const specs = readdirSync(specDir).map((file) => readFileSync(join(specDir, file), 'utf8'));

function filesUnder(dir: string, suffix: string): string[] {
	return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith(suffix))
		.map((file) => readFileSync(join(root, dir, file), 'utf8'));
}

/** "### GET /v1/…/{code}/preview" followed by "Operation [id] name". */
const specEndpoints = specs.flatMap((text) =>
	[...text.matchAll(/^### (GET|POST|PUT|DELETE) (\S+)\n+Operation (?:id )?(\w+)/gm)].map(
		([, method, path, operationId]) => ({
			method,
			path: path!.replace(/\{(\w+)\}/g, ':$1'),
			operationId
		})
	)
);

/** Upper-snake codes in the first or second column of the error tables. */
const specErrorCodes = new Set(
	specs.flatMap((text) => {
		const errors = text.slice(text.indexOf('\n## Errors'));
		return [
			...errors.matchAll(/^\|(?: [A-Z][a-z]+(?: [a-z]+)? \|)? ([A-Z][A-Z0-9_]{5,}) \|/gm)
		].map(([, code]) => code!);
	})
);

describe('spec coverage', () => {
	it('finds the 16 operations of the three documents', () => {
		expect(specEndpoints).toHaveLength(16);
	});

	it('serves exactly the operations of the spec, with their operation ids', () => {
		const served = platformRoutes.map(({ method, path, operationId }) => ({
			method,
			path,
			operationId
		}));
		expect(served).toEqual(expect.arrayContaining(specEndpoints));
		expect(specEndpoints).toEqual(expect.arrayContaining(served));
	});

	it('finds every error code of the error tables', () => {
		expect([...specErrorCodes]).toEqual(
			expect.arrayContaining([
				'UNAUTHORIZED',
				'DUPLICATE_CATEGORY_ID_IN_HYBRID_REVO_TOKEN_TRANSACTION',
				'AUTHORIZATION',
				'CREDIT_TRANSACTION_CAN_NO_LONGER_BE_REFUNDED_BY_EXTERNAL_DEVICE'
			])
		);
		expect(specErrorCodes.size).toBe(23);
	});

	it('produces every error code in the simulator and checks each in a contract test', () => {
		const simulatorSource = filesUnder('packages/platform-sim/src', '.ts').join('\n');
		const contractTests = filesUnder('tests/contract', '.test.ts')
			.join('\n')
			.replace(/spec-coverage[\s\S]*$/, '');
		const missing = [...specErrorCodes].filter(
			(code) => !simulatorSource.includes(`'${code}'`) || !contractTests.includes(code)
		);
		expect(missing).toEqual([]);
	});
});
