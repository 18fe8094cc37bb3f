import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { Api } from './http/request';
import { pollBudgetMs } from './n8n/pollBudget';
import { PANEL_DESCRIPTION } from './panelDescription';
import { CREDENTIAL_TYPE } from './http/endpoints';
import { pollClickEvent, sampleClickEvent } from './trigger/clickPoll';
import type { ClickEvent } from './trigger/clickState';
import { pollDestinations, sampleDestinations } from './trigger/destinationPoll';
import { latestLinks } from './trigger/linkFeed';
import { pollNewLinks } from './trigger/newLinkPoll';
import { acquireLease } from './trigger/pollGuard';
import { TRIGGER_FIELDS } from './trigger/triggerFields';

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
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: TRIGGER_FIELDS,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		// One read of the credential a poll: an edited key counts from the next poll.
		const api = new Api(this);
		const event = this.getNodeParameter('event', 'newLink') as
			| ClickEvent
			| 'newLink'
			| 'destinationBroken';
		if (this.getMode() === 'manual') {
			if (event === 'destinationBroken') return await sampleDestinations(api);
			if (event !== 'newLink') return await sampleClickEvent(api, event);
			const sample = await latestLinks(api, 1);
			return sample.length > 0 ? [this.helpers.returnJsonArray(sample)] : null;
		}
		const key = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
		const budgetMs = pollBudgetMs(this);
		// Another poll of this trigger is still running: it emits what is new, this one nothing.
		const lease = acquireLease(key, budgetMs);
		if (!lease) return null;
		try {
			if (event === 'newLink') return await pollNewLinks(api, key, lease, budgetMs);
			if (event === 'destinationBroken') return await pollDestinations(api, key, lease, budgetMs);
			return await pollClickEvent(api, event, key, lease);
		} finally {
			lease.release();
		}
	}
}
