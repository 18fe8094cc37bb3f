/**
 * Browser check: Debian's Chromium (headless, driven by playwright-core) logs in to a started
 * n8n, opens an example workflow, runs it with "Execute workflow", and checks that every node
 * that ran shows success and the Link Shortener node's output panel lists items. Saves a
 * screenshot to test/e2e/artifacts/editor-run.png (printed).
 */
import * as fs from 'fs';
import * as path from 'path';
import { chromium, type Browser, type Page } from 'playwright-core';
import * as n8n from '../../dev/n8n';
import type { N8nEnv, StartedN8n, WorkflowJson } from '../../dev/n8n';
import { Sandbox } from '../../dev/sandbox/server';
import { bindByName, loadExamples, packedTarball } from './harness';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, NODE_TYPE } from './workflows';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ARTIFACTS = path.join(__dirname, 'artifacts');
const SCREENSHOT = path.join(ARTIFACTS, 'editor-run.png');
const FAILURE_SCREENSHOT = path.join(ARTIFACTS, 'editor-failure.png');
const PREFERRED_EXAMPLE = 'shorten-links-from-rows.json';

let sandbox: Sandbox;
let userFolder: string;
let env: N8nEnv;
let instance: StartedN8n | undefined;
let browser: Browser | undefined;
let example: { file: string; json: WorkflowJson & { id: string } };

/** Names of the nodes a run from the Manual Trigger reaches (a Schedule Trigger beside it does not run). */
function nodesReachedFromManualTrigger(workflow: WorkflowJson): string[] {
	const start = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
	if (!start) return [];
	const connections = workflow.connections as Record<string, { main?: Array<Array<{ node: string }> | null> }>;
	const seen = new Set<string>([start.name]);
	const queue = [start.name];
	while (queue.length) {
		const current = queue.shift() as string;
		for (const output of connections[current]?.main ?? []) {
			for (const target of output ?? []) {
				if (!seen.has(target.node)) {
					seen.add(target.node);
					queue.push(target.node);
				}
			}
		}
	}
	return [...seen];
}

const byTestId = (page: Page, id: string) => page.locator(`[data-test-id="${id}"]`);

beforeAll(async () => {
	if (!fs.existsSync(CHROMIUM)) {
		throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
	}
	const examples = loadExamples();
	const chosen = examples.find((e) => e.file === PREFERRED_EXAMPLE) ?? examples[0];
	if (!chosen) throw new Error('no example workflow in examples/ to open in the editor');

	sandbox = await Sandbox.start();
	userFolder = n8n.makeUserFolder('n8n-e2e-editor-');
	n8n.installPackage(userFolder, packedTarball());
	env = n8n.n8nEnv({ userFolder, port: await n8n.getFreePort(), brokerPort: await n8n.getFreePort() });
	const [credential] = await n8n.importCredentials(env, [
		{ name: CREDENTIAL_NAME, type: CREDENTIAL_TYPE, data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey } },
	]);
	const [imported] = await n8n.importWorkflows(env, [bindByName(chosen.json, { [credential.name]: credential })]);
	example = { file: chosen.file, json: imported };
	instance = await n8n.startN8n(env, { timeoutMs: 240_000 });
	await new n8n.N8nRest(instance.url).setupOwner();
	browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
});

afterAll(async () => {
	await browser?.close().catch(() => undefined);
	await instance?.stop();
	await sandbox?.stop();
	if (userFolder && !process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(userFolder);
});

test('log in, open an example workflow, run it, see it succeed', async () => {
	const page = await (browser as Browser).newPage({ viewport: { width: 1440, height: 900 } });
	page.setDefaultTimeout(60_000);
	const url = (instance as StartedN8n).url;
	const started = Date.now();
	try {
		// log in as the owner
		await page.goto(`${url}/signin`);
		await page.locator('input#emailOrLdapLoginId').fill(n8n.DEFAULT_OWNER.email);
		await page.locator('input#password').fill(n8n.DEFAULT_OWNER.password);
		await byTestId(page, 'form-submit-button').click();
		await page.waitForURL((u) => !u.pathname.includes('/signin'));

		// open the example and run it
		await page.goto(`${url}/workflow/${example.json.id}`);
		expect(await waitForCount(page, '[data-test-id="canvas-node"]', example.json.nodes.length)).toBe(example.json.nodes.length);
		const expectedToRun = nodesReachedFromManualTrigger(example.json);
		await byTestId(page, 'execute-workflow-button').click();
		// (a string expression: it runs in the page, and this project compiles without DOM types)
		await page.waitForFunction(
			`document.querySelectorAll('[data-test-id="canvas-node-status-success"]').length >= ${expectedToRun.length}`,
			undefined,
			{ timeout: 120_000 },
		);
		expect(await byTestId(page, 'canvas-node-status-error').count()).toBe(0);
		for (const name of expectedToRun) {
			const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
			expect({ name, success: await node.locator('[data-test-id="canvas-node-status-success"]').count() }).toEqual({ name, success: 1 });
		}

		// the Link Shortener node's output panel shows items
		const linkNodes = example.json.nodes.filter((n) => n.type === NODE_TYPE && expectedToRun.includes(n.name));
		expect(linkNodes.length).toBeGreaterThan(0);
		const last = linkNodes[linkNodes.length - 1];
		await page.locator(`[data-test-id="canvas-node"][data-node-name="${last.name}"]`).dblclick();
		const output = byTestId(page, 'output-panel');
		await output.locator('[data-test-id="node-run-status-success"]').waitFor();
		const countText = await output.locator('[data-test-id="ndv-items-count"]').first().innerText();
		expect(countText).toMatch(/[1-9]\d* items?/);

		fs.mkdirSync(ARTIFACTS, { recursive: true });
		await page.screenshot({ path: SCREENSHOT });
		process.stdout.write(`\n[e2e] editor screenshot (${example.file}, ${countText.trim()} in "${last.name}"): ${SCREENSHOT}\n`);
		process.stdout.write(`[e2e] browser check took ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

		// the run reached the sandbox, and n8n stored it as a successful manual execution
		expect(sandbox.requests.length).toBeGreaterThan(0);
		expect(sandbox.requests.filter((r) => r.status < 200 || r.status >= 300)).toEqual([]);
		const rest = new n8n.N8nRest(url);
		await rest.login();
		const executions = await rest.request<{ results: Array<{ status: string; mode: string; workflowId: string }> }>('GET', '/rest/executions');
		const mine = executions.results.filter((e) => e.workflowId === example.json.id);
		expect(mine.map((e) => [e.mode, e.status])).toEqual([['manual', 'success']]);
	} catch (error) {
		fs.mkdirSync(ARTIFACTS, { recursive: true });
		await page.screenshot({ path: FAILURE_SCREENSHOT }).catch(() => undefined);
		process.stdout.write(`\n[e2e] editor check failed; screenshot: ${FAILURE_SCREENSHOT}\n`);
		throw error;
	} finally {
		await page.close();
	}
});

/** Waits (up to 60 s) until the locator matches `count` elements; returns the last count seen. */
async function waitForCount(page: Page, selector: string, count: number): Promise<number> {
	const locator = page.locator(selector);
	const deadline = Date.now() + 60_000;
	let seen = await locator.count();
	while (seen !== count && Date.now() < deadline) {
		await page.waitForTimeout(250);
		seen = await locator.count();
	}
	return seen;
}
