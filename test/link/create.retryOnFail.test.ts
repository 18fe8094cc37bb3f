import type { IRun } from 'n8n-workflow';

import { useLinkShortener } from '../helpers/fixture';

/** The run's own verdict: the engine runner's `error` also reports an attempt that a retry then recovered from. */
const succeeded = (run: IRun) =>
	run.data.resultData.error === undefined &&
	run.data.resultData.runData.Node[0].error === undefined;
const retryOnFail = { nodeOverrides: { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 } };
const CREATE = { method: 'POST', path: '/v1/links/' };

/** D7: n8n's Retry On Fail runs the node again in the same execution; a retry must not create again what the failed attempt created. */
describe('Link > Create with Retry On Fail', () => {
	const ls = useLinkShortener();
	const input = [0, 1, 2].map((i) => ({ longUrl: `https://example.com/retry/${i}` }));
	const created = () =>
		[...ls.sandbox.links.values()]
			.map((link) => link.longUrl)
			.filter((url) => url.startsWith('https://example.com/retry/'));
	const create = { resource: 'link', operation: 'create', longUrl: '={{ $json.longUrl }}' };

	it('a refused row stops the node: the retry sends that row only, the others get the links created before', async () => {
		ls.sandbox.injectFault({ ...CREATE, fault: { kind: 'delay', ms: 0 } });
		ls.sandbox.injectFault({ ...CREATE, fault: { kind: 'status', status: 400 } });

		const { items, run } = await ls.run(create, input, retryOnFail);

		expect(succeeded(run)).toBe(true);
		const posts = ls.sandbox.requests.filter((request) => request.method === 'POST');
		expect(posts.map((request) => request.status)).toEqual([200, 400, 200, 200]);
		expect(created().sort()).toEqual(input.map((row) => row.longUrl));
		expect(items.map((item) => [item.json.longUrl, item.pairedItem])).toEqual(
			input.map((row, i) => [row.longUrl, { item: i }]),
		);
	});

	it('rows changed since the failed attempt are sent again', async () => {
		ls.sandbox.injectFault({ ...CREATE, fault: { kind: 'delay', ms: 0 } });
		ls.sandbox.injectFault({ ...CREATE, fault: { kind: 'status', status: 400 } });
		const changing = { ...create, title: '={{ $runIndex }}-{{ Date.now() }}' };

		const { run } = await ls.run(changing, input, retryOnFail);

		expect(succeeded(run)).toBe(true);
		expect(ls.sandbox.requests.filter((request) => request.method === 'POST')).toHaveLength(6);
	});
});
