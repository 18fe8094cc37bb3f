/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * Bulk > Sync Many's Dry Run in the editor (Chromium): the sync example with Dry Run on, run
 * by "Execute workflow"; its output says what would happen to each row, the hint counts them,
 * and nothing was written. The screenshot goes to test/e2e/artifacts/ (and docs/images/).
 */
import * as fs from 'fs';
import * as path from 'path';

import type { WorkflowJson } from '../../dev/n8n';
import { artifact, loggedInPage, runAndReadHints } from './browser';
import { startEditorInstance, type EditorInstance } from './editorInstance';
import { EXAMPLES_DIR } from './harness';

const EXAMPLE = 'sync-many-mirror-a-sheet.json';
const SYNC_NODE = 'Mirror the sheet';

let editor: EditorInstance | undefined;

beforeAll(async () => {
	const example = JSON.parse(
		fs.readFileSync(path.join(EXAMPLES_DIR, EXAMPLE), 'utf8'),
	) as WorkflowJson;
	const sync = example.nodes.find((node) => node.name === SYNC_NODE)!;
	sync.parameters = { ...sync.parameters, options: { dryRun: true } };
	editor = await startEditorInstance('n8n-e2e-sync-dry-run-', [example]);
});

afterAll(async () => await editor?.stop());

test('a dry run shows what each row would do, counts it in a hint, and writes nothing', async () => {
	const { browser, instance, sandbox, workflows } = editor!;
	const [workflow] = workflows;
	const page = await loggedInPage(browser, instance.url);
	try {
		const { output, texts } = await runAndReadHints(page, instance.url, workflow, SYNC_NODE);
		expect(texts).toEqual([
			expect.stringMatching(
				/^Dry run, nothing written: \d+ created, \d+ updated, \d+ unchanged if synced\.$/,
			),
		]);
		expect(await output.innerText()).toContain('syncAction');
		const writes = sandbox.requests.filter(
			(request) => request.path === '/v1/links/bulk' || request.method === 'PATCH',
		);
		expect(writes).toEqual([]);
		await page.screenshot({ path: artifact('sync-dry-run.png') });
		process.stdout.write(`\n[e2e] screenshot: ${artifact('sync-dry-run.png')}\n`);
	} finally {
		await page.close();
	}
});
