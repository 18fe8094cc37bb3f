import { useLinkShortener } from '../helpers/fixture';
import { DEFAULT_RATE_LIMIT } from '../../dev/sandbox/server';
import { BULK_CREATE_PATH, createMany, errorRows, linkRows, pairedIndices } from '../helpers/bulk';

const path = BULK_CREATE_PATH;
const statuses = (requests: Array<{ status: number }>) => requests.map((request) => request.status);
const gapsMs = (requests: Array<{ at: number }>) =>
	requests.slice(1).map((request, i) => request.at - requests[i].at);

describe('Bulk > Create Many: rate limits (D7)', () => {
	const ls = useLinkShortener();
	afterEach(() => ls.sandbox.setRateLimit(DEFAULT_RATE_LIMIT));

	it('re-sends a batch refused with 429 until it gets through, without duplicates', async () => {
		ls.sandbox.injectFault({
			method: 'POST',
			path,
			times: 3,
			fault: { kind: 'rateLimit', retryAfterSeconds: 0 },
		});
		const input = linkRows(5);

		const { items, error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 3 } }),
			input,
		);

		expect(error).toBeUndefined();
		expect(statuses(ls.sandbox.requests)).toEqual([429, 429, 429, 200, 200]);
		const firstBatch = ls.sandbox.requests.slice(0, 4).map((request) => request.body);
		expect(new Set(firstBatch.map((body) => JSON.stringify(body))).size).toBe(1);
		const created = [...ls.sandbox.links.values()].filter((link) =>
			link.longUrl.startsWith('https://example.com/page/'),
		);
		expect(created.map((link) => link.longUrl).sort()).toEqual(
			input.map((row) => row.longUrl).sort(),
		);
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3, 4]);
	});

	it('waits as long as Retry-After says before re-sending', async () => {
		ls.sandbox.injectFault({
			method: 'POST',
			path,
			fault: { kind: 'rateLimit', retryAfterSeconds: 1 },
		});

		const { items } = await ls.run(createMany({ mappingMode: 'autoMap' }), linkRows(2));

		expect(statuses(ls.sandbox.requests)).toEqual([429, 200]);
		expect(gapsMs(ls.sandbox.requests)[0]).toBeGreaterThanOrEqual(990);
		expect(items).toHaveLength(2);
	});

	it('backs off from 1 s when a 429 says neither Retry-After nor which window is spent', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'rateLimit' } });

		await ls.run(createMany({ mappingMode: 'autoMap' }), linkRows(1));

		expect(statuses(ls.sandbox.requests)).toEqual([429, 200]);
		expect(gapsMs(ls.sandbox.requests)[0]).toBeGreaterThanOrEqual(990);
	});

	it('pauses when X-RateLimit-Remaining-Second reaches 0, so the server never has to answer 429', async () => {
		ls.sandbox.setRateLimit({ perSecond: 3, perMinute: 1000 });

		const { items } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 1 } }),
			linkRows(5),
		);

		expect(statuses(ls.sandbox.requests)).toEqual([200, 200, 200, 200, 200]);
		const gaps = gapsMs(ls.sandbox.requests);
		expect(gaps[2]).toBeGreaterThanOrEqual(990);
		expect(Math.max(gaps[0], gaps[1], gaps[3])).toBeLessThan(500);
		expect(items).toHaveLength(5);
	});

	it('gives up after Max Retries, saying how many links were created and which rows were not', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'delay', ms: 0 } });
		ls.sandbox.injectFault({
			method: 'POST',
			path,
			times: 3,
			fault: { kind: 'rateLimit', retryAfterSeconds: 0 },
		});

		const { error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 2, maxRetries: 2 } }),
			linkRows(5),
		);

		expect(statuses(ls.sandbox.requests)).toEqual([200, 429, 429, 429]);
		expect(error?.message).toBe(
			'Bulk create stopped: batch 2 of 3 (input items 2–3) was not created: 429 Rate limit exceeded (injected fault) (still refused after 2 retries). ' +
				'2 links were already created (input items 0–1; batch 1). Not created: input items 2–4.',
		);
		expect(error?.context).toMatchObject({
			createdCount: 2,
			createdItems: '0–1',
			notCreatedItems: '2–4',
		});
	});

	it('with Continue On Fail, the rows not created after giving up are error items and nothing more is sent', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'delay', ms: 0 } });
		ls.sandbox.injectFault({
			method: 'POST',
			path,
			times: 2,
			fault: { kind: 'rateLimit', retryAfterSeconds: 0 },
		});

		const { items, error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 2, maxRetries: 1 } }),
			linkRows(6),
			{ continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(statuses(ls.sandbox.requests)).toEqual([200, 429, 429]);
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3, 4, 5]);
		expect(errorRows(items)).toEqual([2, 3, 4, 5]);
		expect(items[2].json.error).toMatch(/^Not created: 429 .*still refused after 1 retry\)$/);
		expect(items[4].json.error).toMatch(/^Not sent: the run stopped at batch 2: 429/);
	});

	it('a Retry-After beyond 60 s is not slept: the run stops at once and reports the rows not created', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'delay', ms: 0 } });
		ls.sandbox.injectFault({
			method: 'POST',
			path,
			fault: { kind: 'rateLimit', retryAfterSeconds: 86_400 },
		});

		const { items, error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 2 } }),
			linkRows(5),
			{ continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(statuses(ls.sandbox.requests)).toEqual([200, 429]);
		expect(errorRows(items)).toEqual([2, 3, 4]);
		expect(items[2].json.error).toBe(
			'Not created: 429 The server asked to wait 86400 s before sending again (Retry-After); the node waits at most 60 s',
		);
		expect(items[4].json.error).toMatch(
			/^Not sent: the run stopped at batch 2: 429 The server asked to wait 86400 s/,
		);
	});
});
