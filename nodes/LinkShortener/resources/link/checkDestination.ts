import type { IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { rowOperation } from '../../batches/eachRow';
import { parameterOfRow } from '../../n8n/itemField';
import { runsAsTool } from '../../n8n/toolMode';
import { optionsCollection, showFor } from '../../fields/commonFields';
import { RowValidator } from '../../fields/validation';
import type { Row } from '../../http/request';
import { runOptions, wholeNumberOption } from '../../batches/rows';
import {
	CHECK_MAX_REDIRECTS,
	CHECK_TIMEOUT_SECONDS,
	DestinationChecker,
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

/** The run's checker and Broken Only, from its options (read once; a bad option refuses every row). */
function checkerOf(row: Row): { checker: DestinationChecker; brokenOnly: boolean } {
	const options = runOptions(row.context);
	const whole = (value: unknown, fallback: number, label: string, least: number) =>
		wholeNumberOption(row.context, value, fallback, label, least);
	const send = async (request: IHttpRequestOptions) =>
		await row.context.helpers.httpRequest(request);
	const checker = new DestinationChecker(send, {
		timeoutMs: whole(options.timeout, CHECK_TIMEOUT_SECONDS, 'Timeout', 1) * 1000,
		maxRedirects: whole(options.maxRedirects, CHECK_MAX_REDIRECTS, 'Max Redirects', 0),
	});
	return { checker, brokenOnly: options.brokenOnly === true };
}

/**
 * Link > Check Destination (D19): each item's URL checked by DestinationChecker, the item out
 * with `destination`. A dead page is a result; only a missing URL or a bad option is an error.
 * Every row is handed to the checker at once: its slots (8 in flight, 2 a host) pace the checks.
 */
export const run = rowOperation(() => {
	let run: ReturnType<typeof checkerOf> | undefined;
	return {
		inFlight: Infinity,
		check: (row) => {
			run ??= checkerOf(row);
			const url = parameterOfRow(row.context, 'url', row.index, '');
			if (typeof url !== 'string' || !url.trim())
				new RowValidator(row.context.getNode(), row.index).fail(URL_FIELD, 'a URL is required');
			return String(url);
		},
		send: async (url, row) => {
			const destination = await run!.checker.check(url);
			if (destination?.ok && run!.brokenOnly) return [];
			const { json } = row.context.getInputData()[row.index];
			return [
				{ json: runsAsTool(row.context.getNode()) ? { destination } : { ...json, destination } },
			];
		},
	};
});
