/**
 * The guest screen's steps after the attract screen (the language choice, the menu and basket,
 * the payment choice, the loyalty scan, the credit summary, the card terminal, issuing, the
 * receipt), the idle guard that ends a sale left alone, and the failure messages they can lead
 * to, as one chunk of their own: KioskScreen
 * loads it as soon as the screen is up, so it is not part of the initial JavaScript (the budget:
 * at most 60 KB gzip before the scanner loads; `npm run bench:bundle -- /kiosk`) and is there
 * long before a guest has tapped "start". The service worker precaches it with every other chunk,
 * so it loads offline too.
 */
export { default as AgeCheck } from './AgeCheck.svelte';
export { default as Basket } from './Basket.svelte';
export { default as CardTerminal } from './CardTerminal.svelte';
export { default as CreditSummary } from './CreditSummary.svelte';
export { default as IdleGuard } from '#lib/components/IdleGuard.svelte';
export { default as Issuing } from './Issuing.svelte';
export { default as LanguageChoice } from './LanguageChoice.svelte';
export { default as LoyaltyScan } from './LoyaltyScan.svelte';
export { default as Menu } from './Menu.svelte';
export { default as OutOfOrder } from './OutOfOrder.svelte';
export { default as PaymentChoice } from './PaymentChoice.svelte';
export { default as Receipt } from './Receipt.svelte';
export { FAILURE_MESSAGES, PROBLEM_ACTION_LABELS } from './failure-messages.ts';
