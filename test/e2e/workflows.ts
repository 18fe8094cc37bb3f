/**
 * Builders for the workflow JSON the e2e tests import into n8n. Parameter names are the
 * node's public contract: saved workflows depend on them.
 */
import type { WorkflowJson, WorkflowNode } from '../../dev/n8n';

export const PACKAGE_NAME = 'n8n-nodes-link-shortener';
export const NODE_TYPE = `${PACKAGE_NAME}.linkShortener`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.linkShortenerTrigger`;
export const CREDENTIAL_TYPE = 'linkShortenerApi';
export const CREDENTIAL_NAME = 'Link Shortener Sandbox';
export const WRONG_KEY_CREDENTIAL_NAME = 'Link Shortener Wrong Key';

export const MANUAL_TRIGGER = 'Manual Trigger';
export const INPUT_NODE = 'Input';
export const LINK_NODE = 'Link Shortener';
export const TRIGGER_NODE = 'Link Shortener Trigger';

type Parameters = Record<string, unknown>;

let counter = 0;
function nodeId(): string {
	counter += 1;
	return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

let placed = 0;
/** A node of a workflow made in a test, placed left to right in the order made. */
export function workflowNode(
	name: string,
	type: string,
	typeVersion: number,
	parameters: object,
): WorkflowNode {
	placed += 220;
	return {
		id: nodeId(),
		name,
		type,
		typeVersion,
		position: [placed, 0],
		parameters: parameters as WorkflowNode['parameters'],
	};
}

/** A Link Shortener node using the sandbox's credential, for a chain of nodes. */
export function linkShortenerNode(
	name: string,
	parameters: object,
	onError?: WorkflowNode['onError'],
): WorkflowNode {
	return {
		...workflowNode(name, NODE_TYPE, 1, parameters),
		credentials: { [CREDENTIAL_TYPE]: { id: null, name: CREDENTIAL_NAME } },
		...(onError && { onError }),
	};
}

/** The nodes one after another, each one's first output into the next. */
export function chainWorkflow(name: string, nodes: WorkflowNode[]): WorkflowJson {
	const connections = Object.fromEntries(
		nodes
			.slice(0, -1)
			.map((from, i) => [
				from.name,
				{ main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] },
			]),
	);
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

function manualTrigger(): WorkflowNode {
	return {
		id: nodeId(),
		name: MANUAL_TRIGGER,
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
}

/** A Code node that outputs the given rows as items (`rows` is serialised into the code). */
function codeNode(name: string, jsCode: string, position: [number, number]): WorkflowNode {
	return {
		id: nodeId(),
		name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position,
		parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
	};
}

export function rowsCode(rows: Array<Record<string, unknown>>): string {
	return `return ${JSON.stringify(rows)}.map((json) => ({ json }));`;
}

export interface LinkWorkflowOptions {
	/** Items fed into the Link Shortener node (via a Code node); default: the trigger's single empty item. */
	rows?: Array<Record<string, unknown>>;
	/** JavaScript for the input Code node (instead of rows), must return items. */
	inputCode?: string;
	/** Credential name the node uses (default: the sandbox credential). */
	credentialName?: string;
	/** n8n's per-node error setting, e.g. 'continueRegularOutput' (Continue On Fail). */
	onError?: WorkflowNode['onError'];
	/** n8n's per-node Retry On Fail settings. */
	retry?: { retryOnFail: boolean; maxTries?: number; waitBetweenTries?: number };
}

/** Manual Trigger -> [Input Code node] -> Link Shortener node with `parameters`. */
export function linkWorkflow(
	name: string,
	parameters: Parameters,
	options: LinkWorkflowOptions = {},
): WorkflowJson {
	const nodes: WorkflowNode[] = [manualTrigger()];
	const connections: Record<string, unknown> = {};
	let previous = MANUAL_TRIGGER;
	const inputCode = options.inputCode ?? (options.rows ? rowsCode(options.rows) : undefined);
	if (inputCode !== undefined) {
		nodes.push(codeNode(INPUT_NODE, inputCode, [220, 0]));
		connections[previous] = { main: [[{ node: INPUT_NODE, type: 'main', index: 0 }]] };
		previous = INPUT_NODE;
	}
	const node: WorkflowNode = {
		id: nodeId(),
		name: LINK_NODE,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [440, 0],
		parameters,
		credentials: {
			[CREDENTIAL_TYPE]: { id: null, name: options.credentialName ?? CREDENTIAL_NAME },
		},
	};
	if (options.onError) node.onError = options.onError;
	if (options.retry) Object.assign(node, options.retry);
	nodes.push(node);
	connections[previous] = { main: [[{ node: LINK_NODE, type: 'main', index: 0 }]] };
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** Just the polling trigger (run in manual mode through the REST API, as the editor's "Fetch Test Event"). */
export function triggerWorkflow(
	name: string,
	parameters: Parameters = { event: 'newLink' },
): WorkflowJson {
	return {
		name,
		nodes: [
			{
				id: nodeId(),
				name: TRIGGER_NODE,
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters,
				credentials: { [CREDENTIAL_TYPE]: { id: null, name: CREDENTIAL_NAME } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** A resource locator value (`linkId` of link.get / link.update). */
export function locator(
	value: string,
	mode: 'id' | 'url' | 'list' = 'id',
): Record<string, unknown> {
	return { __rl: true, mode, value };
}
