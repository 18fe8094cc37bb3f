import { LinkShortenerApi } from '../credentials/LinkShortenerApi.credentials';
import { LinkShortener } from '../nodes/LinkShortener/LinkShortener.node';
import { Engine, type RunNodeOptions, type RunNodeResult } from './helpers/engine';
import { Sandbox, type SandboxOptions } from './sandbox/server';

export const NODE_TYPE = 'n8n-nodes-link-shortener.linkShortener';

export interface LinkShortenerFixture {
	readonly sandbox: Sandbox;
	readonly engine: Engine;
	/** Runs the Link Shortener node through n8n's engine with a credential for the sandbox. */
	run(
		parameters: RunNodeOptions['parameters'],
		input?: RunNodeOptions['input'],
		options?: Partial<RunNodeOptions>,
	): Promise<RunNodeResult>;
	credentials(apiKey?: string): { linkShortenerApi: { baseUrl: string; apiKey: string } };
}

/**
 * One sandbox per test file, reset before each test, and an engine that knows the node and
 * its credential. Call at the top of a describe block.
 */
export function useLinkShortener(sandboxOptions: SandboxOptions = {}): LinkShortenerFixture {
	let sandbox: Sandbox | undefined;
	const engine = new Engine({
		nodeTypes: { [NODE_TYPE]: new LinkShortener() },
		credentialTypes: [new LinkShortenerApi()],
	});

	beforeAll(async () => {
		sandbox = await Sandbox.start(sandboxOptions);
	});
	afterAll(async () => await sandbox?.stop());
	beforeEach(() => sandbox?.reset());

	const fixture: LinkShortenerFixture = {
		get sandbox() {
			if (!sandbox) throw new Error('The sandbox is not started yet');
			return sandbox;
		},
		engine,
		credentials(apiKey) {
			return { linkShortenerApi: { baseUrl: fixture.sandbox.baseUrl, apiKey: apiKey ?? fixture.sandbox.apiKey } };
		},
		async run(parameters, input, options = {}) {
			return await engine.runNode({
				type: NODE_TYPE,
				parameters,
				input,
				credentials: fixture.credentials(),
				...options,
			});
		},
	};
	return fixture;
}
