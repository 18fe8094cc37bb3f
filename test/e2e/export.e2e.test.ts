/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * Link > Export in real n8n (`n8n execute`): the file goes into n8n's binary data (filesystem
 * mode, as n8n 2.x runs by default; in memory on 1.x), Extract From File reads it back as rows, and Sync Many of
 * those rows changes nothing; JSON Lines read back by Extract From File; a page that fails
 * under On Error: Continue gives an error item and no file. The export examples (links, and
 * clicks per link) with their write node on write the file to disk.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

import { layout, majorOf } from '../../dev/n8n';
import { loadExample, pairedOutput, suiteQueries, useN8nSuite } from './harness';
import { chainWorkflow, LINK_NODE, linkShortenerNode, workflowNode } from './workflows';

const LINKS = 600;
const suite = useN8nSuite({ sandbox: { pageSizeCap: 50, rateLimit: null } });
const { apiRequests } = suiteQueries(suite);

const trigger = () => workflowNode('Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, {});
const EXPORT = 'Export';

const wf = {
	syncBack: suite.workflow(
		chainWorkflow('e2e Export → Extract From File → Sync Many', [
			trigger(),
			linkShortenerNode(EXPORT, { resource: 'link', operation: 'export' }),
			workflowNode('Extract From File', 'n8n-nodes-base.extractFromFile', 1.1, {
				operation: 'csv',
				options: {},
			}),
			linkShortenerNode(LINK_NODE, {
				resource: 'bulk',
				operation: 'syncMany',
				mappingMode: 'autoMap',
			}),
		]),
	),
	jsonl: suite.workflow(
		chainWorkflow('e2e Export JSON Lines → Extract From File (text)', [
			trigger(),
			linkShortenerNode(EXPORT, {
				resource: 'link',
				operation: 'export',
				format: 'jsonl',
				binaryPropertyName: 'file',
				filters: { search: 'tricky' },
				options: { fileName: 'tricky.jsonl' },
			}),
			workflowNode('Extract From File', 'n8n-nodes-base.extractFromFile', 1.1, {
				operation: 'text',
				binaryPropertyName: 'file',
				options: {},
			}),
		]),
	),
	failing: suite.workflow(
		chainWorkflow('e2e Export with a failing page, On Error: Continue', [
			trigger(),
			linkShortenerNode(EXPORT, { resource: 'link', operation: 'export' }, 'continueRegularOutput'),
		]),
	),
};

/**
 * The nightly export example with its Read/Write Files node enabled, writing under n8n's
 * allowed folder (~/.n8n-files of the user n8n runs as) into a folder of this test run.
 */
const exampleFolder = join(homedir(), '.n8n-files', `e2e-export-${process.pid}`);
const withWriteEnabled = (file: string) => {
	const json = loadExample(file);
	const write = json.nodes.find((n) => n.type === 'n8n-nodes-base.readWriteFile')!;
	write.disabled = false;
	write.parameters.fileName = `=${exampleFolder}/{{ $binary.data.fileName }}`;
	return suite.workflow(json);
};
const example = withWriteEnabled('export-links-to-file.json');
const clicksExample = withWriteEnabled('export-clicks-to-file.json');
beforeAll(() => mkdirSync(exampleFolder, { recursive: true }));
afterAll(() => rmSync(exampleFolder, { recursive: true, force: true }));

const TRICKY = ['=1+1', "'=quoted", 'a, "b"', 'two\nlines', '-5 off', '@team', '\ttab', 'Grüße'];

/** The Export node's output items. */
const exportedBy = (run: Awaited<ReturnType<typeof suite.executeOk>>, name = EXPORT) =>
	run.data.resultData.runData[name]?.[0]?.data?.main?.[0] ?? [];

function seed() {
	const links = suite.sandbox.addLinks(LINKS);
	TRICKY.forEach((title, i) => (links[i].title = `${title} tricky`));
	TRICKY.forEach((title, i) => (links[i + 10].title = title));
	links[0].tags = [{ name: '+plus' }, { name: 'b' }] as never;
	links[1].expiredAt = '2030-01-31T00:00:00.000Z';
	suite.sandbox.clearRequests();
	return links;
}

test('Export → Extract From File → Sync Many: every row unchanged, no write, one list request a page', async () => {
	seed();

	const run = await suite.executeOk(wf.syncBack);

	const exported = exportedBy(run);
	expect(exported).toHaveLength(1);
	expect(exported[0].json).toMatchObject({ links: LINKS + 3, format: 'csv' });
	// n8n 2.x keeps binary data in files by default (an id); 1.x in memory unless told otherwise.
	const stored = majorOf(layout().version) >= 2 ? { id: expect.any(String) } : {};
	expect(exported[0].binary?.data).toMatchObject({ mimeType: 'text/csv', ...stored });
	const synced = pairedOutput(run, LINK_NODE);
	expect(synced).toHaveLength(LINKS + 3);
	expect(synced.filter((item) => item.json.syncAction !== 'unchanged')).toEqual([]);
	expect(apiRequests('POST', '/v1/links/bulk')).toHaveLength(0);
	expect(apiRequests('PATCH', '/public/links/bulk')).toHaveLength(0);
	const exportPages = apiRequests('POST', '/v1/links/list').filter(
		(request) =>
			JSON.stringify((request.body as { order?: unknown }).order) === '{"createdAt":"asc"}',
	);
	expect(exportPages).toHaveLength(Math.ceil((LINKS + 3) / 50));
});

test('Export JSON Lines: one record a line, read back by Extract From File', async () => {
	const links = seed();

	const run = await suite.executeOk(wf.jsonl);

	const [exported] = exportedBy(run);
	expect(exported.json).toEqual({
		links: TRICKY.length,
		format: 'jsonl',
		fileName: 'tricky.jsonl',
		bytes: expect.any(Number),
	});
	expect(exported.binary?.file).toMatchObject({
		mimeType: 'application/x-ndjson',
		fileName: 'tricky.jsonl',
	});
	const text = String(pairedOutput(run, 'Extract From File')[0].json.data);
	expect(Buffer.byteLength(text)).toBe(exported.json.bytes);
	const records = text
		.trimEnd()
		.split('\n')
		.map((line) => JSON.parse(line) as { id: string; title: string });
	expect(records.map((r) => [r.id, r.title])).toEqual(
		links.slice(0, TRICKY.length).map((link) => [link.id, link.title]),
	);
});

test('the nightly export example, its write node enabled: the file on disk is the CSV of every link', async () => {
	const links = seed();

	const run = await suite.executeOk(example);

	const [exported] = exportedBy(run, 'Export every link');
	const fileName = String(exported.json.fileName);
	const text = readFileSync(join(exampleFolder, fileName), 'utf8');
	expect(Buffer.byteLength(text)).toBe(exported.json.bytes);
	const lines = text.split('\r\n');
	expect(lines[0]).toBe(
		'id,shortUrl,longUrl,title,path,domain,tags,totalNumberOfClick,createdAt,updatedAt,expiredAt',
	);
	// a row ends in CRLF; a line break inside a quoted title is the LF it was
	expect(text.match(/\r\n/g)).toHaveLength(1 + LINKS + 3);
	expect(lines.at(-2)?.startsWith(links.at(-1)!.id)).toBe(true);
});

test('the monthly clicks example, its write node enabled: the file on disk has a row per clicked link with its title', async () => {
	const links = seed();
	suite.sandbox.addClicks(links[10].id, 3);

	const run = await suite.executeOk(clicksExample);

	const [exported] = exportedBy(run, 'Export clicks per link');
	expect(exported.json).toMatchObject({ groups: 4, clicks: 36 + 3, format: 'csv' });
	const text = readFileSync(join(exampleFolder, String(exported.json.fileName)), 'utf8');
	expect(Buffer.byteLength(text)).toBe(exported.json.bytes);
	const lines = text.split('\r\n');
	expect(lines[0]).toBe('groupBy,value,clicks,shortUrl,longUrl,title,linkFound');
	// the link's title is TRICKY[0], "=1+1": written with its formula defused
	expect(lines[4]).toBe(
		`link,${links[10].id},3,${links[10].shortUrl},${links[10].longUrl},'=1+1,true`,
	);
	expect(lines).toHaveLength(6);
});

test('a page that fails under On Error: Continue: one error item, no file', async () => {
	seed();
	suite.sandbox.injectFault({
		path: '/v1/links/list',
		page: 5,
		fault: { kind: 'status', status: 500 },
	});

	const run = await suite.executeOk(wf.failing);

	const items = exportedBy(run);
	expect(items).toHaveLength(1);
	expect(items[0].json.error).toEqual(expect.stringMatching(/500|server/i));
	expect(items[0].binary).toBeUndefined();
});
