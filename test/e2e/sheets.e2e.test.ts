/**
 * Sheets as people keep them, in real n8n (`n8n execute`): a CSV exported from a spreadsheet
 * app (UTF-8 BOM, CRLF, every field quoted, blank cells, stray spaces) read by n8n's own Extract
 * From File (CSV, its BOM option on), into Bulk > Sync Many or Create Many with Map
 * Automatically: human headers, blank cells not given, and Keep Input Columns through Convert to
 * File and back.
 */
import type { WorkflowJson, WorkflowNode } from '../../dev/n8n';
import { pairedOutput, suiteQueries, useN8nSuite } from './harness';
import { chainWorkflow, LINK_NODE, linkShortenerNode, workflowNode } from './workflows';

const suite = useN8nSuite({
	resetBeforeEach: false,
	sandbox: { rateLimit: null, logBodies: true },
});
const { apiRequests } = suiteQueries(suite);

const quoted = (cells: string[]) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',');
/** A spreadsheet app's CSV export: BOM, CRLF, every field quoted. */
const csvOf = (header: string[], rows: string[][]) =>
	`\uFEFF${[header, ...rows].map(quoted).join('\r\n')}\r\n`;

const HEADER = ['Short URL', 'Long URL', 'Title', 'Tags', 'Notes', 'row_number'];
const SHEET = csvOf(HEADER, [
	['https://sho.rt/csv-same', 'https://example.com/csv/same', 'Same', '', '', '2'],
	[
		'https://sho.rt/csv-renamed',
		' https://example.com/csv/renamed ',
		'Renamed ',
		'',
		'was Old',
		'3',
	],
	['https://sho.rt/csv-new', 'https://example.com/csv/new', 'New', 'promo', '', '4'],
]);

const codeNode = (name: string, jsCode: string) =>
	workflowNode(name, 'n8n-nodes-base.code', 2, {
		mode: 'runOnceForAllItems',
		language: 'javaScript',
		jsCode,
	});

/** Manual Trigger → a Code node holding the CSV as a file → Extract From File → the steps. */
function csvWorkflow(name: string, csv: string, steps: WorkflowNode[]): WorkflowJson {
	const file = `return [{ json: {}, binary: { data: { data: ${JSON.stringify(Buffer.from(csv).toString('base64'))}, mimeType: 'text/csv', fileName: 'links.csv' } } }];`;
	return chainWorkflow(name, [
		workflowNode('Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, {}),
		codeNode('CSV file', file),
		workflowNode('Extract From File', 'n8n-nodes-base.extractFromFile', 1.1, {
			operation: 'csv',
			options: { enableBOM: true },
		}),
		...steps,
	]);
}

/** A sheet's rows as n8n's Convert to File writes them to an XLSX file and Extract From File reads them back. */
const XLSX_ROWS = [
	{
		'Long URL': ' https://example.com/xlsx/a ',
		Title: 'A',
		Expires: '2027-01-31',
		Notes: '',
		row_number: 2,
	},
	{
		'Long URL': 'https://example.com/xlsx/b',
		Title: '',
		Expires: '31/01/2027',
		Notes: 'typed by hand',
		row_number: 3,
	},
	{
		'Long URL': 'https://example.com/xlsx/c',
		Title: 'C ',
		Expires: '',
		Notes: '',
		row_number: 4,
	},
];

/** Manual Trigger → the rows → Convert to File (XLSX) → Extract From File (XLSX) → the steps. */
function xlsxWorkflow(name: string, steps: WorkflowNode[]): WorkflowJson {
	return chainWorkflow(name, [
		workflowNode('Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, {}),
		codeNode('Sheet rows', `return ${JSON.stringify(XLSX_ROWS)}.map((json) => ({ json }));`),
		workflowNode('Convert to XLSX', 'n8n-nodes-base.convertToFile', 1.1, {
			operation: 'xlsx',
			options: {},
		}),
		workflowNode('Extract From XLSX', 'n8n-nodes-base.extractFromFile', 1.1, {
			operation: 'xlsx',
			options: {},
		}),
		...steps,
	]);
}

const linkNode = (parameters: object): WorkflowNode =>
	linkShortenerNode(LINK_NODE, { resource: 'bulk', mappingMode: 'autoMap', ...parameters });

const wf = {
	xlsx: suite.workflow(
		xlsxWorkflow('e2e XLSX → Create Many (Keep Input Columns, error output)', [
			{
				...linkNode({ operation: 'createMany', options: { keepInputColumns: true } }),
				onError: 'continueErrorOutput',
			},
		]),
	),
	sync: suite.workflow(
		csvWorkflow('e2e CSV → Sync Many', SHEET, [
			linkNode({ operation: 'syncMany', matchBy: 'path' }),
		]),
	),
	roundTrip: suite.workflow(
		csvWorkflow('e2e CSV → Create Many (Keep Input Columns) → CSV', SHEET, [
			linkNode({ operation: 'createMany', options: { keepInputColumns: true } }),
			workflowNode('Convert to File', 'n8n-nodes-base.convertToFile', 1.1, {
				operation: 'csv',
				options: {},
			}),
			workflowNode('Read it back', 'n8n-nodes-base.extractFromFile', 1.1, {
				operation: 'csv',
				options: {},
			}),
		]),
	),
};

const writes = () => [
	...apiRequests('POST', '/v1/links/bulk'),
	...apiRequests('PATCH', '/public/links/bulk'),
];

test('Extract From File → Sync Many: the first run creates and updates only what differs, the second writes nothing', async () => {
	for (const [path, title] of [
		['csv-same', 'Same'],
		['csv-renamed', 'Old'],
	]) {
		const answer = await fetch(`${suite.sandbox.baseUrl}/v1/links/`, {
			method: 'POST',
			headers: { 'X-API-Key': suite.sandbox.apiKey, 'Content-Type': 'application/json' },
			body: JSON.stringify({ longUrl: `https://example.com/csv/${path.slice(4)}`, path, title }),
		});
		expect(answer.status).toBe(200);
	}
	suite.sandbox.clearRequests();

	const first = await suite.executeOk(wf.sync);

	expect(pairedOutput(first, LINK_NODE).map((item) => item.json.syncAction)).toEqual([
		'unchanged',
		'updated',
		'created',
	]);
	expect(apiRequests('PATCH', '/public/links/bulk').map((r) => r.body)).toEqual([
		[{ id: expect.any(String), title: 'Renamed' }],
	]);
	expect(apiRequests('POST', '/v1/links/bulk').map((r) => r.body)).toEqual([
		[
			{
				longUrl: 'https://example.com/csv/new',
				title: 'New',
				tags: [{ name: 'promo' }],
				path: 'csv-new',
				domain: expect.any(String),
			},
		],
	]);
	suite.sandbox.clearRequests();

	const second = await suite.executeOk(wf.sync);

	expect(pairedOutput(second, LINK_NODE).map((item) => item.json.syncAction)).toEqual([
		'unchanged',
		'unchanged',
		'unchanged',
	]);
	expect(writes()).toEqual([]);
});

test('Extract From File → Create Many with Keep Input Columns → Convert to File: the same rows come back with their short URL', async () => {
	suite.sandbox.clearRequests();

	const run = await suite.executeOk(wf.roundTrip);

	const back = pairedOutput(run, 'Read it back').map((item) => item.json);
	// Extract From File leaves a blank cell out of its row unless Include Empty Cells is on.
	expect(back.map((row) => [row.row_number, row.Notes, row['Long URL']])).toEqual([
		['2', undefined, 'https://example.com/csv/same'],
		['3', 'was Old', ' https://example.com/csv/renamed '],
		['4', undefined, 'https://example.com/csv/new'],
	]);
	for (const row of back) expect(String(row.shortUrl)).toMatch(/^https?:\/\/\S+$/);
	expect(apiRequests('POST', '/v1/links/bulk')).toHaveLength(1);
});

test('Convert to File (XLSX) → Extract From File → Create Many with Keep Input Columns: each row with its short URL; a bad date to the error output with its row and its column named', async () => {
	suite.sandbox.clearRequests();

	const run = await suite.executeOk(wf.xlsx);

	// The shape an XLSX gives: blank cells kept as "", numbers as numbers (unlike a CSV's).
	expect(pairedOutput(run, 'Extract From XLSX').map((item) => item.json)).toEqual(XLSX_ROWS);
	expect(apiRequests('POST', '/v1/links/bulk').map((r) => r.body)).toEqual([
		[
			{
				longUrl: 'https://example.com/xlsx/a',
				title: 'A',
				expiredAt: expect.stringMatching(/^2027-01-3/),
			},
			{ longUrl: 'https://example.com/xlsx/c', title: 'C' },
		],
	]);
	const created = pairedOutput(run, LINK_NODE);
	expect(
		created.map(({ json, inputItem }) => [inputItem, json.row_number, json.Notes, json.title]),
	).toEqual([
		[0, 2, '', 'A'],
		[2, 4, '', 'C'],
	]);
	for (const { json } of created) expect(String(json.shortUrl)).toMatch(/^https?:\/\/\S+$/);
	// On the error output n8n itself puts the row's columns under the error item.
	expect(pairedOutput(run, LINK_NODE, 1)).toEqual([
		{
			inputItem: 1,
			json: {
				...XLSX_ROWS[1],
				error: expect.stringMatching(
					/^Invalid Expires At in item 1 \(column "Expires"\): "31\/01\/2027" is not a date/,
				),
				message: 'Check the "Expires" column of input item 1 (counting from 0). (outcome: invalid)',
			},
		},
	]);
});
