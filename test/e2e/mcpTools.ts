/* eslint-disable import-x/no-unresolved -- the resolver does not read the MCP SDK's subpath exports, which Node and TypeScript resolve; tests, not loaded by n8n */
/**
 * An MCP Server Trigger with one Link Shortener Tool per operation, each filled by `$fromAI`,
 * and an MCP SDK client for it: the workflow the MCP tests publish in regular and queue mode.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import * as n8n from '../../dev/n8n';
import type { WorkflowJson } from '../../dev/n8n';
import { operations } from '../helpers/nodeOperations';
import { waitUntil } from './queue';

const CREDENTIAL = { linkShortenerApi: { id: null, name: 'Link Shortener Sandbox' } };
const ROWS_OF_LINKS =
	'The links, one object each: longUrl (absolute http(s) URL), title, and for updates the id';

/**
 * The tools that take a model's arguments, by operation ("link.create"): the tool's name (the
 * node's name, as n8n names MCP tools) and the parameters filled by `$fromAI`.
 */
const TOOLS: Record<string, { tool: string; parameters: Record<string, unknown> }> = {
	'link.create': {
		tool: 'Create_link',
		parameters: { longUrl: "={{ $fromAI('longUrl', 'The long URL', 'string') }}" },
	},
	'link.get': {
		tool: 'Get_link',
		parameters: {
			linkId: { __rl: true, mode: 'id', value: "={{ $fromAI('id', 'The link id', 'string') }}" },
		},
	},
	'link.getMany': {
		tool: 'Search_links',
		parameters: {
			returnAll: true,
			filters: { search: "={{ $fromAI('search', 'Text to look for', 'string') }}" },
		},
	},
	'link.export': {
		tool: 'Export_links',
		parameters: { filters: { search: "={{ $fromAI('search', 'Text to look for', 'string') }}" } },
	},
	'link.update': {
		tool: 'Update_link',
		parameters: {
			linkId: { __rl: true, mode: 'id', value: "={{ $fromAI('id', 'The link id', 'string') }}" },
			updateFields: { title: "={{ $fromAI('title', 'The new title', 'string') }}" },
		},
	},
	'link.checkDestination': {
		tool: 'Check_destination',
		parameters: { url: "={{ $fromAI('url', 'The page to check', 'string') }}" },
	},
	'bulk.createMany': {
		tool: 'Create_links',
		parameters: {
			mappingMode: 'jsonRows',
			rows: `={{ $fromAI('rows', '${ROWS_OF_LINKS}', 'json') }}`,
		},
	},
	'bulk.updateMany': {
		tool: 'Update_links',
		parameters: {
			mappingMode: 'jsonRows',
			rows: `={{ $fromAI('rows', '${ROWS_OF_LINKS}', 'json') }}`,
		},
	},
	'bulk.syncMany': {
		tool: 'Sync_links',
		parameters: {
			mappingMode: 'jsonRows',
			matchBy: 'longUrl',
			rows: `={{ $fromAI('rows', '${ROWS_OF_LINKS}', 'json') }}`,
		},
	},
	'analytics.getClicks': {
		tool: 'Clicks_by_country',
		parameters: {
			groupBy: 'country',
			options: { top: "={{ $fromAI('top', 'How many countries, 0 for all', 'number') }}" },
		},
	},
	'analytics.exportClicks': {
		tool: 'Export_clicks',
		parameters: {
			groupBy:
				"={{ $fromAI('groupBy', 'The dimension: day, week, month, country, city, referrer, browser, os, device or link', 'string') }}",
			options: { linkDetails: true },
		},
	},
	'domain.getMany': {
		tool: 'Domains',
		parameters: { returnAll: "={{ $fromAI('all', 'true for every domain', 'boolean') }}" },
	},
};

/**
 * Tool name → the operation's parameters: one tool for every operation the node has, read from
 * the node (test/helpers/nodeOperations.ts). An operation without an entry in TOOLS still gets
 * its tool, with its defaults, named after its action ("Delete_a_link").
 */
export const EVERY_OPERATION_TOOLS: Record<string, Record<string, unknown>> = Object.fromEntries(
	operations().map(({ name, resource, option }) => [
		TOOLS[name]?.tool ?? String(option.action ?? name).replace(/\W+/g, '_'),
		{ resource, operation: option.value, ...TOOLS[name]?.parameters },
	]),
);

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
