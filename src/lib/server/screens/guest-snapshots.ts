/**
 * The snapshots of the guest screens (#lib/shared/screen-snapshot.ts): what the page's load
 * renders and what `/api/<screen>/snapshot` answers, from the server's store — the identity and
 * deposit configuration as last fetched (never fetched per page: spec 1 caches and refreshes
 * them), the menu (sold-out products marked), the screen's settings. One function per screen, so the page and
 * the endpoint cannot drift apart.
 */
import { isRestricted } from '#lib/shared/age-limits.ts';
import { isUnattended } from '../devices/unattended.ts';
import type {
	DepositTerms,
	KioskSnapshot,
	MenuItem,
	Part,
	ReturnSnapshot,
	ScreenIdentity
} from '#lib/shared/screen-snapshot.ts';
import type { VenueNames } from '#lib/shared/translated.ts';
import {
	additiveNamesOf,
	DEFAULT_ADDITIVES,
	venueAdditives,
	type Additive
} from '../catalog/additives.ts';
import { venueAgeLimits } from '../catalog/age-limits.ts';
import { venueNames } from '../catalog/menu-names.ts';
import type { Product } from '../catalog/product.ts';
import { printerSettings } from '../printer/printer-settings.ts';
import type { ServerContext } from '../context.ts';
import {
	activeDepositConfiguration,
	featuresOf,
	type PlatformView
} from '../devices/platform-view.ts';
import type { DepositConfiguration } from '../platform/deposits.ts';
import { returnSettings } from '../returns/return-settings.ts';
import { kioskSettings } from '../sales/kiosk-settings.ts';
import { placeMediaAddress, placeMediaOf } from './place-media.ts';
import { guestLanguages } from './guest-languages.ts';
import { screenGeometry } from './screen-geometry.ts';
import { depositCategories } from '../setup/device-overview.ts';

/** The identity as a screen keeps it: names, authorities and desks; no ids, nothing secret. */
function identityPart(view: PlatformView): Part<ScreenIdentity | null> {
	const identity = view.identity;
	const media = placeMediaOf(identity?.place.avatarMedia);
	return {
		value: identity && {
			organization: identity.organization.name,
			place: identity.place.name,
			avatar: media.picture && placeMediaAddress('picture', media.picture),
			avatarClip: media.clip && placeMediaAddress('clip', media.clip),
			authorities: [...identity.authorities],
			desks: identity.relatedDesks.map((desk) => ({ name: desk.name, enabled: desk.enabled }))
		},
		fetchedAt: view.identityFetchedAt
	};
}

/** The deposit terms the checkout prices by (devices/platform-view.ts). */
function depositsPart(
	view: PlatformView,
	containers: VenueNames['containers']
): Part<DepositTerms | null> {
	const configuration = activeDepositConfiguration(view);
	return {
		value: configuration && depositTermsOf(configuration, containers),
		fetchedAt: view.depositsFetchedAt
	};
}

/**
 * The configuration's hybrid products (spec 1: a product with a container category), each
 * category with the names staff gave it (`containers`, catalog/menu-names.ts).
 */
export function depositTermsOf(
	configuration: DepositConfiguration,
	containers: VenueNames['containers'] = {}
): DepositTerms {
	return {
		categories: depositCategories(configuration).map((category) => ({
			id: category.id,
			name: category.name,
			names: containers[category.id],
			unitMinor: category.depositGrossMinor,
			currencyCode: category.currencyCode,
			expirationHours: category.expirationHours
		})),
		products: configuration.hybridRevoTokenProducts.map(({ productId, hybridCategory }) => ({
			productId,
			categoryId: hybridCategory.id
		}))
	};
}

/**
 * The menu in menu order, each product with the names staff gave its category (`categories`,
 * catalog/menu-names.ts), the names of the additives it and its choices name (`additives`, the
 * venue's list: catalog/additives.ts) and whether it is sold out: the kiosk does not offer a
 * sold-out product, but names it in a basket that holds one (the guest learns which line is gone).
 */
export function menuItemsOf(
	products: readonly Product[],
	categories: VenueNames['categories'] = {},
	additives: readonly Additive[] = DEFAULT_ADDITIVES
): MenuItem[] {
	return products.map(
		({
			id,
			category,
			name,
			description,
			grossMinor,
			currencyCode,
			image,
			options,
			available,
			facts,
			minAge
		}) => ({
			id,
			category,
			categoryNames: categories[category],
			name,
			description,
			grossMinor,
			currencyCode,
			image,
			options,
			soldOut: !available,
			facts,
			minAge,
			additiveNames: additiveNamesOf(additives, [
				...facts.additives,
				...options.flatMap((group) => group.choices.flatMap((choice) => choice.additives ?? []))
			])
		})
	);
}

/**
 * What a kiosk set to run unattended (devices/unattended.ts) offers: no age-restricted product
 * or choice, and no product whose required group has only such choices left.
 */
export function unattendedMenu(products: readonly Product[]): Product[] {
	return products
		.filter((product) => !isRestricted(product))
		.map((product) => ({
			...product,
			options: product.options.map((group) => ({
				...group,
				choices: group.choices.filter((choice) => !isRestricted(choice))
			}))
		}))
		.filter((product) => product.options.every((group) => group.choices.length >= group.min))
		.map((product) => ({
			...product,
			options: product.options
				.filter((group) => group.choices.length > 0)
				.map((group) => ({ ...group, max: Math.min(group.max, group.choices.length) }))
		}));
}

async function base(context: ServerContext, deviceId: string, now: Date, names: VenueNames) {
	const view = await context.views.get(deviceId);
	const features = featuresOf(view);
	return {
		deviceId,
		servedAt: now.toISOString(),
		identity: identityPart(view),
		deposits: depositsPart(view, names.containers),
		features: { deposits: features.deposits, loyalty: features.loyalty },
		screenGeometry: await screenGeometry(context.settings),
		languages: await guestLanguages(context.settings)
	};
}

export async function kioskSnapshot(
	context: ServerContext,
	deviceId: string,
	now = new Date()
): Promise<KioskSnapshot> {
	const [settings, printer, terminal, names, additives, unattended, ageLimits] = await Promise.all([
		kioskSettings(context.settings),
		printerSettings(context.settings, deviceId),
		context.terminals.cardTerminalOf(deviceId),
		venueNames(context.settings),
		venueAdditives(context.settings),
		isUnattended(context.settings, deviceId),
		venueAgeLimits(context.settings)
	]);
	const products = await context.catalog.list();
	// Read from the server's own store as it answers: the menu and settings are that new.
	const fetchedAt = now.toISOString();
	return {
		screen: 'kiosk',
		...(await base(context, deviceId, now, names)),
		menu: {
			value: menuItemsOf(
				unattended ? unattendedMenu(products) : products,
				names.categories,
				additives
			),
			fetchedAt
		},
		settings: {
			value: {
				idleSeconds: settings.idleSeconds,
				creditPaymentType: settings.creditPaymentType,
				serviceFeeMinor: settings.serviceFeeMinor,
				suggestedProductId: settings.suggestedProductId,
				printer: printer?.mode ?? null,
				cardTerminal: terminal,
				ageLimits
			},
			fetchedAt
		}
	};
}

export async function returnSnapshot(
	context: ServerContext,
	deviceId: string,
	now = new Date()
): Promise<ReturnSnapshot> {
	return {
		screen: 'return',
		...(await base(context, deviceId, now, await venueNames(context.settings))),
		settings: { value: await returnSettings(context.settings), fetchedAt: now.toISOString() }
	};
}
