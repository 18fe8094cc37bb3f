/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { DestinationChecker } from '../../nodes/LinkShortener/destinations/check';

/**
 * n8n hands its plain `httpRequest` no cancel signal: the checker passes the execution's own,
 * so that a cancelled Check Destination sends nothing more and ends the requests in flight.
 */
describe('destination checks, once the execution is cancelled', () => {
	/** A page that answers 200 after `ms`, unless its request is aborted (as axios rejects it). */
	const slowPages = (ms = 200) => {
		const sent: string[] = [];
		const send = async (options: IHttpRequestOptions) => {
			sent.push(`${options.method} ${options.url}`);
			return await new Promise((resolve, reject) => {
				const timer = setTimeout(() => resolve({ statusCode: 200, headers: {} }), ms);
				(options.abortSignal as AbortSignal | undefined)?.addEventListener('abort', () => {
					clearTimeout(timer);
					reject(Object.assign(new Error('canceled'), { code: 'ERR_CANCELED' }));
				});
			});
		};
		return { sent, send };
	};

	it('a check in flight ends at once with the reason; a later check sends nothing', async () => {
		const { sent, send } = slowPages(5_000);
		const controller = new AbortController();
		const checker = new DestinationChecker(send, {
			timeoutMs: 10_000,
			maxRedirects: 10,
			signal: controller.signal,
		});
		const started = Date.now();
		const checking = checker.check('https://example.com/a');
		setTimeout(() => controller.abort(new Error('cancelled by the user')), 20);

		await expect(checking).rejects.toThrow('cancelled by the user');
		// Long before the page answers, however late a busy machine fires the timers.
		expect(Date.now() - started).toBeLessThan(2_500);
		await expect(checker.check('https://example.com/b')).rejects.toThrow('cancelled by the user');
		expect(sent).toEqual(['HEAD https://example.com/a']);
	});

	it('before the cancel, a check is what the page answers', async () => {
		const { send } = slowPages();
		const checker = new DestinationChecker(send, {
			timeoutMs: 10_000,
			maxRedirects: 10,
			signal: new AbortController().signal,
		});
		await expect(checker.check('https://example.com/a')).resolves.toMatchObject({
			ok: true,
			status: 200,
			problem: null,
		});
	});
});
