/**
 * A credential test the way n8n's CredentialsTester (packages/cli) does it: the credential type's
 * `test.request` (or a node's `testedBy` request / credentialTest function) is run through n8n-core's
 * RoutingNode (expressions resolved with $credentials, generic `authenticate` applied, n8n-core's
 * request helper). OK on 2xx; otherwise Error with the HTTP status text (or "Received HTTP status
 * code: N"), or the rule message when a `rules` entry matches.
 */
import { CredentialTestContext, ExecuteContext, RoutingNode } from 'n8n-core';
import { createRunExecutionData, UnexpectedError, VersionedNodeType, Workflow } from 'n8n-workflow';
import type {
	ICredentialsDecrypted,
	ICredentialTestFunction,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import type { TestCredentialsHelper } from './credentials-helper';
import type { CredentialTestResult, NodeError, TestCredentialOptions } from './types';

export interface CredentialTestSetup {
	credentialTypes: Map<string, ICredentialType>;
	nodeTypes: INodeTypes;
	credentialsHelper: TestCredentialsHelper;
	additionalData: () => IWorkflowExecuteAdditionalData;
}

type FoundTest =
	| ICredentialTestFunction
	| { nodeType?: INodeType; testRequest: ICredentialTestRequest };

/** The credential type's own test, else the first node that names one for it (testedBy). */
function findCredentialTest(
	setup: CredentialTestSetup,
	credentialType: string,
): FoundTest | undefined {
	const type = setup.credentialTypes.get(credentialType);
	if (!type) throw new UnexpectedError(`Unknown credential type "${credentialType}"`);
	if (type.test) return { testRequest: type.test };
	for (const name of Object.keys(setup.nodeTypes.getKnownTypes())) {
		const node = setup.nodeTypes.getByName(name);
		const versions: INodeType[] =
			node instanceof VersionedNodeType || 'nodeVersions' in node
				? Object.values((node as IVersionedNodeType).nodeVersions)
				: [node as INodeType];
		for (const nodeType of versions) {
			for (const { name: credName, testedBy } of nodeType.description.credentials ?? []) {
				if (credName !== credentialType || !testedBy) continue;
				if (typeof testedBy !== 'string') return { nodeType, testRequest: testedBy };
				const fn = nodeType.methods?.credentialTest?.[testedBy];
				if (fn) return fn;
			}
		}
	}
	return undefined;
}

function serverMessageOf(body: unknown): { serverMessage?: string } {
	if (body && typeof body === 'object') {
		const { message, error } = body as IDataObject;
		if (typeof message === 'string') return { serverMessage: message };
		if (typeof error === 'string') return { serverMessage: error };
	}
	return {};
}

/** A throwaway node type whose one property carries the test request as its routing, like the CLI builds. */
function requestNodeType(
	credentialType: string,
	testRequest: ICredentialTestRequest,
	base: INodeType['description'] | undefined,
): INodeType {
	return {
		description: {
			...(base ?? {
				displayName: 'Temp',
				name: 'n8n-nodes-base.noOp',
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
}

async function runTestRequest(
	setup: CredentialTestSetup,
	credentials: ICredentialsDecrypted,
	found: Exclude<FoundTest, ICredentialTestFunction>,
) {
	const nodeType = requestNodeType(
		credentials.type,
		found.testRequest,
		found.nodeType?.description,
	);
	const nodeTypes: INodeTypes = {
		getKnownTypes: () => ({}),
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
	};
	const node: INode = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: nodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		credentials: { [credentials.type]: { id: credentials.id, name: credentials.name } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const workflowNode = workflow.getNode(node.name)!;
	const context = new ExecuteContext(
		workflow,
		workflowNode,
		setup.additionalData(),
		'internal',
		createRunExecutionData({ executionData: null }),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node: workflowNode, data: {}, source: null },
		[],
	);
	return await new RoutingNode(context, nodeType, credentials).runNode();
}

type TestFailure = NodeError & {
	cause?: { response?: { status: number; statusText?: string; data?: unknown }; code?: string };
};

function failureResult(caught: unknown, testRequest: ICredentialTestRequest): CredentialTestResult {
	const error = caught as TestFailure;
	const response = error.cause?.response;
	if (!response) return { status: 'Error', message: error.cause?.code ?? String(error.message) };
	const statusCode = response.status;
	const details = {
		httpCode: statusCode,
		responseBody: response.data,
		...serverMessageOf(response.data),
	};
	const rule = (testRequest.rules ?? []).find(
		(entry) => entry.type === 'responseCode' && entry.properties.value === statusCode,
	);
	if (rule) return { status: 'Error', message: rule.properties.message, ...details };
	if (statusCode < 199 || statusCode > 299) {
		return {
			status: 'Error',
			message: response.statusText || `Received HTTP status code: ${statusCode}`,
			...details,
		};
	}
	return { status: 'Error', message: String(error.message) };
}

function successBodyRule(
	testRequest: ICredentialTestRequest,
	response: INodeExecutionData[][] | null | undefined,
): CredentialTestResult | undefined {
	for (const rule of testRequest.rules ?? []) {
		if (rule.type !== 'responseSuccessBody') continue;
		const json = response?.[0]?.[0]?.json ?? {};
		const value = rule.properties.key
			.split('.')
			.reduce<unknown>(
				(acc, key) => (acc && typeof acc === 'object' ? (acc as IDataObject)[key] : undefined),
				json,
			);
		if (value === rule.properties.value)
			return { status: 'Error', message: rule.properties.message };
	}
	return undefined;
}

export async function testCredential(
	setup: CredentialTestSetup,
	options: TestCredentialOptions,
): Promise<CredentialTestResult> {
	const { credentialType } = options;
	const data = await setup.credentialsHelper.getDecrypted(
		{} as IWorkflowExecuteAdditionalData,
		{ id: 'test', name: 'test' },
		credentialType,
	);
	const credentials: ICredentialsDecrypted = {
		id: `${credentialType}-id`,
		name: `${credentialType} account`,
		type: credentialType,
		data,
	};
	const found = findCredentialTest(setup, credentialType);
	if (!found) return { status: 'Error', message: 'No testing function found for this credential.' };

	if (typeof found === 'function') {
		const result = await found.call(new CredentialTestContext(setup.additionalData()), credentials);
		return { status: result.status, message: result.message };
	}
	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await runTestRequest(setup, credentials, found);
	} catch (caught) {
		return failureResult(caught, found.testRequest);
	}
	return (
		successBodyRule(found.testRequest, response) ?? {
			status: 'OK',
			message: 'Connection successful!',
		}
	);
}
