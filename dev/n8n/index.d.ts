/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
// Types for the CommonJS helpers in dev/n8n (used by the TypeScript e2e tests).
import type { ChildProcess } from 'child_process';

export declare const DEFAULT_N8N_VERSION: string;
/** `N8N_VERSION` or DEFAULT_N8N_VERSION. */
export declare function n8nVersion(): string;
export declare function majorOf(version: string): number;
export declare function nodeMajorFor(version?: string): number;
export interface CacheLayout {
	version: string;
	dir: string;
	marker: string;
	nodeMajor: number;
	nodePackage: string;
	nodeRoot: string;
	nodeBin: string;
	nodeBinDir: string;
	n8nRoot: string;
	n8nBin: string;
}
export declare function cacheDir(version?: string): string;
export declare function layout(version?: string, dir?: string): CacheLayout;
export declare function ensureN8n(options?: {
	force?: boolean;
	version?: string;
}): Promise<CacheLayout>;
export declare function isInstalled(l?: CacheLayout): boolean;
export declare function firstRunNotice(l?: CacheLayout): string;

export interface ProcessResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	durationMs: number;
	timedOut?: boolean;
}
export declare function liveCount(): number;

export declare function isPortFree(port: number, host?: string): Promise<boolean>;
export declare function getFreePort(): Promise<number>;
export declare function preferPort(preferred?: number): Promise<number>;

export type N8nEnv = Record<string, string>;
export declare const DEFAULT_ENCRYPTION_KEY: string;
export declare function n8nEnv(options: {
	userFolder: string;
	port?: number;
	brokerPort: number;
	encryptionKey?: string;
	extra?: Record<string, string>;
}): N8nEnv;

export interface InstalledPackage {
	name: string;
	version: string;
	dir: string;
	manifest: { name: string; version: string; n8n?: { nodes?: string[]; credentials?: string[] } };
}
export declare function makeUserFolder(prefix?: string): string;
export declare function installPackage(userFolder: string, tarball: string): InstalledPackage;
export declare function readTarballManifest(tarball: string): InstalledPackage['manifest'];
export declare function removeUserFolder(dir: string): void;
export declare function removeTempDir(dir: string): void;

export declare const REPO: string;
export declare function packPackage(options?: {
	destDir?: string;
	build?: boolean;
	stdio?: 'inherit' | 'pipe';
}): string;
/** Builds and packs the package as it was at a git commit; returns the tarball's path. */
export declare function packCommit(
	commit: string,
	options?: { stdio?: 'inherit' | 'pipe' },
): string;

export interface CredentialInput {
	id?: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}
export interface ImportedCredential extends CredentialInput {
	id: string;
}
export interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id?: string | null; name: string }>;
	continueOnFail?: boolean;
	onError?: 'continueRegularOutput' | 'continueErrorOutput' | 'stopWorkflow';
	[key: string]: unknown;
}
export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
	pinData?: Record<string, unknown>;
	[key: string]: unknown;
}
export interface ImportedWorkflow extends WorkflowJson {
	id: string;
}
export interface TaskData {
	startTime?: number;
	executionTime?: number;
	executionStatus?: string;
	/** The hints the node added to its run (shown above its output in the editor). */
	hints?: Array<{ message: string; location?: string }>;
	error?: { message: string; description?: string; httpCode?: string; [key: string]: unknown };
	data?: {
		main?: Array<Array<{
			json: Record<string, unknown>;
			binary?: Record<string, Record<string, unknown>>;
			pairedItem?: unknown;
			error?: unknown;
		}> | null>;
	};
}
export interface RunJson {
	status?: string;
	finished?: boolean;
	mode?: string;
	data: {
		resultData: {
			runData: Record<string, TaskData[]>;
			error?: {
				message: string;
				description?: string;
				node?: { name: string };
				[key: string]: unknown;
			};
			lastNodeExecuted?: string;
		};
	};
	[key: string]: unknown;
}
export interface ExecuteResult extends ProcessResult {
	ok: boolean;
	run: RunJson | undefined;
	describe(): string;
}

export declare function newId(): string;
export declare function runN8n(
	args: string[],
	env: N8nEnv,
	options?: {
		timeoutMs?: number;
		onLine?: (line: string, stream: string) => void;
		stdoutFile?: string;
	},
): Promise<ProcessResult>;
export declare function importCredentials(
	env: N8nEnv,
	credentials: CredentialInput[],
): Promise<ImportedCredential[]>;
export declare function importWorkflows(
	env: N8nEnv,
	workflows: WorkflowJson[],
): Promise<ImportedWorkflow[]>;
export declare function bindCredentials<T extends WorkflowJson>(
	workflow: T,
	byType: Record<string, { id: string; name: string }>,
): T;
export declare function executeWorkflow(
	env: N8nEnv,
	id: string,
	options?: { timeoutMs?: number; maxBuffer?: number },
): Promise<ExecuteResult>;
export declare function parseRunJson(stdout: string): RunJson | undefined;
export declare function nodeItems(
	run: RunJson | undefined,
	nodeName: string,
	outputIndex?: number,
	runIndex?: number,
): Array<Record<string, unknown>>;
export declare function nodeError(
	run: RunJson | undefined,
	nodeName: string,
	runIndex?: number,
): TaskData['error'];

export interface StartedN8n {
	url: string;
	port: number;
	child: ChildProcess;
	logs(): string;
	stop(): Promise<void>;
}
export declare function startN8n(
	env: N8nEnv,
	options?: {
		timeoutMs?: number;
		onLine?: (line: string, stream: string) => void;
		logFile?: string;
		/** n8n's clock starts here ('YYYY-MM-DD HH:MM:SS', UTC) through libfaketime (Debian `faketime`). */
		clockAt?: string;
	},
): Promise<StartedN8n>;
export declare function isReady(base: string): Promise<boolean>;

export interface OwnerAccount {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}
export declare const DEFAULT_OWNER: Readonly<OwnerAccount>;

export interface ExecutionJson extends RunJson {
	id: string;
	status: string;
}
/** A node or credential type as n8n's REST API serves it, read loosely. */
export interface TypeJson {
	name: string;
	displayName: string;
	[key: string]: unknown;
}

export declare class N8nRest {
	constructor(baseUrl: string);
	baseUrl: string;
	cookie: string;
	request<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
	setupOwner(owner?: OwnerAccount): Promise<unknown>;
	login(owner?: OwnerAccount): Promise<unknown>;
	settings(): Promise<unknown>;
	nodeTypesJson(): Promise<TypeJson[]>;
	credentialTypesJson(): Promise<TypeJson[]>;
	nodeDescriptions(nodeInfos: Array<{ name: string; version: number }>): Promise<TypeJson[]>;
	credentials(): Promise<unknown[]>;
	workflows(): Promise<unknown>;
	testCredential(credentials: {
		id?: string;
		name: string;
		type: string;
		data: Record<string, unknown>;
	}): Promise<{ status: string; message: string }>;
	runManually(
		workflowId: string,
		triggerToStartFrom: string,
	): Promise<{ executionId?: string; waitingForWebhook?: boolean }>;
	waitForExecution(executionId: string, options?: { timeoutMs?: number }): Promise<ExecutionJson>;
	getRaw(path: string): Promise<{ status: number; contentType: string; body: Buffer }>;
}

export interface SandboxProcess {
	baseUrl: string;
	apiKey: string;
	port: number;
	stop(): Promise<void>;
	logs(): string;
}
export declare function startSandboxProcess(options?: {
	port?: number;
	/** More links of the key's user, created at start (a large account). */
	seedLinks?: number;
	timeoutMs?: number;
	onLine?: (line: string, stream: string) => void;
}): Promise<SandboxProcess>;
