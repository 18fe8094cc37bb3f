/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import { useLinkShortener } from '../helpers/fixture';
import { BULK_UPDATE_PATH, errorRows, pairedIndices, updateMany } from '../helpers/bulk';

const missing = (n: number) => `0badc0de-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** D4: a batch refused because of some element is halved, recursively: ⌈n/b⌉ + 2·k·⌈log2 b⌉ requests at most. */
describe('Bulk > Update Many: refused rows are isolated by halving', () => {
	const ls = useLinkShortener();

	it('3 unknown ids among 3,000 rows in batches of 1,000: 2,997 updated, 3 error items, at most 63 requests', async () => {
		const links = ls.sandbox.addLinks(2_997);
		const input = links.map((link, i) => ({ id: link.id, title: `Synced ${i}` }));
		input.splice(10, 0, { id: missing(1), title: 'x' });
		input.splice(1_500, 0, { id: missing(2), title: 'y' });
		input.splice(2_999, 0, { id: missing(3), title: 'z' });

		const { items, error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), input, {
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		const requests = ls.sandbox.requests.length;
		const bound = Math.ceil(3_000 / 1_000) + 2 * 3 * Math.ceil(Math.log2(1_000));
		expect(bound).toBe(63);
		expect(requests).toBeLessThanOrEqual(bound);
		expect(ls.sandbox.requests.every((request) => request.path === BULK_UPDATE_PATH)).toBe(true);
		expect(pairedIndices(items)).toEqual(input.map((_, i) => i));
		expect(errorRows(items)).toEqual([10, 1_500, 2_999]);
		expect(items[1_500].json.error).toBe(`Not updated: 404 Link ${missing(2)} not found`);
		expect(links.every((link, i) => ls.sandbox.links.get(link.id)?.title === `Synced ${i}`)).toBe(
			true,
		);
		process.stdout.write(
			`bulk update, 3 refused among 3,000: ${requests} requests (bound ${bound})\n`,
		);
	});
});
