/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/**
 * Browser check: Debian's Chromium (headless, driven by playwright-core) logs in to a started
 * n8n, opens an example workflow, runs it with "Execute workflow", and checks that every node
 * that ran shows success and the Link Shortener node's output panel lists items. Saves a
 * screenshot to test/e2e/artifacts/editor-run.png (printed).
 */
import * as n8n from '../../dev/n8n';
import type { WorkflowJson } from '../../dev/n8n';
import {
	artifact,
	byTestId,
	canvasNode,
	executeFromButton,
	loggedInPage,
	nodesReachedFromManualTrigger,
	openWorkflow,
} from './browser';
import { startEditorInstance, type EditorInstance } from './editorInstance';
import { loadExamples } from './harness';
import { NODE_TYPE } from './workflows';

const PREFERRED_EXAMPLE = 'shorten-links-from-rows.json';

let editor: EditorInstance | undefined;
let example: { file: string; json: WorkflowJson & { id: string } };

beforeAll(async () => {
	const examples = loadExamples();
	const chosen = examples.find((e) => e.file === PREFERRED_EXAMPLE) ?? examples[0];
	if (!chosen) throw new Error('no example workflow in examples/ to open in the editor');
	editor = await startEditorInstance('n8n-e2e-editor-', [chosen.json]);
	example = { file: chosen.file, json: editor.workflows[0] };
});

afterAll(async () => {
	await editor?.stop();
});

test('log in, open an example workflow, run it, see it succeed', async () => {
	if (!editor) throw new Error('the editor instance did not start (see beforeAll)');
	const { sandbox, instance, browser } = editor;
	const url = instance.url;
	const started = Date.now();
	const page = await loggedInPage(browser, url);
	try {
		// open the example and run it
		expect(await openWorkflow(page, url, example.json)).toBe(example.json.nodes.length);
		const expectedToRun = nodesReachedFromManualTrigger(example.json);
		await executeFromButton(page, expectedToRun.length);
		expect(await byTestId(page, 'canvas-node-status-error').count()).toBe(0);
		for (const name of expectedToRun) {
			const node = canvasNode(page, name);
			expect({
				name,
				success: await node.locator('[data-test-id="canvas-node-status-success"]').count(),
			}).toEqual({ name, success: 1 });
		}

		// the Link Shortener node's output panel shows items
		const linkNodes = example.json.nodes.filter(
			(n) => n.type === NODE_TYPE && expectedToRun.includes(n.name),
		);
		expect(linkNodes.length).toBeGreaterThan(0);
		const last = linkNodes[linkNodes.length - 1];
		await canvasNode(page, last.name).dblclick();
		const output = byTestId(page, 'output-panel');
		await output.locator('[data-test-id="node-run-status-success"]').waitFor();
		const countText = await output.locator('[data-test-id="ndv-items-count"]').first().innerText();
		expect(countText).toMatch(/[1-9]\d* items?/);

		const screenshot = artifact('editor-run.png');
		await page.screenshot({ path: screenshot });
		process.stdout.write(
			`\n[e2e] editor screenshot (${example.file}, ${countText.trim()} in "${last.name}"): ${screenshot}\n`,
		);
		process.stdout.write(
			`[e2e] browser check took ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
		);

		// the run reached the sandbox, and n8n stored it as a successful manual execution
		expect(sandbox.requests.length).toBeGreaterThan(0);
		expect(sandbox.requests.filter((r) => r.status < 200 || r.status >= 300)).toEqual([]);
		const rest = new n8n.N8nRest(url);
		await rest.login();
		const executions = await rest.request<{
			results: Array<{ status: string; mode: string; workflowId: string }>;
		}>('GET', '/rest/executions');
		const mine = executions.results.filter((e) => e.workflowId === example.json.id);
		expect(mine.map((e) => [e.mode, e.status])).toEqual([['manual', 'success']]);
	} catch (error) {
		const failure = artifact('editor-failure.png');
		await page.screenshot({ path: failure }).catch(() => undefined);
		process.stdout.write(`\n[e2e] editor check failed; screenshot: ${failure}\n`);
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- test code: the failure itself, after its screenshot
		throw error;
	} finally {
		await page.close();
	}
});
