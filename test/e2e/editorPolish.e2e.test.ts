/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * Browser checks of how the package looks in n8n's editor (Chromium, headless): the node panel's
 * description, canvas subtitles in words, execution hints above a bulk run's output, the
 * weekly-clicks example run by "Execute workflow" from its Manual Trigger, and codex categories
 * from n8n's documented list with the node among the app nodes. Each check saves a screenshot
 * to test/e2e/artifacts/ (printed).
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Locator, Page } from 'playwright-core';
import * as n8n from '../../dev/n8n';
import type { WorkflowJson } from '../../dev/n8n';
import { PANEL_DESCRIPTION } from '../../nodes/LinkShortener/panelDescription';
import {
	artifact,
	byTestId,
	canvasNode,
	executeFromButton,
	loggedInPage,
	nodesReachedFromManualTrigger,
	openWorkflow,
	runAndReadHints,
} from './browser';
import { startEditorInstance, type EditorInstance } from './editorInstance';
import { DOCUMENTED_CATEGORIES } from '../helpers/codexCategories';
import { EXAMPLES_DIR } from './harness';
import { LINK_NODE, linkWorkflow, NODE_TYPE, TRIGGER_TYPE } from './workflows';

const WEEKLY_CLICKS = 'scheduled-clicks-by-country.json';
const SHORTEN_ROWS = 'shorten-links-from-rows.json';
/** Two rows with the same long URL (one is not created) and one whose long URL already has utm_source. */
const HINT_ROWS = [
	{ longUrl: 'https://editor-check.example.org/spring', title: 'Spring' },
	{ longUrl: 'https://editor-check.example.org/spring', title: 'Spring again' },
	{
		longUrl: 'https://editor-check.example.org/gifts?utm_source=old&ref=home',
		title: 'Gifts',
		utm_source: 'newsletter',
	},
];

type Imported = WorkflowJson & { id: string };
let editor: EditorInstance | undefined;
const workflows: Record<'weekly' | 'shorten' | 'hints', Imported> = {} as never;

const example = (file: string) =>
	JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson;
const started = () => {
	if (!editor) throw new Error('the editor instance did not start (see beforeAll)');
	return editor;
};
const url = () => started().instance.url;

beforeAll(async () => {
	const hints = linkWorkflow(
		'Bulk import with hints',
		{
			resource: 'bulk',
			operation: 'createMany',
			mappingMode: 'autoMap',
			options: { ifExists: 'returnExisting' },
		},
		{ rows: HINT_ROWS },
	);
	editor = await startEditorInstance('n8n-e2e-editor-polish-', [
		example(WEEKLY_CLICKS),
		example(SHORTEN_ROWS),
		hints,
	]);
	const [weekly, shorten, hinted] = editor.workflows;
	Object.assign(workflows, { weekly, shorten, hints: hinted });
});

afterAll(async () => {
	await editor?.stop();
});

/** Runs `check` on a logged-in page; on failure keeps a screenshot named after the check. */
async function inEditor(name: string, check: (page: Page) => Promise<void>): Promise<void> {
	const page = await loggedInPage(started().browser, url());
	try {
		await check(page);
	} catch (error) {
		const failure = artifact(`${name}-failure.png`);
		await page.screenshot({ path: failure }).catch(() => undefined);
		process.stdout.write(`\n[e2e] ${name} failed; screenshot: ${failure}\n`);
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- test code: the failure itself, after its screenshot
		throw error;
	} finally {
		await page.close();
	}
}

async function screenshot(
	target: Page | Locator,
	name: string,
	clip?: { x: number; y: number; width: number; height: number },
) {
	const file = artifact(name);
	await target.screenshot({ path: file, ...(clip ? { clip } : {}) });
	process.stdout.write(`\n[e2e] screenshot: ${file}\n`);
}

/** Opens the node panel from the canvas's "+" and searches for the package. */
async function searchNodePanel(page: Page, workflow: Imported): Promise<Locator> {
	expect(await openWorkflow(page, url(), workflow)).toBe(workflow.nodes.length);
	await byTestId(page, 'node-creator-plus-button').click();
	const panel = byTestId(page, 'node-creator');
	await byTestId(panel, 'node-creator-search-bar').waitFor();
	await page.keyboard.type('Link Shortener');
	return panel;
}

test('the node panel shows the action node its own description, not the trigger text', async () => {
	await inEditor('node-panel', async (page) => {
		const panel = await searchNodePanel(page, workflows.shorten);
		const item = byTestId(panel, 'item-iterator-item').filter({
			has: page.getByText('Link Shortener', { exact: true }),
		});
		await item.first().waitFor();
		const description = await byTestId(item.first(), 'node-creator-item-description').innerText();
		expect(description.trim()).toBe(PANEL_DESCRIPTION);
		expect(await panel.innerText()).not.toMatch(/Starts the workflow when/);

		// the node's page in the panel: the same description, its actions and its trigger
		await item.first().click();
		await panel.getByText('Actions (', { exact: false }).waitFor();
		const details = await panel.innerText();
		expect(details).toContain(PANEL_DESCRIPTION);
		expect(details).toMatch(/Create a short link/);
		// n8n lists each event of the trigger as one: New Link, the three click events and the monitor.
		expect(details).toMatch(/Triggers \(5\)/);
		// Tall enough for the ten actions and the triggers' heading (README's picture).
		await page.setViewportSize({ width: 1440, height: 1080 });
		await screenshot(panel, 'node-panel.png');
	});
});

test('canvas subtitles read as words, never internal values', async () => {
	const expected: Array<[Imported, string]> = [
		[workflows.hints, 'Create Many: Bulk'],
		[workflows.weekly, 'Get Clicks: Analytics'],
		[workflows.shorten, 'Create: Link'],
	];
	await inEditor('subtitles', async (page) => {
		for (const [workflow, subtitle] of expected) {
			expect(await openWorkflow(page, url(), workflow)).toBe(workflow.nodes.length);
			for (const node of workflow.nodes.filter((n) => n.type === NODE_TYPE)) {
				const lines = (await canvasNode(page, node.name).innerText())
					.split('\n')
					.map((line) => line.trim())
					.filter(Boolean);
				expect({ node: node.name, lines }).toEqual({
					node: node.name,
					lines: [node.name, subtitle],
				});
			}
		}
		// the last one opened: Link > Create in the shorten-links example
		const linkNode = workflows.shorten.nodes.filter((n) => n.type === NODE_TYPE).pop();
		const box = linkNode && (await canvasNode(page, linkNode.name).boundingBox());
		if (!box) throw new Error('the Link Shortener node has no box on the canvas');
		await screenshot(page, 'canvas-subtitle.png', {
			x: box.x - 300,
			y: box.y - 150,
			width: box.width + 600,
			height: box.height + 260,
		});
	});
});

test('a bulk run shows hints above its output: rows not created, utm_* keys replaced', async () => {
	await inEditor('bulk-hints', async (page) => {
		const { output, hints, texts } = await runAndReadHints(page, url(), workflows.hints, LINK_NODE);
		expect(texts).toEqual([
			expect.stringMatching(/^1 of 3 items were not created: .*"linkCreated": false\.$/),
			expect.stringMatching(
				/^The UTM fields replaced utm_\* parameters that 1 long URL\(s\) already had \(first: input item 2, utm_source\)\.$/,
			),
		]);
		expect(await byTestId(output, 'ndv-items-count').first().innerText()).toMatch(/^3 items$/);
		// what the hints say happened: one bulk create of two links, the old utm_source replaced
		const created = [...started().sandbox.links.values()].filter((link) =>
			link.longUrl.startsWith('https://editor-check.example.org/'),
		);
		expect(created.map((link) => link.longUrl).sort()).toEqual([
			'https://editor-check.example.org/gifts?utm_source=newsletter&ref=home',
			'https://editor-check.example.org/spring',
		]);
		const panel = await output.boundingBox();
		const hintsBox = await hints.boundingBox();
		if (!panel || !hintsBox) throw new Error('the output panel or its hints have no box');
		await screenshot(page, 'bulk-hints.png', {
			x: panel.x,
			y: panel.y,
			width: panel.width,
			height: hintsBox.y + hintsBox.height + 200 - panel.y,
		});
	});
});

test('the weekly-clicks example runs from its Manual Trigger when "Execute workflow" is pressed', async () => {
	const workflow = workflows.weekly;
	const schedule = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.scheduleTrigger');
	const manual = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
	if (!schedule || !manual)
		throw new Error(`${WEEKLY_CLICKS} should have a Schedule Trigger and a Manual Trigger`);
	const expectedToRun = nodesReachedFromManualTrigger(workflow);
	await inEditor('weekly-clicks', async (page) => {
		expect(await openWorkflow(page, url(), workflow)).toBe(workflow.nodes.length);
		await executeFromButton(page, expectedToRun.length);
		for (const name of expectedToRun) {
			expect({
				name,
				success: await byTestId(canvasNode(page, name), 'canvas-node-status-success').count(),
			}).toEqual({ name, success: 1 });
		}
		expect(
			await byTestId(canvasNode(page, schedule.name), 'canvas-node-status-success').count(),
		).toBe(0);
		expect(await byTestId(page, 'canvas-node-status-error').count()).toBe(0);
		const first = await canvasNode(page, schedule.name).boundingBox();
		const last = await canvasNode(page, 'One row per country').boundingBox();
		if (!first || !last) throw new Error('the weekly-clicks nodes have no box on the canvas');
		const x = first.x - 140;
		const y = first.y - 60;
		await screenshot(page, 'weekly-clicks-run.png', {
			x,
			y,
			width: last.x + last.width + 140 - x,
			height: last.y + last.height + 200 - y,
		});
	});

	// n8n stored one manual run that started at the Manual Trigger and reached every node after it
	const rest = new n8n.N8nRest(url());
	await rest.login();
	const executions = await rest.request<{
		results: Array<{ id: string; status: string; mode: string; workflowId: string }>;
	}>('GET', '/rest/executions');
	const mine = executions.results.filter((e) => e.workflowId === workflow.id);
	expect(mine.map((e) => [e.mode, e.status])).toEqual([['manual', 'success']]);
	const run = await rest.waitForExecution(mine[0].id);
	expect(Object.keys(run.data.resultData.runData).sort()).toEqual([...expectedToRun].sort());
	expect(started().sandbox.requests.length).toBeGreaterThan(0);
	expect(started().sandbox.requests.filter((r) => r.status < 200 || r.status >= 300)).toEqual([]);
});

test("codex categories are from n8n's documented list, and the node is listed among app actions", async () => {
	const rest = new n8n.N8nRest(url());
	await rest.login();
	const types = await rest.nodeTypesJson();
	for (const type of [NODE_TYPE, TRIGGER_TYPE]) {
		const served = types.find((t: { name: string }) => t.name === type) as
			| { codex?: { categories?: string[] } }
			| undefined;
		const categories = served?.codex?.categories ?? [];
		expect({ type, categories }).toEqual({
			type,
			categories: expect.arrayContaining([expect.any(String)]),
		});
		expect({
			type,
			unknown: categories.filter((category) => !DOCUMENTED_CATEGORIES.includes(category)),
		}).toEqual({ type, unknown: [] });
	}

	await inEditor('categories', async (page) => {
		expect(await openWorkflow(page, url(), workflows.shorten)).toBe(workflows.shorten.nodes.length);
		await byTestId(page, 'node-creator-plus-button').click();
		const panel = byTestId(page, 'node-creator');
		await byTestId(panel, 'item-iterator-item').filter({ hasText: 'Action in an app' }).click();
		// the app list has replaced the first view (whose items include "Data transformation")
		await byTestId(panel, 'item-iterator-item')
			.filter({ hasText: 'Data transformation' })
			.waitFor({ state: 'detached' });
		await page.keyboard.type('Link Shortener');
		await byTestId(panel, 'node-creator-item-name')
			.filter({ hasText: /^Link Shortener$/ })
			.waitFor();
		// The item exists in the unfiltered list too: wait until the search has filtered the list.
		const filtered = /^Action in an app\s+Link Shortener\s/;
		const deadline = Date.now() + 10_000;
		let text = await panel.innerText();
		while (!filtered.test(text) && Date.now() < deadline) {
			await page.waitForTimeout(200);
			text = await panel.innerText();
		}
		expect(text).toMatch(filtered);
		await screenshot(panel, 'node-panel-app-actions.png');
	});
});
