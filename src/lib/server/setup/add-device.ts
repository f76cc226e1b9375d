/**
 * Adding a device from the setup form: validate the fields, verify the key with
 * GET /v1/integrations/me (spec 1: "used to verify the key at start-up"), and only then store it
 * sealed and fetch its identity and deposit configuration, and record who added it in the audit
 * log. The key never goes back to the page, nor into the log.
 */
import { z } from 'zod';
import { message, type Message } from '#lib/shared/message.ts';
import type { StaffMember } from '../auth/roles.ts';
import type { ServerContext } from '../context.ts';
import {
	DEVICE_MODES,
	DuplicateDeviceKeyError,
	ENVIRONMENTS,
	type DeviceMode,
	type Environment
} from '../devices/device-repository.ts';
import { createPlatformClient } from '../platform/client.ts';
import { textField } from '../http/forms.ts';
import { platformFailureMessage } from './platform-failure.ts';

/** What the form may show again: everything but the key. */
interface AddDeviceValues {
	name: string;
	environment: string;
	baseUrl: string;
	mode: string;
}

export type AddDeviceResult =
	| { ok: true; deviceId: string }
	| {
			ok: false;
			values: AddDeviceValues;
			errors: Partial<Record<keyof AddDeviceValues | 'apiKey' | 'form', Message>>;
	  };

const formSchema = z.object({
	name: z.string().trim().min(1).max(80),
	apiKey: z.string().trim().min(1).max(4096),
	environment: z.enum(ENVIRONMENTS),
	baseUrl: z.string().trim().max(500),
	mode: z.enum(DEVICE_MODES)
});

/** A manager adds a device (the route checks the role); the audit log names what, never the key. */
export async function addDevice(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<AddDeviceResult> {
	const field = (name: string) => textField(form, name);
	const values: AddDeviceValues = {
		name: field('name').trim(),
		environment: field('environment'),
		baseUrl: field('baseUrl').trim(),
		mode: field('mode')
	};
	const parsed = formSchema.safeParse({ ...values, apiKey: field('apiKey') });
	if (!parsed.success) {
		const failed = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
		return {
			ok: false,
			values,
			errors: {
				...(failed.has('name') && { name: message('error_name_required') }),
				...(failed.has('apiKey') && { apiKey: message('error_key_required') }),
				...((failed.has('environment') || failed.has('mode') || failed.has('baseUrl')) && {
					form: message('error_bad_request')
				})
			}
		};
	}
	const input = parsed.data;
	const baseUrl = resolveBaseUrl(context, input.environment, input.baseUrl);
	if (!baseUrl.ok) return { ok: false, values, errors: { [baseUrl.field]: baseUrl.error } };

	if (await context.devices.hasApiKey(input.apiKey)) {
		return { ok: false, values, errors: { apiKey: message('error_duplicate_key') } };
	}
	const platform = createPlatformClient({
		baseUrl: baseUrl.url,
		apiKey: input.apiKey,
		timeoutMs: context.config.platformTimeoutMs
	});
	try {
		await platform.identity.getExternalDevice();
	} catch (error) {
		return { ok: false, values, errors: { apiKey: platformFailureMessage(error) } };
	}
	try {
		const device = await context.devices.add({
			name: input.name,
			environment: input.environment,
			baseUrl: baseUrl.url,
			mode: input.mode as DeviceMode,
			apiKey: input.apiKey
		});
		await context.views.refresh(device.id, platform);
		await context.audit.write(actor, 'device.add', device.id, {
			after: {
				name: device.name,
				mode: device.mode,
				environment: device.environment,
				baseUrl: device.baseUrl
			}
		});
		return { ok: true, deviceId: device.id };
	} catch (error) {
		if (error instanceof DuplicateDeviceKeyError) {
			return { ok: false, values, errors: { apiKey: message('error_duplicate_key') } };
		}
		throw error;
	}
}

type BaseUrlResult =
	{ ok: true; url: string } | { ok: false; field: 'environment' | 'baseUrl'; error: Message };

function resolveBaseUrl(
	context: ServerContext,
	environment: Environment,
	typed: string
): BaseUrlResult {
	if (environment === 'custom') {
		const url = z.url({ protocol: /^https?$/ }).safeParse(typed);
		return url.success
			? { ok: true, url: url.data.replace(/\/+$/, '') }
			: { ok: false, field: 'baseUrl', error: message('error_base_url') };
	}
	const configured = context.config.baseUrls[environment];
	return configured
		? { ok: true, url: configured }
		: { ok: false, field: 'environment', error: message('error_environment_missing') };
}
