/* eslint-disable no-console -- tests, not loaded by n8n */
/**
 * Bulk > Create Many whose answer is lost after the server created the links, through a real
 * n8n (`n8n execute`), with Retry On Fail at n8n's limits (5 tries, 5 s apart) or Continue On
 * Fail, on the sandbox's default page cap and on a server that serves 50 links a page. Every
 * row must exist once and come out as one item; nothing created twice, no false "in doubt".
 * And the other side: a connection refused is "not created", not "in doubt". Link > Create
 * (one request a row) with Retry On Fail creates each link once too.
 */
import { nodeError, type WorkflowJson } from '../../dev/n8n';
import { pairedOutput, suiteQueries, useN8nSuite } from './harness';
import { CREDENTIAL_TYPE, LINK_NODE, linkWorkflow, type LinkWorkflowOptions } from './workflows';

/** A credential whose Base URL is a closed port (9, as continueOnFail's checks use): every connection refused. */
const REFUSING = 'Link Shortener at a closed port';
const suite = useN8nSuite({
	extraCredentials: () => [
		{
			name: REFUSING,
			type: CREDENTIAL_TYPE,
			data: { baseUrl: 'http://127.0.0.1:9/api', apiKey: 'any' },
		},
	],
});
const { apiRequests, linksBy } = suiteQueries(suite);

/** n8n's largest Retry On Fail settings: 5 tries, 5,000 ms apart. */
const RETRY_AT_LIMITS = { retryOnFail: true, maxTries: 5, waitBetweenTries: 5_000 };

const rowsCode = (count: number, prefix: string) =>
	`return Array.from({ length: ${count} }, (_, i) => ({ json: { longUrl: \`https://example.com/${prefix}/\${i}\`, title: \`Row \${i}\` } }));`;

function createMany(
	name: string,
	rows: number,
	prefix: string,
	settings: Pick<LinkWorkflowOptions, 'retry' | 'onError'>,
): WorkflowJson {
	return linkWorkflow(
		name,
		{ resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap' },
		{ inputCode: rowsCode(rows, prefix), ...settings },
	);
}

/** Two bulk requests (10,000 + 50): the answer of the first is lost, or the second is answered 503. */
const RETRY_ROWS = 10_050;
/** Three bulk requests (10,000 + 10,000 + 4,000): the answer of the second is lost. */
const CAPPED_ROWS = 24_000;
const SERVED_PAGE = 50;

const wf = {
	lostAnswer: suite.workflow(
		createMany('e2e lost answer, retry on fail at its limits', RETRY_ROWS, 'lost', {
			retry: RETRY_AT_LIMITS,
		}),
	),
	cappedRetry: suite.workflow(
		createMany('e2e lost answer, 50 a page, retry on fail', CAPPED_ROWS, 'capped-retry', {
			retry: RETRY_AT_LIMITS,
		}),
	),
	refused: suite.workflow(
		linkWorkflow(
			'e2e refused connection',
			{
				resource: 'bulk',
				operation: 'createMany',
				mappingMode: 'autoMap',
				options: { batchSize: 2 },
			},
			{ inputCode: rowsCode(3, 'refused'), credentialName: REFUSING },
		),
	),
	createEach: suite.workflow(
		linkWorkflow(
			'e2e Link > Create, a refused row, retry on fail',
			{ resource: 'link', operation: 'create', longUrl: '={{ $json.longUrl }}' },
			{ inputCode: rowsCode(3, 'create-each'), retry: { retryOnFail: true, maxTries: 2 } },
		),
	),
	cappedContinue: suite.workflow(
		createMany('e2e lost answer, 50 a page, continue on fail', CAPPED_ROWS, 'capped-continue', {
			onError: 'continueRegularOutput',
		}),
	),
};

const bulkSummary = () =>
	`${apiRequests('POST', '/v1/links/bulk')
		.map((r) => `${r.bodyItems} rows ${r.status}`)
		.join(', ')}; ${apiRequests('POST', '/v1/links/list').length} list requests`;

/** Every row of `prefix` exists once on the server and came out once, in order, without an error. */
function expectEveryRowOnce(
	run: Parameters<typeof pairedOutput>[0],
	prefix: string,
	rows: number,
): void {
	const url = (row: number) => `https://example.com/${prefix}/${row}`;
	const created = linksBy((l) => l.longUrl.startsWith(`https://example.com/${prefix}/`));
	expect(created).toHaveLength(rows);
	expect(new Set(created.map((l) => l.longUrl)).size).toBe(rows);
	const output = pairedOutput(run, LINK_NODE);
	expect(output).toHaveLength(rows);
	expect(output.filter((item) => item.json.error !== undefined).slice(0, 3)).toEqual([]);
	expect(
		output.every((item, index) => item.inputItem === index && item.json.longUrl === url(index)),
	).toBe(true);
	const ids = new Set(created.map((l) => l.id));
	expect(new Set(output.map((item) => item.json.id)).size).toBe(rows);
	expect(output.every((item) => ids.has(String(item.json.id)))).toBe(true);
}

describe('Retry On Fail at its limits, two bulk requests (10,000 + 50)', () => {
	test('the first is applied and its answer lost: every row exists once, one item per row', async () => {
		suite.sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/bulk',
			times: 1,
			fault: { kind: 'dropAfterApply' },
		});

		const run = await suite.executeOk(wf.lostAnswer);

		console.log(`lost answer: bulk requests ${bulkSummary()}`);
		expect(apiRequests('POST', '/v1/links/bulk')[0]).toMatchObject({
			fault: 'dropAfterApply',
			bodyItems: 10_000,
		});
		expectEveryRowOnce(run, 'lost', RETRY_ROWS);
	});

	test('the second is answered 503 after the first was created: the retry sends the first batch no more and creates the second once', async () => {
		suite.sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/bulk',
			times: 1,
			fault: { kind: 'delay', ms: 0 },
		});
		suite.sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/bulk',
			times: 1,
			fault: { kind: 'status', status: 503 },
		});

		const run = await suite.executeOk(wf.lostAnswer);

		console.log(`503 on the second request: bulk requests ${bulkSummary()}`);
		expect(apiRequests('POST', '/v1/links/bulk').map((r) => [r.bodyItems, r.status])).toEqual([
			[10_000, 200],
			[50, 503],
			[50, 200],
		]);
		expectEveryRowOnce(run, 'lost', RETRY_ROWS);
	});
});

describe(`a server that serves ${SERVED_PAGE} links a page, three bulk requests (10,000 + 10,000 + 4,000), the second's answer lost`, () => {
	beforeEach(() => {
		suite.sandbox.setPageSizeCap(SERVED_PAGE);
		// the second request is applied, then its answer is lost
		suite.sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/bulk',
			times: 1,
			fault: { kind: 'delay', ms: 0 },
		});
		suite.sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/bulk',
			times: 1,
			fault: { kind: 'dropAfterApply' },
		});
	});

	test.each([
		['Retry On Fail (5 tries, 5 s apart)', wf.cappedRetry, 'capped-retry'],
		['Continue On Fail', wf.cappedContinue, 'capped-continue'],
	] as const)(
		'%s: the look-up finds all 10,000 at the size served, every row once, the third request sent',
		async (_name, workflow, prefix) => {
			const run = await suite.executeOk(workflow);

			console.log(`${SERVED_PAGE} a page, ${_name}: bulk requests ${bulkSummary()}`);
			expect(apiRequests('POST', '/v1/links/bulk').map((r) => [r.bodyItems, r.status])).toEqual([
				[10_000, 200],
				[10_000, 0],
				[4_000, 200],
			]);
			const lists = apiRequests('POST', '/v1/links/list');
			// ⌈(10,000 rows + 10,000 links of this run met on the way) / 50⌉ + 1 at most
			expect(lists.length).toBeGreaterThanOrEqual(10_000 / SERVED_PAGE);
			expect(lists.length).toBeLessThanOrEqual((10_000 + 10_000) / SERVED_PAGE + 1);
			expectEveryRowOnce(run, prefix, CAPPED_ROWS);
		},
	);
});

describe('Link > Create, one request a row, with Retry On Fail', () => {
	test('a refused row stops the node: the retry sends that row only, every row exists once', async () => {
		const create = { method: 'POST', path: '/v1/links/', times: 1 };
		suite.sandbox.injectFault({ ...create, fault: { kind: 'delay', ms: 0 } });
		suite.sandbox.injectFault({ ...create, fault: { kind: 'status', status: 400 } });

		const run = await suite.executeOk(wf.createEach);

		expect(apiRequests('POST', '/v1/links/').map((r) => r.status)).toEqual([200, 400, 200, 200]);
		expectEveryRowOnce(run, 'create-each', 3);
	});
});

describe('a Base URL whose port refuses every connection (n8n/requestFailure.ts, neverConnected)', () => {
	test('the first batch never reached a server: the run stops saying its rows and the rest were not created, none in doubt', async () => {
		const result = await suite.execute(wf.refused);

		expect(result.ok).toBe(false);
		const error = nodeError(result.run, LINK_NODE) ?? result.run?.data.resultData.error;
		expect(error?.message).toMatch(
			/^Bulk create stopped: batch 1 of 2 \(input items 0–1\) was not created: .*Not created: input items 0–2\.$/,
		);
		expect(suite.sandbox.requests).toEqual([]);
	});
});
