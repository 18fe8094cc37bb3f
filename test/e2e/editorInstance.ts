/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/**
 * The instance a browser check drives: an in-process sandbox, a user folder with the packed
 * package and the sandbox credential, the given workflows imported, `n8n start` with its owner
 * set up, and Chromium.
 */
import type { Browser } from 'playwright-core';
import * as n8n from '../../dev/n8n';
import type { StartedN8n, WorkflowJson } from '../../dev/n8n';
import { Sandbox } from '../../dev/sandbox/server';
import { launchChromium } from './browser';
import { bindByName, packedTarball } from './harness';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE } from './workflows';

export interface EditorInstance {
	sandbox: Sandbox;
	instance: StartedN8n;
	browser: Browser;
	/** The workflows as imported (with their ids), in the order given. */
	workflows: Array<WorkflowJson & { id: string }>;
	stop(): Promise<void>;
}

export async function startEditorInstance(
	folderPrefix: string,
	workflows: WorkflowJson[],
): Promise<EditorInstance> {
	const sandbox = await Sandbox.start();
	const userFolder = n8n.makeUserFolder(folderPrefix);
	let instance: StartedN8n | undefined;
	let browser: Browser | undefined;
	const stop = async () => {
		await browser?.close().catch(() => undefined);
		await instance?.stop();
		await sandbox.stop();
		if (!process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(userFolder);
	};
	try {
		n8n.installPackage(userFolder, packedTarball());
		const env = n8n.n8nEnv({
			userFolder,
			port: await n8n.getFreePort(),
			brokerPort: await n8n.getFreePort(),
		});
		const [credential] = await n8n.importCredentials(env, [
			{
				name: CREDENTIAL_NAME,
				type: CREDENTIAL_TYPE,
				data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
			},
		]);
		const imported = await n8n.importWorkflows(
			env,
			workflows.map((json) => bindByName(json, { [credential.name]: credential })),
		);
		instance = await n8n.startN8n(env, { timeoutMs: 240_000 });
		await new n8n.N8nRest(instance.url).setupOwner();
		browser = await launchChromium();
		return { sandbox, instance, browser, workflows: imported, stop };
	} catch (error) {
		await stop();
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- test code: the failure itself, after stopping what had started
		throw error;
	}
}
