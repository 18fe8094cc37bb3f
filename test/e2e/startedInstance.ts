/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * `n8n start` for a test file: a fresh user folder (with the packed package installed, unless
 * the test installs it itself), the sandbox credential and the given workflows imported, and
 * the owner set up. The caller stops `instance` and removes `userFolder`.
 */
import * as path from 'node:path';

import * as n8n from '../../dev/n8n';
import type { StartedN8n, WorkflowJson } from '../../dev/n8n';
import type { Sandbox } from '../../dev/sandbox/server';
import { bindByName, packedTarball } from './harness';
import { sandboxCredential } from './queue';

export interface StartedInstance {
	instance: StartedN8n;
	rest: n8n.N8nRest;
	env: n8n.N8nEnv;
	userFolder: string;
}

export interface InstanceOptions {
	sandbox: Sandbox;
	folderPrefix: string;
	workflows: Array<WorkflowJson & { id: string }>;
	/** Default true; false leaves the user folder without the package. */
	installPackage?: boolean;
	/** The package to install, when not the one this checkout packed (an earlier release). */
	tarball?: string;
	/** A folder to put first on n8n's PATH (an `npm` wrapper). */
	firstOnPath?: string;
	/** n8n's clock at its start, moved by libfaketime ('YYYY-MM-DD HH:MM:SS', UTC). */
	clockAt?: string;
}

export async function startInstance(options: InstanceOptions): Promise<StartedInstance> {
	const userFolder = n8n.makeUserFolder(options.folderPrefix);
	if (options.installPackage !== false)
		n8n.installPackage(userFolder, options.tarball ?? packedTarball());
	const env = n8n.n8nEnv({
		userFolder,
		port: await n8n.getFreePort(),
		brokerPort: await n8n.getFreePort(),
	});
	if (options.firstOnPath) env.PATH = `${options.firstOnPath}${path.delimiter}${env.PATH}`;
	const [credential] = await n8n.importCredentials(env, [sandboxCredential(options.sandbox)]);
	const byName = { [credential.name]: credential };
	await n8n.importWorkflows(
		env,
		options.workflows.map((workflow) => ({ ...bindByName(workflow, byName), id: workflow.id })),
	);
	const instance = await n8n.startN8n(env, { timeoutMs: 240_000, clockAt: options.clockAt });
	const rest = new n8n.N8nRest(instance.url);
	await rest.setupOwner();
	return { instance, rest, env, userFolder };
}
