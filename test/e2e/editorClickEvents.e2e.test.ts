/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/**
 * The trigger's click events in the editor (n8n 2.41.1, Chromium): each event's node opened,
 * "Fetch Test Event" pressed, its sample in the output panel. The screenshots are the README's
 * (docs/images/trigger-<event>.png; test/e2e/artifacts/ holds this run's).
 */
import type { Page } from 'playwright-core';

import { artifact, byTestId, canvasNode, loggedInPage, openWorkflow } from './browser';
import { startEditorInstance, type EditorInstance } from './editorInstance';
import { TRIGGER_NODE, triggerWorkflow } from './workflows';

const EVENTS = [
	{ event: 'linkClicked', parameters: { event: 'linkClicked' }, shows: ['newClicks', 'since'] },
	{
		event: 'clickMilestone',
		parameters: { event: 'clickMilestone', milestone: 10 },
		shows: ['milestone', 'shortUrl'],
	},
	{ event: 'dayCompleted', parameters: { event: 'dayCompleted' }, shows: ['day', 'clicks'] },
];

let editor: EditorInstance | undefined;

beforeAll(async () => {
	editor = await startEditorInstance(
		'n8n-e2e-editor-clicks-',
		EVENTS.map(({ event, parameters }) => triggerWorkflow(`Clicks: ${event}`, parameters)),
	);
}, 600_000);

afterAll(async () => await editor?.stop(), 120_000);

/** Presses Fetch Test Event and waits until the output panel shows each field, as JSON. */
async function fetchTestEvent(page: Page, fields: string[]): Promise<string> {
	await canvasNode(page, TRIGGER_NODE).dblclick();
	await byTestId(page, 'node-execute-button').first().click();
	const output = byTestId(page, 'output-panel');
	await output.locator('[data-test-id="ndv-items-count"]').first().waitFor({ timeout: 60_000 });
	await output.getByText('JSON', { exact: true }).click();
	for (const field of fields) await output.getByText(`"${field}"`).first().waitFor();
	return await output.innerText();
}

test.each(EVENTS.map((event, index) => [event.event, event, index] as const))(
	'%s: Fetch Test Event shows a sample in the output panel',
	async (event, { shows }, index) => {
		if (!editor) throw new Error('the editor instance did not start (see beforeAll)');
		const page = await loggedInPage(editor.browser, editor.instance.url);
		try {
			await openWorkflow(page, editor.instance.url, editor.workflows[index]);
			const text = await fetchTestEvent(page, shows);
			for (const field of shows) expect(text).toContain(`"${field}"`);
			await page.screenshot({ path: artifact(`trigger-${event}.png`) });
			process.stdout.write(`\n[e2e] screenshot: ${artifact(`trigger-${event}.png`)}\n`);
		} catch (error) {
			await page
				.screenshot({ path: artifact(`trigger-${event}-failure.png`) })
				.catch(() => undefined);
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- test code: the failure itself, after its screenshot
			throw error;
		} finally {
			await page.close();
		}
	},
);
