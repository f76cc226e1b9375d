/**
 * The guest screen's steps after the payment choice (the loyalty scan, the credit summary, the
 * card terminal, the receipt) as one chunk of their own: KioskScreen loads it as soon as the
 * screen is up, so it is not part of the initial JavaScript (issue 4: at most 60 KB gzip before
 * the scanner loads; `npm run bench:bundle -- /kiosk`) and is there long before a guest pays.
 */
export { default as CardTerminal } from './CardTerminal.svelte';
export { default as CreditSummary } from './CreditSummary.svelte';
export { default as LoyaltyScan } from './LoyaltyScan.svelte';
export { default as Receipt } from './Receipt.svelte';
