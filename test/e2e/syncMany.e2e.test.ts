/* eslint-disable no-console -- tests, not loaded by n8n */
/**
 * Bulk > Sync Many in real n8n (`n8n execute`): a 10,000-row sheet mirrored into an account of
 * 12,000 links, run after run. The first run updates what differs; the same sheet again costs
 * only the look-up, every item unchanged; then 30 rows edited and 5 added: exactly one bulk
 * create of 5 and one bulk update of 30 elements, each holding only the changed fields.
 */
import type { RunJson } from '../../dev/n8n';
import { pairedOutput, suiteQueries, useN8nSuite } from './harness';
import { LINK_NODE, linkWorkflow } from './workflows';

const ROWS = 10_000;
const ACCOUNT = 12_000;
const suite = useN8nSuite({
	resetBeforeEach: false,
	sandbox: { rateLimit: null, logBodies: true },
});
const { apiRequests } = suiteQueries(suite);

/** The sheet: row i is the link at path sync-i; `edited` rows get a new title, `added` rows are new. */
const sheetCode = (edited: number, added: number) =>
	`return [...Array.from({ length: ${ROWS} }, (_, i) => ({ json: { path: \`sync-\${i}\`, longUrl: \`https://example.com/sync/\${i}\`, title: i < ${edited} ? \`Edited \${i}\` : \`Row \${i}\` } })), ...Array.from({ length: ${added} }, (_, i) => ({ json: { path: \`sync-new-\${i}\`, longUrl: \`https://example.com/sync-new/\${i}\`, title: \`New \${i}\` } }))];`;

const sync = (name: string, edited: number, added: number) =>
	suite.workflow(
		linkWorkflow(
			name,
			{ resource: 'bulk', operation: 'syncMany', mappingMode: 'autoMap', matchBy: 'path' },
			{ inputCode: sheetCode(edited, added) },
		),
	);
const wf = {
	sheet: sync('e2e sync the sheet', 0, 0),
	edited: sync('e2e sync the edited sheet', 30, 5),
};

const actionsOf = (run: RunJson) => {
	const counts: Record<string, number> = {};
	for (const item of pairedOutput(run, LINK_NODE))
		counts[String(item.json.syncAction)] = (counts[String(item.json.syncAction)] ?? 0) + 1;
	return counts;
};
const writes = () => [
	...apiRequests('POST', '/v1/links/bulk'),
	...apiRequests('PATCH', '/public/links/bulk'),
];

beforeAll(async () => {
	// the account: 12,000 links at paths sync-0 … sync-11999, titled "Old i"
	const links = Array.from({ length: ACCOUNT }, (_, i) => ({
		path: `sync-${i}`,
		longUrl: `https://example.com/sync/${i}`,
		title: `Old ${i}`,
	}));
	for (let start = 0; start < ACCOUNT; start += 10_000) {
		const answer = await fetch(`${suite.sandbox.baseUrl}/v1/links/bulk`, {
			method: 'POST',
			headers: { 'X-API-Key': suite.sandbox.apiKey, 'Content-Type': 'application/json' },
			body: JSON.stringify(links.slice(start, start + 10_000)),
		});
		expect(answer.status).toBe(200);
	}
}, 120_000);

beforeEach(() => suite.sandbox.clearRequests());

test('the first sync updates the 10,000 titles that differ, in 10 bulk updates of titles only', async () => {
	const run = await suite.executeOk(wf.sheet);
	expect(actionsOf(run)).toEqual({ updated: ROWS });
	expect(apiRequests('POST', '/v1/links/bulk')).toEqual([]);
	const patches = apiRequests('PATCH', '/public/links/bulk');
	expect(patches.map((r) => r.bodyItems)).toEqual(Array(10).fill(1_000));
	expect(
		(patches[0].body as Array<Record<string, unknown>>).every(
			(element) => Object.keys(element).sort().join() === 'id,title',
		),
	).toBe(true);
});

test('the same sheet again costs only the look-up: every item unchanged', async () => {
	const run = await suite.executeOk(wf.sheet);
	expect(actionsOf(run)).toEqual({ unchanged: ROWS });
	expect(writes()).toEqual([]);
	const lists = apiRequests('POST', '/v1/links/list');
	console.log(`sync of ${ROWS} unchanged rows: ${lists.length} list requests, nothing else`);
	expect(suite.sandbox.requests.length).toBe(lists.length);
	expect(lists.length).toBeLessThanOrEqual(
		Math.ceil((ACCOUNT + 3) / suite.sandbox.pageSizeCap) + 1,
	);
});

test('30 rows edited and 5 added: one bulk create of 5 and one bulk update of 30, only the changed fields', async () => {
	const run = await suite.executeOk(wf.edited);
	expect(actionsOf(run)).toEqual({ updated: 30, created: 5, unchanged: ROWS - 30 });
	const creates = apiRequests('POST', '/v1/links/bulk');
	expect(creates.map((r) => r.bodyItems)).toEqual([5]);
	expect((creates[0].body as Array<Record<string, unknown>>)[0]).toEqual({
		longUrl: 'https://example.com/sync-new/0',
		title: 'New 0',
		path: 'sync-new-0',
	});
	const patches = apiRequests('PATCH', '/public/links/bulk');
	expect(patches.map((r) => r.bodyItems)).toEqual([30]);
	const elements = patches[0].body as Array<Record<string, unknown>>;
	expect(elements.map((element) => Object.keys(element).sort().join())).toEqual(
		Array(30).fill('id,title'),
	);
	expect(elements[0].title).toBe('Edited 0');
});
