import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';

import { MAIN_CONNECTION } from './shared/connectionTypes';
import {
	latestLink,
	linksAtNewestTime,
	newLinksNewestFirst,
	newLinksOldestFirst,
} from './trigger/linkFeed';
import { oldestFirst, PollCursor } from './trigger/pollCursor';

/** Shares of n8n's poll budget: reading newest first, then catching up oldest first. */
const NEWEST_FIRST_SHARE = 0.4;
const CATCH_UP_SHARE = 0.8;

export class LinkShortenerTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Link Shortener Trigger',
		name: 'linkShortenerTrigger',
		icon: { light: 'file:linkShortenerTrigger.svg', dark: 'file:linkShortenerTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["event"] === "newLink" ? "On new link" : $parameter["event"] }}',
		description: 'Starts the workflow when a short link is created',
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

		const staticData = this.getWorkflowStaticData('node');
		const cursor = PollCursor.fromStaticData(staticData);
		if (!cursor) {
			PollCursor.beforeAnyLink.after(await linksAtNewestTime(this)).saveTo(staticData);
			return null;
		}

		const { links, next } = await readNewLinks(this, cursor);
		next.saveTo(staticData);
		return links.length > 0 ? [this.helpers.returnJsonArray(links)] : null;
	}
}

/**
 * Newest first is cheap (it reads only the new links and one page more) but can only emit
 * once it has reached the cursor. When n8n's poll budget runs short first, the backlog is
 * emitted oldest first instead, as much per poll as the budget allows.
 */
async function readNewLinks(
	context: IPollFunctions,
	cursor: PollCursor,
): Promise<{ links: IDataObject[]; next: PollCursor }> {
	const startedAt = Date.now();
	const budget = pollBudgetMs(context);
	if (!cursor.catchUp) {
		const batch = await newLinksNewestFirst(context, cursor, startedAt + budget * NEWEST_FIRST_SHARE);
		if (batch.complete) return { links: oldestFirst(batch.links, true), next: cursor.after(batch.links) };
	}
	const batch = await newLinksOldestFirst(context, cursor, startedAt + budget * CATCH_UP_SHARE);
	const links = oldestFirst(batch.links, false);
	return { links, next: cursor.after(links, batch.resumeAt) };
}

/** n8n 2.x abandons a poll that runs past its budget; older versions have no budget. */
function pollBudgetMs(context: IPollFunctions): number {
	return typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : Infinity;
}
