/* eslint-disable import-x/no-unresolved -- the resolver does not read the MCP SDK's subpath exports, which Node and TypeScript resolve; tests, not loaded by n8n */
/**
 * An MCP Server Trigger with one Link Shortener Tool per operation, each filled by `$fromAI`,
 * and an MCP SDK client for it: the workflow the MCP tests publish in regular and queue mode.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import * as n8n from '../../dev/n8n';
import type { WorkflowJson } from '../../dev/n8n';
import { waitUntil } from './queue';

const CREDENTIAL = { linkShortenerApi: { id: null, name: 'Link Shortener Sandbox' } };
const ROWS_OF_LINKS =
	'The links, one object each: longUrl (absolute http(s) URL), title, and for updates the id';

/** Tool name (the node's name, as n8n names MCP tools) → the operation's parameters. */
export const EVERY_OPERATION_TOOLS: Record<string, Record<string, unknown>> = {
	Create_link: {
		resource: 'link',
		operation: 'create',
		longUrl: "={{ $fromAI('longUrl', 'The long URL', 'string') }}",
	},
	Get_link: {
		resource: 'link',
		operation: 'get',
		linkId: { __rl: true, mode: 'id', value: "={{ $fromAI('id', 'The link id', 'string') }}" },
	},
	Search_links: {
		resource: 'link',
		operation: 'getMany',
		returnAll: true,
		filters: { search: "={{ $fromAI('search', 'Text to look for', 'string') }}" },
	},
	Export_links: {
		resource: 'link',
		operation: 'export',
		filters: { search: "={{ $fromAI('search', 'Text to look for', 'string') }}" },
	},
	Update_link: {
		resource: 'link',
		operation: 'update',
		linkId: { __rl: true, mode: 'id', value: "={{ $fromAI('id', 'The link id', 'string') }}" },
		updateFields: { title: "={{ $fromAI('title', 'The new title', 'string') }}" },
	},
	Create_links: {
		resource: 'bulk',
		operation: 'createMany',
		mappingMode: 'jsonRows',
		rows: `={{ $fromAI('rows', '${ROWS_OF_LINKS}', 'json') }}`,
	},
	Update_links: {
		resource: 'bulk',
		operation: 'updateMany',
		mappingMode: 'jsonRows',
		rows: `={{ $fromAI('rows', '${ROWS_OF_LINKS}', 'json') }}`,
	},
	Sync_links: {
		resource: 'bulk',
		operation: 'syncMany',
		mappingMode: 'jsonRows',
		matchBy: 'longUrl',
		rows: `={{ $fromAI('rows', '${ROWS_OF_LINKS}', 'json') }}`,
	},
	Clicks_by_country: {
		resource: 'analytics',
		operation: 'getClicks',
		groupBy: 'country',
		options: { top: "={{ $fromAI('top', 'How many countries, 0 for all', 'number') }}" },
	},
	Export_clicks: {
		resource: 'analytics',
		operation: 'exportClicks',
		groupBy:
			"={{ $fromAI('groupBy', 'The dimension: day, week, month, country, city, referrer, browser, os, device or link', 'string') }}",
		options: { linkDetails: true },
	},
	Domains: {
		resource: 'domain',
		operation: 'getMany',
		returnAll: "={{ $fromAI('all', 'true for every domain', 'boolean') }}",
	},
};

export function everyOperationMcpWorkflow(path: string): WorkflowJson & { id: string } {
	const tools = Object.entries(EVERY_OPERATION_TOOLS);
	return {
		id: n8n.newId(),
		name: 'MCP: every Link Shortener operation',
		nodes: [
			{
				id: 'mcp-trigger',
				name: 'MCP Server Trigger',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2.1,
				position: [0, 0],
				parameters: { path, authentication: 'none' },
				webhookId: n8n.newId(),
			},
			...tools.map(([name, parameters], i) => ({
				id: `tool-${i}`,
				name,
				type: 'n8n-nodes-link-shortener.linkShortenerTool',
				typeVersion: 1,
				position: [i * 120, 240],
				parameters,
				credentials: CREDENTIAL,
			})),
		],
		connections: Object.fromEntries(
			tools.map(([name]) => [
				name,
				{ ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
			]),
		),
		settings: { executionOrder: 'v1' },
	} as unknown as WorkflowJson & { id: string };
}

/** An MCP client connected to a published MCP Server Trigger at `${baseUrl}/mcp/${path}`. */
export async function mcpClient(baseUrl: string, path: string): Promise<Client> {
	const endpoint = `${baseUrl}/mcp/${path}`;
	// n8n registers the trigger's webhooks a moment after the workflow is published
	await waitUntil(
		'the MCP endpoint registered',
		async () => (await fetch(endpoint, { method: 'POST' })).status !== 404,
		60_000,
	);
	const client = new Client({ name: 'link-shortener-e2e', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
	return client;
}

/** The text of a tool call's answer. */
export const answerText = (result: Awaited<ReturnType<Client['callTool']>>) =>
	(result.content as Array<{ type: string; text?: string }>)
		.map((part) => part.text ?? '')
		.join('');
