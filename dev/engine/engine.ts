/**
 * Run n8n nodes through n8n's real execution engine (n8n-core's WorkflowExecute, RoutingNode,
 * LoadOptionsContext, PollContext), in-process, with no HTTP mocking: nodes make real requests
 * (point them at a local server on 127.0.0.1).
 *
 * Mirrors n8n's own node test harness (packages/core/nodes-testing/node-test-harness.ts in
 * n8n-io/n8n), the CLI's DynamicNodeParametersService (listSearch / loadOptions) and
 * CredentialsTester (credential `test.request`, see credential-test.ts).
 *
 * Environment: jest's setupFiles module test/setup/setup-env.ts sets N8N_USER_FOLDER (temp dir)
 * and N8N_ENCRYPTION_KEY so nothing is written to ~/.n8n.
 */
import { randomUUID } from 'node:crypto';

import { LoadOptionsContext, PollContext } from 'n8n-core';
import { createRunExecutionData, NodeHelpers, UnexpectedError, Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	INode,
	INodeCredentials,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { createAdditionalData } from './additional-data';
import { testCredential } from './credential-test';
import { TestCredentialsHelper } from './credentials-helper';
import { executeWorkflow, nodeError } from './execute-workflow';
import { builtinNodeTypes, TestNodeTypes } from './node-types';
import type {
	CredentialsInput,
	CredentialTestResult,
	EngineSetup,
	ListSearchOptions,
	MethodOptions,
	NodeError,
	PollOptions,
	PollResult,
	RunNodeOptions,
	RunNodeResult,
	RunWorkflowOptions,
	TestCredentialOptions,
	WorkflowInput,
} from './types';
import { clone, toItems, workflowBase } from './workflow-data';

export { TestCredentialsHelper } from './credentials-helper';
export { TestNodeTypes, builtinNodeTypes } from './node-types';
export type * from './types';

interface NodeSpec {
	type: string;
	parameters: INodeParameters;
	typeVersion?: number;
	nodeName?: string;
	credentials?: CredentialsInput;
}

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
		return createAdditionalData(credentialsHelper, extra);
	}

	/** The error a node threw during `run` (the original Error instance when available). */
	nodeError(run: IRun, nodeName: string): NodeError | undefined {
		return nodeError(run, nodeName);
	}

	/** Runs one node (as the workflow's start node) through WorkflowExecute.processRunExecutionData. */
	async runNode(options: RunNodeOptions): Promise<RunNodeResult> {
		const node = this.buildNode(options);
		if (options.continueOnFail) node.onError = 'continueRegularOutput';
		Object.assign(node, options.nodeOverrides ?? {});
		const run = await this.runWorkflow({ nodes: [node], connections: {} }, options.credentials, {
			startNode: node.name,
			input: options.input,
			mode: options.mode,
		});
		const taskData = run.data.resultData.runData[node.name]?.[0];
		const outputs = (taskData?.data?.main ?? []).map((output) => output ?? []);
		const error = nodeError(run, node.name);
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
		const workflow = new Workflow({
			id: workflowInput.id ?? 'test-workflow',
			name: workflowInput.name ?? 'Test workflow',
			nodes: clone(workflowInput.nodes),
			connections: workflowInput.connections,
			nodeTypes: this.nodeTypes,
			active: false,
			settings: { executionOrder: 'v1', ...(workflowInput.settings ?? {}) },
			staticData: clone(workflowInput.staticData),
			pinData: workflowInput.pinData,
		});
		const startNode = options.startNode
			? workflow.getNode(options.startNode)
			: workflow.getStartNode();
		if (!startNode) {
			throw new UnexpectedError(
				options.startNode
					? `Start node "${options.startNode}" not found`
					: 'Workflow has no start node',
			);
		}
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [
					{ node: startNode, data: { main: [toItems(options.input)] }, source: null },
				],
			},
		});
		const additionalData = createAdditionalData(this.credentialsHelper(credentials));
		return await executeWorkflow(
			workflow,
			workflowBase(workflow, workflowInput.connections),
			runExecutionData,
			additionalData,
			options.mode ?? 'manual',
		);
	}

	/** Runs nodeType.methods.listSearch[method] with a real LoadOptionsContext. */
	async listSearch(options: ListSearchOptions): Promise<INodeListSearchResult> {
		const { nodeType, context } = this.methodContext(options);
		const method = nodeType.methods?.listSearch?.[options.method];
		if (typeof method !== 'function')
			throw new UnexpectedError(
				`Node type "${options.type}" has no listSearch method "${options.method}"`,
			);
		return await method.call(context, options.filter, options.paginationToken);
	}

	/** Runs nodeType.methods.loadOptions[method] with a real LoadOptionsContext. */
	async loadOptions(options: MethodOptions): Promise<INodePropertyOptions[]> {
		const { nodeType, context } = this.methodContext(options);
		const method = nodeType.methods?.loadOptions?.[options.method];
		if (typeof method !== 'function')
			throw new UnexpectedError(
				`Node type "${options.type}" has no loadOptions method "${options.method}"`,
			);
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
		if (typeof nodeType.poll !== 'function')
			throw new UnexpectedError(`Node type "${options.type}" has no poll function`);
		const mode = options.mode ?? 'trigger';
		const additionalData = createAdditionalData(this.credentialsHelper(options.credentials));
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

	/** Tests a credential the way n8n's CredentialsTester does (see credential-test.ts). */
	async testCredential(options: TestCredentialOptions): Promise<CredentialTestResult> {
		const credentialsHelper = this.credentialsHelper({ [options.credentialType]: options.data });
		return await testCredential(
			{
				credentialTypes: this.credentialTypes,
				nodeTypes: this.nodeTypes,
				credentialsHelper,
				additionalData: () => createAdditionalData(credentialsHelper),
			},
			options,
		);
	}

	private credentialsHelper(credentials: CredentialsInput = {}): TestCredentialsHelper {
		return new TestCredentialsHelper(
			this.credentialTypes,
			credentials as Record<string, ICredentialDataDecryptedObject>,
		);
	}

	private buildNode(options: NodeSpec): INode {
		const node: INode = {
			id: randomUUID(),
			name: options.nodeName ?? 'Node',
			type: options.type,
			typeVersion: options.typeVersion ?? this.nodeTypes.latestVersion(options.type),
			position: [0, 0],
			parameters: clone(options.parameters),
		};
		const types = Object.keys(options.credentials ?? {});
		if (types.length > 0) {
			node.credentials = Object.fromEntries(
				types.map((type) => [type, { id: `${type}-id`, name: `${type} account` }]),
			) as INodeCredentials;
		}
		return node;
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
		const additionalData = createAdditionalData(this.credentialsHelper(options.credentials), {
			currentNodeParameters: workflowNode.parameters,
		});
		const nodeType = this.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const context = new LoadOptionsContext(
			workflow,
			workflowNode,
			additionalData,
			options.path ?? 'parameters',
		);
		return { nodeType, context };
	}
}

/** Convenience: the parameters of a node with all defaults applied, as n8n would store them. */
export function withDefaults(
	engine: Engine,
	type: string,
	parameters: INodeParameters,
	typeVersion?: number,
): INodeParameters {
	const nodeType = engine.nodeTypes.getByNameAndVersion(
		type,
		typeVersion ?? engine.nodeTypes.latestVersion(type),
	);
	return (
		NodeHelpers.getNodeParameters(
			nodeType.description.properties,
			parameters,
			true,
			false,
			null,
			nodeType.description,
		) ?? {}
	);
}
