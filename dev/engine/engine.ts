/**
 * Run n8n nodes through n8n's real execution engine (n8n-core's WorkflowExecute, RoutingNode,
 * LoadOptionsContext, PollContext), in-process, with no HTTP mocking: nodes make real requests
 * (point them at a local server on 127.0.0.1).
 *
 * Mirrors n8n's own node test harness (packages/core/nodes-testing/node-test-harness.ts in
 * n8n-io/n8n), the CLI's DynamicNodeParametersService (listSearch / loadOptions) and
 * CredentialsTester (credential `test.request`).
 *
 * Environment: jest's setupFiles module ./setup-env.ts sets N8N_USER_FOLDER (temp dir) and
 * N8N_ENCRYPTION_KEY so nothing is written to ~/.n8n.
 */
import { randomUUID } from 'node:crypto';

import {
	CredentialTestContext,
	ExecuteContext,
	ExecutionLifecycleHooks,
	ExternalSecretsProxy,
	LoadOptionsContext,
	PollContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import {
	createRunExecutionData,
	NodeHelpers,
	UnexpectedError,
	VersionedNodeType,
	Workflow,
} from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunction,
	ICredentialTestRequest,
	ICredentialType,
	IConnections,
	IDataObject,
	IExecuteData,
	INode,
	INodeCredentials,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	INodeTypes,
	IPinData,
	IRun,
	IRunExecutionData,
	ITaskDataConnections,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	IWorkflowSettings,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials-helper';
import { builtinNodeTypes, TestNodeTypes } from './node-types';

export { TestCredentialsHelper } from './credentials-helper';
export { TestNodeTypes, builtinNodeTypes } from './node-types';

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

function serverMessageOf(body: unknown): { serverMessage?: string } {
	if (body && typeof body === 'object') {
		const { message, error } = body as IDataObject;
		if (typeof message === 'string') return { serverMessage: message };
		if (typeof error === 'string') return { serverMessage: error };
	}
	return {};
}

function toItems(input: Array<IDataObject | INodeExecutionData> | undefined): INodeExecutionData[] {
	if (input === undefined) return [{ json: {} }];
	return input.map((entry, index) => {
		const isItem =
			entry !== null &&
			typeof entry === 'object' &&
			'json' in entry &&
			entry.json !== null &&
			typeof entry.json === 'object' &&
			!Array.isArray(entry.json);
		const item: INodeExecutionData = isItem
			? { ...(entry as INodeExecutionData) }
			: { json: entry as IDataObject };
		item.pairedItem ??= { item: index };
		return item;
	});
}

function clone<T>(value: T): T {
	return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function workflowBase(workflow: Workflow, nodes: INode[], connections: IConnections): IWorkflowBase {
	const now = new Date();
	return {
		id: workflow.id,
		name: workflow.name ?? 'Test workflow',
		active: false,
		isArchived: false,
		createdAt: now,
		updatedAt: now,
		nodes,
		connections,
		activeVersionId: null,
	};
}

const notAvailable = (what: string) => () => {
	throw new UnexpectedError(`${what} is not available in the test Engine`);
};

export class Engine {
	readonly nodeTypes: TestNodeTypes;

	readonly credentialTypes: Map<string, ICredentialType>;

	constructor(setup: EngineSetup) {
		const types: Record<string, INodeType | IVersionedNodeType> = {
			...(setup.builtinNodes === false ? {} : builtinNodeTypes),
			...setup.nodeTypes,
		};
		this.nodeTypes = new TestNodeTypes(types);
		this.credentialTypes = new Map(setup.credentialTypes.map((type) => [type.name, type]));
	}

	/** The IWorkflowExecuteAdditionalData the engine needs, built by hand. */
	createAdditionalData(
		credentialsHelper: TestCredentialsHelper,
		extra: Partial<IWorkflowExecuteAdditionalData> = {},
	): IWorkflowExecuteAdditionalData {
		const base = 'http://127.0.0.1:5678';
		const additionalData: IWorkflowExecuteAdditionalData = {
			credentialsHelper,
			executeWorkflow: notAvailable('executeWorkflow (sub-workflows)'),
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
			executionId: `test-${randomUUID()}`,
			currentNodeExecutionIndex: 0,
			restApiUrl: `${base}/rest`,
			instanceBaseUrl: base,
			formBaseUrl: `${base}/form`,
			formWaitingBaseUrl: `${base}/form-waiting`,
			formTestBaseUrl: `${base}/form-test`,
			webhookBaseUrl: `${base}/webhook`,
			webhookWaitingBaseUrl: `${base}/webhook-waiting`,
			webhookTestBaseUrl: `${base}/webhook-test`,
			mcpBaseUrl: `${base}/mcp`,
			mcpTestBaseUrl: `${base}/mcp-test`,
			variables: {},
			logAiEvent: () => {},
			startRunnerTask: notAvailable('startRunnerTask (task runners)') as never,
			externalSecretsProxy: new ExternalSecretsProxy(),
			userId: 'test-user',
			...extra,
		};
		return additionalData;
	}

	private credentialsHelper(credentials: CredentialsInput = {}): TestCredentialsHelper {
		return new TestCredentialsHelper(this.credentialTypes, credentials as Record<string, ICredentialDataDecryptedObject>);
	}

	private nodeCredentials(credentials: CredentialsInput | undefined): INodeCredentials | undefined {
		if (!credentials || Object.keys(credentials).length === 0) return undefined;
		const result: INodeCredentials = {};
		for (const type of Object.keys(credentials)) result[type] = { id: `${type}-id`, name: `${type} account` };
		return result;
	}

	private buildNode(options: {
		type: string;
		parameters: INodeParameters;
		typeVersion?: number;
		nodeName?: string;
		credentials?: CredentialsInput;
	}): INode {
		const node: INode = {
			id: randomUUID(),
			name: options.nodeName ?? 'Node',
			type: options.type,
			typeVersion: options.typeVersion ?? this.nodeTypes.latestVersion(options.type),
			position: [0, 0],
			parameters: clone(options.parameters),
		};
		const credentials = this.nodeCredentials(options.credentials);
		if (credentials) node.credentials = credentials;
		return node;
	}

	private async execute(
		workflow: Workflow,
		workflowData: IWorkflowBase,
		runExecutionData: IRunExecutionData,
		credentialsHelper: TestCredentialsHelper,
		mode: WorkflowExecuteMode,
	): Promise<IRun> {
		const additionalData = this.createAdditionalData(credentialsHelper);
		const hooks = new ExecutionLifecycleHooks(mode, additionalData.executionId!, workflowData);
		let hookRun: IRun | undefined;
		hooks.addHandler('workflowExecuteAfter', (fullRunData) => {
			hookRun = fullRunData;
		});
		additionalData.hooks = hooks;
		const workflowExecute = new WorkflowExecute(additionalData, mode, runExecutionData);
		// WorkflowExecute stores node errors in the run as plain (spread) objects. Observe the
		// original error (NodeApiError / NodeOperationError instance) on its way through the
		// engine's own reporting step, without changing what the engine does with it.
		const nodeErrors = new Map<string, Error>();
		const engineInternals = workflowExecute as unknown as {
			reportNodeExecutionError?: (error: Error, node: INode, workflow: Workflow) => unknown;
		};
		const report = engineInternals.reportNodeExecutionError;
		if (typeof report === 'function') {
			engineInternals.reportNodeExecutionError = function (this: unknown, error, node, wf) {
				nodeErrors.set(node.name, error);
				return report.call(this, error, node, wf);
			};
		}
		const run = await workflowExecute.processRunExecutionData(workflow);
		const result = hookRun ?? run;
		this.lastNodeErrors.set(result, nodeErrors);
		return result;
	}

	/** Original error objects thrown by nodes, per run (the run itself holds serialized copies). */
	private readonly lastNodeErrors = new WeakMap<IRun, Map<string, Error>>();

	/**
	 * The error a node threw during `run` (the original Error instance when available,
	 * otherwise the serialized copy from the run data turned back into an Error).
	 */
	nodeError(run: IRun, nodeName: string): NodeError | undefined {
		const original = this.lastNodeErrors.get(run)?.get(nodeName);
		if (original) return original as NodeError;
		const stored = (run.data.resultData.runData[nodeName]?.find((task) => task.error)?.error ??
			(run.data.resultData.lastNodeExecuted === nodeName ? run.data.resultData.error : undefined)) as
			| (IDataObject & { message?: string })
			| undefined;
		if (!stored) return undefined;
		return Object.assign(new Error(stored.message ?? 'Unknown error'), stored) as NodeError;
	}

	/** Runs one node (as the workflow's start node) through WorkflowExecute.processRunExecutionData. */
	async runNode(options: RunNodeOptions): Promise<RunNodeResult> {
		const node = this.buildNode(options);
		if (options.continueOnFail) node.onError = 'continueRegularOutput';
		Object.assign(node, options.nodeOverrides ?? {});
		const mode = options.mode ?? 'manual';

		const workflow = new Workflow({
			id: 'test-workflow',
			name: 'Test workflow',
			nodes: [node],
			connections: {},
			nodeTypes: this.nodeTypes,
			active: false,
			settings: { executionOrder: 'v1' },
		});
		const workflowNode = workflow.getNode(node.name)!;
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [
					{ node: workflowNode, data: { main: [toItems(options.input)] }, source: null },
				],
			},
		});
		const run = await this.execute(
			workflow,
			workflowBase(workflow, [workflowNode], {}),
			runExecutionData,
			this.credentialsHelper(options.credentials),
			mode,
		);

		const taskData = run.data.resultData.runData[node.name]?.[0];
		const outputs = (taskData?.data?.main ?? []).map((output) => output ?? []);
		const error = this.nodeError(run, node.name);
		return { items: outputs[0] ?? [], outputs, ...(error ? { error } : {}), run };
	}

	/**
	 * Runs a whole workflow (e.g. an example workflow JSON) starting at its start node
	 * (the Manual Trigger stand-in, or any trigger/poll node), or at options.startNode.
	 */
	async runWorkflow(
		workflowInput: WorkflowInput,
		credentials?: CredentialsInput,
		options: RunWorkflowOptions = {},
	): Promise<IRun> {
		const nodes = clone(workflowInput.nodes);
		const mode = options.mode ?? 'manual';
		const workflow = new Workflow({
			id: workflowInput.id ?? 'test-workflow',
			name: workflowInput.name ?? 'Test workflow',
			nodes,
			connections: workflowInput.connections,
			nodeTypes: this.nodeTypes,
			active: false,
			settings: { executionOrder: 'v1', ...(workflowInput.settings ?? {}) },
			staticData: clone(workflowInput.staticData),
			pinData: workflowInput.pinData,
		});
		const startNode = options.startNode ? workflow.getNode(options.startNode) : workflow.getStartNode();
		if (!startNode) {
			throw new UnexpectedError(
				options.startNode ? `Start node "${options.startNode}" not found` : 'Workflow has no start node',
			);
		}
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node: startNode, data: { main: [toItems(options.input)] }, source: null }],
			},
		});
		return await this.execute(
			workflow,
			workflowBase(workflow, nodes, workflowInput.connections),
			runExecutionData,
			this.credentialsHelper(credentials),
			mode,
		);
	}

	private methodContext(options: MethodOptions) {
		const node = this.buildNode({ ...options, nodeName: 'Temp-Node' });
		const workflow = new Workflow({
			id: 'test-workflow',
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: this.nodeTypes,
		});
		const workflowNode = workflow.getNode(node.name)!;
		const additionalData = this.createAdditionalData(this.credentialsHelper(options.credentials), {
			currentNodeParameters: workflowNode.parameters,
		});
		const nodeType = this.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const context = new LoadOptionsContext(workflow, workflowNode, additionalData, options.path ?? 'parameters');
		return { nodeType, context };
	}

	/** Runs nodeType.methods.listSearch[method] with a real LoadOptionsContext. */
	async listSearch(options: ListSearchOptions): Promise<INodeListSearchResult> {
		const { nodeType, context } = this.methodContext(options);
		const method = nodeType.methods?.listSearch?.[options.method];
		if (typeof method !== 'function') {
			throw new UnexpectedError(`Node type "${options.type}" has no listSearch method "${options.method}"`);
		}
		return await method.call(context, options.filter, options.paginationToken);
	}

	/** Runs nodeType.methods.loadOptions[method] with a real LoadOptionsContext. */
	async loadOptions(options: MethodOptions): Promise<INodePropertyOptions[]> {
		const { nodeType, context } = this.methodContext(options);
		const method = nodeType.methods?.loadOptions?.[options.method];
		if (typeof method !== 'function') {
			throw new UnexpectedError(`Node type "${options.type}" has no loadOptions method "${options.method}"`);
		}
		return await method.call(context);
	}

	/**
	 * Runs nodeType.poll with a real PollContext. Pass the returned staticData back in to
	 * simulate consecutive polls of an activated workflow.
	 */
	async poll(options: PollOptions): Promise<PollResult> {
		const node = this.buildNode(options);
		const staticKey = `node:${node.name}`;
		const workflow = new Workflow({
			id: 'test-workflow',
			nodes: [node],
			connections: {},
			active: options.mode !== 'manual',
			nodeTypes: this.nodeTypes,
			staticData: { [staticKey]: clone(options.staticData ?? {}) },
		});
		const workflowNode = workflow.getNode(node.name)!;
		const nodeType = this.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		if (typeof nodeType.poll !== 'function') {
			throw new UnexpectedError(`Node type "${options.type}" has no poll function`);
		}
		const mode = options.mode ?? 'trigger';
		const additionalData = this.createAdditionalData(this.credentialsHelper(options.credentials));
		const context = new PollContext(
			workflow,
			workflowNode,
			additionalData,
			mode,
			mode === 'manual' ? 'manual' : 'activate',
		);
		const items = await nodeType.poll.call(context);
		const staticData = clone((workflow.staticData[staticKey] ?? {}) as IDataObject);
		return { items: items ?? null, staticData };
	}

	/**
	 * Tests a credential the way n8n's CredentialsTester does: the credential type's
	 * `test.request` (or a node's `testedBy` request / credentialTest function) is run through
	 * RoutingNode (expressions resolved with $credentials, generic `authenticate` applied,
	 * n8n-core's request helper). OK on 2xx; otherwise Error with the HTTP status text (or
	 * "Received HTTP status code: N"), or the rule message when a `rules` entry matches.
	 */
	async testCredential(options: TestCredentialOptions): Promise<CredentialTestResult> {
		const { credentialType } = options;
		const credentialsHelper = this.credentialsHelper({ [credentialType]: options.data });
		const data = await credentialsHelper.getDecrypted(
			{} as IWorkflowExecuteAdditionalData,
			{ id: 'test', name: 'test' },
			credentialType,
		);
		const credentialsDecrypted: ICredentialsDecrypted = {
			id: `${credentialType}-id`,
			name: `${credentialType} account`,
			type: credentialType,
			data,
		};
		const found = this.findCredentialTest(credentialType);
		if (!found) return { status: 'Error', message: 'No testing function found for this credential.' };

		if (typeof found === 'function') {
			const context = new CredentialTestContext(this.createAdditionalData(credentialsHelper));
			const result = await found.call(context, credentialsDecrypted);
			return { status: result.status, message: result.message };
		}

		const { testRequest } = found;
		const nodeTypeName = 'n8n-nodes-base.noOp';
		const base = found.nodeType?.description;
		const nodeTypeCopy: INodeType = {
			description: {
				...(base ?? {
					displayName: 'Temp',
					name: nodeTypeName,
					group: ['transform'],
					version: 1,
					description: '',
					defaults: {},
					inputs: [],
					outputs: [],
				}),
				credentials: [{ name: credentialType, required: true }],
				properties: [
					{
						displayName: 'Temp',
						name: 'temp',
						type: 'string',
						routing: { request: testRequest.request },
						default: '',
					},
				],
			},
		};
		const typeName = base?.name ?? nodeTypeName;
		const mockNodeTypes: INodeTypes = {
			getKnownTypes: () => ({}),
			getByName: () => nodeTypeCopy,
			getByNameAndVersion: () => nodeTypeCopy,
		};
		const node: INode = {
			id: 'temp',
			parameters: {},
			name: 'Temp-Node',
			type: typeName,
			typeVersion: 1,
			position: [0, 0],
			credentials: { [credentialType]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name } },
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: mockNodeTypes });
		const workflowNode = workflow.getNode(node.name)!;
		const inputData: ITaskDataConnections = { main: [[{ json: {} }]] };
		const executeData: IExecuteData = { node: workflowNode, data: {}, source: null };
		const context = new ExecuteContext(
			workflow,
			workflowNode,
			this.createAdditionalData(credentialsHelper),
			'internal',
			createRunExecutionData({ executionData: null }),
			0,
			[],
			inputData,
			executeData,
			[],
		);
		const routingNode = new RoutingNode(context, nodeTypeCopy, credentialsDecrypted);

		let response: INodeExecutionData[][] | null | undefined;
		try {
			response = await routingNode.runNode();
		} catch (caught) {
			const error = caught as NodeError & {
				cause?: { response?: { status: number; statusText?: string; data?: unknown }; code?: string };
			};
			const errorResponse = error.cause?.response;
			if (errorResponse) {
				const statusCode = errorResponse.status;
				for (const rule of testRequest.rules ?? []) {
					if (rule.type === 'responseCode' && rule.properties.value === statusCode) {
						return {
							status: 'Error',
							message: rule.properties.message,
							httpCode: statusCode,
							responseBody: errorResponse.data,
							...serverMessageOf(errorResponse.data),
						};
					}
				}
				if (statusCode < 199 || statusCode > 299) {
					return {
						status: 'Error',
						message: errorResponse.statusText || `Received HTTP status code: ${statusCode}`,
						httpCode: statusCode,
						responseBody: errorResponse.data,
						...serverMessageOf(errorResponse.data),
					};
				}
			} else if (error.cause?.code) {
				return { status: 'Error', message: error.cause.code };
			}
			return { status: 'Error', message: String(error.message) };
		}

		for (const rule of testRequest.rules ?? []) {
			if (rule.type === 'responseSuccessBody') {
				const json = response?.[0]?.[0]?.json ?? {};
				const value = rule.properties.key
					.split('.')
					.reduce<unknown>((acc, key) => (acc && typeof acc === 'object' ? (acc as IDataObject)[key] : undefined), json);
				if (value === rule.properties.value) return { status: 'Error', message: rule.properties.message };
			}
		}
		return { status: 'OK', message: 'Connection successful!' };
	}

	private findCredentialTest(
		credentialType: string,
	): ICredentialTestFunction | { nodeType?: INodeType; testRequest: ICredentialTestRequest } | undefined {
		const type = this.credentialTypes.get(credentialType);
		if (!type) throw new UnexpectedError(`Unknown credential type "${credentialType}"`);
		if (type.test) return { testRequest: type.test };
		for (const name of Object.keys(this.nodeTypes.getKnownTypes())) {
			const node = this.nodeTypes.getByName(name);
			const versions: INodeType[] =
				node instanceof VersionedNodeType || 'nodeVersions' in node
					? Object.values((node as IVersionedNodeType).nodeVersions)
					: [node as INodeType];
			for (const nodeType of versions) {
				for (const { name: credName, testedBy } of nodeType.description.credentials ?? []) {
					if (credName !== credentialType || !testedBy) continue;
					if (typeof testedBy === 'string') {
						const fn = nodeType.methods?.credentialTest?.[testedBy];
						if (fn) return fn;
						continue;
					}
					return { nodeType, testRequest: testedBy };
				}
			}
		}
		return undefined;
	}
}

/** Convenience: the parameters of a node with all defaults applied, as n8n would store them. */
export function withDefaults(engine: Engine, type: string, parameters: INodeParameters, typeVersion?: number): INodeParameters {
	const nodeType = engine.nodeTypes.getByNameAndVersion(type, typeVersion ?? engine.nodeTypes.latestVersion(type));
	return (
		NodeHelpers.getNodeParameters(nodeType.description.properties, parameters, true, false, null, nodeType.description) ??
		{}
	);
}
