/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import * as workflow from 'n8n-workflow';

import {
	cancelSignalOf,
	throwIfCancelled,
	waitUnlessCancelled,
} from '../../nodes/LinkShortener/n8n/wait';

/** n8n 1.123.81's `sleep`: the signal ignored. Its timers are cleared after each test. */
const sleeping: Array<ReturnType<typeof setTimeout>> = [];
const sleepOf1x = async (ms: number) =>
	await new Promise<void>((resolve) => sleeping.push(setTimeout(resolve, ms)));

describe('waitUnlessCancelled: a wait ends when the execution is cancelled, in n8n 2.x and 1.x', () => {
	afterEach(() => {
		jest.restoreAllMocks();
		sleeping.splice(0).forEach(clearTimeout);
	});

	it.each([
		['2.x (its own sleep)', undefined],
		['1.123.81 (a sleep that ignores the signal)', sleepOf1x],
	])('%s: rejects at once with the reason; a wait without cancel ends', async (_n8n, sleep) => {
		if (sleep) jest.spyOn(workflow, 'sleep').mockImplementation(sleep);
		const controller = new AbortController();
		const started = Date.now();
		const waiting = waitUnlessCancelled(60_000, controller.signal);
		setTimeout(() => controller.abort(new Error('cancelled by the user')), 20);

		await expect(waiting).rejects.toThrow('cancelled by the user');
		expect(Date.now() - started).toBeLessThan(5_000);
		await expect(waitUnlessCancelled(10, new AbortController().signal)).resolves.toBeUndefined();
		await expect(waitUnlessCancelled(0, controller.signal)).rejects.toThrow(
			'cancelled by the user',
		);
	});
});

describe('cancelSignalOf and throwIfCancelled', () => {
	it("reads a run context's signal, called on the context; a poll's context has none", () => {
		const controller = new AbortController();
		const run = {
			signal: controller.signal,
			getExecutionCancelSignal(this: { signal: AbortSignal }) {
				return this.signal;
			},
		};
		expect(cancelSignalOf(run)).toBe(controller.signal);
		expect(cancelSignalOf({ getNode: () => ({}) })).toBeUndefined();
	});

	it('throws the reason once aborted, nothing before or without a signal', () => {
		const controller = new AbortController();
		expect(() => throwIfCancelled(controller.signal)).not.toThrow();
		expect(() => throwIfCancelled(undefined)).not.toThrow();
		controller.abort();
		expect(() => throwIfCancelled(controller.signal)).toThrow();
		const stopped = new AbortController();
		stopped.abort(new Error('cancelled by the user'));
		expect(() => throwIfCancelled(stopped.signal)).toThrow('cancelled by the user');
	});
});
