import { useLinkShortener } from '../helpers/fixture';
import {
	BULK_CREATE_PATH,
	closedPort,
	createMany,
	detailsOf,
	errorRows,
	linkRows,
	pairedIndices,
	summary,
} from '../helpers/bulk';

const path = BULK_CREATE_PATH;
const LIST_PATH = '/v1/links/list';
/** Lets the first bulk create through untouched, so that the next fault hits the second batch. */
const passFirstBatch = { method: 'POST', path, fault: { kind: 'delay' as const, ms: 0 } };
const autoMap = (batchSize: number) =>
	createMany({ mappingMode: 'autoMap', options: { batchSize } });

describe('Bulk > Create Many: no loss, no duplicates (D7)', () => {
	const ls = useLinkShortener();
	const createdUrls = () =>
		[...ls.sandbox.links.values()]
			.map((link) => link.longUrl)
			.filter((url) => url.startsWith('https://example.com/page/'));

	it('a 5xx is not re-sent blindly: the look-up finds none of its rows, so only they are sent again, and every row is created once', async () => {
		ls.sandbox.injectFault(passFirstBatch);
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'status', status: 503 } });
		const input = linkRows(6);

		const { items, error } = await ls.run(autoMap(2), input);

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests)).toEqual([
			['POST', path, 200, 2],
			['POST', path, 503, 2],
			['POST', LIST_PATH, 200, undefined],
			['POST', path, 200, 2],
			['POST', path, 200, 2],
		]);
		expect(ls.sandbox.requests[3].body).toEqual(ls.sandbox.requests[1].body);
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3, 4, 5]);
		expect(createdUrls().sort()).toEqual(input.map((row) => row.longUrl).sort());
	});

	it('a 5xx whose look-up fails too stops the run: its rows are in doubt (never "No link was created"), the others named', async () => {
		ls.sandbox.injectFault(passFirstBatch);
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'status', status: 503 } });
		ls.sandbox.injectFault({
			method: 'POST',
			path: LIST_PATH,
			fault: { kind: 'status', status: 502 },
		});

		const { items, error } = await ls.run(autoMap(2), linkRows(6));

		expect(summary(ls.sandbox.requests).map(([, p, status]) => [p, status])).toEqual([
			[path, 200],
			[path, 503],
			[LIST_PATH, 502],
		]);
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(
			'Bulk create stopped: batch 2 of 3 (input items 2–3) got no usable answer: 503 Injected fault: HTTP 503, ' +
				'and the look-up of the links created since then failed too: 502 Injected fault: HTTP 502. ' +
				'2 links were already created (input items 0–1; batch 1). In doubt, not re-sent: input items 2–3. Not created: input items 4–5.',
		);
		expect(error?.description).toContain('does not send them again');
		expect(error?.context).toMatchObject({
			createdCount: 2,
			inDoubtItems: '2–3',
			notCreatedItems: '4–5',
		});
	});

	it('a connection dropped before the server applied anything: the look-up finds nothing, the rows are sent again, created once', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'drop' } });
		const input = linkRows(4);

		const { items, error } = await ls.run(autoMap(2), input, { continueOnFail: true });

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests).map(([, p, status, size]) => [p, status, size])).toEqual([
			[path, 0, 2],
			[LIST_PATH, 200, undefined],
			[path, 200, 2],
			[path, 200, 2],
		]);
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3]);
		expect(errorRows(items)).toEqual([]);
		expect(createdUrls().sort()).toEqual(input.map((row) => row.longUrl).sort());
	});

	it('a response lost after the server created the batch: the look-up finds its links, they are output as created, nothing is sent twice', async () => {
		ls.sandbox.injectFault(passFirstBatch);
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'dropAfterApply' } });
		const input = linkRows(6);

		const { items, error } = await ls.run(autoMap(2), input);

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests).map(([, p, status, size]) => [p, status, size])).toEqual([
			[path, 200, 2],
			[path, 0, 2],
			[LIST_PATH, 200, undefined],
			[path, 200, 2],
		]);
		expect(createdUrls().sort()).toEqual(input.map((row) => row.longUrl).sort());
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3, 4, 5]);
		const stored = (i: number) =>
			[...ls.sandbox.links.values()].find((link) => link.longUrl === input[i].longUrl)?.id;
		expect(items.map((item) => item.json.id)).toEqual(input.map((_, i) => stored(i)));
	});

	it('a lost response whose look-up fails too: with Continue On Fail its rows are in-doubt error items saying so, later batches go on', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'dropAfterApply' } });
		ls.sandbox.injectFault({ method: 'POST', path: LIST_PATH, fault: { kind: 'drop' } });
		const input = linkRows(4);

		const { items } = await ls.run(autoMap(2), input, { continueOnFail: true });

		expect(errorRows(items)).toEqual([0, 1]);
		expect(items[0].json.error).toMatch(
			/^In doubt: .*, and the look-up of the links created since then failed too: .*it was not sent again, to avoid a duplicate$/,
		);
		expect(items[0].json.error).not.toMatch(/No link was created/);
		expect(detailsOf(items[0])).toMatchObject({
			inputItem: 0,
			outcome: 'inDoubt',
			batch: 1,
			link: input[0],
		});
		expect(items[2].json.longUrl).toBe(input[2].longUrl);
		expect(createdUrls().sort()).toEqual(input.map((row) => row.longUrl).sort());
	});

	it('a row refused by the server (422 naming it) is its own error item with the server reason; the rest of its batch and the next batch are created', async () => {
		const input = linkRows(4);
		input[1].path = 'spring'; // taken by a seeded link: only the server can tell

		const { items } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 2 } }),
			input,
			{ continueOnFail: true },
		);

		expect(summary(ls.sandbox.requests).map(([, , status, size]) => [status, size])).toEqual([
			[422, 2],
			[200, 1],
			[200, 2],
		]);
		expect(errorRows(items)).toEqual([1]);
		expect(items[1].json.error).toBe(
			'Not created: 422 Item 1: path: "spring" is already taken on sho.rt',
		);
		expect(detailsOf(items[1])).toMatchObject({ outcome: 'notCreated', httpCode: '422', batch: 1 });
		expect(createdUrls().sort()).toEqual([input[0].longUrl, input[2].longUrl, input[3].longUrl]);
	});

	it('a refused connection created nothing: the rows are "not created", not "in doubt"', async () => {
		const baseUrl = `http://127.0.0.1:${await closedPort()}/api`;

		const { error } = await ls.run(autoMap(2), linkRows(3), {
			credentials: { linkShortenerApi: { baseUrl, apiKey: 'any' } },
		});

		expect(error?.message).toMatch(
			/^Bulk create stopped: batch 1 of 2 \(input items 0–1\) was not created: .*Not created: input items 0–2\.$/,
		);
		expect(error?.context).toMatchObject({ inDoubtItems: 'none', notCreatedItems: '0–2' });
	});

	it('a wrong API key stops the run after one request, with Continue On Fail too', async () => {
		const { items } = await ls.run(autoMap(2), linkRows(5), {
			credentials: ls.credentialsWithKey('wrong-key'),
			continueOnFail: true,
		});

		expect(summary(ls.sandbox.requests)).toEqual([['POST', path, 401, 2]]);
		expect(errorRows(items)).toEqual([0, 1, 2, 3, 4]);
		expect(items[0].json.error).toMatch(
			/^Not created: 401 Unauthorized: the API key is missing, invalid or expired/,
		);
		expect(items[4].json.error).toMatch(/^Not sent: the run stopped at batch 1: 401 Unauthorized/);
	});
});
