import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { eachRow } from '../../batches/eachRow';
import { operationRun, type RunStart } from '../../batches/engine';
import { parameterOfRow } from '../../n8n/itemField';
import { plainRequestOf } from '../../n8n/plainRequest';
import { runsAsTool } from '../../n8n/toolMode';
import { cancelSignalOf } from '../../n8n/wait';
import { optionsCollection, showFor } from '../../fields/commonFields';
import { absoluteHttpUrl, wholeNumberSetting } from '../../fields/validation';
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

/** The run's checker, from its options: read once, before any row (a bad one fails the run). */
function checkerOf({ context, options }: RunStart): DestinationChecker {
	const node = context.getNode();
	const whole = (value: unknown, fallback: number, label: string, name: string, least: number) =>
		wholeNumberSetting(node, { label, parameter: `options.${name}` }, value, fallback, least);
	return new DestinationChecker(plainRequestOf(context), {
		pacedByCaller: true,
		signal: cancelSignalOf(context),
		timeoutMs: whole(options.timeout, CHECK_TIMEOUT_SECONDS, 'Timeout', 'timeout', 1) * 1000,
		maxRedirects: whole(
			options.maxRedirects,
			CHECK_MAX_REDIRECTS,
			'Max Redirects',
			'maxRedirects',
			0,
		),
	});
}

/**
 * Link > Check Destination (D19): each item's URL checked by DestinationChecker, the item out
 * with `destination`. A dead page is a result; only a missing URL or a bad option is an error.
 */
export const run = operationRun((run) => {
	const checker = checkerOf(run);
	const brokenOnly = run.options.brokenOnly === true;
	return {
		check: (row, check) => {
			const url = parameterOfRow(row.context, 'url', row.index, '');
			if (typeof url !== 'string' || !url.trim()) check.fail(URL_FIELD, 'a URL is required');
			return String(url);
		},
		send: eachRow(run, {
			inFlight: CHECKS_IN_FLIGHT,
			perKey: { most: PER_HOST, keyOf: (url: string) => absoluteHttpUrl(url.trim())?.host },
			send: async (url, row) => {
				const destination = await checker.check(url);
				if (destination?.ok && brokenOnly) return [];
				const { json } = row.context.getInputData()[row.index];
				return [
					{ json: runsAsTool(row.context.getNode()) ? { destination } : { ...json, destination } },
				];
			},
		}),
	};
});
