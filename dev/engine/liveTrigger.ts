/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
import { AsyncLocalStorage } from 'node:async_hooks';

import { PollContext, PollTriggerExecutor, TriggersAndPollers } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';

import { TestCredentialsHelper, type Engine } from './engine';
import { TRIGGER_TYPE } from './packageEngine';

/** What a live trigger runs with: the package's engine and a credential for the API. */
export interface TriggerSetup {
	engine: Engine;
	credentials: Record<string, unknown>;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Stand-ins for the logger, tracing and error reporter n8n's PollTriggerExecutor reports to. */
const logger = { scoped: () => logger, debug: () => {}, error: () => {}, warn: () => {} };
const tracing = {
	startSpan: async (_: unknown, run: (span: unknown) => Promise<unknown>) =>
		await run({ setStatus: () => {} }),
	startNewTraceSpan: async (_: unknown, run: (span: unknown) => Promise<unknown>) =>
		await run({ setStatus: () => {} }),
	pickWorkflowAttributes: () => ({}),
	pickNodeAttributes: () => ({}),
};
const errorReporter = { error: () => {} };

export interface LiveTriggerOptions {
	/** n8n's poll budget (getPollBudgetMs); n8n's default of 5 minutes when absent. */
	budgetMs?: number;
	/**
	 * n8n's durable poll cursors: each poll reads its own copy of the saved static data, and
	 * the copy is written back after the emitted execution is stored (later, asynchronously).
	 * Otherwise every poll shares the activated workflow's static data, as n8n does by default.
	 */
	ownCopyPerPoll?: boolean;
	/** The trigger's parameters; New Link unless given. */
	parameters?: INodeParameters;
}

/**
 * One activated trigger as n8n 2.41 runs it: one Workflow and one PollContext for all ticks,
 * each tick through n8n-core's PollTriggerExecutor (which starts a tick even while the last one
 * is still running), emitted items and errors collected, static data saved when a poll emits.
 */
export class LiveTrigger {
	readonly workflow: Workflow;
	/** Every link id emitted, in order, across all ticks. */
	readonly emitted: string[] = [];
	/** Every item emitted, in order, across all ticks. */
	readonly items: IDataObject[] = [];
	readonly errors: Error[] = [];
	/** The trigger's static data as n8n last saved it to its database. */
	saved: IDataObject = {};
	/** n8n's credential reads of this trigger's polls. */
	readonly credentialsHelper: TestCredentialsHelper;
	private readonly tick: (testing?: boolean) => Promise<void>;
	private readonly node: INode;
	private lastCopy: IDataObject | undefined;

	constructor(fx: TriggerSetup, options: LiveTriggerOptions = {}) {
		this.node = {
			id: `trigger-${Math.random().toString(36).slice(2)}`,
			name: 'Trigger',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: options.parameters ?? { event: 'newLink' },
			credentials: {
				linkShortenerApi: { id: 'sandbox-credential', name: 'Link Shortener Sandbox' },
			},
		};
		this.workflow = new Workflow({
			id: `workflow-${Math.random().toString(36).slice(2)}`,
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: fx.engine.nodeTypes,
			staticData: {},
		});
		const node = this.workflow.getNode(this.node.name)!;
		const helper = (this.credentialsHelper = new TestCredentialsHelper(
			fx.engine.credentialTypes,
			fx.credentials as Record<string, ICredentialDataDecryptedObject>,
		));
		const staged = new AsyncLocalStorage<IDataObject>();
		const ownCopy = async <T>(poll: () => Promise<T>) => {
			this.lastCopy = copy(this.saved);
			return await staged.run(this.lastCopy, poll);
		};
		const context = new PollContext(
			this.workflow,
			node,
			fx.engine.createAdditionalData(helper),
			'trigger',
			'activate',
			(data: INodeExecutionData[][]) => this.onEmit(data, staged.getStore()),
			(error: Error) => this.errors.push(error),
			async () => {
				if (options.ownCopyPerPoll) this.saved = copy(staged.getStore()!);
			},
			options.ownCopyPerPoll ? ownCopy : undefined,
			options.ownCopyPerPoll ? () => staged.getStore()! : undefined,
			options.budgetMs === undefined ? undefined : () => options.budgetMs!,
		);
		const executor = new PollTriggerExecutor(
			logger as never,
			new TriggersAndPollers(),
			tracing as never,
			errorReporter as never,
		);
		this.tick = executor.create(this.workflow, node, context, () => true);
	}

	/** The static data the next poll of a shared-static-data trigger reads. */
	get staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	/** The activation poll (n8n runs it first, and an error fails the activation). */
	async activate(): Promise<void> {
		await this.tick(true);
		this.saved = copy(this.lastCopy ?? this.staticData);
	}

	/** One scheduled tick; resolves when that poll has ended. */
	async poll(): Promise<void> {
		await this.tick();
	}

	private onEmit(data: INodeExecutionData[][], ownCopy: IDataObject | undefined): void {
		this.emitted.push(...data[0].map((item) => String(item.json.id)));
		this.items.push(...data[0].map((item) => item.json));
		if (ownCopy) {
			// The cursor is stored together with the execution, a moment later.
			const snapshot = copy(ownCopy);
			setImmediate(() => (this.saved = snapshot));
		} else {
			this.saved = copy(this.staticData);
		}
	}
}

/** Ids that occur more than once. */
export function repeated(ids: string[]): string[] {
	const seen = new Set<string>();
	return ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
}
