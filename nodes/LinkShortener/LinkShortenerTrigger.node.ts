import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { PANEL_DESCRIPTION } from './panelDescription';
import { MAIN_CONNECTION } from './fields/connectionTypes';
import { latestLink } from './trigger/linkFeed';
import { cursorFrom, readNewLinks, startingCursor } from './trigger/newLinks';
import {
	readStoredCursor,
	saveCursor,
	UnreadableCursor,
	type StoredCursor,
} from './trigger/pollCursor';
import { acquireLease, firstReportOf, type Lease } from './trigger/pollGuard';

/** n8n 2.x gives each poll a budget; older versions give none. Also how long a poll holds its lease. */
const DEFAULT_BUDGET_MS = 5 * 60_000;

export class LinkShortenerTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Link Shortener Trigger',
		name: 'linkShortenerTrigger',
		icon: { light: 'file:linkShortenerTrigger.svg', dark: 'file:linkShortenerTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["event"] === "newLink" ? "On new link" : $parameter["event"] }}',
		description: PANEL_DESCRIPTION,
		defaults: { name: 'Link Shortener Trigger' },
		polling: true,
		inputs: [],
		outputs: [MAIN_CONNECTION],
		credentials: [{ name: 'linkShortenerApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				required: true,
				options: [
					{
						name: 'New Link',
						value: 'newLink',
						description:
							'Each link created since the last poll becomes one item, oldest first: links made by any node, API call or the portal, among those the API key can see',
					},
				],
				default: 'newLink',
			},
			{
				displayName:
					'The first poll after activation only notes where the list of links stands; links created after it trigger the workflow. "Fetch Test Event" shows the latest link without moving that position.',
				name: 'pollingNotice',
				type: 'notice',
				default: '',
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		if (this.getMode() === 'manual') {
			const sample = await latestLink(this);
			return sample ? [this.helpers.returnJsonArray([sample])] : null;
		}
		const key = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
		const budgetMs =
			typeof this.getPollBudgetMs === 'function' ? this.getPollBudgetMs() : DEFAULT_BUDGET_MS;
		// Another poll of this trigger is still running: it emits what is new, this one nothing.
		const lease = acquireLease(key, budgetMs);
		if (!lease) return null;
		try {
			return await pollOnce(this, key, lease, budgetMs);
		} finally {
			lease.release();
		}
	}
}

async function pollOnce(
	context: IPollFunctions,
	key: string,
	lease: Lease,
	budgetMs: number,
): Promise<INodeExecutionData[][] | null> {
	const staticData = context.getWorkflowStaticData('node');
	const now = Date.now();
	const stored = storedCursor(context, key, staticData);
	const from = stored.kind === 'cursor' ? lease.newest(stored.cursor) : cursorFrom(stored, now);
	if (!from) {
		const start = await startingCursor(context, now);
		if (lease.commit(undefined, start)) saveCursor(staticData, start);
		return null;
	}
	const { links, next } = await readNewLinks(context, from, now, budgetMs);
	if (next !== from || from !== (stored.kind === 'cursor' ? stored.cursor : undefined)) {
		const written = next.with({ generation: from.generation + 1 });
		// A poll that lost its lease (it ran past its budget) emits nothing: the newer one did.
		if (!lease.commit(from, written)) return null;
		saveCursor(staticData, written);
	}
	return links.length > 0 ? [context.helpers.returnJsonArray(links)] : null;
}

/**
 * The stored position. One that cannot be read fails the first poll that finds it with an error
 * saying so; the next poll starts again from the newest link, as a new activation does.
 */
function storedCursor(context: IPollFunctions, key: string, staticData: IDataObject): StoredCursor {
	try {
		return readStoredCursor(staticData);
	} catch (error) {
		const problem = error instanceof UnreadableCursor ? error.message : String(error);
		if (firstReportOf(key, problem)) {
			throw new NodeOperationError(
				context.getNode(),
				`The trigger's saved position cannot be read: ${problem}`,
				{
					description:
						'Nothing was emitted. The next poll starts again from the newest link, as a new activation does: links created before it are not emitted.',
				},
			);
		}
		return { kind: 'none' };
	}
}
