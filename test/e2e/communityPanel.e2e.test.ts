/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * Installed, updated and removed the way users do it: n8n's Settings → Community Nodes panel,
 * in Chromium, against a real npm registry on 127.0.0.1 (verdaccio, dev/registry) holding the
 * packed package. n8n's installer runs the `npm` first on its PATH with
 * `--registry=https://registry.npmjs.org`; a wrapper points that at the local registry. The
 * package's own files are untouched. Screenshots of each step go to test/e2e/artifacts/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';

import * as n8n from '../../dev/n8n';
import type { StartedN8n, WorkflowJson } from '../../dev/n8n';
import { LocalRegistry } from '../../dev/registry/registry';
import { Sandbox } from '../../dev/sandbox/server';
import { artifact, byTestId, launchChromium, loggedInPage } from './browser';
import { EXAMPLES_DIR, packedTarball } from './harness';
import { startInstance } from './startedInstance';
import { NODE_TYPE, PACKAGE_NAME, TRIGGER_TYPE } from './workflows';

const EXAMPLE = 'shorten-links-from-rows.json';
const example = JSON.parse(
	fs.readFileSync(path.join(EXAMPLES_DIR, EXAMPLE), 'utf8'),
) as WorkflowJson;
const workflow = { ...example, id: n8n.newId() };
const manualTrigger = () =>
	workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger')!.name;
const version = (
	JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
		version: string;
	}
).version;
const nextVersion = version.replace(/(\d+)$/, (patch) => String(Number(patch) + 1));

let sandbox: Sandbox;
let registry: LocalRegistry;
let instance: StartedN8n | undefined;
let rest: n8n.N8nRest;
let browser: Browser;
let page: Page;
let userFolder: string;

beforeAll(async () => {
	sandbox = await Sandbox.start();
	registry = await LocalRegistry.start();
	registry.publish(packedTarball());
	// an empty user folder: nothing installed until the panel installs it
	({ instance, rest, userFolder } = await startInstance({
		sandbox,
		folderPrefix: 'n8n-e2e-panel-',
		workflows: [workflow],
		installPackage: false,
		firstOnPath: registry.npmWrapper(),
	}));
	browser = await launchChromium();
	page = await loggedInPage(browser, instance.url);
}, 300_000);

afterAll(async () => {
	await browser?.close().catch(() => undefined);
	await instance?.stop();
	await registry?.stop();
	await sandbox?.stop();
	if (userFolder && !process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(userFolder);
}, 120_000);

const url = () => instance!.url;
const card = () => byTestId(page, 'community-package-card');

async function shot(name: string): Promise<void> {
	await page.screenshot({ path: artifact(name) });
	process.stdout.write(`\n[e2e] screenshot: ${artifact(name)}\n`);
}

/** Runs the example saved before the package was installed, through the REST API as the editor does. */
async function runExample(): Promise<n8n.ExecutionJson> {
	sandbox.clearRequests();
	await rest.login();
	const { executionId } = await rest.runManually(workflow.id, manualTrigger());
	return await rest.waitForExecution(String(executionId), { timeoutMs: 120_000 });
}

async function packageTypes(): Promise<string[]> {
	await rest.login();
	return (await rest.nodeTypesJson())
		.map((type) => type.name)
		.filter((name) => name.startsWith(`${PACKAGE_NAME}.`));
}

test('install: Settings → Community Nodes → Install, the package name, the notice accepted', async () => {
	await page.goto(`${url()}/settings/community-nodes`);
	await page
		.getByRole('button', { name: /install/i })
		.first()
		.click();
	await byTestId(page, 'package-name-input').fill(PACKAGE_NAME);
	await byTestId(page, 'user-agreement-checkbox').click();
	await shot('panel-install.png');
	await byTestId(page, 'install-community-package-button').click();

	await card().getByText(`v${version}`).waitFor({ timeout: 120_000 });
	expect(await card().innerText()).toMatch(/Link Shortener,\s*Link Shortener Trigger/);
	await shot('panel-installed.png');
	expect((await packageTypes()).sort()).toEqual(
		[NODE_TYPE, `${NODE_TYPE}Tool`, TRIGGER_TYPE].sort(),
	);

	// the node panel offers the node and its trigger
	await page.goto(`${url()}/workflow/${workflow.id}`);
	await byTestId(page, 'node-creator-plus-button').click();
	await page.keyboard.type('Link Shortener');
	const names = byTestId(byTestId(page, 'node-creator'), 'node-creator-item-name');
	await names.filter({ hasText: /^Link Shortener$/ }).waitFor();
	await shot('panel-node-creator.png');
	await page.keyboard.press('Escape');

	const run = await runExample();
	expect({ status: run.status, error: run.data.resultData.error?.message }).toEqual({
		status: 'success',
		error: undefined,
	});
	expect(sandbox.requests.filter((r) => r.path === '/v1/links/').length).toBeGreaterThan(0);
});

test('update: the panel shows the next version, updates to it, and the saved workflow runs unchanged', async () => {
	registry.publishAs(packedTarball(), nextVersion);
	await page.goto(`${url()}/settings/community-nodes`);
	await card().getByRole('button', { name: 'Update' }).click({ timeout: 60_000 });
	await shot('panel-update.png');
	await page.getByRole('button', { name: 'Confirm update' }).click();
	await card().getByText(`v${nextVersion}`).waitFor({ timeout: 120_000 });

	const installed = JSON.parse(
		fs.readFileSync(
			path.join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME, 'package.json'),
			'utf8',
		),
	) as {
		version: string;
	};
	expect(installed.version).toBe(nextVersion);
	const run = await runExample();
	expect({ status: run.status, error: run.data.resultData.error?.message }).toEqual({
		status: 'success',
		error: undefined,
	});
});

test('uninstall: the nodes are gone, and the editor says so for a workflow that uses them', async () => {
	await page.goto(`${url()}/settings/community-nodes`);
	await byTestId(card(), 'action-toggle').click();
	await page.getByText('Uninstall package').click();
	await page.getByRole('button', { name: /Confirm uninstall/ }).click();
	await card().waitFor({ state: 'detached', timeout: 120_000 });
	expect(await packageTypes()).toEqual([]);

	const linkNode = workflow.nodes.find((node) => node.type === NODE_TYPE)!.name;
	await page.goto(`${url()}/workflow/${workflow.id}`);
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${linkNode}"]`).dblclick();
	await page.getByText('Install this node to use it').waitFor();
	expect((await page.locator('body').innerText()).replace(/\s+/g, ' ')).toContain(
		`This node is not currently installed. It's part of the ${PACKAGE_NAME} community package.`,
	);
	await shot('panel-uninstalled-node.png');
});
