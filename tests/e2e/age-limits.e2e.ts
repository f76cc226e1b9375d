/**
 * The venue's age limits (docs/age-checks.md, Setting them): a manager rewords what 18+ covers
 * and adds a 21+ on the setup page; the menu page offers 21 for a product; a guest asked for
 * their age at the Aperol Spritz (18+) reads the venue's English text, and in German, where the
 * venue wrote none, Germany's. The limits are put back as they were (one store for the run).
 */
import { type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { addProduct, ageQuestion, beginOrder, checkStep, pairKiosk } from './kiosk-support.ts';
import { expectNoAxeViolations, logIn, screenshot, simulator, staffPageReady } from './support.ts';

test.use({ hasTouch: true });

test.beforeEach(async ({ request }) => {
	await request.post(`${simulator}/_sim/reset`);
});

const SPIRITS = 'spirits, cocktails and long drinks';

/** The setup page's age limits form, saved with what `fill` put in. */
async function saveAgeLimits(
	staff: Page,
	fill: (form: ReturnType<typeof ageLimits>) => Promise<void>
) {
	await staff.goto('/setup');
	await staffPageReady(staff);
	const form = ageLimits(staff);
	await fill(form);
	await form.getByRole('button', { name: 'Save age limits' }).click();
	await expect(ageLimits(staff).getByRole('status')).toHaveText('Age limits saved.');
}

const ageLimits = (staff: Page) => staff.getByRole('region', { name: 'Age limits' });

test('the manager rewords 18+ and adds 21+; the guest’s age question says it', async ({
	page: kiosk,
	browser
}) => {
	const staff = await browser.newPage();
	await logIn(staff);
	await staff.goto('/setup');
	await staffPageReady(staff);
	// Germany's texts are filled in, in each language the venue offers.
	const eighteen = ageLimits(staff).getByRole('group', { name: '18+' });
	await expect(eighteen.getByLabel('What it covers in English')).toHaveValue(
		'spirits and drinks containing them'
	);
	await expect(eighteen.getByLabel('What it covers in Français')).toHaveValue(
		'spiritueux et boissons qui en contiennent'
	);
	await expectNoAxeViolations(staff);

	// An age given twice is refused in words, nothing saved; the form shows what was typed.
	const added = ageLimits(staff).getByRole('group', { name: 'Add an age' });
	await added.getByLabel('Minimum age').fill('18');
	await added.getByLabel('What it covers in English').fill('rum');
	await eighteen.getByLabel('What it covers in English').fill(SPIRITS);
	await ageLimits(staff).getByRole('button', { name: 'Save age limits' }).click();
	await expect(ageLimits(staff).getByRole('alert')).toHaveText('Age 18 is given twice.');
	await expect(ageLimits(staff).getByRole('group', { name: '21+' })).toHaveCount(0);
	await expect(added.getByLabel('Minimum age')).toHaveValue('18');
	await expect(added.getByLabel('What it covers in English')).toHaveValue('rum');
	await expect(eighteen.getByLabel('What it covers in English')).toHaveValue(SPIRITS);
	await staff.goto('/setup');
	await staffPageReady(staff);
	await expect(eighteen.getByLabel('What it covers in English')).toHaveValue(
		'spirits and drinks containing them'
	);

	try {
		await saveAgeLimits(staff, async (form) => {
			await form
				.getByRole('group', { name: '18+' })
				.getByLabel('What it covers in English')
				.fill(SPIRITS);
			const add = form.getByRole('group', { name: 'Add an age' });
			await add.getByLabel('Minimum age').fill('21');
			await add.getByLabel('What it covers in English').fill('whisky');
		});
		await expect(
			ageLimits(staff).getByRole('group', { name: '21+' }).getByLabel('What it covers in English')
		).toHaveValue('whisky');
		await screenshot(staff, 'setup-age-limits');

		// The menu page offers the new age for a product.
		await staff.goto('/setup/menu');
		await staffPageReady(staff);
		await expect(
			staff
				.getByLabel('Minimum age of Aperol Spritz')
				.getByRole('option', { name: 'From 21: whisky' })
		).toBeAttached();

		await pairKiosk(kiosk);
		await beginOrder(kiosk);
		await addProduct(kiosk, 'Mixed drinks', 'Aperol Spritz');
		await kiosk.getByRole('button', { name: 'Go to payment' }).tap();
		const question = ageQuestion(kiosk, 18);
		await expect(question).toHaveAccessibleDescription(new RegExp(`^From 18: ${SPIRITS}\\.`));
		await checkStep(kiosk, 'age-question-venue-text');
		await question.getByRole('button', { name: 'Remove these' }).tap();
		await expect(question).toBeHidden();

		// In German the venue wrote nothing: Germany's text.
		await kiosk
			.locator('header.top')
			.getByRole('group', { name: 'Language' })
			.getByRole('button', { name: 'Deutsch', exact: true })
			.tap();
		await kiosk.getByRole('button', { name: 'Hinzufügen: Aperol Spritz', exact: true }).tap();
		await kiosk.getByRole('button', { name: 'Zur Bezahlung' }).tap();
		await expect(kiosk.getByRole('dialog')).toHaveAccessibleDescription(
			/^Ab 18: Spirituosen und Getränke mit Spirituosen\./
		);
	} finally {
		await saveAgeLimits(staff, async (form) => {
			await form
				.getByRole('group', { name: '18+' })
				.getByLabel('What it covers in English')
				.fill('');
			await form.getByRole('group', { name: '21+' }).getByLabel('Minimum age').fill('');
		});
		await expect(ageLimits(staff).getByRole('group', { name: '21+' })).toHaveCount(0);
		await expect(
			ageLimits(staff).getByRole('group', { name: '18+' }).getByLabel('What it covers in English')
		).toHaveValue('spirits and drinks containing them');
		await staff.close();
	}
});
