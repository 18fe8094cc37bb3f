/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * QR codes in real n8n (`n8n execute`): Link > Get Many with QR Code PNG stores each code in
 * n8n's binary data (files in 2.x, memory in 1.x), a Read/Write Files node writes them to disk
 * and an independent decoder reads each back as its link's short URL; a short URL no QR code
 * holds is that link's own error item under On Error: Continue, the other links keep theirs.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

import { decodePng } from '../qr/decoders';
import { useN8nSuite } from './harness';
import { chainWorkflow, LINK_NODE, linkShortenerNode, workflowNode } from './workflows';

const suite = useN8nSuite();
const folder = join(homedir(), '.n8n-files', `e2e-qr-${process.pid}`);
beforeAll(() => mkdirSync(folder, { recursive: true }));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const getMany = {
	resource: 'link',
	operation: 'getMany',
	returnAll: false,
	limit: 3,
	options: { qrCode: 'png', qrErrorCorrection: 'H' },
};
const linkNode = linkShortenerNode(LINK_NODE, getMany, 'continueRegularOutput');
const WRITE = 'Write the codes';
const workflow = suite.workflow(
	chainWorkflow('e2e QR codes → Read/Write Files', [
		workflowNode('Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, {}),
		linkNode,
		// The error item has no code to write: its own error here too.
		{
			...workflowNode(WRITE, 'n8n-nodes-base.readWriteFile', 1, {
				operation: 'write',
				fileName: `=${folder}/{{ $binary.qrCode.fileName }}`,
				dataPropertyName: 'qrCode',
				options: {},
			}),
			onError: 'continueRegularOutput' as const,
		},
	]),
);

const TOO_LONG = `https://sho.rt/${'x'.repeat(1400)}`;

test("each link's PNG is stored by n8n and reads back as its short URL; one that cannot be made is its own error item", async () => {
	const odd = { id: 'b0000000-0000-4000-8000-00000000000b', shortUrl: TOO_LONG, path: 'x' };
	suite.sandbox.injectFault({
		path: '/v1/links/list',
		fault: { kind: 'replaceElements', elements: { '1': odd } },
	});

	const result = await suite.execute(workflow);

	const runData = result.run?.data.resultData.runData;
	const items = runData?.[LINK_NODE]?.[0]?.data?.main?.[0] ?? [];
	expect(runData?.[WRITE]?.[0]?.data?.main?.[0]).toHaveLength(3);
	expect(items).toHaveLength(3);
	expect(items[1].json.error).toMatch(/^Read the link b0000000-.*, but not its QR code/);
	expect(items[1].json.details).toMatchObject({ outcome: 'noQrCode', inputItem: 0 });
	for (const item of [items[0], items[2]]) {
		expect(item.binary?.qrCode).toMatchObject({
			mimeType: 'image/png',
			fileName: `${String(item.json.path)}.png`,
		});
		const png = readFileSync(join(folder, `${String(item.json.path)}.png`));
		expect(decodePng(png).text).toBe(item.json.shortUrl);
	}
});
