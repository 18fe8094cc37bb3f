import { pages } from '../../nodes/LinkShortener/paging/pager';
import { STUB_NODE } from '../helpers/stubNode';
import { cancellableRuns, pause, until } from '../helpers/cancel';
import { useLinkShortener } from '../helpers/fixture';

const LIST = { method: 'POST', path: '/v1/links/list' };
const PAGE_CAP = 10;
const LINKS = 500;

const pageOf = (request: { body: unknown }) => (request.body as { page: number }).page;

describe('the pager, once the execution is cancelled', () => {
	/** 1,000 records, 10 a page, each page answered after 5 ms; records the pages asked. */
	const listing = () => {
		const asked: number[] = [];
		const fetchPage = async (page: number) => {
			asked.push(page);
			await pause(5);
			const items = Array.from({ length: 10 }, (_, i) => ({ id: `r${(page - 1) * 10 + i}` }));
			return { data: { items, total: 1_000 } };
		};
		return { asked, fetchPage };
	};

	it.each([1, 8])(
		'%s in flight: asks for no page after the cancel and ends with its reason',
		async (concurrency) => {
			const { asked, fetchPage } = listing();
			const controller = new AbortController();
			const source = { node: STUB_NODE, request: 'POST /v1/links/list' };
			const reading = (async () => {
				for await (const page of pages(fetchPage, source, {
					concurrency,
					signal: controller.signal,
				})) {
					if (page.number === 3) controller.abort(new Error('cancelled by the user'));
				}
			})();

			await expect(reading).rejects.toThrow('cancelled by the user');
			const askedBefore = [...asked];
			await pause(50);
			expect(asked).toEqual(askedBefore);
			expect(Math.max(...asked)).toBeLessThanOrEqual(3 + concurrency);
		},
	);
});

/**
 * Cancelled through n8n-core's engine mid-listing: n8n hands the execution's signal to the
 * requests of `httpRequestWithAuthentication` (the late page's is aborted) and the pager asks
 * for no page after it.
 */
describe('a listing whose execution n8n cancels', () => {
	const ls = useLinkShortener({ pageSizeCap: PAGE_CAP });

	afterEach(() => jest.restoreAllMocks());

	it('Get Many, Return All: the server receives no page request after the cancel', async () => {
		ls.sandbox.addLinks(LINKS);
		// Page 3 answers late: the pages asked with it (up to 10) are all in before the cancel.
		ls.sandbox.injectFault({ ...LIST, page: 3, fault: { kind: 'delay', ms: 1_000 } });
		const runs = cancellableRuns();

		const running = ls.run({ resource: 'link', operation: 'getMany', returnAll: true });
		await until(() => ls.requestsTo(LIST.path).length >= 10);
		await pause(100);
		const beforeCancel = ls.requestsTo(LIST.path).map(pageOf);
		runs[0].cancel();
		await running;
		// The node's code goes on after n8n ends the execution: until the late page is answered, and after.
		const late = ls.requestsTo(LIST.path).find((request) => pageOf(request) === 3)!;
		await until(() => late.status !== 0);
		await pause(300);

		expect(beforeCancel.sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
		expect(ls.requestsTo(LIST.path)).toHaveLength(beforeCancel.length);
		expect(Math.ceil((LINKS + 3) / PAGE_CAP)).toBeGreaterThan(beforeCancel.length);
	});
});
