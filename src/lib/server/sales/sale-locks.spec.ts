import { describe, expect, it } from 'vitest';
import { SaleLocks } from './sale-locks.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SaleLocks', () => {
	it('runs the steps of one sale one after the other, whatever the earlier one’s outcome', async () => {
		const locks = new SaleLocks();
		const order: string[] = [];
		let release!: () => void;
		const first = locks.run('s1', async () => {
			order.push('first start');
			await new Promise<void>((resolve) => (release = resolve));
			order.push('first end');
			throw new Error('refused');
		});
		const second = locks.run('s1', async () => {
			order.push('second');
			return 2;
		});
		await tick();
		expect(order).toEqual(['first start']);
		expect(locks.isBusy('s1')).toBe(true);
		release();
		await expect(first).rejects.toThrow('refused');
		expect(await second).toBe(2);
		expect(order).toEqual(['first start', 'first end', 'second']);
	});

	it('does not hold up another sale, and forgets a sale once its steps have ended', async () => {
		const locks = new SaleLocks();
		let release!: () => void;
		const slow = locks.run('s1', () => new Promise<void>((resolve) => (release = resolve)));
		expect(await locks.run('s2', async () => 'other')).toBe('other');
		await tick();
		expect(locks.isBusy('s2')).toBe(false);
		release();
		await slow;
		await tick();
		expect(locks.isBusy('s1')).toBe(false);
	});
});
