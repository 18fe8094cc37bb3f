// Types for the CommonJS queue-mode helpers (used by the TypeScript e2e tests).
import type {
	CredentialInput,
	ImportedCredential,
	ImportedWorkflow,
	N8nEnv,
	N8nRest,
	StartedN8n,
	WorkflowJson,
} from '../n8n';

export interface QueueServices {
	postgres: { port: number; env: Record<string, string>; logs(): string; stop(): Promise<void> };
	redis: { port: number; env: Record<string, string>; logs(): string; stop(): Promise<void> };
	env: Record<string, string>;
	stop(): Promise<void>;
}
export declare function installServices(options?: { log?: (message: string) => void }): void;
export declare function startQueueServices(options?: {
	log?: (message: string) => void;
}): Promise<QueueServices>;

export interface QueueWorker {
	name: string;
	logs(): string;
	stop(): Promise<void>;
}
export declare class QueueCluster {
	static create(options: {
		tarball: string;
		log?: (message: string) => void;
	}): Promise<QueueCluster>;
	readonly services: QueueServices;
	readonly mainEnv: N8nEnv;
	readonly main: StartedN8n | undefined;
	readonly rest: N8nRest;
	readonly workers: QueueWorker[];
	importCredentials(credentials: CredentialInput[]): Promise<ImportedCredential[]>;
	importWorkflows(workflows: WorkflowJson[]): Promise<ImportedWorkflow[]>;
	startMain(): Promise<StartedN8n>;
	addWorker(): Promise<QueueWorker>;
	/** Names of the workers whose log says they ran this execution. */
	workersThatRan(executionId: string): string[];
	stop(): Promise<void>;
}
