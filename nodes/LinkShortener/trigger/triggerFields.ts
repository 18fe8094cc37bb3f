import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

import type { Api } from '../http/request';
import { wholeNumberSetting } from '../fields/validation';
import { linkLocator } from '../links/linkLocator';

const show = (...event: string[]) => ({ show: { event } });

/** A whole-number setting of the trigger, its default and range those of its field; refused with its name when out of range. */
export function wholeSetting(api: Api<IPollFunctions>, name: string): number {
	const field = TRIGGER_FIELDS.find((candidate) => candidate.name === name)!;
	const setting = { label: field.displayName, parameter: name };
	return wholeNumberSetting(
		api.context.getNode(),
		setting,
		api.context.getNodeParameter(name, field.default),
		Number(field.default),
		field.typeOptions?.minValue ?? 0,
		{ maximum: field.typeOptions?.maxValue, advice: `Check the "${field.displayName}" field.` },
	);
}

/** The trigger's fields: the event, and each event's settings. */
export const TRIGGER_FIELDS: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		required: true,
		options: [
			{
				name: 'Day Completed',
				value: 'dayCompleted',
				description:
					'Once a UTC day is over (plus a grace period), one item with its total clicks; days missed while the workflow was off come on the next poll, oldest first',
			},
			{
				name: 'Link Clicked',
				value: 'linkClicked',
				description:
					"Each link whose clicks grew since it was last emitted becomes one item, with its total and the new clicks; polled once a day, each link's clicks of the day",
			},
			{
				name: 'Link Destination Broken',
				value: 'destinationBroken',
				description:
					"Each link whose page stops answering (checked twice), once; walks the account's links a batch per poll and starts over at the end",
			},
			{
				name: 'Link Reached a Click Count',
				value: 'clickMilestone',
				description: 'Each link once, when its total clicks reach the milestone',
			},
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
		displayName: 'Min New Clicks',
		name: 'minNewClicks',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1,
		description:
			'A link is emitted once it has at least this many new clicks since it was last emitted',
		displayOptions: show('linkClicked'),
	},
	{
		displayName: 'Milestone',
		name: 'milestone',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 100,
		description:
			'The click count that announces a link, once; links already past it at activation are not announced',
		displayOptions: show('clickMilestone'),
	},
	{
		displayName: 'Max Links Per Poll',
		name: 'maxLinksPerPoll',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 10000,
		description:
			'At most this many links are emitted by one poll, those that have waited longest first; the others stay due and come in the next polls. 0 emits every link at once.',
		displayOptions: show('linkClicked', 'clickMilestone'),
	},
	{
		displayName: 'Grace Minutes',
		name: 'graceMinutes',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 60,
		description:
			'How long after a UTC day ends its total is taken, so that late clicks are counted',
		displayOptions: show('dayCompleted'),
	},
	linkLocator(show('dayCompleted'), {
		required: false,
		description: "Only this link's clicks; leave empty for every link of the account",
	}),
	{
		displayName: 'Links Per Poll',
		name: 'linksPerPoll',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 2000 },
		default: 200,
		description:
			"How many links each poll checks, walking the account's links oldest first; every link is checked about every (links ÷ this) polls",
		displayOptions: show('destinationBroken'),
	},
	{
		displayName: 'Confirmations',
		name: 'confirmations',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 5 },
		default: 2,
		description:
			'How many checks in a row must find a page broken (or working again) before it is announced; the checks after the first are made in the same poll',
		displayOptions: show('destinationBroken'),
	},
	{
		displayName: 'Notify Recovery',
		name: 'notifyRecovery',
		type: 'boolean',
		default: false,
		description:
			'Whether a link announced as broken is announced once more, with recovered: true, when its page works again',
		displayOptions: show('destinationBroken'),
	},
	{
		displayName:
			'The first poll after activation only notes where things stand; what happens after it triggers the workflow. "Fetch Test Event" shows a sample without moving that position.',
		name: 'pollingNotice',
		type: 'notice',
		default: '',
		displayOptions: { hide: { event: ['destinationBroken'] } },
	},
	{
		displayName:
			'Links already broken when the workflow is activated are announced too. "Fetch Test Event" checks the newest links and shows the broken ones (or one that works) without moving the walk.',
		name: 'destinationNotice',
		type: 'notice',
		default: '',
		displayOptions: show('destinationBroken'),
	},
];
