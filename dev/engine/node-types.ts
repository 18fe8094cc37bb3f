/**
 * INodeTypes registry for tests, plus tiny stand-ins for the few n8n-nodes-base nodes that
 * example workflows commonly contain (the real n8n-nodes-base package is not installed).
 *
 * Stand-ins (registered by default, overridable via EngineSetup.nodeTypes):
 * - n8n-nodes-base.manualTrigger: a real `trigger` node, like n8n's, emitting one empty item.
 * - n8n-nodes-base.noOp: passes its input through.
 * - n8n-nodes-base.stickyNote: inert (never connected, never executed).
 * - n8n-nodes-base.code: runs `jsCode` with `new Function` (NOT n8n's sandbox/task runner).
 *   Supports mode 'runOnceForAllItems' (default; `$input.all()/first()/last()`, `items`,
 *   `$json` = first item) and 'runOnceForEachItem' (`$json`, `$input.item`, `item`,
 *   `$itemIndex`); return items or plain objects. No `$node`/`$()`/Luxon/`require`.
 */
import {
	NodeConnectionTypes,
	NodeHelpers,
	NodeOperationError,
	UnexpectedError,
} from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	ITriggerFunctions,
	ITriggerResponse,
	IVersionedNodeType,
} from 'n8n-workflow';

export class TestNodeTypes implements INodeTypes {
	private readonly types: Map<string, INodeType | IVersionedNodeType>;

	constructor(types: Record<string, INodeType | IVersionedNodeType>) {
		this.types = new Map(Object.entries(types));
	}

	has(name: string): boolean {
		return this.types.has(name);
	}

	register(name: string, type: INodeType | IVersionedNodeType): void {
		this.types.set(name, type);
	}

	getByName(name: string): INodeType | IVersionedNodeType {
		const type = this.types.get(name);
		if (!type) {
			throw new UnexpectedError(
				`Unknown node type "${name}" (registered: ${[...this.types.keys()].join(', ')})`,
			);
		}
		return type;
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(name), version);
	}

	getKnownTypes(): IDataObject {
		const known: IDataObject = {};
		for (const name of this.types.keys()) known[name] = { className: name, sourcePath: '' };
		return known;
	}

	/** Latest version a node type supports (the version the editor would add). */
	latestVersion(name: string): number {
		const type = this.getByName(name);
		if ('nodeVersions' in type) return type.currentVersion;
		const { version } = type.description;
		return Array.isArray(version) ? Math.max(...version) : version;
	}
}

const manualTrigger: INodeType = {
	description: {
		displayName: 'Manual Trigger (test stand-in)',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Runs the flow on clicking a button in n8n',
		maxNodes: 1,
		defaults: { name: 'When clicking ‘Execute workflow’' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	},
	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		const manualTriggerFunction = async () => {
			this.emit([this.helpers.returnJsonArray([{}])]);
		};
		return { manualTriggerFunction };
	},
};

const noOp: INodeType = {
	description: {
		displayName: 'No Operation (test stand-in)',
		name: 'noOp',
		group: ['organization'],
		version: 1,
		description: 'No Operation',
		defaults: { name: 'No Operation, do nothing' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	},
};

const stickyNote: INodeType = {
	description: {
		displayName: 'Sticky Note (test stand-in)',
		name: 'stickyNote',
		group: ['input'],
		version: [1, 2],
		description: 'Make your workflow easier to understand',
		defaults: { name: 'Sticky Note' },
		inputs: [],
		outputs: [],
		properties: [
			{ displayName: 'Content', name: 'content', type: 'string', default: '' },
			{ displayName: 'Height', name: 'height', type: 'number', default: 160 },
			{ displayName: 'Width', name: 'width', type: 'number', default: 240 },
			{ displayName: 'Color', name: 'color', type: 'number', default: 1 },
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [[]];
	},
};

function toItems(value: unknown): INodeExecutionData[] {
	const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
	return list.map((entry) => {
		if (entry && typeof entry === 'object' && 'json' in entry && typeof entry.json === 'object') {
			return entry as INodeExecutionData;
		}
		return { json: (entry ?? {}) as IDataObject };
	});
}

const code: INodeType = {
	description: {
		displayName: 'Code (test stand-in)',
		name: 'code',
		group: ['transform'],
		version: [1, 2],
		description: 'Run custom JavaScript code (test stand-in, not sandboxed)',
		defaults: { name: 'Code' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Mode',
				name: 'mode',
				type: 'options',
				options: [
					{ name: 'Run Once for All Items', value: 'runOnceForAllItems' },
					{ name: 'Run Once for Each Item', value: 'runOnceForEachItem' },
				],
				default: 'runOnceForAllItems',
			},
			{ displayName: 'Language', name: 'language', type: 'string', default: 'javaScript' },
			{
				displayName: 'JavaScript',
				name: 'jsCode',
				type: 'string',
				default: 'return $input.all();',
			},
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const mode = this.getNodeParameter('mode', 0) as string;
		const source = this.getNodeParameter('jsCode', 0, '', { rawExpressions: true }) as string;
		const $input = {
			all: () => items,
			first: () => items[0],
			last: () => items[items.length - 1],
			item: undefined as INodeExecutionData | undefined,
		};
		const run = (scope: Record<string, unknown>): Promise<unknown> => {
			const names = Object.keys(scope);
			// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- the engine tests' stand-in for n8n's Code node runs the test's own JavaScript
			const fn = new Function(...names, `return (async () => {\n${source}\n})();`) as (
				...args: unknown[]
			) => Promise<unknown>;
			return fn(...names.map((name) => scope[name]));
		};
		try {
			if (mode === 'runOnceForEachItem') {
				const out: INodeExecutionData[] = [];
				for (let i = 0; i < items.length; i++) {
					const result = await run({
						$input: { ...$input, item: items[i] },
						item: items[i],
						$json: items[i].json,
						$itemIndex: i,
					});
					for (const entry of toItems(result)) out.push({ ...entry, pairedItem: { item: i } });
				}
				return [out];
			}
			const result = await run({ $input, items, $json: items[0]?.json ?? {} });
			return [toItems(result)];
		} catch (error) {
			throw new NodeOperationError(this.getNode(), error as Error);
		}
	},
};

/** Built-in stand-ins, keyed by the type names n8n uses in workflow JSON. */
export const builtinNodeTypes: Record<string, INodeType> = {
	'n8n-nodes-base.manualTrigger': manualTrigger,
	'n8n-nodes-base.noOp': noOp,
	'n8n-nodes-base.stickyNote': stickyNote,
	'n8n-nodes-base.code': code,
};
