import { useLinkShortener } from '../helpers/fixture';
import {
	BULK_CREATE_PATH,
	createMany,
	detailsOf,
	errorRows,
	linkRows,
	pairedIndices,
	summary,
} from '../helpers/bulk';

const path = BULK_CREATE_PATH;
const LIST_PATH = '/v1/links/list';
const autoMap = createMany({ mappingMode: 'autoMap' });

/** A 2xx whose body is not the expected answer is ambiguous (D7): never taken for success, never a crash. */
describe('Bulk > Create Many: 2xx answers that are not the answer', () => {
	const ls = useLinkShortener();
	const created = () =>
		[...ls.sandbox.links.values()].filter((link) =>
			link.longUrl.startsWith('https://example.com/page/'),
		);

	it.each(['html', 'empty', 'errorShaped'] as const)(
		'a one-row batch answered 200 with %s (nothing created) is not "created": the look-up finds nothing, the row is sent again',
		async (kind) => {
			ls.sandbox.injectFault({ method: 'POST', path, fault: { kind } });
			const input = linkRows(1);

			const { items, error } = await ls.run(autoMap, input);

			expect(error).toBeUndefined();
			expect(summary(ls.sandbox.requests).map(([, p, status]) => [p, status])).toEqual([
				[path, 200],
				[LIST_PATH, 200],
				[path, 200],
			]);
			expect(created()).toHaveLength(1);
			expect(items).toEqual([
				{
					json: expect.objectContaining({ id: created()[0].id, longUrl: input[0].longUrl }),
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it.each(['html', 'empty', 'errorShaped'] as const)(
		'a batch created and then answered 200 with %s: the look-up finds its links, output as created, nothing sent twice',
		async (body) => {
			ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'junkAfterApply', body } });
			const input = linkRows(3);

			const { items, error } = await ls.run(autoMap, input);

			expect(error).toBeUndefined();
			expect(summary(ls.sandbox.requests).map(([, p]) => p)).toEqual([path, LIST_PATH]);
			expect(created()).toHaveLength(3);
			expect(pairedIndices(items)).toEqual([0, 1, 2]);
			const idOf = (url: unknown) => created().find((link) => link.longUrl === url)?.id;
			expect(items.map((item) => item.json.id)).toEqual(input.map((row) => idOf(row.longUrl)));
		},
	);

	it('data: [null, 7] is no crash: those rows are looked up and found, the other row is taken from the answer', async () => {
		ls.sandbox.injectFault({
			method: 'POST',
			path,
			fault: { kind: 'replaceElements', elements: { '0': null, '1': 7 } },
		});
		const input = linkRows(3);

		const { items, error } = await ls.run(autoMap, input);

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests).map(([, p]) => p)).toEqual([path, LIST_PATH]);
		expect(created()).toHaveLength(3);
		expect(items.map((item) => [item.json.longUrl, item.pairedItem])).toEqual(
			input.map((row, i) => [row.longUrl, { item: i }]),
		);
	});

	it('data: [null, 7] with Continue On Fail and a failing look-up: those rows are in-doubt error items, no TypeError', async () => {
		ls.sandbox.injectFault({
			method: 'POST',
			path,
			fault: { kind: 'replaceElements', elements: { '0': null, '1': 7 } },
		});
		ls.sandbox.injectFault({
			method: 'POST',
			path: LIST_PATH,
			fault: { kind: 'status', status: 503 },
		});
		const input = linkRows(3);

		const { items, error } = await ls.run(autoMap, input, { continueOnFail: true });

		expect(error).toBeUndefined();
		expect(pairedIndices(items)).toEqual([0, 1, 2]);
		expect(errorRows(items)).toEqual([0, 1]);
		expect(items[0].json.error).toMatch(
			/^In doubt: The server answered 200 without a usable link for this row, and the look-up .* failed too: /,
		);
		expect(JSON.stringify(items)).not.toMatch(/TypeError|Cannot read/);
		expect(detailsOf(items[1])).toMatchObject({ outcome: 'inDoubt', link: input[1] });
		expect(items[2].json.longUrl).toBe(input[2].longUrl);
	});

	it('an HTML error page is described by its type and title in the message, never its markup', async () => {
		ls.sandbox.injectFault({
			method: 'POST',
			path,
			fault: { kind: 'html', status: 200, bytes: 20_000 },
		});
		ls.sandbox.injectFault({
			method: 'POST',
			path: LIST_PATH,
			fault: { kind: 'status', status: 503 },
		});

		const { error } = await ls.run(autoMap, linkRows(1));

		expect(error?.message).toMatch(
			/^Bulk create stopped: input item 0 got no usable answer: The server answered 200 with a body that is not the expected answer: text\/html "Welcome",/,
		);
		expect(error?.message).not.toMatch(/<[a-z!]/i);
		expect(error!.message.length).toBeLessThan(1_000);
		expect(error?.message).not.toContain(ls.sandbox.apiKey);
	});
});
