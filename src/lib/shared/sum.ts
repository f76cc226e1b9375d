/** The sum of amounts (integer minor units stay integers). */
export const sum = (values: readonly number[]): number =>
	values.reduce((total, value) => total + value, 0);
