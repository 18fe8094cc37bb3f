/* eslint-disable @n8n/community-nodes/no-restricted-globals, import-x/no-unresolved -- tests, not loaded by n8n; the resolver does not read the MCP SDK's subpath exports, which Node and TypeScript resolve */
/**
 * The Link Shortener over MCP, in real n8n (`n8n start`): a published workflow with n8n's MCP
 * Server Trigger and Link Shortener Tool nodes, and the official MCP TypeScript SDK as the
 * client. It lists the tools (names, descriptions, input schemas) and calls Create and Get Many;
 * the API must receive exactly those requests, with the key, and the results hold the links.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import * as n8n from '../../dev/n8n';
import type { StartedN8n } from '../../dev/n8n';
import { Sandbox } from '../../dev/sandbox/server';
import { loadExample } from './harness';
import { startInstance } from './startedInstance';
import { activate, deactivate, waitUntil } from './queue';

/** The example users import (examples/ai/), published unchanged but for its credential, bound by name. */
const workflow = { ...loadExample('ai/mcp-server-link-tools.json'), id: n8n.newId() };
const MCP_PATH = String(workflow.nodes[0].parameters.path);

let sandbox: Sandbox;
let instance: StartedN8n | undefined;
let rest: n8n.N8nRest;
let userFolder: string;
let client: Client;

beforeAll(async () => {
	sandbox = await Sandbox.start();
	({ instance, rest, userFolder } = await startInstance({
		sandbox,
		folderPrefix: 'n8n-e2e-mcp-',
		workflows: [workflow],
	}));
	await activate(rest, workflow.id);
	// n8n registers the trigger's webhooks a moment after the workflow is published
	const endpoint = `${instance.url}/mcp/${MCP_PATH}`;
	await waitUntil(
		'the MCP endpoint registered',
		async () => (await fetch(endpoint, { method: 'POST' })).status !== 404,
		60_000,
	);
	client = new Client({ name: 'link-shortener-e2e', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
}, 300_000);

afterAll(async () => {
	await client?.close().catch(() => undefined);
	if (rest) await deactivate(rest, workflow.id).catch(() => undefined);
	await instance?.stop();
	await sandbox?.stop();
	if (userFolder && !process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(userFolder);
}, 120_000);

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
	(result.content as Array<{ type: string; text?: string }>)
		.map((part) => part.text ?? '')
		.join('');

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
