import type { INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { NodeRun } from '../../n8n/nodeRun';
import { parameterOfRow } from '../../n8n/itemField';
import { runsAsTool } from '../../n8n/toolMode';
import { optionsCollection, showFor } from '../../fields/commonFields';
import { RowValidator } from '../../fields/validation';
import { detailsOfError, errorItem } from '../../http/errorItems';
import { asNodeError } from '../../http/errors';
import { runOptions, wholeNumberOption } from '../../batches/rows';
import { DestinationChecker, type Destination } from '../../destinations/check';

const displayOptions = showFor('link', ['checkDestination']);
const URL_FIELD = { label: 'URL', parameter: 'url' };

export const operation: INodePropertyOptions = {
	name: 'Check Destination',
	value: 'checkDestination',
	description:
		'Check that the page behind each link still answers: redirects followed, the status, and why it is broken',
	action: 'Check the destination of a link',
};

export const fields: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '={{ $json.longUrl }}',
		required: true,
		description:
			'The page to check: by default the long URL of the input item, as Get Many, a trigger or a sheet gives it',
		displayOptions,
	},
	optionsCollection(
		displayOptions,
		{
			displayName: 'Broken Only',
			name: 'brokenOnly',
			type: 'boolean',
			default: false,
			description: 'Whether to output only the items whose destination is not OK',
		},
		{
			displayName: 'Max Redirects',
			name: 'maxRedirects',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 50 },
			default: 10,
			description: 'How many redirects to follow before the check says tooManyRedirects',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 300 },
			default: 10,
			description: "Seconds a URL's whole check may take, redirects included",
		},
	),
];

/**
 * Link > Check Destination (D19): each item's URL checked by DestinationChecker, the item out
 * with `destination`. A dead page is a result; only a missing URL is an error (checked for
 * every item before any request).
 */
export async function run(this: NodeRun): Promise<INodeExecutionData[][]> {
	const node = this.getNode();
	const items = this.getInputData();
	const options = runOptions(this);
	const checker = new DestinationChecker(
		async (request) => await this.helpers.httpRequest(request),
		{
			timeoutMs: wholeNumberOption(this, options.timeout, 10, 'Timeout', 1) * 1000,
			maxRedirects: wholeNumberOption(this, options.maxRedirects, 10, 'Max Redirects', 0),
		},
	);
	const urls = items.map((_item, index) => {
		try {
			const url = parameterOfRow(this, 'url', index, '');
			if (typeof url !== 'string' || !url.trim())
				new RowValidator(node, index).fail(URL_FIELD, 'a URL is required');
			return String(url);
		} catch (error) {
			const rowError = asNodeError(node, error, index);
			if (!this.continueOnFail()) throw rowError;
			return rowError;
		}
	});
	const output = await Promise.all(
		urls.map(async (url, index): Promise<INodeExecutionData> => {
			if (typeof url !== 'string') return errorItem(index, url.message, detailsOfError(url));
			const destination = await checker.check(url);
			const json = runsAsTool(node) ? { destination } : { ...items[index].json, destination };
			return { json, pairedItem: { item: index } };
		}),
	);
	const broken = (item: INodeExecutionData) =>
		(item.json.destination as Destination | undefined)?.ok !== true;
	return [options.brokenOnly === true ? output.filter(broken) : output];
}
