import type { IRun } from 'n8n-workflow';

import { useLinkShortener } from '../helpers/fixture';
import { BULK_CREATE_PATH, createMany, linkRows, pairedIndices } from '../helpers/bulk';

const path = BULK_CREATE_PATH;
const LIST_PATH = '/v1/links/list';
/** The run's own verdict: the engine runner's `error` also reports an attempt that a retry then recovered from. */
const succeeded = (run: IRun) =>
	run.data.resultData.error === undefined &&
	run.data.resultData.runData.Node[0].error === undefined;
const retryOnFail = { nodeOverrides: { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 } };

/** D7: n8n's Retry On Fail runs the node again in the same execution; a retry must not create again what the failed attempt created. */
describe('Bulk > Create Many with Retry On Fail', () => {
	const ls = useLinkShortener();
	const createdUrls = () =>
		[...ls.sandbox.links.values()]
			.map((link) => link.longUrl)
			.filter((url) => url.startsWith('https://example.com/page/'));

	it('a 503 on batch 2 whose look-up fails: the retry outputs batch 1 as created, looks batch 2 up, every row once on the server', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'delay', ms: 0 } });
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'status', status: 503 } });
		ls.sandbox.injectFault({
			method: 'POST',
			path: LIST_PATH,
			fault: { kind: 'status', status: 503 },
		});
		const input = linkRows(6);

		const { items, run } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 2 } }),
			input,
			retryOnFail,
		);

		expect(succeeded(run)).toBe(true);
		expect(
			ls.sandbox.requests.map((request) => [request.path, request.status, request.bodyItems]),
		).toEqual([
			[path, 200, 2],
			[path, 503, 2],
			[LIST_PATH, 503, undefined],
			// the retry
			[LIST_PATH, 200, undefined],
			[path, 200, 2],
			[path, 200, 2],
		]);
		expect(createdUrls().sort()).toEqual(input.map((row) => row.longUrl).sort());
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3, 4, 5]);
		expect(items.map((item) => item.json.longUrl)).toEqual(input.map((row) => row.longUrl));
	});

	it("a 503 on a small batch 2 after a large batch 1: the look-up reads past the run's own new links, the retry creates batch 2 once", async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'delay', ms: 0 } });
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'status', status: 503 } });
		const input = linkRows(350);

		const { items, run } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 300 } }),
			input,
			retryOnFail,
		);

		expect(succeeded(run)).toBe(true);
		const posts = ls.sandbox.requests
			.filter((request) => request.path === path)
			.map((request) => [request.status, request.bodyItems]);
		expect(posts).toEqual([
			[200, 300],
			[503, 50],
			[200, 50],
		]);
		// Each look-up reads newest first past the 300 links of batch 1 back to the send time: ⌈(50 + 300) / 100⌉ + 1 pages at most.
		const lists = ls.sandbox.requests.filter((request) => request.path === LIST_PATH);
		expect(lists.length).toBeLessThanOrEqual(2 * (Math.ceil(350 / 100) + 1));
		expect(createdUrls().sort()).toEqual(input.map((row) => row.longUrl).sort());
		expect(pairedIndices(items)).toEqual(input.map((_, index) => index));
	});

	it('a lost answer whose look-up fails: the retry finds the links by look-up and sends nothing again', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'dropAfterApply' } });
		ls.sandbox.injectFault({ method: 'POST', path: LIST_PATH, fault: { kind: 'drop' } });
		const input = linkRows(4);

		const { items, run } = await ls.run(createMany({ mappingMode: 'autoMap' }), input, retryOnFail);

		expect(succeeded(run)).toBe(true);
		expect(ls.sandbox.requests.filter((request) => request.path === path)).toHaveLength(1);
		expect(createdUrls().sort()).toEqual(input.map((row) => row.longUrl).sort());
		expect(items.map((item) => item.json.longUrl)).toEqual(input.map((row) => row.longUrl));
	});

	it('a run that needs no retry leaves nothing behind: running the same rows again in a new execution creates them again', async () => {
		const input = linkRows(2);
		await ls.run(createMany({ mappingMode: 'autoMap' }), input, retryOnFail);
		await ls.run(createMany({ mappingMode: 'autoMap' }), input, retryOnFail);

		expect(createdUrls()).toHaveLength(4);
	});
});
