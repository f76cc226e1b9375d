/** The accessibility mode as loaded on demand (accessibility-launcher.svelte.ts). */
export { default as AccessibilityPanel } from '#lib/components/accessibility/AccessibilityPanel.svelte';
