/** The scale section's accounts: a sandbox holding `links` links, a credential for it in n8n, and jobs that run the node on it. */
import * as n8n from '../../dev/n8n';
import { Sandbox } from '../../dev/sandbox/server';
import { chainWorkflow, JOB, type Step } from './benchWorkflows';

export const PAGE_CAP = 50;

export interface LargeAccount {
	sandbox: Sandbox;
	/** Manual Trigger → `before` → the Link Shortener node with `parameters`, named Job. */
	job(
		id: string,
		parameters: Record<string, unknown>,
		before?: Step[],
	): n8n.WorkflowJson & { id: string };
}

/** A sandbox of `links` links (its 3 own links included) serving 50 a page, each answer `latencyMs` late. */
export async function largeSandbox(links: number, latencyMs = 0): Promise<Sandbox> {
	return await Sandbox.start({
		latencyMs,
		rateLimit: null,
		logBodies: false,
		pageSizeCap: PAGE_CAP,
		seedLinks: links - 3,
	});
}

/**
 * A sandbox of `links` links (seeded in about 10 s for a million) serving 50 a page, each answer
 * `latencyMs` late (kept by the sandbox's reset), and its credential in n8n.
 */
export async function largeAccount(
	env: n8n.N8nEnv,
	links: number,
	latencyMs = 0,
): Promise<LargeAccount> {
	const sandbox = await largeSandbox(links, latencyMs);
	const [credential] = await n8n.importCredentials(env, [
		{
			name: `Account of ${links} links`,
			type: 'linkShortenerApi',
			data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
		},
	]);
	return {
		sandbox,
		job: (id, parameters, before = []) =>
			chainWorkflow(id, [
				...before,
				{
					name: JOB,
					type: 'n8n-nodes-link-shortener.linkShortener',
					typeVersion: 1,
					parameters,
					credentials: { linkShortenerApi: { id: credential.id, name: credential.name } },
				},
			]),
	};
}
