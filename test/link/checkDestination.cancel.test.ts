import { Destinations } from '../../dev/destinations/server';
import { cancellableRuns, pause, until } from '../helpers/cancel';
import { useLinkShortener } from '../helpers/fixture';

/** n8n hands its plain `httpRequest` no cancel signal: the run gives the checker the execution's own. */
describe('Link > Check Destination, once n8n cancels the execution', () => {
	const ls = useLinkShortener();
	let pages: Destinations;
	beforeAll(async () => {
		pages = await Destinations.start();
	});
	afterAll(async () => await pages?.stop());
	afterEach(() => jest.restoreAllMocks());

	it('checks no further URL: the pages in flight are the last asked', async () => {
		const runs = cancellableRuns();
		// One host: 2 checks in flight at a time, each page answering after 300 ms.
		const urls = Array.from({ length: 12 }, (_, i) => ({ longUrl: pages.url(`/slow/300?${i}`) }));

		const running = ls.run(
			{ resource: 'link', operation: 'checkDestination', url: '={{ $json.longUrl }}' },
			urls,
		);
		await until(() => pages.requests.length >= 2);
		runs[0].cancel();
		await running;
		// The node's code goes on after n8n ends the execution: long enough for 3 more rounds.
		await pause(1_000);

		expect(pages.requests).toHaveLength(2);
	});
});
