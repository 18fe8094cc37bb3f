/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * One real n8n user folder + one in-process sandbox per test file.
 *
 *   const suite = useN8nSuite({ sandbox: { pageSizeCap: 10 } });
 *   const wf = suite.workflow(linkWorkflow('Create', { resource: 'link', ... }));
 *   test('...', async () => { const run = await suite.execute(wf); ... });
 *
 * Workflows registered at definition time are imported together in beforeAll (one
 * `n8n import:workflow`), so each test costs one `n8n execute` (~5 s). The sandbox is reset
 * (seeded state, empty request log) before each test.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as n8n from '../../dev/n8n';
import type {
	ExecuteResult,
	ImportedCredential,
	N8nEnv,
	RunJson,
	WorkflowJson,
} from '../../dev/n8n';
import { Sandbox, type SandboxOptions } from '../../dev/sandbox/server';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, WRONG_KEY_CREDENTIAL_NAME } from './workflows';

export const WRONG_API_KEY = 'wrong-api-key';

/** The tarball packed by global-setup.ts. */
export function packedTarball(): string {
	const fromEnv = process.env.E2E_TARBALL;
	if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
	throw new Error(
		'E2E_TARBALL is not set or missing: run the e2e tests through `npm run test:e2e` (jest.e2e.config.js)',
	);
}

export interface WorkflowHandle {
	readonly name: string;
	/** The workflow id (known once beforeAll has imported it). */
	readonly id: string;
	readonly json: WorkflowJson;
}

export interface N8nSuite {
	readonly sandbox: Sandbox;
	readonly env: N8nEnv;
	readonly userFolder: string;
	readonly credential: ImportedCredential;
	readonly wrongKeyCredential: ImportedCredential;
	/** Registers a workflow to import in beforeAll (call at definition time). */
	workflow(json: WorkflowJson): WorkflowHandle;
	/** `n8n execute --id --rawOutput`. */
	execute(workflow: WorkflowHandle): Promise<ExecuteResult>;
	/** Like execute, but fails (with n8n's output) unless the run succeeded; returns the run. */
	executeOk(workflow: WorkflowHandle): Promise<RunJson>;
}

export interface SuiteOptions {
	sandbox?: SandboxOptions;
	/** Also reset the sandbox before each test (default true). */
	resetBeforeEach?: boolean;
	/** More credentials to import, known once earlier beforeAll hooks ran (a model server's URL). */
	extraCredentials?: () => n8n.CredentialInput[];
}

export function useN8nSuite(options: SuiteOptions = {}): N8nSuite {
	const pending: Array<{ json: WorkflowJson; id: string }> = [];
	let sandbox: Sandbox | undefined;
	let env: N8nEnv | undefined;
	let userFolder: string | undefined;
	let credential: ImportedCredential | undefined;
	let wrongKeyCredential: ImportedCredential | undefined;

	const need = <T>(value: T | undefined, what: string): T => {
		if (value === undefined) throw new Error(`${what} is not ready (did beforeAll fail?)`);
		return value;
	};

	beforeAll(async () => {
		sandbox = await Sandbox.start(options.sandbox ?? {});
		userFolder = n8n.makeUserFolder('n8n-e2e-');
		n8n.installPackage(userFolder, packedTarball());
		env = n8n.n8nEnv({
			userFolder,
			brokerPort: await n8n.getFreePort(),
			port: await n8n.getFreePort(),
		});
		[credential, wrongKeyCredential] = await n8n.importCredentials(env, [
			{
				name: CREDENTIAL_NAME,
				type: CREDENTIAL_TYPE,
				data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
			},
			{
				name: WRONG_KEY_CREDENTIAL_NAME,
				type: CREDENTIAL_TYPE,
				data: { baseUrl: sandbox.baseUrl, apiKey: WRONG_API_KEY },
			},
		]);
		const extra = options.extraCredentials
			? await n8n.importCredentials(env, options.extraCredentials())
			: [];
		if (pending.length) {
			const byName: Record<string, ImportedCredential> = {
				[credential.name]: credential,
				[wrongKeyCredential.name]: wrongKeyCredential,
				...Object.fromEntries(extra.map((imported) => [imported.name, imported])),
			};
			await n8n.importWorkflows(
				env,
				pending.map((p) => ({ ...bindByName(p.json, byName), id: p.id })),
			);
		}
	});

	afterAll(async () => {
		await sandbox?.stop();
		if (userFolder && !process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(userFolder);
	});

	if (options.resetBeforeEach !== false) {
		beforeEach(() => sandbox?.reset());
	}

	const suite: N8nSuite = {
		get sandbox() {
			return need(sandbox, 'the sandbox');
		},
		get env() {
			return need(env, 'the n8n environment');
		},
		get userFolder() {
			return need(userFolder, 'the user folder');
		},
		get credential() {
			return need(credential, 'the credential');
		},
		get wrongKeyCredential() {
			return need(wrongKeyCredential, 'the wrong-key credential');
		},
		workflow(json) {
			const entry = { json, id: json.id ?? n8n.newId() };
			pending.push(entry);
			return { name: json.name, id: entry.id, json };
		},
		async execute(workflow) {
			return n8n.executeWorkflow(suite.env, workflow.id, { timeoutMs: 240_000 });
		},
		async executeOk(workflow) {
			const result = await suite.execute(workflow);
			if (!result.ok || !result.run) {
				throw new Error(`workflow "${workflow.name}" did not succeed: ${result.describe()}`);
			}
			return result.run;
		},
	};
	return suite;
}

/** Points node credentials (by credential name) at the imported credentials' ids. */
export function bindByName(
	workflow: WorkflowJson,
	byName: Record<string, ImportedCredential>,
): WorkflowJson {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowJson;
	for (const node of copy.nodes) {
		for (const [type, ref] of Object.entries(node.credentials ?? {})) {
			const found = byName[ref.name];
			if (found && found.type === type)
				node.credentials![type] = { id: found.id, name: found.name };
		}
	}
	return copy;
}

/** The examples/ folder of the repo. */
export const EXAMPLES_DIR = path.resolve(__dirname, '..', '..', 'examples');

/** One example workflow, by its path under examples/. */
export function loadExample(file: string): WorkflowJson {
	return JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson;
}

export function loadExamples(): Array<{ file: string; json: WorkflowJson }> {
	if (!fs.existsSync(EXAMPLES_DIR)) return [];
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => ({
			file,
			json: JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson,
		}));
}

/** Requests the sandbox logged, as 'METHOD /path STATUS' strings (compact assertion messages). */
export function requestSummary(sandbox: Sandbox): string[] {
	return sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`);
}

/** Look-ups in the suite's sandbox for assertions: requests by method and path, links by content. */
export function suiteQueries(suite: N8nSuite) {
	return {
		apiRequests(method: string, path: string | RegExp) {
			return suite.sandbox.requests.filter(
				(r) =>
					r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
			);
		},
		linksBy(predicate: (link: { longUrl: string; title: string }) => boolean) {
			return [...suite.sandbox.links.values()].filter(predicate);
		},
	};
}

/** A node's output items with their pairing: the input item each output item belongs to. */
export function pairedOutput(
	run: RunJson | undefined,
	nodeName: string,
	outputIndex = 0,
): Array<{ json: Record<string, unknown>; inputItem?: number }> {
	const task = run?.data.resultData.runData[nodeName]?.[0];
	if (!task) throw new Error(`node "${nodeName}" did not run`);
	return (task.data?.main?.[outputIndex] ?? []).map((item) => ({
		json: item.json,
		inputItem: pairedIndex(item.pairedItem),
	}));
}

function pairedIndex(paired: unknown): number | undefined {
	const first = Array.isArray(paired) ? (paired as unknown[])[0] : paired;
	if (typeof first === 'number') return first;
	const item = (first as { item?: unknown } | undefined)?.item;
	return typeof item === 'number' ? item : undefined;
}
