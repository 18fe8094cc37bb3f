/* eslint-disable no-console -- tests, not loaded by n8n */
/**
 * A misbehaving server, through a real n8n (`n8n execute`) with the packed package installed:
 * a redirect to another origin, a list that ignores `page` and gives no `total`, a bulk create
 * refusing 3 rows among 10,000 under Continue On Fail (lost answers: lostAnswers.e2e.test.ts).
 * Asserts on what the sandbox received and on n8n's run output.
 */
import { nodeError } from '../../dev/n8n';
import type { ExecuteResult } from '../../dev/n8n';
import { SEEDED } from '../../dev/sandbox/server';
import { pairedOutput, suiteQueries, useN8nSuite } from './harness';
import { LINK_NODE, linkWorkflow, locator } from './workflows';

const suite = useN8nSuite();
const { apiRequests, linksBy } = suiteQueries(suite);
const [own0] = SEEDED.ownLinks;

/** Rows 10,000 long; three of them carry a path the server refuses. */
const CREATE_ROWS = 10_000;
const REFUSED_ROWS = [17, 4_242, 9_999];
/** D3: 1 + 2·k·⌈log2 n⌉ requests at most for k refused rows among n. */
const REFUSAL_BOUND = 1 + 2 * REFUSED_ROWS.length * Math.ceil(Math.log2(CREATE_ROWS));
/** However a server misbehaves, Return All gives up after this many list requests at most. */
const PAGING_BOUND = 3;

const rowsCode = (count: number, prefix: string, withPath: boolean) =>
	`return Array.from({ length: ${count} }, (_, i) => ({ json: { longUrl: \`https://example.com/${prefix}/\${i}\`, title: \`Row \${i}\`${
		withPath ? ', path: `row-${i}`' : ''
	} } }));`;

const wf = {
	get: suite.workflow(
		linkWorkflow('e2e messy get redirected', {
			resource: 'link',
			operation: 'get',
			linkId: locator(own0.id, 'id'),
		}),
	),
	bulkCreate: suite.workflow(
		linkWorkflow(
			'e2e messy bulk create redirected',
			{ resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap' },
			{
				rows: [
					{ longUrl: 'https://example.com/redirected/1' },
					{ longUrl: 'https://example.com/redirected/2' },
				],
			},
		),
	),
	returnAll: suite.workflow(
		linkWorkflow('e2e messy returnAll', {
			resource: 'link',
			operation: 'getMany',
			returnAll: true,
		}),
	),
	refused: suite.workflow(
		linkWorkflow(
			'e2e messy 10,000 rows, 3 refused',
			{ resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap' },
			{ inputCode: rowsCode(CREATE_ROWS, 'refused', true), onError: 'continueRegularOutput' },
		),
	),
};

/** The failed run's error as one text: message and description. */
function errorText(result: ExecuteResult): string {
	const error = nodeError(result.run, LINK_NODE) ?? result.run?.data.resultData.error;
	return `${error?.message ?? ''} ${error?.description ?? ''}`;
}

describe('a redirect to another origin', () => {
	test.each([
		['Link > Get', 'GET', `/v1/links/${own0.id}`, wf.get],
		['Bulk > Create Many', 'POST', '/v1/links/bulk', wf.bulkCreate],
	] as const)(
		'%s: not followed, the error names the host, the key never arrives there',
		async (_name, method, path, workflow) => {
			const other = await suite.sandbox.startOtherOrigin();
			suite.sandbox.injectFault({
				method,
				path,
				times: 100,
				fault: { kind: 'redirect', status: 307, origin: other.origin },
			});

			const result = await suite.execute(workflow);

			expect(result.ok).toBe(false);
			const text = errorText(result);
			expect(text).toContain(new URL(other.origin).host);
			expect(text).toMatch(/base url/i);
			// Nothing was applied; a bulk request may be sent once more before the run gives up.
			const statuses = apiRequests(method, path).map((r) => r.status);
			console.log(
				`redirect, ${_name}: ${statuses.length} requests answered ${statuses.join(', ')}; other origin: ${other.requests.length} requests`,
			);
			expect(statuses.length).toBeGreaterThanOrEqual(1);
			expect(statuses.length).toBeLessThanOrEqual(2);
			expect(statuses.every((status) => status === 307)).toBe(true);
			expect(other.requestsWithApiKey).toEqual([]);
			expect(other.requests).toEqual([]);
			expect(linksBy((l) => l.longUrl.startsWith('https://example.com/redirected/'))).toEqual([]);
			expect(
				[...other.links.values()].filter((l) =>
					l.longUrl.startsWith('https://example.com/redirected/'),
				),
			).toEqual([]);
		},
	);
});

describe('a list that ignores `page` and gives no `total`', () => {
	test(`Return All ends with a clear error after at most ${PAGING_BOUND} list requests`, async () => {
		suite.sandbox.addLinks(250);
		// Every list request of the run (1,000 would be an endless pager; after them the server answers honestly).
		suite.sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/list',
			times: 1_000,
			fault: { kind: 'paging', ignorePage: true, omitTotal: true },
		});

		const result = await suite.execute(wf.returnAll);

		const lists = apiRequests('POST', '/v1/links/list');
		console.log(`page ignored: ${lists.length} list requests; ${errorText(result).slice(0, 200)}`);
		expect(lists.length).toBeGreaterThanOrEqual(2);
		expect(lists.length).toBeLessThanOrEqual(PAGING_BOUND);
		expect(lists.every((r) => r.fault === 'paging' && r.status === 200)).toBe(true);
		expect(result.ok).toBe(false);
		expect(errorText(result)).toMatch(/page/i);
	});
});

describe('bulk create of 10,000 rows, 3 refused, Continue On Fail', () => {
	test.each([
		[
			'the 422 names the refused elements',
			true,
			(row: number) => `path: "row-${row}" is already taken`,
		],
		['the 422 names nothing (halving)', false, () => 'one or more links are invalid'],
	] as const)(
		'%s: 9,997 created, 3 error items with the reason, within the request bound',
		async (_name, withIndexes, reason) => {
			const refusedPaths = REFUSED_ROWS.map((row) => `row-${row}`);
			suite.sandbox.injectFault({
				method: 'POST',
				path: '/v1/links/bulk',
				times: 10_000,
				fault: { kind: 'refuseElements', paths: refusedPaths, withIndexes },
			});

			const run = await suite.executeOk(wf.refused);

			const posts = apiRequests('POST', '/v1/links/bulk');
			console.log(
				`refused rows (${withIndexes ? 'named' : 'halving'}): ${posts.length} bulk requests, bound ${REFUSAL_BOUND}`,
			);
			expect(posts.length).toBeLessThanOrEqual(REFUSAL_BOUND);
			expect(
				posts.filter((r) => r.status === 200).reduce((sum, r) => sum + (r.bodyItems ?? 0), 0),
			).toBe(CREATE_ROWS - REFUSED_ROWS.length);

			const created = linksBy((l) => l.longUrl.startsWith('https://example.com/refused/'));
			expect(created).toHaveLength(CREATE_ROWS - REFUSED_ROWS.length);
			expect(new Set(created.map((l) => l.longUrl)).size).toBe(created.length);
			for (const row of REFUSED_ROWS)
				expect(created.some((l) => l.longUrl === `https://example.com/refused/${row}`)).toBe(false);

			const output = pairedOutput(run, LINK_NODE);
			expect(output).toHaveLength(CREATE_ROWS);
			expect(output.every((item, index) => item.inputItem === index)).toBe(true);
			const errors = output.filter((item) => item.json.error !== undefined);
			expect(errors.map((item) => item.inputItem)).toEqual(REFUSED_ROWS);
			for (const item of errors) {
				const row = item.inputItem as number;
				expect(String(item.json.error)).toContain(reason(row));
				expect(item.json.details).toMatchObject({
					inputItem: row,
					link: expect.objectContaining({
						path: `row-${row}`,
						longUrl: `https://example.com/refused/${row}`,
					}),
				});
			}
			const outputUrls = output
				.filter((item) => item.json.error === undefined)
				.map((item) => [item.inputItem, item.json.longUrl]);
			expect(outputUrls.every(([row, url]) => url === `https://example.com/refused/${row}`)).toBe(
				true,
			);
		},
	);
});
