import type { INodeProperties } from 'n8n-workflow';

import { linkLocator } from '../links/linkLocator';

const show = (...event: string[]) => ({ show: { event } });

/** The trigger's fields: the event, and each click event's setting. */
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
		displayName:
			'The first poll after activation only notes where things stand; what happens after it triggers the workflow. "Fetch Test Event" shows a sample without moving that position.',
		name: 'pollingNotice',
		type: 'notice',
		default: '',
	},
];
