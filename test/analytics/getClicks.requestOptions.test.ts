import { NODE_TYPE, useLinkShortener } from '../helpers/fixture';
import { SEEDED } from '../../dev/sandbox/server';
import { loadedAsN8nDoes } from '../helpers/bulk';

const [spring] = SEEDED.ownLinks;

/** Request Options > Timeout reaches every request of Get Clicks, its look-ups included. */
describe("Analytics > Get Clicks honours n8n's Request Options > Timeout", () => {
	const ls = useLinkShortener({ rateLimit: null });
	ls.engine.nodeTypes.register(NODE_TYPE, loadedAsN8nDoes());
	const getClicks = (parameters: object) => ({
		resource: 'analytics',
		operation: 'getClicks',
		requestOptions: { timeout: 200 },
		...parameters,
	});

	it("Link Details: a link's GET answered later than the timeout fails the row, not waited for", async () => {
		ls.sandbox.injectFault({
			method: 'GET',
			path: `/v1/links/${spring.id}`,
			fault: { kind: 'delay', ms: 3_000 },
		});
		const started = Date.now();

		const { error } = await ls.run(getClicks({ groupBy: 'link', options: { linkDetails: true } }));

		expect(error?.message).toMatch(/timeout|aborted/i);
		expect(Date.now() - started).toBeLessThan(2_500);
	});

	it("Link by short URL: the look-up's search answered later than the timeout fails the row", async () => {
		ls.sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/list',
			fault: { kind: 'delay', ms: 3_000 },
		});
		const started = Date.now();

		const { error } = await ls.run(
			getClicks({
				groupBy: 'country',
				linkId: { __rl: true, mode: 'url', value: `https://sho.rt/${spring.path}` },
			}),
		);

		expect(error?.message).toMatch(/timeout|aborted/i);
		expect(Date.now() - started).toBeLessThan(2_500);
	});
});
