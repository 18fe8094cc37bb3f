import type {
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { rowOperation } from '../../batches/eachRow';
import { parameterOfRow } from '../../n8n/itemField';
import { runsAsTool } from '../../n8n/toolMode';
import { optionsCollection, showFor } from '../../fields/commonFields';
import type { NodeRun } from '../../n8n/nodeRun';
import { runOptions } from '../../batches/rows';
import { absoluteHttpUrl, RowValidator, wholeNumberSetting } from '../../fields/validation';
import {
	CHECK_MAX_REDIRECTS,
	CHECK_TIMEOUT_SECONDS,
	CHECKS_IN_FLIGHT,
	DestinationChecker,
	PER_HOST,
} from '../../destinations/check';

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
			default: CHECK_MAX_REDIRECTS,
			description: 'How many redirects to follow before the check says tooManyRedirects',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 300 },
			default: CHECK_TIMEOUT_SECONDS,
			description: "Seconds a URL's whole check may take, redirects included",
		},
	),
];

/** The run's checker and Broken Only, from its options: read once, before any row (a bad one fails the run). */
function settingsOf(context: NodeRun): { checker: DestinationChecker; brokenOnly: boolean } {
	const options = runOptions(context);
	const node = context.getNode();
	const whole = (value: unknown, fallback: number, label: string, name: string, least: number) =>
		wholeNumberSetting(node, { label, parameter: `options.${name}` }, value, fallback, least);
	const send = async (request: IHttpRequestOptions) => await context.helpers.httpRequest(request);
	const checker = new DestinationChecker(send, {
		pacedByCaller: true,
		timeoutMs: whole(options.timeout, CHECK_TIMEOUT_SECONDS, 'Timeout', 'timeout', 1) * 1000,
		maxRedirects: whole(
			options.maxRedirects,
			CHECK_MAX_REDIRECTS,
			'Max Redirects',
			'maxRedirects',
			0,
		),
	});
	return { checker, brokenOnly: options.brokenOnly === true };
}

/** The checks of one run, with its settings. */
const checking = ({ checker, brokenOnly }: ReturnType<typeof settingsOf>) =>
	rowOperation(() => ({
		// D19's politeness: 8 checks in flight, 2 a host (a row waiting for its host holds none of the 8).
		inFlight: CHECKS_IN_FLIGHT,
		perKey: { most: PER_HOST, keyOf: (url: string) => absoluteHttpUrl(url.trim())?.host },
		check: (row) => {
			const url = parameterOfRow(row.context, 'url', row.index, '');
			if (typeof url !== 'string' || !url.trim())
				new RowValidator(row.context.getNode(), row.index).fail(URL_FIELD, 'a URL is required');
			return String(url);
		},
		send: async (url, row) => {
			const destination = await checker.check(url);
			if (destination?.ok && brokenOnly) return [];
			const { json } = row.context.getInputData()[row.index];
			return [
				{ json: runsAsTool(row.context.getNode()) ? { destination } : { ...json, destination } },
			];
		},
	}));

/**
 * Link > Check Destination (D19): each item's URL checked by DestinationChecker, the item out
 * with `destination`. A dead page is a result; only a missing URL or a bad option is an error.
 */
export async function run(this: NodeRun): Promise<INodeExecutionData[][]> {
	if (this.getInputData().length === 0) return [[]];
	return await checking(settingsOf(this)).call(this);
}
