/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/**
 * The Link Shortener over MCP, in real n8n (`n8n start`): a published workflow with n8n's MCP
 * Server Trigger and Link Shortener Tool nodes, and the official MCP TypeScript SDK as the
 * client. It lists the tools (names, descriptions, input schemas) and calls Create and Get Many;
 * the API must receive exactly those requests, with the key, and the results hold the links.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

import * as n8n from '../../dev/n8n';
import type { StartedN8n } from '../../dev/n8n';
import { SEEDED, Sandbox } from '../../dev/sandbox/server';
import { operations } from '../helpers/nodeOperations';
import { loadExample } from './harness';
import {
	answerText,
	EVERY_OPERATION_TOOLS,
	everyOperationMcpWorkflow,
	mcpClient,
} from './mcpTools';
import { startInstance } from './startedInstance';
import { activate, deactivate } from './queue';

/** The example users import (examples/ai/), published unchanged but for its credential, bound by name. */
const workflow = { ...loadExample('ai/mcp-server-link-tools.json'), id: n8n.newId() };
const MCP_PATH = String(workflow.nodes[0].parameters.path);
/** One tool per operation (test/e2e/mcpTools.ts), in the same n8n. */
const EVERY_PATH = 'every-operation';
const everyOperation = everyOperationMcpWorkflow(EVERY_PATH);

let sandbox: Sandbox;
let instance: StartedN8n | undefined;
let rest: n8n.N8nRest;
let userFolder: string;
let client: Client;
let tools: Client;

beforeAll(async () => {
	sandbox = await Sandbox.start();
	({ instance, rest, userFolder } = await startInstance({
		sandbox,
		folderPrefix: 'n8n-e2e-mcp-',
		workflows: [workflow, everyOperation],
	}));
	await activate(rest, workflow.id);
	await activate(rest, everyOperation.id);
	client = await mcpClient(instance.url, MCP_PATH);
	tools = await mcpClient(instance.url, EVERY_PATH);
}, 300_000);

afterAll(async () => {
	await client?.close().catch(() => undefined);
	await tools?.close().catch(() => undefined);
	if (rest) await deactivate(rest, workflow.id).catch(() => undefined);
	if (rest) await deactivate(rest, everyOperation.id).catch(() => undefined);
	await instance?.stop();
	await sandbox?.stop();
	if (userFolder && !process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(userFolder);
}, 120_000);

const textOf = answerText;

test('lists the tools with their names, descriptions and input schemas', async () => {
	const { tools: listed } = await client.listTools();
	const byName = Object.fromEntries(listed.map((tool) => [tool.name, tool]));
	expect(Object.keys(byName).sort()).toEqual(['Create_short_link', 'Search_links']);
	expect(byName.Create_short_link.description).toMatch(
		/^Create a short link for one long URL \(absolute, with http:\/\/ or https:\/\/\)/,
	);
	expect(byName.Search_links.description).toMatch(/Answers at most 50 links/);
	expect(Object.keys(byName.Create_short_link.inputSchema.properties ?? {}).sort()).toEqual([
		'longUrl',
		'title',
	]);
	expect(Object.keys(byName.Search_links.inputSchema.properties ?? {})).toEqual(['search']);
});

test('calls Create and Get Many: the API receives exactly those requests with the key, the results hold the links', async () => {
	sandbox.clearRequests();
	const created = await client.callTool({
		name: 'Create_short_link',
		arguments: { longUrl: 'https://example.com/mcp', title: 'Over MCP' },
	});
	const link = [...sandbox.links.values()].find(
		(candidate) => candidate.longUrl === 'https://example.com/mcp',
	);
	expect(link).toBeDefined();
	expect(textOf(created)).toContain(link!.shortUrl);

	const found = await client.callTool({ name: 'Search_links', arguments: { search: 'Over MCP' } });
	expect(textOf(found)).toContain(link!.id);
	expect(sandbox.requests.map((r) => [r.method, r.path, r.headers['x-api-key'], r.status])).toEqual(
		[
			['POST', '/v1/links/', sandbox.apiKey, 200],
			['POST', '/v1/links/list', sandbox.apiKey, 200],
		],
	);
	expect(sandbox.requests.map((r) => r.body)).toEqual([
		{ longUrl: 'https://example.com/mcp', title: 'Over MCP' },
		{ search: 'Over MCP', page: 1, itemsPerPage: 50 },
	]);
});

describe('every operation as an MCP tool (D18): the exact requests and what the client got back', () => {
	const [spring, launch] = SEEDED.ownLinks;
	const call = async (name: string, args: Record<string, unknown>) => {
		sandbox.reset();
		const result = await tools.callTool({ name, arguments: args });
		return {
			text: answerText(result),
			isError: result.isError === true,
			requests: sandbox.requests.map((r) => [r.method, r.path, r.body ?? null]),
		};
	};
	const rows = (count: number) =>
		Array.from({ length: count }, (_, i) => ({
			longUrl: `https://example.com/mcp/${i}`,
			title: `Row ${i}`,
		}));
	const created = (prefix: string) =>
		[...sandbox.links.values()].filter((link) => link.longUrl.startsWith(prefix));

	test('what n8n tells the model: one tool per operation, each with its $fromAI parameters; a json parameter takes a list', async () => {
		const { tools: listed } = await tools.listTools();
		const byName = Object.fromEntries(listed.map((tool) => [tool.name, tool]));
		expect(Object.keys(byName).sort()).toEqual(Object.keys(EVERY_OPERATION_TOOLS).sort());
		expect(listed).toHaveLength(operations().length);
		const properties = (name: string) =>
			Object.keys(byName[name].inputSchema.properties ?? {}).sort();
		expect(properties('Create_link')).toEqual(['longUrl']);
		expect(properties('Update_link')).toEqual(['id', 'title']);
		expect(properties('Domains')).toEqual(['all']);
		for (const bulk of ['Create_links', 'Update_links', 'Sync_links']) {
			expect(properties(bulk)).toEqual(['rows']);
			expect(byName[bulk].inputSchema.required).toEqual(['rows']);
			const rows = (byName[bulk].inputSchema.properties as Record<string, { description?: string }>)
				.rows;
			expect(rows.description).toContain('one object each: longUrl');
		}
		// n8n's automatic description: "<action> in Link Shortener"
		expect(byName.Create_links.description).toMatch(/create many short links/i);
	});

	test('Link > Create, Get, Get Many and Update', async () => {
		const create = await call('Create_link', { longUrl: 'https://example.com/mcp/one' });
		expect(create.requests).toEqual([
			['POST', '/v1/links/', { longUrl: 'https://example.com/mcp/one' }],
		]);
		expect(create.text).toContain(created('https://example.com/mcp/one')[0].shortUrl);

		const get = await call('Get_link', { id: spring.id });
		expect(get.requests).toEqual([['GET', `/v1/links/${spring.id}`, null]]);
		expect(get.text).toContain(spring.longUrl);

		const search = await call('Search_links', { search: 'Spring' });
		expect(search.requests).toEqual([
			['POST', '/v1/links/list', { search: 'Spring', page: 1, itemsPerPage: 50 }],
		]);
		expect(search.text).toContain(spring.id);

		const update = await call('Update_link', { id: spring.id, title: 'Renamed over MCP' });
		expect(update.requests).toEqual([
			['PATCH', '/public/links/bulk', [{ id: spring.id, title: 'Renamed over MCP' }]],
		]);
		expect(update.text).toContain('Renamed over MCP');
		expect(sandbox.links.get(spring.id)?.title).toBe('Renamed over MCP');
	});

	test('Bulk > Create Many with a list of 3: one bulk request, the 3 links back', async () => {
		const answer = await call('Create_links', { rows: rows(3) });
		expect(answer.requests).toEqual([['POST', '/v1/links/bulk', rows(3)]]);
		for (const link of created('https://example.com/mcp/'))
			expect(answer.text).toContain(link.shortUrl);
		expect(created('https://example.com/mcp/')).toHaveLength(3);
	});

	test('Bulk > Create Many with a list of 60: one request, the answer capped at 50 with the count of the rest', async () => {
		const answer = await call('Create_links', { rows: rows(60) });
		expect(answer.requests).toEqual([['POST', '/v1/links/bulk', rows(60)]]);
		const items = JSON.parse(answer.text) as Array<Record<string, unknown>>;
		expect(items).toHaveLength(51);
		expect(items[50]).toEqual({
			notShown: 10,
			note: '10 more results are not shown (60 in all): an answer to a model holds at most 50.',
		});
		expect(created('https://example.com/mcp/')).toHaveLength(60);
	});

	test('Bulk > Create Many with one bad element: no request, the error names the element and the field', async () => {
		const answer = await call('Create_links', { rows: [rows(1)[0], { longUrl: 'not a url' }] });
		expect(answer.requests).toEqual([]);
		expect(answer.text).toContain(
			'Invalid Long URL in rows[1] ("longUrl"): "not a url" is not an absolute URL',
		);
	});

	test('Bulk > Update Many and Sync Many with lists', async () => {
		const update = await call('Update_links', {
			rows: [{ id: launch.id, title: 'Launch, renamed' }],
		});
		expect(update.requests).toEqual([
			['PATCH', '/public/links/bulk', [{ id: launch.id, title: 'Launch, renamed' }]],
		]);
		expect(update.text).toContain('Launch, renamed');

		const sync = await call('Sync_links', {
			rows: [
				{ longUrl: launch.longUrl, title: 'Launch, synced' },
				{ longUrl: 'https://example.com/mcp/new' },
			],
		});
		expect(sync.requests.map(([method, path]) => [method, path])).toEqual([
			['POST', '/v1/links/list'],
			['POST', '/v1/links/bulk'],
			['PATCH', '/public/links/bulk'],
		]);
		expect(sync.requests[1][2]).toEqual([{ longUrl: 'https://example.com/mcp/new' }]);
		expect(sync.requests[2][2]).toEqual([{ id: launch.id, title: 'Launch, synced' }]);
		expect(sync.text).toContain('"syncAction":"updated"');
		expect(sync.text).toContain('"syncAction":"created"');
	});

	test('Link > Export: the answer is the JSON of D20, never the file', async () => {
		const exported = await call('Export_links', { search: 'Spring' });
		expect(exported.requests).toEqual([
			[
				'POST',
				'/v1/links/list',
				{ search: 'Spring', order: { createdAt: 'asc' }, page: 1, itemsPerPage: 100 },
			],
		]);
		expect(exported.isError).toBe(false);
		expect(JSON.parse(exported.text)).toEqual([
			{
				links: 1,
				format: 'csv',
				fileName: expect.stringMatching(/^links-.*\.csv$/),
				bytes: expect.any(Number),
			},
		]);
		expect(exported.text).not.toContain(spring.id);
	});

	test('Analytics > Export Clicks: the answer is the JSON of D21, never the file', async () => {
		const exported = await call('Export_clicks', { groupBy: 'link' });
		expect(exported.requests).toEqual([
			['GET', '/v1/analytics/clicks', null],
			['POST', '/v1/links/list', { order: { createdAt: 'asc' }, page: 1, itemsPerPage: 100 }],
		]);
		expect(exported.isError).toBe(false);
		expect(JSON.parse(exported.text)).toEqual([
			{
				groups: 3,
				clicks: SEEDED.ownLinks.reduce((sum, link) => sum + link.clicks, 0),
				format: 'csv',
				fileName: expect.stringMatching(/^clicks-link-\d{4}-\d{2}-\d{2}\.csv$/),
				bytes: expect.any(Number),
			},
		]);
		expect(exported.text).not.toContain(spring.id);
	});

	test('Link > Check Destination: the page is checked, the API gets no request', async () => {
		// Port 9 of 127.0.0.1 is closed: the check ends at once with `connection`.
		const checked = await call('Check_destination', { url: 'http://127.0.0.1:9/mcp' });
		expect(checked.requests).toEqual([]);
		expect(checked.isError).toBe(false);
		expect(checked.text).toContain('"problem":"connection"');
	});

	test('Analytics > Get Clicks and Domain > Get Many', async () => {
		const clicks = await call('Clicks_by_country', { top: 0 });
		expect(clicks.requests.map(([method, path]) => [method, path])).toEqual([
			['GET', '/v1/analytics/clicks'],
		]);
		expect(clicks.text).toContain('"groupBy":"country"');

		const domains = await call('Domains', { all: true });
		expect(domains.requests.map(([method, path]) => [method, path])).toEqual([
			['GET', '/v1/domains'],
		]);
		expect(domains.text).toContain(SEEDED.defaultDomain.domainName);
	});
});
