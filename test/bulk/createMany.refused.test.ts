/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import { useLinkShortener } from '../helpers/fixture';
import { BULK_CREATE_PATH, createMany, errorRows, linkRows, pairedIndices } from '../helpers/bulk';

const path = BULK_CREATE_PATH;
const autoMap = createMany({ mappingMode: 'autoMap' });
const REFUSED = [17, 5_000, 9_998];

/** D3: a 422 refuses the whole request; the refused rows are isolated, at most 1 + 2·k·⌈log2 n⌉ requests, paced. */
describe('Bulk > Create Many: rows refused by the server', () => {
	const ls = useLinkShortener();
	const created = () =>
		[...ls.sandbox.links.values()].filter((link) =>
			link.longUrl.startsWith('https://example.com/page/'),
		);
	const input = linkRows(10_000);
	const refuse = (withIndexes: boolean) =>
		ls.sandbox.injectFault({
			method: 'POST',
			path,
			times: Infinity,
			fault: {
				kind: 'refuseElements',
				longUrls: REFUSED.map((i) => input[i].longUrl as string),
				withIndexes,
			},
		});

	it.each([
		['without element indexes: halves, recursively', false],
		['with element indexes in the details', true],
	])(
		'10,000 rows, 3 refused, Continue On Fail, %s: 9,997 created once, 3 error items with the reason',
		async (_case, withIndexes) => {
			refuse(withIndexes);

			const { items, error } = await ls.run(autoMap, input, { continueOnFail: true });

			expect(error).toBeUndefined();
			const requests = ls.sandbox.requests;
			const bound = 1 + 2 * 3 * Math.ceil(Math.log2(10_000));
			expect(bound).toBe(85);
			expect(requests.length).toBeLessThanOrEqual(withIndexes ? 2 : bound);
			expect(requests.every((request) => request.path === path && request.status !== 429)).toBe(
				true,
			);
			expect(pairedIndices(items)).toEqual(input.map((_, i) => i));
			expect(errorRows(items)).toEqual(REFUSED);
			expect(items[5_000].json.error).toBe(
				`Not created: 422 ${withIndexes ? 'Item 5000: long_url: this destination is not allowed' : 'Validation failed: one or more links are invalid'}`,
			);
			expect(created()).toHaveLength(9_997);
			expect(new Set(created().map((link) => link.longUrl)).size).toBe(9_997);
			process.stdout.write(
				`bulk create, 3 refused among 10,000 (${_case}): ${requests.length} requests (bound ${bound})\n`,
			);
		},
	);

	it('without Continue On Fail: stops at the 422, names the refused rows, creates nothing more of that batch', async () => {
		refuse(true);

		const { items, error } = await ls.run(autoMap, linkRows(20), { continueOnFail: false });

		expect(items).toHaveLength(0);
		expect(ls.sandbox.requests.map((request) => request.status)).toEqual([422]);
		expect(created()).toHaveLength(0);
		expect(error?.message).toMatch(
			/^Bulk create stopped: batch 1 of 1 \(input items 0–19\) was not created: 422 .*Refused by the server: input items 17\. No link was created\. Not created: input items 0–19\.$/,
		);
		expect(error?.context).toMatchObject({ refusedItems: '17', notCreatedItems: '0–19' });
	});
});
