/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * Shared pieces of the browser checks: Debian's Chromium driven by playwright-core, the owner's
 * log-in, waiting on the canvas, and screenshots in test/e2e/artifacts/.
 */
import * as fs from 'fs';
import * as path from 'path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import * as n8n from '../../dev/n8n';
import type { WorkflowJson } from '../../dev/n8n';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
export const ARTIFACTS = path.join(__dirname, 'artifacts');

export async function launchChromium(): Promise<Browser> {
	if (!fs.existsSync(CHROMIUM)) {
		throw new Error(
			`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
		);
	}
	return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
}

export const byTestId = (page: Page | Locator, id: string) =>
	page.locator(`[data-test-id="${id}"]`);

export const canvasNode = (page: Page, name: string) =>
	page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);

/** A page logged in as the owner (n8n.DEFAULT_OWNER). */
export async function loggedInPage(browser: Browser, url: string): Promise<Page> {
	const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
	page.setDefaultTimeout(60_000);
	await page.goto(`${url}/signin`);
	await page.locator('input#emailOrLdapLoginId').fill(n8n.DEFAULT_OWNER.email);
	await page.locator('input#password').fill(n8n.DEFAULT_OWNER.password);
	await byTestId(page, 'form-submit-button').click();
	await page.waitForURL((u) => !u.pathname.includes('/signin'));
	return page;
}

/** Opens a workflow and waits (up to 60 s) until the canvas shows all its nodes; returns how many it shows. */
export async function openWorkflow(
	page: Page,
	url: string,
	workflow: WorkflowJson & { id: string },
): Promise<number> {
	await page.goto(`${url}/workflow/${workflow.id}`);
	return waitForCount(page, '[data-test-id="canvas-node"]', workflow.nodes.length);
}

/**
 * Opens a workflow, runs it by "Execute workflow", opens `nodeName`'s output and reads the hints
 * n8n shows above it (each on one line).
 */
export async function runAndReadHints(
	page: Page,
	url: string,
	workflow: WorkflowJson & { id: string },
	nodeName: string,
): Promise<{ output: Locator; hints: Locator; texts: string[] }> {
	await openWorkflow(page, url, workflow);
	await executeFromButton(page, workflow.nodes.length);
	await canvasNode(page, nodeName).dblclick();
	const output = byTestId(page, 'output-panel');
	await byTestId(output, 'node-run-status-success').waitFor();
	const hints = byTestId(output, 'run-data-hints');
	await hints.waitFor();
	const texts = (await byTestId(hints, 'node-hint').allInnerTexts()).map((text) =>
		text.replace(/\s+/g, ' ').trim(),
	);
	return { output, hints, texts };
}

/** Presses "Execute workflow" and waits until `count` nodes show success. */
export async function executeFromButton(page: Page, count: number): Promise<void> {
	await byTestId(page, 'execute-workflow-button').click();
	// (a string expression: it runs in the page, and this project compiles without DOM types)
	await page.waitForFunction(
		`document.querySelectorAll('[data-test-id="canvas-node-status-success"]').length >= ${count}`,
		undefined,
		{ timeout: 120_000 },
	);
}

/** Names of the nodes a run from the Manual Trigger reaches (a Schedule Trigger beside it does not run). */
export function nodesReachedFromManualTrigger(workflow: WorkflowJson): string[] {
	const start = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
	if (!start) return [];
	const connections = workflow.connections as Record<
		string,
		{ main?: Array<Array<{ node: string }> | null> }
	>;
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

/** Waits (up to 60 s) until the locator matches `count` elements; returns the last count seen. */
export async function waitForCount(page: Page, selector: string, count: number): Promise<number> {
	const locator = page.locator(selector);
	const deadline = Date.now() + 60_000;
	let seen = await locator.count();
	while (seen !== count && Date.now() < deadline) {
		await page.waitForTimeout(250);
		seen = await locator.count();
	}
	return seen;
}

/** The file an artefact screenshot goes to (the folder is made on first use). */
export function artifact(name: string): string {
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	return path.join(ARTIFACTS, name);
}
