import { LinkShortenerApi } from '../../credentials/LinkShortenerApi.credentials';
import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';
import { LinkShortenerTrigger } from '../../nodes/LinkShortener/LinkShortenerTrigger.node';
import { Engine, type RunNodeOptions, type RunNodeResult } from '../../dev/engine/engine';
import { Sandbox, type SandboxOptions } from '../../dev/sandbox/server';

export const NODE_TYPE = 'n8n-nodes-link-shortener.linkShortener';
export const TRIGGER_TYPE = 'n8n-nodes-link-shortener.linkShortenerTrigger';
/** The type n8n derives from usableAsTool: the same node, run as an AI agent's tool. */
export const TOOL_TYPE = 'n8n-nodes-link-shortener.linkShortenerTool';

type SandboxCredentials = { linkShortenerApi: { baseUrl: string; apiKey: string } };

export interface LinkShortenerFixture {
	readonly sandbox: Sandbox;
	readonly engine: Engine;
	/** A credential for the sandbox with its API key. */
	readonly credentials: SandboxCredentials;
	/** A credential for the sandbox with another API key. */
	credentialsWithKey(apiKey: string): SandboxCredentials;
	/** Runs the Link Shortener node through n8n's engine with a credential for the sandbox. */
	run(
		parameters: RunNodeOptions['parameters'],
		input?: RunNodeOptions['input'],
		options?: Partial<RunNodeOptions>,
	): Promise<RunNodeResult>;
	/** The requests the sandbox received for one path, e.g. '/v1/links/list'. */
	requestsTo(path: string): Sandbox['requests'];
}

export function createEngine(): Engine {
	return new Engine({
		nodeTypes: {
			[NODE_TYPE]: new LinkShortener(),
			[TOOL_TYPE]: new LinkShortener(),
			[TRIGGER_TYPE]: new LinkShortenerTrigger(),
		},
		credentialTypes: [new LinkShortenerApi()],
	});
}

/**
 * One sandbox per test file, reset before each test, and an engine that knows the node, the
 * trigger and their credential. Call at the top of a describe block.
 */
export function useLinkShortener(sandboxOptions: SandboxOptions = {}): LinkShortenerFixture {
	let sandbox: Sandbox | undefined;
	const engine = createEngine();

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
		get credentials() {
			return fixture.credentialsWithKey(fixture.sandbox.apiKey);
		},
		credentialsWithKey(apiKey) {
			return { linkShortenerApi: { baseUrl: fixture.sandbox.baseUrl, apiKey } };
		},
		async run(parameters, input, options = {}) {
			return await engine.runNode({
				type: NODE_TYPE,
				parameters,
				input,
				credentials: fixture.credentials,
				...options,
			});
		},
		requestsTo(path) {
			return fixture.sandbox.requests.filter((request) => request.path === path);
		},
	};
	return fixture;
}
