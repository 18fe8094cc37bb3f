import { useLinkShortener } from '../fixture';
import { BULK_CREATE_PATH, closedPort, createMany, detailsOf, errorRows, linkRows, pairedIndices, summary } from './helpers';

const path = BULK_CREATE_PATH;
/** Lets the first bulk create through untouched, so that the next fault hits the second batch. */
const passFirstBatch = { method: 'POST', path, fault: { kind: 'delay' as const, ms: 0 } };
const autoMap = (batchSize: number) => createMany({ mappingMode: 'autoMap', options: { batchSize } });

describe('Bulk > Create Many: no loss, no duplicates (D7)', () => {
	const ls = useLinkShortener();
	const createdUrls = () =>
		[...ls.sandbox.links.values()].map((link) => link.longUrl).filter((url) => url.startsWith('https://example.com/page/'));

	it('a 5xx is not re-sent: the run stops and names the rows in doubt, the created batch and the rows not sent', async () => {
		ls.sandbox.injectFault(passFirstBatch);
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'status', status: 503 } });

		const { items, error } = await ls.run(autoMap(2), linkRows(6));

		expect(summary(ls.sandbox.requests)).toEqual([
			['POST', path, 200, 2],
			['POST', path, 503, 2],
		]);
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(
			'Bulk create stopped: batch 2 of 3 (input items 2–3) got no usable answer: 503 Injected fault: HTTP 503. ' +
				'2 links were already created (input items 0–1; batch 1). In doubt, not re-sent: input items 2–3. Not created: input items 4–5.',
		);
		expect(error?.description).toContain('does not send them again');
		expect(error?.context).toMatchObject({ createdCount: 2, inDoubtItems: '2–3', notCreatedItems: '4–5' });
	});

	it('a dropped connection is not re-sent; with Continue On Fail its rows are in-doubt error items and later batches go on', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'drop' } });
		const input = linkRows(4);

		const { items, error } = await ls.run(autoMap(2), input, { continueOnFail: true });

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests)).toEqual([
			['POST', path, 0, 2],
			['POST', path, 200, 2],
		]);
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3]);
		expect(errorRows(items)).toEqual([0, 1]);
		expect(items[0].json.error).toMatch(/^In doubt: .*it was not sent again, to avoid a duplicate$/);
		expect(detailsOf(items[0])).toMatchObject({ inputItem: 0, outcome: 'inDoubt', batch: 1, link: input[0] });
		expect(items[2].json.longUrl).toBe(input[2].longUrl);
		expect(createdUrls().sort()).toEqual([input[2].longUrl, input[3].longUrl]);
	});

	it('a response lost after the server created the batch is not re-sent, so there is no duplicate', async () => {
		ls.sandbox.injectFault(passFirstBatch);
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'dropAfterApply' } });
		const input = linkRows(6);

		const { items } = await ls.run(autoMap(2), input, { continueOnFail: true });

		expect(summary(ls.sandbox.requests).map(([, , status, size]) => [status, size])).toEqual([
			[200, 2],
			[0, 2],
			[200, 2],
		]);
		expect(createdUrls().sort()).toEqual(input.map((row) => row.longUrl).sort());
		expect(errorRows(items)).toEqual([2, 3]);
		expect(items.map((item) => detailsOf(item)?.outcome ?? 'created')).toEqual([
			'created',
			'created',
			'inDoubt',
			'inDoubt',
			'created',
			'created',
		]);
	});

	it('without Continue On Fail, a lost response stops the run and nothing after it is sent', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'dropAfterApply' } });

		const { error } = await ls.run(autoMap(2), linkRows(4));

		expect(ls.sandbox.requests).toHaveLength(1);
		expect(createdUrls()).toHaveLength(2);
		expect(error?.message).toMatch(
			/^Bulk create stopped: batch 1 of 2 \(input items 0–1\) got no usable answer: .*No link was created\. In doubt, not re-sent: input items 0–1\. Not created: input items 2–3\.$/,
		);
	});

	it('a batch the server refuses (422) was not created; with Continue On Fail its rows are error items and the next batch is sent', async () => {
		const input = linkRows(4);
		input[1].path = 'spring'; // taken by a seeded link: only the server can tell

		const { items } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 2 } }),
			input,
			{ continueOnFail: true },
		);

		expect(summary(ls.sandbox.requests).map(([, , status]) => status)).toEqual([422, 200]);
		expect(errorRows(items)).toEqual([0, 1]);
		expect(items[1].json.error).toBe('Not created: 422 Item 1: path: "spring" is already taken on sho.rt');
		expect(detailsOf(items[1])).toMatchObject({ outcome: 'notCreated', httpCode: '422', batch: 1 });
		expect(createdUrls().sort()).toEqual([input[2].longUrl, input[3].longUrl]);
	});

	it('a refused connection created nothing: the rows are "not created", not "in doubt"', async () => {
		const baseUrl = `http://127.0.0.1:${await closedPort()}/api`;

		const { error } = await ls.run(autoMap(2), linkRows(3), {
			credentials: { linkShortenerApi: { baseUrl, apiKey: 'any' } },
		});

		expect(error?.message).toMatch(/^Bulk create stopped: batch 1 of 2 \(input items 0–1\) was not created: .*Not created: input items 0–2\.$/);
		expect(error?.context).toMatchObject({ inDoubtItems: 'none', notCreatedItems: '0–2' });
	});

	it('a wrong API key stops the run after one request, with Continue On Fail too', async () => {
		const { items } = await ls.run(autoMap(2), linkRows(5), {
			credentials: ls.credentialsWithKey('wrong-key'),
			continueOnFail: true,
		});

		expect(summary(ls.sandbox.requests)).toEqual([['POST', path, 401, 2]]);
		expect(errorRows(items)).toEqual([0, 1, 2, 3, 4]);
		expect(items[0].json.error).toMatch(/^Not created: 401 Unauthorized: the API key is missing, invalid or expired/);
		expect(items[4].json.error).toMatch(/^Not sent: the run stopped at batch 1: 401 Unauthorized/);
	});
});
