/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/**
 * n8n in queue mode, as a self-hosted team runs it: PostgreSQL, Redis, `n8n start` with
 * EXECUTIONS_MODE=queue and `n8n worker` processes, each with the packed package installed in
 * its own user folder (dev/queue). Asserts which process ran the executions (the workers'
 * logs) and what the sandbox received.
 */
import * as n8n from '../../dev/n8n';
import { QueueCluster } from '../../dev/queue';
import { SEEDED, Sandbox } from '../../dev/sandbox/server';
import { bindByName, packedTarball } from './harness';
import {
	activate,
	deactivate,
	executionsOf,
	pollingWorkflow,
	pollsSince,
	RECEIVED_NODE,
	sandboxCredential,
	waitUntil,
} from './queue';
import { LINK_NODE, linkWorkflow, MANUAL_TRIGGER } from './workflows';
import { answerText, everyOperationMcpWorkflow, mcpClient } from './mcpTools';

const ROWS = 25_001;
const bulkWf = {
	...linkWorkflow(
		'queue bulk createMany 25001 rows',
		{ resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap' },
		{
			inputCode: `return Array.from({ length: ${ROWS} }, (_, i) => ({ json: { longUrl: \`https://example.com/queue/\${i}\`, title: \`Row \${i}\` } }));`,
		},
	),
	id: n8n.newId(),
};
const triggerWf = { ...pollingWorkflow('queue trigger new links'), id: n8n.newId() };
const EXPORTED_LINKS = 5_000;
const EXTRACT_NODE = 'Extract From File';
/** Manual Trigger → Link > Export → Extract From File: the file stored by a worker, in n8n's database binary mode, read back. */
const exportWf = (() => {
	const wf = linkWorkflow('queue export', { resource: 'link', operation: 'export' });
	wf.nodes.push({
		id: n8n.newId(),
		name: EXTRACT_NODE,
		type: 'n8n-nodes-base.extractFromFile',
		typeVersion: 1.1,
		position: [660, 0],
		parameters: { operation: 'csv', options: {} },
	});
	(wf.connections as Record<string, unknown>)[LINK_NODE] = {
		main: [[{ node: EXTRACT_NODE, type: 'main', index: 0 }]],
	};
	return { ...wf, id: n8n.newId() };
})();
const MCP_PATH = 'queue-every-operation';
const mcpWf = everyOperationMcpWorkflow(MCP_PATH);

let sandbox: Sandbox;
let cluster: QueueCluster | undefined;

beforeAll(async () => {
	// request bodies are not kept: 25,001 rows; bodyItems still counts them
	sandbox = await Sandbox.start({ logBodies: false });
	cluster = await QueueCluster.create({
		tarball: packedTarball(),
		log: (message) => process.stdout.write(`[queue] ${message}\n`),
	});
	const [credential] = await cluster.importCredentials([sandboxCredential(sandbox)]);
	await cluster.importWorkflows(
		[bulkWf, triggerWf, mcpWf, exportWf].map((wf) => ({
			...bindByName(wf, { [credential.name]: credential }),
			id: wf.id,
		})),
	);
	await cluster.startMain();
	await cluster.addWorker();
}, 900_000);

afterAll(async () => {
	await cluster?.stop();
	await sandbox?.stop();
}, 120_000);

function need(value: QueueCluster | undefined): QueueCluster {
	if (!value) throw new Error('the queue-mode cluster did not start (see beforeAll)');
	return value;
}

test(`Bulk > Create Many of ${ROWS.toLocaleString('en')} rows runs on a worker and creates every row once`, async () => {
	const queue = need(cluster);
	sandbox.reset();
	const before = sandbox.links.size;
	const started = await queue.rest.runManually(bulkWf.id, MANUAL_TRIGGER);
	const executionId = String(started.executionId);
	const execution = await queue.rest.waitForExecution(executionId, { timeoutMs: 600_000 });
	expect({ status: execution.status, error: execution.data.resultData.error?.message }).toEqual({
		status: 'success',
		error: undefined,
	});

	const ranOn = queue.workersThatRan(executionId);
	expect(ranOn).toEqual(['worker-1']);
	expect(queue.workers[0].logs()).toContain(`Worker finished execution ${executionId} (`);
	expect(queue.main?.logs()).toContain(`Enqueued execution ${executionId} (`);

	const items = n8n.nodeItems(execution, LINK_NODE);
	expect(items).toHaveLength(ROWS);
	expect(new Set(items.map((item) => item.id)).size).toBe(ROWS);
	const posts = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/links/bulk');
	expect(posts.map((r) => [r.bodyItems, r.status])).toEqual([
		[10_000, 200],
		[10_000, 200],
		[5_001, 200],
	]);
	const created = [...sandbox.links.values()].filter((link) =>
		link.longUrl.startsWith('https://example.com/queue/'),
	);
	expect(sandbox.links.size - before).toBe(ROWS);
	expect(new Set(created.map((link) => link.longUrl)).size).toBe(ROWS);
	const seconds =
		(Date.parse(String(execution.stoppedAt)) - Date.parse(String(execution.startedAt))) / 1000;
	process.stdout.write(
		`[queue] execution ${executionId}: ${ROWS} rows on ${ranOn.join(', ')} in ${seconds} s\n`,
	);
});

test(`Link > Export of ${EXPORTED_LINKS.toLocaleString('en')} links on a worker: the file in n8n's database binary mode, read back whole`, async () => {
	const queue = need(cluster);
	sandbox.reset();
	sandbox.addLinks(EXPORTED_LINKS);
	const started = await queue.rest.runManually(exportWf.id, MANUAL_TRIGGER);
	const executionId = String(started.executionId);
	const execution = await queue.rest.waitForExecution(executionId, { timeoutMs: 300_000 });
	expect({ status: execution.status, error: execution.data.resultData.error?.message }).toEqual({
		status: 'success',
		error: undefined,
	});
	expect(queue.workersThatRan(executionId)).toHaveLength(1);
	const all = EXPORTED_LINKS + SEEDED.ownLinks.length;
	const task = execution.data.resultData.runData[LINK_NODE][0];
	const exported = task.data?.main?.[0]?.[0];
	expect(exported?.json).toMatchObject({ links: all, format: 'csv' });
	expect(String(exported?.binary?.data?.id)).toMatch(/^database:/);
	const rows = n8n.nodeItems(execution, EXTRACT_NODE);
	expect(rows).toHaveLength(all);
	expect(new Set(rows.map((row) => row.id)).size).toBe(all);
	expect(rows.at(-1)?.id).toBe([...sandbox.links.values()].at(-1)?.id);
});

test('the polling trigger, active on main with two workers, delivers each new link exactly once', async () => {
	const queue = need(cluster);
	while (queue.workers.length < 2) await queue.addWorker();
	sandbox.reset();
	const startedAt = Date.now();
	await activate(queue.rest, triggerWf.id);
	// n8n 2.41 keeps nothing from the poll it runs on activation (a test poll): the first
	// scheduled poll notes where the list stands, and links created after it are new
	await waitUntil('the first scheduled poll', () => pollsSince(sandbox, startedAt) >= 2, 90_000);
	const expected: string[] = [];
	try {
		for (const [round, count] of [3, 1, 120].entries()) {
			const addedAt = Date.now();
			expected.push(
				...sandbox
					.addLinks(count, { title: `Round ${round + 1}`, createdAt: new Date().toISOString() })
					.map((link) => link.id),
			);
			await waitUntil(
				`a poll after round ${round + 1}`,
				() => pollsSince(sandbox, addedAt) >= 1,
				90_000,
			);
		}
		const delivered = async () =>
			(await executionsOf(queue.rest, triggerWf.id)).flatMap((e) =>
				n8n.nodeItems(e, RECEIVED_NODE).map((item) => String(item.id)),
			);
		const state = async () => ({
			expected: expected.length,
			missing: expected.filter((id) => !new Set(ids).has(id)).length,
			executions: (await executionsOf(queue.rest, triggerWf.id)).map((e) => [
				e.id,
				e.status,
				e.mode,
				n8n.nodeItems(e, RECEIVED_NODE).length,
			]),
			requests: sandbox.requests.map(
				(r) => `${r.method} ${r.path} ${r.status} ${JSON.stringify(r.query)} ${r.at - startedAt}`,
			),
			main: queue.main?.logs().split('\n').slice(-30),
		});
		let ids: string[] = [];
		await waitUntil(
			'every new link delivered',
			async () => new Set((ids = await delivered())).size >= expected.length,
			180_000,
			state,
		);
		// two more polls: a link delivered twice would show up now
		const settledAt = Date.now();
		await waitUntil('two more polls', () => pollsSince(sandbox, settledAt) >= 2, 90_000);
	} finally {
		await deactivate(queue.rest, triggerWf.id);
	}

	const executions = await executionsOf(queue.rest, triggerWf.id);
	const ids = executions.flatMap((e) =>
		n8n.nodeItems(e, RECEIVED_NODE).map((item) => String(item.id)),
	);
	expect([...ids].sort()).toEqual([...expected].sort());
	expect(executions.map((e) => [e.mode, e.status])).toEqual(
		executions.map(() => ['trigger', 'success']),
	);
	const ranOn = executions.map((e) => queue.workersThatRan(e.id));
	expect(ranOn.every((names) => names.length === 1)).toBe(true);
	expect(
		sandbox.requests.every((r) => r.headers['x-api-key'] === sandbox.apiKey && r.status === 200),
	).toBe(true);
	process.stdout.write(
		`[queue] trigger: ${expected.length} links in ${executions.length} executions, on ${ranOn.flat().join(', ')}\n`,
	);
});

test('MCP in queue mode: Link > Update and Create Many with a list, each tool call run by a worker', async () => {
	const queue = need(cluster);
	while (queue.workers.length < 2) await queue.addWorker();
	const [spring] = SEEDED.ownLinks;
	await activate(queue.rest, mcpWf.id);
	const client = await mcpClient(String(queue.main?.url), MCP_PATH);
	try {
		sandbox.reset();
		const update = await client.callTool({
			name: 'Update_link',
			arguments: { id: spring.id, title: 'Renamed in queue mode' },
		});
		expect(answerText(update)).toContain('Renamed in queue mode');
		const rows = Array.from({ length: 3 }, (_, i) => ({
			longUrl: `https://example.com/queue-mcp/${i}`,
		}));
		const created = await client.callTool({ name: 'Create_links', arguments: { rows } });
		const links = [...sandbox.links.values()].filter((link) =>
			link.longUrl.startsWith('https://example.com/queue-mcp/'),
		);
		expect(links).toHaveLength(3);
		for (const link of links) expect(answerText(created)).toContain(link.shortUrl);
		expect(sandbox.requests.map((r) => [r.method, r.path, r.bodyItems])).toEqual([
			['PATCH', '/public/links/bulk', 1],
			['POST', '/v1/links/bulk', 3],
		]);
	} finally {
		await client.close().catch(() => undefined);
		await deactivate(queue.rest, mcpWf.id);
	}
	const executions = await executionsOf(queue.rest, mcpWf.id);
	expect(executions.length).toBeGreaterThanOrEqual(2);
	const ranOn = executions.map((e) => queue.workersThatRan(e.id));
	expect(ranOn.every((names) => names.length === 1 && names[0].startsWith('worker-'))).toBe(true);
	process.stdout.write(
		`[queue] MCP tool calls: ${executions.length} executions on ${ranOn.flat().join(', ')}\n`,
	);
});
