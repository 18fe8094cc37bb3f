import { Engine, type RunNodeOptions, type RunNodeResult } from '../../dev/engine/engine';
import { createEngine, NODE_TYPE } from '../../dev/engine/packageEngine';
import { Sandbox, type SandboxOptions } from '../../dev/sandbox/server';

export {
	createEngine,
	NODE_TYPE,
	ROUTED_TOOL_TYPE,
	TOOL_TYPE,
	TRIGGER_TYPE,
} from '../../dev/engine/packageEngine';

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
