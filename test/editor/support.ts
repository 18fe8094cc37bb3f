import { LinkShortenerApi } from '../../credentials/LinkShortenerApi.credentials';
import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';
import { LinkShortenerTrigger } from '../../nodes/LinkShortenerTrigger/LinkShortenerTrigger.node';
import { Engine, type CredentialsInput, type RunNodeOptions, type RunNodeResult } from '../helpers/engine';
import { Sandbox, type SandboxOptions } from '../sandbox/server';

export const LINK_SHORTENER = 'n8n-nodes-link-shortener.linkShortener';
export const LINK_SHORTENER_TRIGGER = 'n8n-nodes-link-shortener.linkShortenerTrigger';

export function createEngine(): Engine {
	return new Engine({
		nodeTypes: {
			[LINK_SHORTENER]: new LinkShortener(),
			[LINK_SHORTENER_TRIGGER]: new LinkShortenerTrigger(),
		},
		credentialTypes: [new LinkShortenerApi()],
	});
}

export interface EditorFixture {
	readonly sandbox: Sandbox;
	readonly engine: Engine;
	readonly credentials: CredentialsInput;
	/** Runs the Link Shortener node through n8n's engine against the sandbox. */
	run(parameters: RunNodeOptions['parameters'], input?: RunNodeOptions['input']): Promise<RunNodeResult>;
	/** The requests the sandbox received for one path, e.g. '/v1/links/list'. */
	requestsTo(path: string): Sandbox['requests'];
}

/** One sandbox per test file, reset before each test. Call at the top of a describe block. */
export function useSandbox(options: SandboxOptions = {}): EditorFixture {
	let sandbox: Sandbox | undefined;
	const engine = createEngine();
	beforeAll(async () => {
		sandbox = await Sandbox.start(options);
	});
	afterAll(async () => await sandbox?.stop());
	beforeEach(() => sandbox?.reset());

	const fixture: EditorFixture = {
		get sandbox() {
			if (!sandbox) throw new Error('The sandbox is not started yet');
			return sandbox;
		},
		engine,
		get credentials() {
			return { linkShortenerApi: { baseUrl: fixture.sandbox.baseUrl, apiKey: fixture.sandbox.apiKey } };
		},
		async run(parameters, input) {
			return await engine.runNode({ type: LINK_SHORTENER, parameters, input, credentials: fixture.credentials });
		},
		requestsTo(path) {
			return fixture.sandbox.requests.filter((request) => request.path === path);
		},
	};
	return fixture;
}
