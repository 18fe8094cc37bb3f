import type {
	ICredentialDataDecryptedObject,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IPinData,
	IRun,
	IVersionedNodeType,
	IWorkflowSettings,
	ICredentialType,
	WorkflowExecuteMode,
} from 'n8n-workflow';

/** What the engine runner's methods take and give. */
export interface EngineSetup {
	/** key = node type name used in workflows, e.g. 'n8n-nodes-link-shortener.linkShortener' */
	nodeTypes: Record<string, INodeType | IVersionedNodeType>;
	credentialTypes: ICredentialType[];
	/** Register the n8n-nodes-base stand-ins (manualTrigger, noOp, code, stickyNote). Default true. */
	builtinNodes?: boolean;
}

export interface CredentialData {
	[key: string]: string;
}

/** Credential type name -> decrypted data. Values may be any JSON (strings in practice). */
export type CredentialsInput = Record<string, CredentialData | ICredentialDataDecryptedObject>;

export interface RunNodeOptions {
	/** node type key */
	type: string;
	parameters: INodeParameters;
	/** items fed to the node (plain objects become { json }); default [{}] */
	input?: Array<IDataObject | INodeExecutionData>;
	/** credential type name -> decrypted data */
	credentials?: CredentialsInput;
	/** sets node.onError = 'continueRegularOutput' */
	continueOnFail?: boolean;
	typeVersion?: number;
	/** Node name in the workflow (default 'Node'). */
	nodeName?: string;
	/** Execution mode (default 'manual', like the editor's "Execute step"). */
	mode?: WorkflowExecuteMode;
	/** Extra INode fields (e.g. retryOnFail, executeOnce, alwaysOutputData). */
	nodeOverrides?: Partial<INode>;
}

export type NodeError = Error & {
	description?: string | null;
	context?: IDataObject;
	httpCode?: string | null;
	node?: INode;
	cause?: unknown;
};

export interface RunNodeResult {
	/** node's main output 0 */
	items: INodeExecutionData[];
	/** all main outputs */
	outputs: INodeExecutionData[][];
	/** the node's error (when it failed and continueOnFail was not set) */
	error?: NodeError;
	run: IRun;
}

export interface WorkflowInput {
	nodes: INode[];
	connections: IConnections;
	settings?: IWorkflowSettings;
	pinData?: IPinData;
	staticData?: IDataObject;
	name?: string;
	id?: string;
}

export interface RunWorkflowOptions {
	/** Node to start at (default: workflow.getStartNode(), i.e. the trigger / Manual Trigger). */
	startNode?: string;
	/** Items fed to the start node (default [{}]). */
	input?: Array<IDataObject | INodeExecutionData>;
	mode?: WorkflowExecuteMode;
}

export interface MethodOptions {
	type: string;
	method: string;
	parameters: INodeParameters;
	credentials?: CredentialsInput;
	typeVersion?: number;
	/** LoadOptionsContext path, e.g. 'parameters.domain' (default 'parameters'). */
	path?: string;
}

export interface ListSearchOptions extends MethodOptions {
	filter?: string;
	paginationToken?: string;
}

export interface PollOptions {
	type: string;
	parameters: INodeParameters;
	credentials?: CredentialsInput;
	/** 'manual' = the editor's "Fetch test event"; 'trigger' = activated workflow. Default 'trigger'. */
	mode?: 'manual' | 'trigger';
	/** The node's static data from the previous call (pass back what poll() returned). */
	staticData?: IDataObject;
	typeVersion?: number;
	nodeName?: string;
}

export interface PollResult {
	items: INodeExecutionData[][] | null;
	/** Node static data after the poll, as n8n would persist it (JSON round-tripped). */
	staticData: IDataObject;
}

export interface TestCredentialOptions {
	credentialType: string;
	data: CredentialData | ICredentialDataDecryptedObject;
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
	/** HTTP status of the failed test request, when there was a response. */
	httpCode?: number;
	/** Body of the failed test request's response, when there was one. */
	responseBody?: unknown;
	/** `message` (or `error`) field of that body, when it has one. */
	serverMessage?: string;
}
