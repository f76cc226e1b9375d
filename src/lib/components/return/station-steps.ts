/**
 * The return station's steps after the scan (the choice of containers, the staff PIN, the
 * result) and the idle guard that ends a return left alone, as one chunk of their own: ReturnScreen loads it as soon as the screen is up, so it
 * is not part of the initial JavaScript (`npm run bench:bundle -- /return`), and the service
 * worker precaches it with every other chunk, so it loads offline too.
 */
export { default as IdleGuard } from '#lib/components/IdleGuard.svelte';
export { default as ReturnChoose } from './ReturnChoose.svelte';
export { default as ReturnResult } from './ReturnResult.svelte';
export { default as StaffPin } from './StaffPin.svelte';
