/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * The Link Shortener as an AI Agent's tool, in real n8n (`n8n execute`): n8n's AI Agent with
 * its OpenAI Chat Model, whose credential points at a scripted OpenAI-compatible server
 * (dev/model), and Link Shortener Tool nodes filled by `$fromAI(…)`. Asserts what the model was
 * offered, what the API received, and what came back to the model and into the agent's answer.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ModelServer, textOf, type OfferedTool } from '../../dev/model/server';
import { AGENT_NODE, MODEL_CREDENTIAL } from './agentWorkflows';
import { loadExample, suiteQueries, useN8nSuite } from './harness';
import { EVERY_OPERATION_TOOLS } from './mcpTools';
import { LINK_RECORD_KEYS } from '../helpers/linkRecord';

/** What the model is offered, kept so that a change to it shows in review (UPDATE_FIXTURES=1 rewrites it). */
const TOOLS_FIXTURE = path.join(__dirname, 'fixtures', 'agent-tools.json');

let model: ModelServer;
beforeAll(async () => {
	model = await ModelServer.start();
});
afterAll(async () => await model?.stop());

const suite = useN8nSuite({
	extraCredentials: () => [
		{
			name: MODEL_CREDENTIAL,
			type: 'openAiApi',
			data: { apiKey: 'sk-scripted', url: model.baseUrl },
		},
	],
});
const { apiRequests } = suiteQueries(suite);

/** The example users import (examples/ai/), run unchanged but for its credentials, bound by name. */
const wf = suite.workflow(loadExample('ai/agent-with-link-tools.json'));

/** The example's agent with bulk tools instead of its own: Create Many and Sync Many from a JSON list, and Link > Update. */
const BULK_TOOLS = ['Create_links', 'Update_link', 'Sync_links'];
const example = loadExample('ai/agent-with-link-tools.json');
const linkTool = example.nodes.find((node) => node.type.endsWith('linkShortenerTool'))!;
const bulkWf = suite.workflow({
	...example,
	name: 'AI Agent with bulk link tools',
	nodes: [
		...example.nodes.filter((node) => !node.type.endsWith('linkShortenerTool')),
		...BULK_TOOLS.map((name, i) => ({
			...linkTool,
			id: `bulk-tool-${i}`,
			name,
			parameters: EVERY_OPERATION_TOOLS[name],
		})),
	],
	connections: {
		...Object.fromEntries(
			Object.entries(example.connections as Record<string, unknown>).filter(
				([name]) =>
					!example.nodes.some(
						(node) => node.name === name && node.type.endsWith('linkShortenerTool'),
					),
			),
		),
		...Object.fromEntries(
			BULK_TOOLS.map((name) => [
				name,
				{ ai_tool: [[{ node: AGENT_NODE, type: 'ai_tool', index: 0 }]] },
			]),
		),
	},
});

const agentAnswer = (run: Awaited<ReturnType<typeof suite.executeOk>>) =>
	JSON.stringify(run.data.resultData.runData[AGENT_NODE]?.[0]?.data?.main?.[0]?.[0]?.json ?? {});
const toolResults = () =>
	model.requests
		.flatMap((r) => r.messages)
		.filter((m) => m.role === 'tool')
		.map((m) => textOf(m.content));

test('the model is offered one tool per node, named after it, with only the $fromAI parameters', async () => {
	model.use({ calls: [] });
	await suite.executeOk(wf);
	const offered = [...(model.requests[0].tools ?? [])].sort((a, b) =>
		a.function.name.localeCompare(b.function.name),
	);
	if (process.env.UPDATE_FIXTURES)
		fs.writeFileSync(TOOLS_FIXTURE, `${JSON.stringify(offered, null, '\t')}\n`);
	expect(offered).toEqual(JSON.parse(fs.readFileSync(TOOLS_FIXTURE, 'utf8')) as OfferedTool[]);
	expect(offered.map((tool) => tool.function.name).sort()).toEqual([
		'Clicks_by',
		'Create_short_link',
		'Search_links',
	]);
});

test('Link → Create: the model’s longUrl and title reach the API, the short URL comes back to the model and into the answer', async () => {
	model.use({
		calls: [
			{
				tool: 'Create_short_link',
				args: { longUrl: 'https://example.com/spring-sale', title: 'Spring sale' },
			},
		],
	});

	const run = await suite.executeOk(wf);

	const creates = apiRequests('POST', '/v1/links/');
	expect(creates.map((r) => [r.body, r.headers['x-api-key']])).toEqual([
		[{ longUrl: 'https://example.com/spring-sale', title: 'Spring sale' }, suite.sandbox.apiKey],
	]);
	const created = [...suite.sandbox.links.values()].find(
		(link) => link.longUrl === 'https://example.com/spring-sale',
	);
	expect(toolResults().join()).toContain(created!.shortUrl);
	expect(agentAnswer(run)).toContain(created!.shortUrl);
});

test('Link → Get Many with a search: one list request, at most 50 links with the fields a model needs', async () => {
	suite.sandbox.addLinks(120, { title: 'Campaign link' });
	model.use({ calls: [{ tool: 'Search_links', args: { search: 'campaign' } }] });

	await suite.executeOk(wf);

	const lists = apiRequests('POST', '/v1/links/list');
	expect(lists.every((r) => (r.body as { search?: string }).search === 'campaign')).toBe(true);
	expect(lists).toHaveLength(Math.ceil(50 / suite.sandbox.pageSizeCap));
	const answer = toolResults().join();
	expect(answer.match(/"shortUrl"/g)).toHaveLength(50);
	// each link the API's record (spec 2.2) and nothing else (D18)
	const [first] = JSON.parse(toolResults()[0]) as Array<Record<string, unknown>>;
	expect(Object.keys(first).sort()).toEqual(LINK_RECORD_KEYS);
});

test('Analytics → Get Clicks: the model’s dimension reaches the API, the counts come back', async () => {
	model.use({ calls: [{ tool: 'Clicks_by', args: { groupBy: 'country' } }] });

	const run = await suite.executeOk(wf);

	expect(apiRequests('GET', '/v1/analytics/clicks').map((r) => r.query.group_by)).toEqual([
		'country',
	]);
	expect(toolResults().join()).toMatch(/"clicks"/);
	expect(agentAnswer(run)).toContain('clicks');
});

test('a refused input reaches the model as a readable tool error, and the agent run itself succeeds', async () => {
	model.use({
		calls: [{ tool: 'Create_short_link', args: { longUrl: 'not a url', title: 'Oops' } }],
		answer: (results) => `The tool said: ${results.join(' | ')}`,
	});

	const before = suite.sandbox.links.size;

	const run = await suite.executeOk(wf);

	expect(apiRequests('POST', '/v1/links/')).toEqual([]);
	expect(suite.sandbox.links.size).toBe(before);
	const [result] = toolResults().map((text) => JSON.parse(text) as Array<{ error?: string }>);
	expect(result).toEqual([
		{ error: 'Invalid Long URL in item 0: "not a url" is not an absolute URL' },
	]);
	expect(agentAnswer(run)).toContain('is not an absolute URL');
});

test('bulk tools: Create Many with a list, Link > Update on a link it got back, then Sync Many with a list; exact requests, the data in the tool messages', async () => {
	const rows = [
		{ longUrl: 'https://example.com/agent/a', title: 'A' },
		{ longUrl: 'https://example.com/agent/b', title: 'B' },
		{ longUrl: 'https://example.com/agent/c', title: 'C' },
	];
	model.use({
		calls: [{ tool: 'Create_links', args: { rows } }],
		then: [
			(results) => {
				const [first] = JSON.parse(results[0]) as Array<{ id: string }>;
				return [{ tool: 'Update_link', args: { id: first.id, title: 'A, renamed' } }];
			},
			() => [
				{
					tool: 'Sync_links',
					args: {
						rows: [
							{ longUrl: 'https://example.com/agent/b', title: 'B, synced' },
							{ longUrl: 'https://example.com/agent/d', title: 'D' },
						],
					},
				},
			],
		],
	});

	await suite.executeOk(bulkWf);

	const created = (url: string) =>
		[...suite.sandbox.links.values()].find((link) => link.longUrl === url)!;
	const [a, b] = [created(rows[0].longUrl), created(rows[1].longUrl)];
	expect(apiRequests('POST', '/v1/links/bulk').map((r) => r.body)).toEqual([
		rows,
		[{ longUrl: 'https://example.com/agent/d', title: 'D' }],
	]);
	expect(apiRequests('PATCH', '/public/links/bulk').map((r) => r.body)).toEqual([
		[{ id: a.id, title: 'A, renamed' }],
		[{ id: b.id, title: 'B, synced' }],
	]);
	// the last request to the model holds the whole conversation: one tool message per call
	const [createdAnswer, updatedAnswer, syncedAnswer] = model.requests[
		model.requests.length - 1
	].messages
		.filter((m) => m.role === 'tool')
		.map((m) => textOf(m.content));
	for (const url of rows.map((row) => row.longUrl))
		expect(createdAnswer).toContain(created(url).shortUrl);
	expect(updatedAnswer).toContain('A, renamed');
	expect(syncedAnswer).toContain('"syncAction":"updated"');
	expect(syncedAnswer).toContain('"syncAction":"created"');
	expect(syncedAnswer).toContain(created('https://example.com/agent/d').shortUrl);
});
